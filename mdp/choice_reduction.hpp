// The one reduction over a state's choices: Max takes the largest value, Min the smallest; a
// chance state has exactly one choice (the builder's rule), so its reduction is that choice's
// value. Every backup in mdp/ (value iteration, interval iteration's sweeps, the finite horizon)
// reduces through these, single or paired (the lower and the upper bound in one pass), so the
// rule for who takes what is written once.
//
// Two starts, because the solvers need both: from the first choice's own value (the sweeps, which
// round the result outward afterwards), or from the owner's identity, 0 for Max and 1 for Min
// (reduction_identity). Starting from the identity also clamps: a Max value never falls below 0
// and a Min value never rises above 1, which rounded sums near the ends of [0, 1] need.
#pragma once

#include <algorithm>

#include "mdp/owner.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

// The better of two values for the owner (Min: the smaller; Max and Chance: the larger).
inline double better_for(Owner owner, double a, double b) {
  return owner == Owner::Min ? std::min(a, b) : std::max(a, b);
}

// 0 for Max (and Chance), 1 for Min: the value no choice can be worse than.
inline double reduction_identity(Owner owner) {
  return owner == Owner::Min ? 1.0 : 0.0;
}

// The owner's best value_of(c) over choices first..end (at least one), from the first choice.
template <class ValueOf>
double reduce_choices(Owner owner, ChoiceIndex first, ChoiceIndex end, ValueOf&& value_of) {
  double best = value_of(first);
  for (ChoiceIndex c = first + 1; c < end; ++c) best = better_for(owner, best, value_of(c));
  return best;
}

// The same from `start` (reduction_identity(owner) for a clamped reduction); start when there is
// no choice.
template <class ValueOf>
double reduce_choices_from(Owner owner, double start, ChoiceIndex first, ChoiceIndex end,
                           ValueOf&& value_of) {
  double best = start;
  for (ChoiceIndex c = first; c < end; ++c) best = better_for(owner, best, value_of(c));
  return best;
}

// Paired: pair_of(c, lower, upper) gives a choice's two values; the owner's best of each, from the
// first choice.
template <class PairOf>
void reduce_choice_pairs(Owner owner, ChoiceIndex first, ChoiceIndex end, PairOf&& pair_of, double& lower,
                         double& upper) {
  pair_of(first, lower, upper);
  for (ChoiceIndex c = first + 1; c < end; ++c) {
    double l, u;
    pair_of(c, l, u);
    lower = better_for(owner, lower, l);
    upper = better_for(owner, upper, u);
  }
}

// Paired, from the owner's identity for both bounds.
template <class PairOf>
void reduce_choice_pairs_from_identity(Owner owner, ChoiceIndex first, ChoiceIndex end, PairOf&& pair_of,
                                       double& lower, double& upper) {
  lower = upper = reduction_identity(owner);
  for (ChoiceIndex c = first; c < end; ++c) {
    double l, u;
    pair_of(c, l, u);
    lower = better_for(owner, lower, l);
    upper = better_for(owner, upper, u);
  }
}

}  // namespace sgplan::mdp
