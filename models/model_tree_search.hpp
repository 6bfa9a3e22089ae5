// Tree search on any implicit model, by the method a TreeSearchRequest names, with the model's
// utility bounds. Shared by the GraphModel wrappers, so every model kind offers the same methods
// (search::kTreeMethods, search/tree_methods.hpp):
//   expectimax       search/expectimax.hpp straight on the model's choices (each a distribution),
//                    with a (state, depth) table; Max, Min and chance
//   minimax          the same search on a model without chance; a random position is refused
//   alphabeta        the play/undo adapter (search/implicit_game.hpp) under fail-soft alpha-beta;
//                    games without chance: a chance position is refused
//   expectiminimax   plain, the reference; its transposition table shares repeated positions
//   star1, star2     Ballard's pruning; need the bounds (every model's values lie in [0, 1])
// All of them count depth in steps as the graph's finite horizon does (a Max or Min choice with
// several outcomes and its outcome are one step), so they agree at every horizon; the result names
// the method that ran. A refusal is a MethodError; a rule violation by the model (a position
// without moves) is a bug: std::logic_error.
#pragma once

#include <stdexcept>
#include <string>

#include "core/errors.hpp"
#include "models/deadline_model.hpp"
#include "models/graph_model.hpp"
#include "search/alphabeta.hpp"
#include "search/expectimax.hpp"
#include "search/expectiminimax.hpp"
#include "search/implicit_game.hpp"
#include "search/star_minimax.hpp"

namespace sgplan::models {

namespace detail {

// expectimax and minimax: the search on the model's own choices.
template <mdp::ImplicitModel M>
TreeSearchResult search_model_choices(const M& model, const TreeSearchRequest& request) {
  search::ExpectimaxOptions options;
  options.depth = request.depth;
  options.table_entries = request.table_entries;
  const search::ExpectimaxResult r = search::expectimax(model, model.initial(), options);
  if (request.method == "minimax" && r.random_positions > 0) {
    throw MethodError("minimax met chance (random outcomes) in this model");
  }
  TreeSearchResult out;
  out.value = r.value;
  out.nodes = r.nodes;
  out.leaves = r.leaves;
  out.table_hits = r.table_hits;
  out.algorithm = request.method;
  out.exact = r.exact;
  out.depth = request.depth;
  out.root_owner = model.owner(model.initial());
  if (r.root_has_choice && r.best_label != mdp::kNoLabel) out.best_choice = model.label_name(r.best_label);
  return out;
}

template <mdp::ImplicitModel M>
TreeSearchResult search_by_method(const M& model, const TreeSearchRequest& request, double lower_bound,
                                  double upper_bound);

}  // namespace detail

// The search the request names; with a deadline, on a DeadlineModel that stops it in time.
template <mdp::ImplicitModel M>
TreeSearchResult search_implicit_model(const M& model, const TreeSearchRequest& request,
                                       double lower_bound = 0.0, double upper_bound = 1.0) {
  if (request.deadline) {
    const DeadlineModel<M> timed(model, *request.deadline, "--max-seconds");
    return detail::search_by_method(timed, request, lower_bound, upper_bound);
  }
  return detail::search_by_method(model, request, lower_bound, upper_bound);
}

template <mdp::ImplicitModel M>
TreeSearchResult detail::search_by_method(const M& model, const TreeSearchRequest& request,
                                          double lower_bound, double upper_bound) {
  const MethodInfo* row = find_method(search::kTreeMethods, request.method);
  if (row == nullptr) {
    throw InputError("unknown tree search method '" + request.method + "' (expected " +
                     join_names(names_of(search::kTreeMethods)) + ")");
  }
  const auto method = static_cast<search::TreeMethod>(row->id);
  if (method == search::TreeMethod::Expectimax || method == search::TreeMethod::Minimax) {
    return detail::search_model_choices(model, request);
  }
  search::ImplicitGame<M> game(model);
  const mdp::Owner root_owner = game.to_move();
  search::AlphaBetaOptions options;
  options.depth = request.depth;
  options.table_entries = request.table_entries;
  options.iterative_deepening = request.iterative_deepening;
  options.lower_bound = lower_bound;
  options.upper_bound = upper_bound;
  search::SearchResult<typename search::ImplicitGame<M>::Move> r;
  switch (method) {
    case search::TreeMethod::AlphaBeta:
      r = search::alphabeta(game, options);
      if (r.counters.rule_violations > 0) throw MethodError("alphabeta met chance positions in this model");
      break;
    case search::TreeMethod::Expectiminimax:
      r = search::expectiminimax(game, search::ExpectiminimaxOptions{request.depth, request.table_entries});
      break;
    case search::TreeMethod::Star1:
      r = search::star1(game, options);
      break;
    case search::TreeMethod::Star2:
      r = search::star2(game, options);
      break;
    case search::TreeMethod::Minimax:
    case search::TreeMethod::Expectimax:
      throw std::logic_error("search_by_method: the choice searches are dispatched above");
  }
  if (r.counters.rule_violations > 0) {
    throw std::logic_error("the model broke a game rule during the search (a position without moves)");
  }
  TreeSearchResult out;
  out.value = r.value;
  out.nodes = r.counters.nodes;
  out.leaves = r.counters.leaves;
  out.table_hits = r.counters.table_hits;
  out.algorithm = request.method;
  out.exact = r.exact;
  out.depth = r.depth;
  out.root_owner = root_owner;
  if (r.best_move && r.best_move->label != mdp::kNoLabel)
    out.best_choice = model.label_name(r.best_move->label);
  return out;
}

}  // namespace sgplan::models
