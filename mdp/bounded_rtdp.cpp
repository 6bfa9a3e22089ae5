#include "mdp/bounded_rtdp.hpp"

#include <algorithm>
#include <random>

namespace sgplan::mdp {

namespace {
constexpr std::uint64_t kIdleBeforeRefinement = 64;
constexpr std::uint64_t kIdleBeforeStalled = 1024;

// The choice a path follows from expanded state s: Max the largest upper bound, Min the smallest
// lower bound, chance its only one; ties broken at random (as Brazdil et al. do: a fixed order
// could keep choosing a "wait" that ties with an unexplored way out and never look at the way
// out). Values within kTie count as tied: outward rounding makes a choice that loops back look a
// few units of rounding better than an equal way out, forever.
constexpr double kTie = 1e-12;
ChoiceIndex exploring_choice(const ExploredGame& g, StateIndex s, std::mt19937_64& rng) {
  const bool max = g.owner(s) != Owner::Min;
  const auto value = [&](ChoiceIndex c) { return max ? g.choice_upper(c) : -g.choice_lower(c); };
  const ChoiceIndex first = g.first_choice(s), end = g.end_choice(s);
  if (end - first == 1) return first;
  double best = value(first);
  for (ChoiceIndex c = first + 1; c < end; ++c) best = std::max(best, value(c));
  ChoiceIndex pick = kNoChoice;
  std::uint64_t tied = 0;
  for (ChoiceIndex c = first; c < end; ++c) {
    if (value(c) >= best - kTie && rng() % ++tied == 0) pick = c;  // each tied choice equally likely
  }
  return pick;
}
}  // namespace

BrtdpResult bounded_rtdp(std::uint64_t initial_key, Owner initial_owner, double initial_value,
                         const Expander& expand, const BrtdpOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  BrtdpResult out{ExploredGame(initial_key, initial_owner, initial_value)};
  ExploredGame& g = out.game;
  std::mt19937_64 rng(options.seed);
  Expansion expansion;
  std::vector<StateIndex> path;
  std::uint64_t backups_since_refinement = 0, idle = 0;
  bool at_limit = false;

  // Expands s and backs it up once, so its bounds say what its successors already tell.
  const auto expand_state = [&](StateIndex s) {
    expand(g, s, expansion);
    if (!g.expand(s, expansion, options.max_states)) return false;
    g.backup(s);
    ++out.backups;
    return true;
  };
  const auto finish = [&](SolveStatus status) {
    out.status = status;
    out.lower = g.lower(0);
    out.upper = g.upper(0);
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return std::move(out);
  };

  if (!g.expanded(0) && !expand_state(0)) return finish(SolveStatus::StateLimit);
  for (;;) {
    if (g.gap(0) <= options.epsilon) return finish(SolveStatus::Converged);
    if (out.paths >= options.max_paths) return finish(SolveStatus::IterationLimit);
    if ((out.paths & 63) == 0) {
      if (options.deadline && std::chrono::steady_clock::now() > *options.deadline)
        return finish(SolveStatus::TimeLimit);
      if (options.progress && !options.progress(Progress{out.paths, g.gap(0), "paths"}))
        return finish(SolveStatus::Aborted);
    }

    // 1-2. One path from the initial state.
    path.clear();
    const double stop_gap = g.gap(0) / options.tau;
    bool changed = false, cut = false;
    for (StateIndex s = 0;;) {
      path.push_back(s);
      if (g.is_terminal(s)) break;
      if (!g.expanded(s)) {
        if (!expand_state(s)) {
          at_limit = true;
          break;
        }
        changed = true;
      }
      if (s != 0 && g.gap(s) <= stop_gap) break;
      const ChoiceIndex c = exploring_choice(g, s, rng);
      double total = 0.0;
      for (std::uint64_t e = g.first_entry(c); e < g.end_entry(c); ++e)
        total += g.probability(e) * g.gap(g.target(e));
      if (total <= stop_gap) break;
      if (path.size() >= options.max_path_length) {
        cut = true;
        break;
      }
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
    if (at_limit) return finish(SolveStatus::StateLimit);
    idle = changed ? 0 : idle + 1;

    // 4. What the explored part proves, now and then.
    const std::uint64_t transitions = g.num_entries();
    if (options.refine && (backups_since_refinement >= transitions ||
                           (cut && backups_since_refinement * 4 >= transitions) || idle == kIdleBeforeRefinement)) {
      ++out.refinements;
      const ExploredGame::Refinement r = g.refine_on_explored_part();
      out.end_components += r.end_components;
      out.zero_states += r.zero;
      out.one_states += r.one;
      backups_since_refinement = 0;
      if (r.end_components + r.zero + r.one > 0) idle = 0;
    }
    if (idle >= kIdleBeforeStalled) return finish(SolveStatus::Stalled);
  }
}

}  // namespace sgplan::mdp
