// The formula game: players A (Max, moves first) and B (Min) assign the variables x1..xn of a
// propositional formula (formula.hpp), A wanting it true and B false. A move assigns an unassigned
// variable true or false; the game ends when every variable is assigned, and A wins exactly when
// the formula is true. With flips, a player may instead flip a variable it assigned itself (the
// turn passes as usual): plays can then go on forever (from n = 3 variables on), and the
// configuration declares who wins those (a draw, A, or B).
//
// An implicit model (mdp/implicit_model.hpp); values are A's: 1 a win, 0 a loss.
// A state records each variable as unassigned, or assigned a value (with flips: and by whom), and
// the player to move (without flips it follows from the count of assigned variables). Packed in
// mixed radix, one digit per variable:
//   no flips  digit 0 unassigned, 1 false, 2 true;         key = sum d_i 3^i          < 3^n
//   flips     digit 0 unassigned, 1/2 A's false/true,       key = turn + 2 sum d_i 5^i < 2 * 5^n
//             3/4 B's false/true
// Moves, in generation order: assignments x1=0, x1=1, x2=0, ... (label 2i + value), then flips of
// the mover's own variables (label 2n + i).
#pragma once

#include <bit>
#include <cstdint>
#include <string>

#include "mdp/implicit_model.hpp"
#include "mdp/retrograde.hpp"
#include "models/formula/formula.hpp"

namespace sgplan::models::formula {

struct FormulaGameConfig {
  std::uint32_t variables = 0;
  Formula formula;
  std::string formula_text;
  bool flips = false;
  mdp::InfinitePlay infinite_play = mdp::InfinitePlay::Draw;
};

class FormulaGame {
 public:
  static constexpr std::uint32_t kMaxVariables = 26;  // 2 * 5^26 < 2^63
  // Its const members keep no caches: states may be expanded on several threads (implicit_model.hpp).
  static constexpr bool kConcurrentExpansion = true;

  struct State {
    std::uint32_t assigned = 0;  // bit i: x{i+1} has a value
    std::uint32_t value = 0;     // bit i: that value
    std::uint32_t by_b = 0;      // bit i: B assigned it (flips only)
    bool b_to_move = false;
  };

  // std::invalid_argument beyond kMaxVariables.
  explicit FormulaGame(FormulaGameConfig config);

  const FormulaGameConfig& config() const { return config_; }
  std::uint32_t variables() const { return config_.variables; }

  State initial() const { return State{}; }
  mdp::Owner owner(const State& s) const {
    if (s.assigned == all_) return mdp::Owner::Terminal;
    return s.b_to_move ? mdp::Owner::Min : mdp::Owner::Max;
  }
  double terminal_value(const State& s) const { return config_.formula.evaluate(s.value) ? 1.0 : 0.0; }
  std::uint64_t pack(const State& s) const;
  State unpack(std::uint64_t key) const;
  std::uint64_t packed_bound() const { return bound_; }
  // Every move is sure: probabilities are 1 (mdp/implicit_model.hpp).
  std::uint64_t exact_denominator() const { return 1; }
  std::string label_name(mdp::LabelId label) const;
  template <class F>
  void for_each_choice(const State& s, F&& f) const;

  std::string describe(const State& s) const;

 private:
  FormulaGameConfig config_;
  std::uint32_t all_ = 0;
  std::uint64_t bound_ = 0;
};

template <class F>
void FormulaGame::for_each_choice(const State& s, F&& f) const {
  const std::uint32_t n = config_.variables;
  auto emit = [&](mdp::LabelId label, const State& next) {
    const mdp::Outcome<State> outcome{1.0, next};
    f(label, std::span<const mdp::Outcome<State>>(&outcome, 1));
  };
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t bit = 1u << i;
    if (s.assigned & bit) continue;
    for (std::uint32_t v = 0; v < 2; ++v) {
      State next = s;
      next.assigned |= bit;
      if (v != 0) next.value |= bit;
      if (config_.flips && s.b_to_move) next.by_b |= bit;
      next.b_to_move = !s.b_to_move;
      emit(2 * i + v, next);
    }
  }
  if (!config_.flips) return;
  const std::uint32_t mine = s.assigned & (s.b_to_move ? s.by_b : ~s.by_b);
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t bit = 1u << i;
    if ((mine & bit) == 0) continue;
    State next = s;
    next.value ^= bit;
    next.b_to_move = !s.b_to_move;
    emit(2 * n + i, next);
  }
}

}  // namespace sgplan::models::formula
