// The Bellman backup of one state for the reachability objective: the best (Max), worst (Min) or
// expected (Chance) value over its choices of the expectation of `values`. Shared by the plain
// value iteration, the finite-horizon solver and policy extraction.
#pragma once

#include <algorithm>

#include "mdp/outward_rounding.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

template <class Values>
double backup(const StateGraph& g, StateIndex s, const Values& values) {
  ChoiceIndex c = g.first_choice(s);
  const ChoiceIndex end = g.end_choice(s);
  double best = g.expectation(c, values);
  const Owner o = g.owner(s);
  for (++c; c < end; ++c) {
    const double v = g.expectation(c, values);
    best = o == Owner::Max ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

// The same with every choice's expectation rounded down (outward_rounding.hpp): a value at most the
// exact backup of `values`, so iterating it from below keeps a sound lower bound.
template <class Values>
double backup_rounded_down(const StateGraph& g, StateIndex s, const Values& values) {
  const Owner o = g.owner(s);
  double best = o == Owner::Min ? 1.0 : 0.0;
  for (ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
    const double v = round_down_sum(g.expectation(c, values), g.end_entry(c) - g.first_entry(c));
    best = o == Owner::Min ? std::min(best, v) : std::max(best, v);
  }
  return best;
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
