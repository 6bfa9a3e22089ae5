// The play/undo game interface of the tree searchers (docs/DESIGN.md, "Lambda search" and "The implicit
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

// Depth in steps: one play() is one step, whoever moves (chance included), unless the game says a
// play is no step (StepCountedGame below).
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

// Optional: plays that are no step of the depth. A game that splits one step of its model into two
// plays (a player's choice with random outcomes, then the outcome: search/implicit_game.hpp) says
// that the first play is no step, so that a depth of k counts k steps of the model (a move of either
// player or of chance), as the graph's finite horizon counts transitions (mdp/finite_horizon.hpp).
template <class G>
concept StepCountedGame = Game<G> && requires(const G& cg, const typename G::Move& m) {
  { cg.is_step(m) } -> std::same_as<bool>;
};

// The depth left below the current position after playing m there (an unlimited depth stays
// unlimited). Every searcher goes down through this, so all of them count depth alike.
template <Game G>
std::uint32_t depth_after(const G& game, const typename G::Move& m, std::uint32_t depth) {
  if constexpr (StepCountedGame<G>) {
    if (!game.is_step(m)) return depth;
  }
  return depth == kNoDepthLimit ? depth : depth - 1;
}

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
