// Exact evaluation of a fixed profile (a choice for every Max and Min state): the induced Markov
// chain's probability of success (expected terminal value) from every state.
//
// States that cannot reach a positive terminal in the chain get 0 (a graph search decides them,
// not numerics); the others are all transient, so I - P restricted to them is non-singular. The
// system (I - P) x = b, b the one-step expected terminal value, is solved one strongly connected
// component of the chain at a time, successors first, each block with Eigen's sparse LU
// factorization: the blocks are usually small, and one factorization of the whole matrix fills in
// beyond memory on models of a million states.
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
