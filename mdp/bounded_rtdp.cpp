#include "mdp/bounded_rtdp.hpp"

#include <algorithm>
#include <optional>
#include <random>

#include "mdp/explored_search_steps.hpp"
#include "mdp/labelled_goal_search.hpp"

namespace sgplan::mdp {

namespace {
constexpr std::uint64_t kIdleBeforeRefinement = 64;
constexpr std::uint64_t kIdleBeforeStalled = 1024;

}  // namespace

BrtdpResult bounded_rtdp(std::uint64_t initial_key, Owner initial_owner, double initial_value,
                         const Expander& expand, const BrtdpOptions& options) {
  if (options.method == PartialMethod::LabelledGoalSearch)
    return labelled_goal_search(initial_key, initial_owner, initial_value, expand, options);
  SearchRun run(initial_key, initial_owner, initial_value, expand, options);
  ExploredGame& g = run.game();
  BrtdpResult& out = run.result();
  std::mt19937_64& rng = run.rng();
  std::vector<StateIndex> path;
  std::vector<std::uint64_t> on_path;  // per state: the number of the last path that visited it, plus 1
  std::uint64_t backups_since_refinement = 0, idle = 0;
  bool at_limit = false;

  if (!g.expanded(0) && !run.expand(0)) return run.finish(SolveStatus::StateLimit);
  for (;;) {
    if (const auto stop = run.stop_before_path()) return run.finish(*stop);

    // 1-2. One path from the initial state.
    path.clear();
    const double stop_gap = g.gap(0) / options.tau;
    bool changed = false, looped = false;
    for (StateIndex s = 0;;) {
      path.push_back(s);
      if (on_path.size() < g.num_states()) on_path.resize(g.num_states() * 2, 0);
      looped = looped || on_path[s] == out.paths + 1;
      on_path[s] = out.paths + 1;
      if (g.is_terminal(s)) break;
      if (!g.expanded(s)) {
        if (!run.expand(s)) {
          at_limit = true;
          break;
        }
        changed = true;
      }
      if (s != 0 && g.gap(s) <= stop_gap) break;
      const ChoiceIndex c = exploring_choice(g, s, looped, std::max(kTie, options.epsilon / 4), rng);
      double total = 0.0;
      for (std::uint64_t e = g.first_entry(c); e < g.end_entry(c); ++e)
        total += g.probability(e) * g.gap(g.target(e));
      if (total <= stop_gap) break;
      if (path.size() >= options.max_path_length) break;
      double pick = std::uniform_real_distribution<double>(0.0, total)(rng);
      StateIndex next = g.target(g.end_entry(c) - 1);
      for (std::uint64_t e = g.first_entry(c); e < g.end_entry(c); ++e) {
        const double w = g.probability(e) * g.gap(g.target(e));
        if (w > 0.0 && pick < w) {
          next = g.target(e);
          break;
        }
        pick -= w;
      }
      s = next;
    }

    // 3. Back up along the path, last state first.
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      if (g.is_terminal(*it) || !g.expanded(*it)) continue;
      changed = g.backup(*it) || changed;
      ++out.backups;
      ++backups_since_refinement;
    }
    ++out.paths;
    out.steps += path.size();
    out.longest_path = std::max<std::uint64_t>(out.longest_path, path.size());
    if (at_limit) return run.finish(SolveStatus::StateLimit);
    idle = changed ? 0 : idle + 1;

    // 4-5. What the explored part proves, and where to grow it, now and then.
    if (run.pass_due(backups_since_refinement) || (options.refine && idle == kIdleBeforeRefinement)) {
      backups_since_refinement = 0;
      bool progressed = false;
      if (const auto stop = run.pass(progressed)) return run.finish(*stop);
      if (progressed) idle = 0;
    }
    if (idle >= kIdleBeforeStalled) return run.finish(SolveStatus::Stalled);
  }
}

}  // namespace sgplan::mdp
