// Eventual success: the optimal probability (or expected terminal value) of reaching a success
// terminal, Max maximizing and Min minimizing, from every state. One entry point dispatches on
// SolveOptions::method; every method starts from the graph precomputation (reachability_setup.hpp)
// and ends with a policy for both players (policy_extraction.hpp) unless it computed one itself.
//
//   interval     sound bounds, Gauss-Seidel interval iteration on all undecided states
//   topological  the same per strongly connected component, successors first
//   vi           plain Jacobi value iteration from below, stops when a sweep changes < epsilon
//   gauss-seidel plain Gauss-Seidel value iteration, same stopping rule (no guarantee either)
//   policy       strategy iteration with exact policy evaluation (sparse LU)
//   attractor    deterministic games with 0/1 terminals: backward induction, exact
#pragma once

#include "mdp/solution.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

Solution solve_reachability(const StateGraph& graph, const SolveOptions& options);

// Each method on its own (solve_reachability calls these).
Solution solve_interval(const StateGraph& graph, const SolveOptions& options);
Solution solve_topological(const StateGraph& graph, const SolveOptions& options);
Solution solve_plain_value_iteration(const StateGraph& graph, const SolveOptions& options, bool gauss_seidel);
Solution solve_attractor(const StateGraph& graph, const SolveOptions& options);

// True when every choice has a single successor and every terminal value is 0 or 1: the game is
// then determined by the attractor alone.
bool is_deterministic_win_lose(const StateGraph& graph);

}  // namespace sgplan::mdp
