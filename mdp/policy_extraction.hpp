// Policies that realize the computed values, for both players.
//
// Max: greedy choice is not enough, since a choice that loops back ("wait") can look exactly as good
// as one that makes progress, and a policy that waits forever never succeeds. Among the choices that
// may be optimal (upper value of the choice >= lower bound of the state) Max takes one that makes
// progress toward a positive terminal: the choice that first reaches the state in a backward
// breadth-first search from the positive terminals, where Min states are entered only once every
// choice Min might use (lower value of the choice <= upper bound of the state) leads on (the
// classical construction for maximal reachability; Baier and Katoen, Principles of Model Checking,
// section 10.6). States the search never reaches (value 0) take a greedy choice.
// Ties: choices whose midpoint values lie within the precision of the state's bounds of the best are
// equally good, and the one the model lists first is taken (the same rule for every method, so
// interval iteration and policy iteration name the same first choice).
// Min: greedy on the midpoint of the bounds. For the minimizer, a strategy greedy for the value is
// optimal (the value is a fixed point of the operator of the MDP it induces, whose value is the
// least fixed point), so no progress measure is needed.
#pragma once

#include <vector>

#include "mdp/predecessors.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

// Per state: the choice for Max and Min states, kNoChoice elsewhere. The per-state passes (which
// choices may be optimal, the choice taken) run on `threads` threads over fixed ranges of states;
// the result does not depend on the count.
std::vector<ChoiceIndex> extract_policy(const StateGraph& graph, const Predecessors& predecessors,
                                        const std::vector<double>& lower, const std::vector<double>& upper,
                                        unsigned threads = 1);
// The same for values taken as exact (lower = upper = values): a partial search's policy plays
// for its lower bounds this way (mdp/explored_policy.hpp).
inline std::vector<ChoiceIndex> extract_policy(const StateGraph& graph, const Predecessors& predecessors,
                                               const std::vector<double>& values) {
  return extract_policy(graph, predecessors, values, values);
}

}  // namespace sgplan::mdp
