#include "mdp/policy_extraction.hpp"

#include <algorithm>

#include "core/worker_pool.hpp"
#include "mdp/backup.hpp"
#include "mdp/qualitative.hpp"

namespace sgplan::mdp {

namespace {
// Slack when comparing a choice's bound with the state's: rounding in the sums must not make an
// optimal choice look suboptimal.
constexpr double kTolerance = 1e-12;
// States per parallel task: fixed, so the work split is the same for every thread count.
constexpr std::size_t kStatesPerTask = std::size_t{1} << 14;
}  // namespace

std::vector<ChoiceIndex> extract_policy(const StateGraph& g, const Predecessors& pred,
                                        const std::vector<double>& lower, const std::vector<double>& upper,
                                        unsigned threads) {
  const std::size_t n = g.num_states();
  WorkerPool pool(threads);
  // Each task writes only its own states' (and their choices') entries.
  auto for_each_state = [&](auto&& body) {
    pool.run((n + kStatesPerTask - 1) / kStatesPerTask, [&](std::size_t task) {
      const std::size_t end = std::min(n, (task + 1) * kStatesPerTask);
      for (std::size_t s = task * kStatesPerTask; s < end; ++s) body(static_cast<StateIndex>(s));
    });
  };
  std::vector<std::uint8_t> allowed(g.num_choices(), 0);
  std::vector<std::uint8_t> goal(n, 0);
  std::vector<double> mid(n);
  for (StateIndex s = 0; s < n; ++s) mid[s] = 0.5 * (lower[s] + upper[s]);
  for_each_state([&](StateIndex s) {
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
  });
  Ranking ranking = rank_toward(g, pred, goal, allowed.data());
  std::vector<ChoiceIndex> policy(n, kNoChoice);
  for_each_state([&](StateIndex s) {
    const Owner o = g.owner(s);
    if (o != Owner::Max && o != Owner::Min) return;
    // The tie rule: choices whose midpoint values lie within the precision of the bounds (the
    // state's upper - lower, and at least kTolerance) of the best are equally good, and the one the
    // model lists first is taken, so every method gives the same choice.
    const double tie = std::max(kTolerance, upper[s] - lower[s]);
    if (o == Owner::Min || ranking.via[s] == kNoChoice) {
      // Min, and Max where nothing makes progress (value 0): the first choice within the tie of
      // the best for the midpoint.
      const bool minimize = o == Owner::Min;
      double best = g.expectation(g.first_choice(s), mid);
      for (ChoiceIndex c = g.first_choice(s) + 1; c < g.end_choice(s); ++c) {
        const double v = g.expectation(c, mid);
        best = minimize ? std::min(best, v) : std::max(best, v);
      }
      for (ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
        const double v = g.expectation(c, mid);
        if (minimize ? v <= best + tie : v >= best - tie) {
          policy[s] = c;
          break;
        }
      }
      return;
    }
    // Max: any allowed choice with a successor one rank closer keeps the progress guarantee; among
    // those, the first within the tie of the best midpoint value.
    const std::uint32_t target_rank = ranking.rank[s] - 1;
    auto progresses = [&](ChoiceIndex c) {
      if (!allowed[c]) return false;
      for (StateIndex t : g.targets(c)) {
        if (ranking.rank[t] <= target_rank) return true;
      }
      return false;
    };
    double best = g.expectation(ranking.via[s], mid);
    for (ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
      if (progresses(c)) best = std::max(best, g.expectation(c, mid));
    }
    for (ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
      if ((c == ranking.via[s] || progresses(c)) && g.expectation(c, mid) >= best - tie) {
        policy[s] = c;
        break;
      }
    }
  });
  return policy;
}

}  // namespace sgplan::mdp
