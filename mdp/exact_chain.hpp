// Exact evaluation of a fixed profile in rational arithmetic: the value of the Markov chain that a
// choice per Max and Min state leaves, as fractions, on a graph that kept its exact numbers
// (StateGraph::has_exact).
//
//   1. A graph search decides the states that cannot reach a positive terminal: value 0.
//   2. The rest is transient; (I - P) x = b is solved one strongly connected component at a time,
//      successors first, by Gaussian elimination on sparse rows of rationals. (I - P) restricted to
//      a component is a nonsingular M-matrix, so the diagonal pivots stay positive and no pivoting
//      is needed; the diagonal is 1 - p(self), which with exact sums is the sum of the exits.
//   3. Fill-in is counted as it happens: past ExactLimits::max_fill nonzero coefficients, or past
//      the deadline, the elimination stops with a ResourceError that names the limit.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/rational.hpp"
#include "mdp/predecessors.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

struct ExactLimits {
  std::size_t max_fill = 20'000'000;  // nonzero rational coefficients alive at once
  std::optional<std::chrono::steady_clock::time_point> deadline;
};

// profile[s]: the choice at Max and Min states (ignored elsewhere). Needs graph.has_exact().
std::vector<Rational> evaluate_exactly(const StateGraph& graph, const Predecessors& predecessors,
                                       const std::vector<ChoiceIndex>& profile,
                                       const ExactLimits& limits = {});

// The exact expectation of `values` under choice c.
Rational exact_expectation(const StateGraph& graph, ChoiceIndex c, const std::vector<Rational>& values);

}  // namespace sgplan::mdp
