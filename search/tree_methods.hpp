// The tree-search family's method table (core/method_info.hpp): the searches every model with
// tree search offers (models/model_tree_search.hpp dispatches on the id). Each searches from the
// initial state only, to the end of an acyclic model or to a depth in steps; a cyclic model needs
// a horizon. The value is exact for what was searched (the game to its end, or success within the
// horizon); alphabeta and minimax refuse a model with chance.
#pragma once

#include <array>

#include "core/method_info.hpp"

namespace sgplan::search {

enum class TreeMethod { AlphaBeta, Minimax, Expectiminimax, Star1, Star2, Expectimax };

inline constexpr std::array<MethodInfo, 6> kTreeMethods{{
    {"alphabeta", MethodFamily::Tree, true, true, true,
     "fail-soft alpha-beta with a transposition table; games without chance",
     static_cast<int>(TreeMethod::AlphaBeta)},
    {"minimax", MethodFamily::Tree, true, true, true,
     "minimax over the model's choices; games without chance", static_cast<int>(TreeMethod::Minimax)},
    {"expectiminimax", MethodFamily::Tree, true, true, true,
     "expectiminimax without pruning (the reference), with a transposition table",
     static_cast<int>(TreeMethod::Expectiminimax)},
    {"star1", MethodFamily::Tree, true, true, true,
     "expectiminimax with Ballard's Star1 pruning at chance nodes", static_cast<int>(TreeMethod::Star1)},
    {"star2", MethodFamily::Tree, true, true, true,
     "Star1 plus Ballard's Star2 probing of the first successor", static_cast<int>(TreeMethod::Star2)},
    {"expectimax", MethodFamily::Tree, true, true, true,
     "expectimax over the model's choices (each a distribution), Max, Min and chance",
     static_cast<int>(TreeMethod::Expectimax)},
}};

// Whether the method refuses a model with chance.
inline bool refuses_chance(TreeMethod method) {
  return method == TreeMethod::AlphaBeta || method == TreeMethod::Minimax;
}

}  // namespace sgplan::search
