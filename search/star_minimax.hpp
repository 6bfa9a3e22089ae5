// Ballard's *-minimax searches for games with chance (B. W. Ballard, "The *-minimax search procedure
// for trees containing chance nodes", Artificial Intelligence 21, 1983): expectiminimax values with
// alpha-beta windows carried through chance positions, given known bounds [L, U] on every utility
// and evaluation.
//   Star1   left to right at chance positions: each child's window is what the chance position
//           still needs; a child outside it cuts the remaining children off.
//   Star2   first probes each child of a chance position by one move (a lower bound for a Max
//           child, an upper bound for a Min child), which often cuts the chance position off before
//           any full search; then Star1 with the probed bounds.
// Both return the value of plain expectiminimax (expectiminimax.hpp), with fewer nodes; the loop is
// in alphabeta_engine.hpp, which narrates the bounds. Wider [L, U] means weaker pruning: give the
// tightest bounds known (for win probabilities, [0, 1]).
#pragma once

#include <cmath>
#include <stdexcept>

#include "search/alphabeta_engine.hpp"

namespace sgplan::search {

// Throws std::invalid_argument when the bounds are not finite with L < U (before any search).
template <StochasticGame G, class Eval = ConstantEvaluation, class Orderer = GenerationOrder>
SearchResult<typename G::Move> star_search(G& game, ChancePruning pruning, const AlphaBetaOptions& options,
                                           Eval eval = {}, Orderer orderer = {}) {
  if (!std::isfinite(options.lower_bound) || !std::isfinite(options.upper_bound) ||
      !(options.lower_bound < options.upper_bound)) {
    throw std::invalid_argument("Star1 and Star2 need finite utility bounds L < U");
  }
  detail::AlphaBetaEngine<G, Eval, Orderer> engine(game, options, pruning, eval, orderer);
  return engine.run();
}

template <StochasticGame G, class Eval = ConstantEvaluation, class Orderer = GenerationOrder>
SearchResult<typename G::Move> star1(G& game, const AlphaBetaOptions& options, Eval eval = {},
                                     Orderer orderer = {}) {
  return star_search(game, ChancePruning::Star1, options, std::move(eval), std::move(orderer));
}

template <StochasticGame G, class Eval = ConstantEvaluation, class Orderer = GenerationOrder>
SearchResult<typename G::Move> star2(G& game, const AlphaBetaOptions& options, Eval eval = {},
                                     Orderer orderer = {}) {
  return star_search(game, ChancePruning::Star2, options, std::move(eval), std::move(orderer));
}

}  // namespace sgplan::search
