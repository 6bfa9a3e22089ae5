// Nim: heaps of counters; a move takes one or more counters from one heap; the player to move with
// all heaps empty has lost (normal play) or won (misère play, where taking the last counter loses).
// C. L. Bouton, "Nim, a game with a complete mathematical theory", Annals of Mathematics 3 (1901):
// in normal play the player to move loses exactly when the heaps' xor (nim-sum) is 0; in misère play
// the same holds unless every heap has at most one counter, where the player to move loses exactly
// when the number of one-counter heaps is odd. sgplan does not use the rule: it solves the game by
// search and by retrograde analysis, and the tests check both against the rule.
//
// An implicit model (mdp/implicit_model.hpp). The first player is Max, the second Min; values are
// the first player's: 1 a win, 0 a loss. A state is packed into one integer, mixed radix over the
// initial heap sizes H_i:  key = turn + 2 * sum_i h_i * R_i,  R_i = prod_{j<i} (H_j + 1),
// turn 0 when the first player moves; keys lie below 2 * prod (H_i + 1) (the flat-array index).
// Moves, in generation order: heap by heap, taking 1, 2, ... counters; the move "take k from heap i"
// has label L_i + k - 1 with L_i = sum_{j<i} H_j.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mdp/implicit_model.hpp"

namespace sgplan::models::nim {

struct NimConfig {
  std::vector<std::uint32_t> heaps;
  bool misere = false;
};

class NimGame {
 public:
  using State = std::uint64_t;
  // Its const members keep no caches: states may be expanded on several threads (implicit_model.hpp).
  static constexpr bool kConcurrentExpansion = true;
  static constexpr std::size_t kMaxHeaps = 32;

  // std::invalid_argument when there are too many heaps or the keys would not fit 56 bits.
  explicit NimGame(NimConfig config);

  const NimConfig& config() const { return config_; }

  State initial() const { return initial_; }
  mdp::Owner owner(State s) const;
  double terminal_value(State s) const;
  std::uint64_t pack(State s) const { return s; }
  State unpack(std::uint64_t key) const { return key; }
  std::uint64_t packed_bound() const { return bound_; }
  // Every move is sure: probabilities are 1 (mdp/implicit_model.hpp).
  std::uint64_t exact_denominator() const { return 1; }
  std::string label_name(mdp::LabelId label) const;
  template <class F>
  void for_each_choice(State s, F&& f) const;

  std::uint32_t heap(State s, std::size_t i) const {
    return static_cast<std::uint32_t>(((s >> 1) / radix_[i]) % (config_.heaps[i] + 1));
  }
  bool first_to_move(State s) const { return (s & 1) == 0; }
  // A state with the given heaps (each at most its initial size) and player to move.
  State state_of(const std::vector<std::uint32_t>& heaps, bool first_to_move) const;
  std::vector<std::uint32_t> heaps_of(State s) const;
  std::string describe(State s) const;

 private:
  NimConfig config_;
  std::vector<std::uint64_t> radix_;
  std::vector<mdp::LabelId> label_offset_;
  State initial_ = 0;
  std::uint64_t bound_ = 0;
};

template <class F>
void NimGame::for_each_choice(State s, F&& f) const {
  const State turned = s ^ 1;
  for (std::size_t i = 0; i < config_.heaps.size(); ++i) {
    const std::uint32_t h = heap(s, i);
    for (std::uint32_t k = 1; k <= h; ++k) {
      const mdp::Outcome<State> outcome{1.0, turned - 2 * std::uint64_t{k} * radix_[i]};
      f(label_offset_[i] + k - 1, std::span<const mdp::Outcome<State>>(&outcome, 1));
    }
  }
}

}  // namespace sgplan::models::nim
