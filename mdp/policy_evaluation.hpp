// Evaluation of a fixed profile (a choice for every Max and Min state) in floating point: the
// induced Markov chain's probability of success (expected terminal value) from every state.
// The whole chain is one region of chain_solve.hpp, whose exits are the terminals: states that
// cannot reach a positive terminal get 0 by a graph search, the rest is solved one strongly
// connected component at a time with 1 - p(self) summed from the exits. Accurate, not certified:
// the tests use it as a second opinion, the solvers certify their values (bound_certificate.hpp).
#pragma once

#include <vector>

#include "mdp/predecessors.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

// `profile[s]` is the choice at Max and Min states (ignored elsewhere; chance states use their
// only choice).
std::vector<double> evaluate_profile(const StateGraph& graph, const Predecessors& predecessors,
                                     const std::vector<ChoiceIndex>& profile);

}  // namespace sgplan::mdp
