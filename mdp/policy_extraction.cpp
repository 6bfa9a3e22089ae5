#include "mdp/policy_extraction.hpp"

#include "mdp/backup.hpp"
#include "mdp/qualitative.hpp"

namespace sgplan::mdp {

namespace {
// Slack when comparing a choice's bound with the state's: rounding in the sums must not make an
// optimal choice look suboptimal.
constexpr double kTolerance = 1e-12;
}  // namespace

std::vector<ChoiceIndex> extract_policy(const StateGraph& g, const Predecessors& pred,
                                        const std::vector<double>& lower, const std::vector<double>& upper) {
  const std::size_t n = g.num_states();
  std::vector<std::uint8_t> allowed(g.num_choices(), 0);
  std::vector<std::uint8_t> goal(n, 0);
  std::vector<double> mid(n);
  for (StateIndex s = 0; s < n; ++s) mid[s] = 0.5 * (lower[s] + upper[s]);
  for (StateIndex s = 0; s < n; ++s) {
    switch (g.owner(s)) {
      case Owner::Terminal:
        goal[s] = g.terminal_value(s) > 0.0;
        break;
      case Owner::Chance:
        allowed[g.first_choice(s)] = 1;
        break;
      case Owner::Max:
        for (ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
          allowed[c] = g.expectation(c, upper) >= lower[s] - kTolerance;
        }
        break;
      case Owner::Min:
        for (ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
          allowed[c] = g.expectation(c, lower) <= upper[s] + kTolerance;
        }
        break;
    }
  }
  Ranking ranking = rank_toward(g, pred, goal, allowed.data());
  std::vector<ChoiceIndex> policy(n, kNoChoice);
  for (StateIndex s = 0; s < n; ++s) {
    if (g.owner(s) == Owner::Max) {
      if (ranking.via[s] == kNoChoice) {
        policy[s] = best_choice(g, s, mid);
        continue;
      }
      // Any allowed choice with a successor one rank closer keeps the progress guarantee; among
      // those take the best by the midpoint value (the search found just one of them).
      const std::uint32_t target_rank = ranking.rank[s] - 1;
      ChoiceIndex pick = ranking.via[s];
      double pick_value = g.expectation(pick, mid);
      for (ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
        if (!allowed[c] || c == pick) continue;
        bool progress = false;
        for (StateIndex t : g.targets(c)) progress = progress || ranking.rank[t] <= target_rank;
        const double v = g.expectation(c, mid);
        if (progress && (v > pick_value || (v == pick_value && c < pick))) {
          pick = c;
          pick_value = v;
        }
      }
      policy[s] = pick;
    } else if (g.owner(s) == Owner::Min) {
      policy[s] = best_choice(g, s, mid);
    }
  }
  return policy;
}

}  // namespace sgplan::mdp
