// Pig, the dice game (T. W. Neller and C. G. M. Presser, "Optimal Play of the Dice Game Pig", The
// UMAP Journal 25(1), 2004): two players race to `goal` points. On a turn the player rolls a die
// with `die` faces as often as it likes: a 1 loses the turn total and ends the turn; any other face
// adds to the turn total. Holding banks the turn total and ends the turn. A player whose score plus
// turn total reaches the goal has won (it would hold at once). Holding with a turn total of 0 is not
// a move (it would only pass the turn), so every turn rolls at least once.
//
// A cyclic stochastic game: the first player is Max, the second Min; the value is the probability
// that the first player wins under optimal play by both (Min minimizes it; every play ends with
// probability 1 under sensible play, so this is also one minus the second player's probability).
// Roll is a choice with `die` outcomes (no separate chance states); hold has one. Neller and Presser
// solve it by value iteration; sgplan solves it with the state-graph solvers (interval iteration per
// strongly connected component by default: a component is the set of states with one unordered pair
// of banked scores, since only holding changes a score).
//
// A state is (player to move t, scores s0 and s1 below the goal, turn total k with s_t + k < goal),
// packed as key = 2 + t + 2 (s0 + goal (s1 + goal k)); keys 0 and 1 are the terminals "the second
// player won" and "the first player won". Keys lie below 2 + 2 goal^3.
#pragma once

#include <cstdint>
#include <string>

#include "mdp/implicit_model.hpp"

namespace sgplan::models::pig {

struct PigConfig {
  std::uint32_t goal = 100;
  std::uint32_t die = 6;
};

class PigGame {
 public:
  using State = std::uint64_t;
  // Its const members keep no caches: states may be expanded on several threads (implicit_model.hpp).
  static constexpr bool kConcurrentExpansion = true;
  static constexpr std::uint32_t kMaxGoal = 1000;
  static constexpr std::uint32_t kMaxDie = 100;
  static constexpr State kSecondWon = 0;
  static constexpr State kFirstWon = 1;
  static constexpr mdp::LabelId kRoll = 0;
  static constexpr mdp::LabelId kHold = 1;

  // std::invalid_argument outside goal 1..kMaxGoal, die 2..kMaxDie.
  explicit PigGame(PigConfig config);

  const PigConfig& config() const { return config_; }

  State initial() const { return state_of(0, 0, 0, 0); }
  mdp::Owner owner(State s) const {
    if (s < 2) return mdp::Owner::Terminal;
    return player(s) == 0 ? mdp::Owner::Max : mdp::Owner::Min;
  }
  double terminal_value(State s) const { return s == kFirstWon ? 1.0 : 0.0; }
  std::uint64_t pack(State s) const { return s; }
  State unpack(std::uint64_t key) const { return key; }
  std::uint64_t packed_bound() const {
    return 2 + 2 * std::uint64_t{config_.goal} * config_.goal * config_.goal;
  }
  // A roll's faces have probability 1/die each; a hold is sure.
  std::uint64_t exact_denominator() const { return config_.die; }

  std::string label_name(mdp::LabelId label) const { return label == kRoll ? "roll" : "hold"; }
  // A proven lower bound on the reachable states: those with both scores and the turn total even
  // (each reached by rolling 2s and holding, a 1 passing the turn), either player to move.
  std::uint64_t reachable_lower_bound() const;
  template <class F>
  void for_each_choice(State s, F&& f) const;

  // Decoding (non-terminal states).
  std::uint32_t player(State s) const { return static_cast<std::uint32_t>((s - 2) & 1); }
  std::uint32_t score(State s, std::uint32_t who) const {
    const std::uint64_t rest = (s - 2) >> 1;
    return static_cast<std::uint32_t>(who == 0 ? rest % config_.goal : (rest / config_.goal) % config_.goal);
  }
  std::uint32_t turn_total(State s) const {
    return static_cast<std::uint32_t>(((s - 2) >> 1) / (std::uint64_t{config_.goal} * config_.goal));
  }
  State state_of(std::uint32_t player, std::uint32_t s0, std::uint32_t s1, std::uint32_t k) const {
    return 2 + player + 2 * (s0 + std::uint64_t{config_.goal} * (s1 + std::uint64_t{config_.goal} * k));
  }
  std::string describe(State s) const;

 private:
  PigConfig config_;
};

template <class F>
void PigGame::for_each_choice(State s, F&& f) const {
  using Outcome = mdp::Outcome<State>;
  const std::uint32_t t = player(s), s0 = score(s, 0), s1 = score(s, 1), k = turn_total(s);
  const std::uint32_t mine = t == 0 ? s0 : s1;
  const State win = t == 0 ? kFirstWon : kSecondWon;
  Outcome outcomes[kMaxDie];
  const double p = 1.0 / config_.die;
  outcomes[0] = Outcome{p, state_of(1 - t, s0, s1, 0)};  // a 1: the turn total is lost
  for (std::uint32_t face = 2; face <= config_.die; ++face) {
    const std::uint32_t total = k + face;
    outcomes[face - 1] = Outcome{p, mine + total >= config_.goal ? win : state_of(t, s0, s1, total)};
  }
  f(kRoll, std::span<const Outcome>(outcomes, config_.die));
  if (k > 0) {
    const Outcome held{1.0, t == 0 ? state_of(1, s0 + k, s1, 0) : state_of(0, s0, s1 + k, 0)};
    f(kHold, std::span<const Outcome>(&held, 1));
  }
}

}  // namespace sgplan::models::pig
