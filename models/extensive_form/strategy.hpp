// Strategies of one player over an arithmetic type T (double, or Rational for exact work).
//
// MixedStrategy: a probability distribution over pure plans (plans.hpp), full or reduced; each
//   plan valid (it specifies every set its own choices reach) and listed once.
// BehaviouralStrategy: for each information set of the player, a probability distribution over
//   its actions (Kuhn 1953's "behavior strategy"). A set may be left without one (an empty
//   vector) only where the player's own play never arrives; conversions report such sets as
//   unreached.
// A profile holds one strategy per player, each mixed or behavioural, in any combination.
#pragma once

#include <variant>
#include <vector>

#include "models/extensive_form/efg_namespace.hpp"
#include "models/extensive_form/plans.hpp"

namespace sgplan::models::extensive_form {

template <class T>
struct MixedStrategy {
  PlayerId player = 0;
  std::vector<PurePlan> plans;
  std::vector<T> probabilities;  // one per plan
};

template <class T>
struct BehaviouralStrategy {
  PlayerId player = 0;
  std::vector<std::vector<T>> probabilities;  // per set of the player: one per action, or empty
};

template <class T>
using Strategy = std::variant<MixedStrategy<T>, BehaviouralStrategy<T>>;

template <class T>
PlayerId strategy_player(const Strategy<T>& s) {
  return std::visit([](const auto& x) { return x.player; }, s);
}

// Exact strategies (as loaded) in the arithmetic type of a computation.
template <class T>
MixedStrategy<T> strategy_cast(const MixedStrategy<Rational>& s) {
  MixedStrategy<T> out{s.player, s.plans, {}};
  for (const Rational& p : s.probabilities) out.probabilities.push_back(from_rational<T>(p));
  return out;
}
template <class T>
BehaviouralStrategy<T> strategy_cast(const BehaviouralStrategy<Rational>& s) {
  BehaviouralStrategy<T> out{s.player, {}};
  for (const auto& dist : s.probabilities) {
    std::vector<T> d;
    for (const Rational& p : dist) d.push_back(from_rational<T>(p));
    out.probabilities.push_back(std::move(d));
  }
  return out;
}
template <class T>
Strategy<T> strategy_cast(const Strategy<Rational>& s) {
  return std::visit([](const auto& x) { return Strategy<T>(strategy_cast<T>(x)); }, s);
}

// A pure plan as a mixed strategy with one plan of probability 1.
template <class T>
MixedStrategy<T> pure_strategy(PlayerId player, PurePlan plan) {
  return MixedStrategy<T>{player, {std::move(plan)}, {T(1)}};
}

}  // namespace sgplan::models::extensive_form
