#include "models/extensive_form/kuhn.hpp"

#include "models/extensive_form/realization.hpp"

namespace sgplan::models::extensive_form {

void require_perfect_recall(const GameTree& tree, const PlayerSequences& seqs, const std::string& task) {
  if (seqs.perfect_recall()) return;
  throw RecallError("cannot " + task + " for player '" + tree.player(seqs.player()).key +
                    "': the player does not have perfect recall (" + seqs.violation()->message +
                    "); Kuhn's theorem needs perfect recall, and without it the two kinds of strategy are "
                    "not realization-equivalent in general");
}

template <class T>
std::vector<T> own_reach(const GameTree& tree, const PlayerSequences& seqs, const BehaviouralStrategy<T>& b) {
  const auto w = sequence_weights(tree, seqs, Strategy<T>(b));
  std::vector<T> reach(b.probabilities.size(), T(0));
  for (std::uint32_t k = 0; k < reach.size(); ++k) {
    for (std::uint32_t s : seqs.infoset_sequences(k)) {
      if (w[s] > reach[k]) reach[k] = w[s];
    }
  }
  return reach;
}

// Steps: (1) for each plan with positive probability, find the sets it reaches (by its own
// choices); (2) add its probability to each reached set's denominator and to the numerator of the
// action it chooses there; (3) divide, or apply the rule where the denominator is 0.
template <class T>
BehaviouralResult<T> mixed_to_behavioural(const GameTree& tree, const PlayerSequences& seqs,
                                          const MixedStrategy<T>& mixed, const ConversionOptions& options) {
  if (options.require_perfect_recall) {
    require_perfect_recall(tree, seqs, "convert a mixed strategy into a behavioural one");
  }
  const auto& sets = tree.player(mixed.player).infosets;
  std::vector<T> denominator(sets.size(), T(0));
  std::vector<std::vector<T>> numerator(sets.size());
  for (std::size_t k = 0; k < sets.size(); ++k) {
    numerator[k].assign(tree.infoset_data(sets[k]).actions.size(), T(0));
  }
  std::vector<std::uint8_t> reached;
  for (std::size_t i = 0; i < mixed.plans.size(); ++i) {
    const T& p = mixed.probabilities[i];
    if (is_zero(p)) continue;
    if (seqs.perfect_recall()) {
      reached_sets_perfect_recall(seqs, mixed.plans[i], reached);
    } else {
      reached = reached_sets(tree, seqs, mixed.plans[i]);
    }
    for (std::size_t k = 0; k < sets.size(); ++k) {
      if (reached[k] == 0 || mixed.plans[i][k] == kUnspecified) continue;
      denominator[k] += p;
      numerator[k][mixed.plans[i][k]] += p;
    }
  }
  BehaviouralResult<T> out;
  out.strategy.player = mixed.player;
  out.strategy.probabilities.resize(sets.size());
  for (std::uint32_t k = 0; k < sets.size(); ++k) {
    auto& dist = out.strategy.probabilities[k];
    const std::size_t n = numerator[k].size();
    if (is_zero(denominator[k])) {
      out.unreached.push_back(k);
      dist.assign(n, options.unreached == UnreachedRule::Uniform ? T(T(1) / T(static_cast<int>(n))) : T(0));
      continue;
    }
    for (std::size_t a = 0; a < n; ++a) dist.push_back(T(numerator[k][a] / denominator[k]));
  }
  return out;
}

// Steps: (1) find the unreached sets and the support (actions with positive probability) of every
// set; (2) count the plans with positive probability and check the limit; (3) enumerate them with
// their product probabilities.
template <class T>
MixedResult<T> behavioural_to_mixed(const GameTree& tree, const PlayerSequences& seqs,
                                    const BehaviouralStrategy<T>& b, const ConversionOptions& options) {
  if (options.require_perfect_recall) {
    require_perfect_recall(tree, seqs, "convert a behavioural strategy into a mixed one");
  }
  const PlayerId player = b.player;
  const auto& sets = tree.player(player).infosets;
  const bool reduced = options.plans == PlanForm::Reduced;
  MixedResult<T> out;
  out.strategy.player = player;
  std::vector<std::vector<T>> dist = b.probabilities;
  ActionSupport support(sets.size());
  for (std::uint32_t k = 0; k < sets.size(); ++k) {
    const std::size_t n = tree.infoset_data(sets[k]).actions.size();
    bool given = !dist[k].empty();
    if (given) {
      given = false;
      for (const T& p : dist[k]) given = given || !is_zero(p);
    }
    if (!given) {
      out.unreached.push_back(k);
      if (!reduced && options.unreached == UnreachedRule::Zero) {
        throw InputError(
            "behavioural strategy of player '" + tree.player(player).key +
            "' has no distribution at information set '" + tree.infoset_data(sets[k]).label +
            "', and full plans need one there: use --unreached uniform, or ask for reduced plans");
      }
      dist[k].assign(n, T(T(1) / T(static_cast<int>(n))));
    }
    for (std::uint32_t a = 0; a < n; ++a) {
      if (!is_zero(dist[k][a])) support[k].push_back(a);
    }
  }
  auto emit = [&](const PurePlan& plan) {
    T p(1);
    for (std::uint32_t k = 0; k < plan.size(); ++k) {
      if (plan[k] != kUnspecified) p *= dist[k][plan[k]];
    }
    out.strategy.plans.push_back(plan);
    out.strategy.probabilities.push_back(p);
  };
  if (reduced) {
    for_each_reduced_plan(tree, seqs, support, options.max_plans, emit);
  } else {
    for_each_plan(tree, player, support, options.max_plans, emit);
  }
  return out;
}

#define SGPLAN_EFG_INSTANTIATE(T)                                                                           \
  template std::vector<T> own_reach<T>(const GameTree&, const PlayerSequences&,                             \
                                       const BehaviouralStrategy<T>&);                                      \
  template BehaviouralResult<T> mixed_to_behavioural<T>(const GameTree&, const PlayerSequences&,            \
                                                        const MixedStrategy<T>&, const ConversionOptions&); \
  template MixedResult<T> behavioural_to_mixed<T>(const GameTree&, const PlayerSequences&,                  \
                                                  const BehaviouralStrategy<T>&, const ConversionOptions&);
SGPLAN_EFG_INSTANTIATE(double)
SGPLAN_EFG_INSTANTIATE(Rational)
#undef SGPLAN_EFG_INSTANTIATE

}  // namespace sgplan::models::extensive_form
