// The Bellman backup of one state for the reachability objective, through the one choice reduction
// (choice_reduction.hpp): the owner's best over its choices of the expectation of `values`, each
// rounded down, for the plain value iteration; and the choice that achieves it, for the policies
// of the finite-horizon solver and of policy extraction.
#pragma once

#include <algorithm>

#include "mdp/choice_reduction.hpp"
#include "mdp/outward_rounding.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

// Every choice's expectation rounded down (outward_rounding.hpp): a value at most the exact backup
// of `values`, so iterating it from below keeps a sound lower bound.
template <class Values>
double backup_rounded_down(const StateGraph& g, StateIndex s, const Values& values) {
  const Owner o = g.owner(s);
  return reduce_choices_from(
      o, reduction_identity(o), g.first_choice(s), g.end_choice(s), [&](ChoiceIndex c) {
        return round_down_sum(g.expectation(c, values), g.end_entry(c) - g.first_entry(c));
      });
}

// The choice achieving the backup (first one on ties).
template <class Values>
ChoiceIndex best_choice(const StateGraph& g, StateIndex s, const Values& values) {
  ChoiceIndex best = g.first_choice(s);
  double best_value = g.expectation(best, values);
  const bool maximize = g.owner(s) != Owner::Min;
  for (ChoiceIndex c = best + 1; c < g.end_choice(s); ++c) {
    const double v = g.expectation(c, values);
    if (maximize ? v > best_value : v < best_value) {
      best_value = v;
      best = c;
    }
  }
  return best;
}

}  // namespace sgplan::mdp
