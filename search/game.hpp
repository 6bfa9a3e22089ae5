// The play/undo game interface of the tree searchers (DESIGN.md, "Lambda search" and "The implicit
// model"): one mutable position that a search walks down with play() and back up with undo(), the
// way chess engines do, so no position is ever copied inside a search.
//
//   using Move = ...;                        // a small value type
//   Owner to_move() const;                   // Max (the first player), Min, Chance, or Terminal
//   double utility() const;                  // at Terminal: the payoff from the first player's view
//   void legal_moves(std::vector<Move>&) const;   // at Max and Min: clears, then fills
//   void play(const Move&);  void undo(const Move&);
//   std::uint64_t hash() const;              // equal positions hash equally
// A stochastic game adds
//   void chance_outcomes(std::vector<ChanceOutcome<Move>>&) const;   // at Chance: clears, fills
// Invariants the searchers rely on (tests/support/game_conformance.hpp checks them for every game):
//   - a Max or Min position has at least one legal move: a player who cannot act follows the game's
//     own rule (a mandatory pass is a move like any other), never an empty list;
//   - the outcomes of a Chance position have positive probabilities that sum to 1;
//   - undo(m) right after play(m) restores the position exactly (same hash, same description);
//   - the same position always lists the same moves in the same order (the generation order), which
//     is what makes the searchers' tie rule ("the first best move") deterministic.
// The searchers treat a violated invariant as a bug in the game: they never throw from their loops,
// they count it (SearchCounters::rule_violations) and the caller decides.
#pragma once

#include <concepts>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "mdp/owner.hpp"

namespace sgplan::search {

using mdp::Owner;

template <class Move>
struct ChanceOutcome {
  double probability;
  Move move;
};

// Depth in plies: one play() is one ply, whoever moves (chance included).
inline constexpr std::uint32_t kNoDepthLimit = std::numeric_limits<std::uint32_t>::max();

template <class G>
concept Game = std::copy_constructible<typename G::Move> &&
    requires(G& g, const G& cg, const typename G::Move& m, std::vector<typename G::Move>& moves) {
  { cg.to_move() } -> std::same_as<Owner>;
  { cg.utility() } -> std::convertible_to<double>;
  cg.legal_moves(moves);
  g.play(m);
  g.undo(m);
  { cg.hash() } -> std::same_as<std::uint64_t>;
};

template <class G>
concept StochasticGame = Game<G> &&
    requires(const G& cg, std::vector<ChanceOutcome<typename G::Move>>& outcomes) {
  cg.chance_outcomes(outcomes);
};

// Optional: a text of the position (the conformance tests compare it across undo) and of a move.
template <class G>
concept DescribedGame = Game<G> && requires(const G& cg, const typename G::Move& m) {
  { cg.describe() } -> std::convertible_to<std::string>;
  { cg.move_name(m) } -> std::convertible_to<std::string>;
};

// The evaluation at the depth limit when the caller gives none: a constant (by default 0, the
// convention of the horizon objective: no success within the horizon).
struct ConstantEvaluation {
  double value = 0.0;
  template <class G>
  double operator()(const G&) const {
    return value;
  }
};

}  // namespace sgplan::search
