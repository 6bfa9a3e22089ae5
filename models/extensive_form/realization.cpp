#include "models/extensive_form/realization.hpp"

#include <stdexcept>

namespace sgplan::models::extensive_form {

template <class T>
std::vector<T> sequence_weights(const GameTree& tree, const PlayerSequences& seqs,
                                const Strategy<T>& strategy) {
  std::vector<T> w(seqs.size(), T(0));
  if (const auto* b = std::get_if<BehaviouralStrategy<T>>(&strategy)) {
    w[0] = T(1);
    for (std::uint32_t s = 1; s < seqs.size(); ++s) {
      const std::uint32_t k = tree.infoset_data(seqs.infoset(s)).index_in_player;
      const auto& dist = b->probabilities[k];
      w[s] = dist.empty() ? T(0) : T(w[seqs.parent(s)] * dist[seqs.action(s)]);
    }
    return w;
  }
  const auto& m = std::get<MixedStrategy<T>>(strategy);
  if (seqs.perfect_recall()) {
    // A plan follows the empty sequence and, at each set it reaches, the sequence of its choice.
    std::vector<std::uint8_t> reached;
    for (std::size_t i = 0; i < m.plans.size(); ++i) {
      const T& p = m.probabilities[i];
      if (is_zero(p)) continue;
      const PurePlan& plan = m.plans[i];
      reached_sets_perfect_recall(seqs, plan, reached);
      w[0] += p;
      for (std::uint32_t k = 0; k < plan.size(); ++k) {
        if (reached[k] != 0 && plan[k] != kUnspecified) w[seqs.move_sequence(k, plan[k])] += p;
      }
    }
    return w;
  }
  for (std::size_t i = 0; i < m.plans.size(); ++i) {
    if (is_zero(m.probabilities[i])) continue;
    const auto follows = followed_sequences(seqs, tree, m.plans[i]);
    for (std::uint32_t s = 0; s < seqs.size(); ++s) {
      if (follows[s] != 0) w[s] += m.probabilities[i];
    }
  }
  return w;
}

template <class T>
std::vector<T> chance_probabilities(const GameTree& tree) {
  std::vector<T> out;
  out.reserve(tree.num_terminals());
  std::vector<T> at_depth(tree.max_depth() + 1, T(1));
  for (NodeId n = 0; n < tree.num_nodes(); ++n) {
    const std::uint32_t d = tree.depth(n);
    if (d > 0) {
      const NodeId p = tree.parent(n);
      if (tree.kind(p) == NodeKind::Chance) {
        const auto& probs = tree.chance_events()[tree.chance_event(p)].probabilities;
        at_depth[d] = at_depth[d - 1] * from_rational<T>(probs[tree.incoming_action(n)]);
      } else {
        at_depth[d] = at_depth[d - 1];
      }
    }
    if (tree.kind(n) == NodeKind::Terminal) out.push_back(at_depth[d]);
  }
  return out;
}

template <class T>
Realization<T> realize(const GameTree& tree, const std::vector<PlayerSequences>& seqs,
                       const std::vector<Strategy<T>>& profile) {
  if (profile.size() != tree.num_players()) throw std::invalid_argument("realize: one strategy per player");
  std::vector<std::vector<T>> weights;
  for (PlayerId p = 0; p < tree.num_players(); ++p) {
    if (strategy_player(profile[p]) != p) throw std::invalid_argument("realize: profile out of player order");
    weights.push_back(sequence_weights(tree, seqs[p], profile[p]));
  }
  Realization<T> r;
  r.probability = chance_probabilities<T>(tree);
  r.expected_payoff.assign(tree.num_players(), T(0));
  for (std::size_t t = 0; t < tree.num_terminals(); ++t) {
    for (PlayerId p = 0; p < tree.num_players(); ++p) {
      r.probability[t] *= weights[p][seqs[p].terminal_sequence(t)];
    }
    if (is_zero(r.probability[t])) continue;
    const auto payoff = tree.terminal_payoffs(t);
    for (PlayerId p = 0; p < tree.num_players(); ++p) {
      r.expected_payoff[p] += r.probability[t] * from_rational<T>(payoff[p]);
    }
  }
  return r;
}

template <class T>
EquivalenceCheck<T> check_realization_equivalence(const GameTree& tree,
                                                  const std::vector<PlayerSequences>& seqs,
                                                  const Strategy<T>& a, const Strategy<T>& b) {
  const PlayerId player = strategy_player(a);
  if (strategy_player(b) != player) throw std::invalid_argument("check: strategies of different players");
  const auto wa = sequence_weights(tree, seqs[player], a);
  const auto wb = sequence_weights(tree, seqs[player], b);
  const auto chance = chance_probabilities<T>(tree);
  EquivalenceCheck<T> check;
  for (PlayerId p = 0; p < tree.num_players(); ++p) {
    if (p != player) check.opponent_profiles *= count_plans(tree, p);
  }
  for (std::size_t t = 0; t < tree.num_terminals(); ++t) {
    bool reachable = true;
    for (PlayerId p = 0; p < tree.num_players() && reachable; ++p) {
      if (p != player) reachable = seqs[p].feasible(seqs[p].terminal_sequence(t));
    }
    if (!reachable) continue;
    ++check.terminals_compared;
    const std::uint32_t s = seqs[player].terminal_sequence(t);
    const T diff = abs_value(T(chance[t] * (wa[s] - wb[s])));
    if (check.worst_terminal == kNone || diff > check.max_difference) {
      check.max_difference = diff;
      check.worst_terminal = t;
    }
  }
  return check;
}

#define SGPLAN_EFG_INSTANTIATE(T)                                                                           \
  template std::vector<T> sequence_weights<T>(const GameTree&, const PlayerSequences&, const Strategy<T>&); \
  template std::vector<T> chance_probabilities<T>(const GameTree&);                                         \
  template Realization<T> realize<T>(const GameTree&, const std::vector<PlayerSequences>&,                  \
                                     const std::vector<Strategy<T>>&);                                      \
  template EquivalenceCheck<T> check_realization_equivalence<T>(                                            \
      const GameTree&, const std::vector<PlayerSequences>&, const Strategy<T>&, const Strategy<T>&);
SGPLAN_EFG_INSTANTIATE(double)
SGPLAN_EFG_INSTANTIATE(Rational)
#undef SGPLAN_EFG_INSTANTIATE

}  // namespace sgplan::models::extensive_form
