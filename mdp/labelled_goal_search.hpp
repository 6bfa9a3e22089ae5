// Goal-probability heuristic search with solved states labelled: the value of eventual success at
// the initial state of an implicit MDP (or stochastic game), proven to within epsilon from the
// part of it the search explores, for planning problems whose optimal strategies visit few states
// (MAXPROB: Steinmetz, Hoffmann and Buffet, "Goal probability analysis in probabilistic planning:
// exploring and enhancing the state of the art", JAIR 2016; FRET-pi, Kolobov, Mausam, Weld and
// Geffner, ICAPS 2011, in the Modest Toolset's form).
//
// It is labelled RTDP (Bonet and Geffner, ICAPS 2003) with the two sound bounds of bounded_rtdp.hpp:
//   - trials from the initial state follow the greedy choice (Max the largest upper bound, the
//     admissible heuristic that starts at 1; Min the smallest lower bound), back up both bounds at
//     each state, and sample the next state by its probability among those not yet solved;
//   - after a trial, its states are checked from the last one back (CheckSolved): the states the
//     greedy choices reach from a state through unsolved states are all labelled solved when each
//     has upper - lower <= epsilon, and are backed up (last first) otherwise; a solved state is
//     never entered again, which is where the labelling saves work over BRTDP's paths;
//   - now and then (as BRTDP's steps 4 and 5, explored_search_steps.hpp) the explored part is
//     solved as a graph: its qualitative precomputation is the dead-end detector (a state from which
//     no goal is reachable in the explored part, frontier counted as a possible goal, gets upper 0),
//     end components are collapsed (FRET's trap elimination: a trap's upper bound comes down to its
//     best exit) or deflated in games, and the likeliest frontier states are expanded.
// The lower bound is what the explored part proves with the frontier as failure (interval
// iteration, i.e. an evaluation of the best strategy on it), so the value is proven, not estimated:
// it stops when upper - lower <= epsilon at the initial state, and the bounds are sound whenever it
// is stopped. No cheap relaxation (e.g. a planning-graph dead-end test) is used: the models have no
// factored action schema to relax in general.
#pragma once

#include <cstdint>

#include "mdp/bounded_rtdp.hpp"

namespace sgplan::mdp {

BrtdpResult labelled_goal_search(std::uint64_t initial_key, Owner initial_owner, double initial_value,
                                 const Expander& expand, const BrtdpOptions& options);

}  // namespace sgplan::mdp
