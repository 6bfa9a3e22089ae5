// The `policy` method: policy (strategy) iteration on every undecided state, then certified.
//
// 1. The graph precomputation (reachability_setup.hpp) decides the states of value 0 and 1; they
//    stay fixed, and policy iteration runs on the rest only (region_policy_iteration.hpp:
//    Hoffman and Karp's scheme for games, plain policy iteration for MDPs).
// 2. Its values become sound bounds by the certificates of direct_solve.hpp: one outward-rounded
//    Bellman step each for the lower and the upper bound. The answer is therefore reported like
//    interval iteration's, as bounds, typically 1e-13 wide; it is not claimed exact (exact
//    rational answers are solve_exact's, exact/exact_solve.hpp).
// 3. Where a certificate does not hold within epsilon (an ill-conditioned chain, or an evaluation
//    that failed), interval iteration finishes the job from the bounds reached so far, and the
//    solution's note says so.
#pragma once

#include "mdp/solution.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

Solution solve_policy_iteration(const StateGraph& graph, const SolveOptions& options);

}  // namespace sgplan::mdp
