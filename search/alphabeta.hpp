// Minimax with fail-soft alpha-beta pruning on a play/undo game without chance (game.hpp): the exact
// value of the root and its first best move in generation order, a depth limit with the caller's
// evaluation at the horizon, a transposition table, move-ordering hooks, iterative deepening, and
// node and leaf counters (the loop itself is in alphabeta_engine.hpp).
//
// Knuth and Moore ("An analysis of alpha-beta pruning", Artificial Intelligence 6, 1975): on a
// complete tree of branching b and depth d whose moves are perfectly ordered, alpha-beta scores
// exactly b^ceil(d/2) + b^floor(d/2) - 1 leaves, the size of the minimal proof tree; with the worst
// order it may score all b^d (tests/search/alphabeta_test.cpp checks both).
//
// Known bounds on the utilities (options.lower_bound/upper_bound, e.g. [0, 1] for a win/loss game)
// make the search stop as soon as a move reaches the bound: a win needs no second win.
// Without a depth limit the game's plays must all end (an acyclic game); cyclic games belong to
// retrograde analysis (retrograde.hpp) or to a depth limit.
#pragma once

#include "search/alphabeta_engine.hpp"

namespace sgplan::search {

template <Game G, class Eval = ConstantEvaluation, class Orderer = GenerationOrder>
SearchResult<typename G::Move> alphabeta(G& game, const AlphaBetaOptions& options, Eval eval = {},
                                         Orderer orderer = {}) {
  detail::AlphaBetaEngine<G, Eval, Orderer> engine(game, options, ChancePruning::None, eval, orderer);
  return engine.run();
}

}  // namespace sgplan::search
