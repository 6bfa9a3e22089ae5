// Policy (strategy) iteration with exact evaluation: the `policy` method.
//
// MDPs and games alike (Hoffman and Karp's scheme): Max's strategy pi is improved in an outer
// loop; for each pi, Min's best response is found by an inner policy iteration on the MDP that pi
// leaves. Every evaluation is exact (policy_evaluation.hpp). A player switches a choice only when
// another is strictly better (by more than a rounding tolerance), so the loops end.
// Termination at the optimum: at the end the values are those of a real strategy of Max (so <= the
// value) and a fixed point of the game's operator (so >= its least fixed point, the value).
// Min's inner loop first fixes the states where Min can keep the play from every positive terminal
// (a graph search), at a choice that does so; on the remaining states no end component is left, the
// operator has a unique fixed point, and the inner loop converges to Min's best response.
#pragma once

#include "mdp/solution.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

Solution solve_policy_iteration(const StateGraph& graph, const SolveOptions& options);

}  // namespace sgplan::mdp
