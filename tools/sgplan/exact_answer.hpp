// The exact side of `sgplan solve`: --exact (the answer as a fraction, by exact strategy iteration
// from the floating-point method's strategies, or exact backward induction for a horizon) and
// --certify (the floating-point answer, with the proof that its strategies are optimal or the exact
// rounds that made them so). Both end with one more check: the floating-point bounds contain the
// exact value at every state, or the run fails with an internal error, never a wrong answer.
#pragma once

#include <cstdint>

#include "mdp/exact_solve.hpp"
#include "mdp/solution.hpp"
#include "mdp/state_graph.hpp"
#include "tools/sgplan/cli_common.hpp"

namespace sgplan::cli {

// `floating`: the solution of the method the user chose (its strategies start the exact solve).
mdp::ExactSolution solve_exactly(const mdp::StateGraph& graph, const mdp::Solution& floating,
                                 bool has_horizon, std::uint32_t horizon, const SolverOptions& solver);

// "3/13 = 0.2307692308"
std::string exact_text(const Rational& value);

}  // namespace sgplan::cli
