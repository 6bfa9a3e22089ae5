#include "mdp/bounded_rtdp.hpp"

#include <algorithm>
#include <optional>
#include <queue>
#include <random>

namespace sgplan::mdp {

namespace {
constexpr std::uint64_t kIdleBeforeRefinement = 64;
constexpr std::uint64_t kIdleBeforeStalled = 1024;
constexpr std::uint64_t kRefinementSweeps = 100'000;

// The choice a path follows from expanded state s: Max the largest upper bound, Min the smallest
// lower bound, chance its only one. Values within `tie` count as tied (outward rounding, and the
// precision epsilon / 4 of step 4's solver, can make a choice that loops back look a little better
// than an equal way out, forever).
// Ties go to the first tied choice while the path has not closed a loop: the search then commits
// to one candidate strategy and explores only what it reaches (on QVBS triangle-tireworld.441,
// 1,171 states against tens of millions when every tie is drawn at random, as Brazdil et al. do).
// Once the path revisits a state they are drawn at random: a fixed order could keep choosing a
// "wait" that ties with an unexplored way out and never look at the way out.
constexpr double kTie = 1e-12;
ChoiceIndex exploring_choice(const ExploredGame& g, StateIndex s, bool random_ties, double tie, std::mt19937_64& rng) {
  const bool max = g.owner(s) != Owner::Min;
  const auto value = [&](ChoiceIndex c) { return max ? g.choice_upper(c) : -g.choice_lower(c); };
  const ChoiceIndex first = g.first_choice(s), end = g.end_choice(s);
  if (end - first == 1) return first;
  // A sure self-loop leads nowhere new: its bound is the state's own, which after a pass of step 4
  // may lie above every other choice's by the solver's precision, and would win every time.
  const auto loops = [&](ChoiceIndex c) { return g.end_entry(c) == g.first_entry(c) + 1 && g.target(g.first_entry(c)) == s; };
  double best = -2.0;
  for (ChoiceIndex c = first; c < end; ++c) {
    if (!loops(c)) best = std::max(best, value(c));
  }
  if (best == -2.0) return first;  // only self-loops
  ChoiceIndex pick = kNoChoice;
  std::uint64_t tied = 0;
  for (ChoiceIndex c = first; c < end; ++c) {
    if (loops(c) || value(c) < best - tie) continue;
    if (!random_ties) return c;
    if (rng() % ++tied == 0) pick = c;  // each tied choice equally likely
  }
  return pick;
}

// Expands, up to `budget` states, the frontier states most likely to be met under the strategies
// the paths follow (the choice exploring_choice makes without random ties; every successor of a
// chance move), most probable first: a best-first search from the initial state on the largest
// product of probabilities along a path, passing only through states whose gap exceeds `through`,
// and going on through the states it expands. This is the envelope expansion of heuristic search
// (AO*, LAO*; FRET-pi grows its envelope the same way): paths alone meet a frontier state about as
// often as its probability, so on a random walk such as QVBS consensus they would take millions of
// steps to reach every state the answer depends on. Returns the number expanded, or nullopt at the
// state limit.
template <class ExpandState>
std::optional<std::size_t> expand_likely_frontier(const ExploredGame& g, double through, std::size_t budget,
                                                  std::mt19937_64& rng, const ExpandState& expand_state) {
  std::size_t expanded = 0;
  std::vector<char> seen(g.num_states(), 0);
  std::priority_queue<std::pair<double, StateIndex>> open;
  open.emplace(1.0, 0);
  seen[0] = 1;
  while (!open.empty() && expanded < budget) {
    const auto [reach, s] = open.top();
    open.pop();
    if (g.is_terminal(s)) continue;
    if (!g.expanded(s)) {
      if (!expand_state(s)) return std::nullopt;
      ++expanded;
      if (seen.size() < g.num_states()) seen.resize(g.num_states() * 2, 0);
    } else if (s != 0 && g.gap(s) <= through) {
      continue;
    }
    const ChoiceIndex c = exploring_choice(g, s, false, kTie, rng);
    for (std::uint64_t e = g.first_entry(c); e < g.end_entry(c); ++e) {
      const StateIndex t = g.target(e);
      if (seen[t] || g.gap(t) <= 0.0) continue;
      seen[t] = 1;
      open.emplace(reach * g.probability(e), t);
    }
  }
  return expanded;
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
  std::vector<std::uint64_t> on_path;  // per state: the number of the last path that visited it, plus 1
  std::uint64_t backups_since_refinement = 0, idle = 0, last_sweeps = 0;
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
    if (options.decided ? options.decided(g.lower(0), g.upper(0)) : g.gap(0) <= options.epsilon)
      return finish(SolveStatus::Converged);
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
    bool changed = false, looped = false;
    for (StateIndex s = 0;;) {
      path.push_back(s);
      if (on_path.size() < g.num_states()) on_path.resize(g.num_states() * 2, 0);
      looped = looped || on_path[s] == out.paths + 1;
      on_path[s] = out.paths + 1;
      if (g.is_terminal(s)) break;
      if (!g.expanded(s)) {
        if (!expand_state(s)) {
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
    if (at_limit) return finish(SolveStatus::StateLimit);
    idle = changed ? 0 : idle + 1;

    // 4. What the explored part proves, now and then.
    // Its cost is about (sweeps + 2) passes over the explored part; paths get as much work in
    // backups before the next pass, so neither half of the search starves the other.
    const std::uint64_t due = std::max<std::uint64_t>(g.num_entries(), (last_sweeps + 2) * g.num_expanded());
    if (options.refine && (backups_since_refinement >= due || idle == kIdleBeforeRefinement)) {
      ++out.refinements;
      SolveOptions solve;
      solve.epsilon = options.epsilon / 4;
      solve.max_iterations = kRefinementSweeps;
      solve.deadline = options.deadline;
      const ExploredGame::Refinement r = g.refine_on_explored_part(solve);
      out.end_components += r.end_components;
      out.zero_states += r.zero;
      out.one_states += r.one;
      backups_since_refinement = 0;
      last_sweeps = r.sweeps;
      if (r.tightened > 0) idle = 0;
      // 5. Expand the likeliest frontier states, up to a quarter of the explored part at a time.
      const std::optional<std::size_t> grown = expand_likely_frontier(
          g, g.gap(0) / options.tau, std::max<std::size_t>(64, g.num_expanded() / 4), rng, expand_state);
      if (!grown) return finish(SolveStatus::StateLimit);
      if (*grown > 0) idle = 0;
      else if (g.gap(0) <= options.epsilon) return finish(SolveStatus::Converged);  // undecided, nothing left
    }
    if (idle >= kIdleBeforeStalled) return finish(SolveStatus::Stalled);
  }
}

}  // namespace sgplan::mdp
