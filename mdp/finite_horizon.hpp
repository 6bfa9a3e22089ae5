// Finite horizon: the best probability of success within k steps, k counted in transitions (a move
// of Max, of Min or of chance is one step). Backward induction over k Jacobi sweeps:
//   x_0 = terminal values (0 elsewhere),  x_{i+1}(s) = backup of x_i at s,  terminals fixed.
// Two iterations run side by side, one rounded down and one up (outward_rounding.hpp), so the
// answer is a pair of sound bounds a few units of rounding apart (exact/exact_horizon.hpp computes
// the exact rational). The policy returned is the first step's choice for the midpoint (a horizon
// policy depends on the steps left).
#pragma once

#include <cstdint>

#include "mdp/solution.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

Solution solve_finite_horizon(const StateGraph& graph, std::uint32_t horizon, const SolveOptions& options);

}  // namespace sgplan::mdp
