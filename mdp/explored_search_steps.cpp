#include "mdp/explored_search_steps.hpp"

#include <algorithm>
#include <queue>

namespace sgplan::mdp {

ChoiceIndex exploring_choice(const ExploredGame& g, StateIndex s, bool random_ties, double tie,
                             std::mt19937_64& rng) {
  const bool max = g.owner(s) != Owner::Min;
  const auto value = [&](ChoiceIndex c) { return max ? g.choice_upper(c) : -g.choice_lower(c); };
  const ChoiceIndex first = g.first_choice(s), end = g.end_choice(s);
  if (end - first == 1) return first;
  // A sure self-loop leads nowhere new: its bound is the state's own, which after a pass of step 4
  // may lie above every other choice's by the solver's precision, and would win every time.
  const auto loops = [&](ChoiceIndex c) {
    return g.end_entry(c) == g.first_entry(c) + 1 && g.target(g.first_entry(c)) == s;
  };
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

std::optional<std::size_t> expand_likely_frontier(const ExploredGame& g, double through, std::size_t budget,
                                                  std::mt19937_64& rng,
                                                  const std::function<bool(StateIndex)>& expand_state) {
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
SearchRun::SearchRun(std::uint64_t initial_key, Owner initial_owner, double initial_value,
                     const Expander& expand, const BrtdpOptions& options)
    : expand_(expand),
      options_(options),
      start_(std::chrono::steady_clock::now()),
      out_(ExploredGame(initial_key, initial_owner, initial_value)),
      rng_(options.seed) {}

bool SearchRun::expand(StateIndex s) {
  expand_(out_.game, s, expansion_);
  if (!out_.game.expand(s, expansion_, options_.max_states)) return false;
  out_.game.backup(s);
  ++out_.backups;
  return true;
}

std::optional<SolveStatus> SearchRun::stop_before_path() {
  const ExploredGame& g = out_.game;
  if (options_.decided ? options_.decided(g.lower(0), g.upper(0)) : g.gap(0) <= options_.epsilon)
    return SolveStatus::Converged;
  if (out_.paths >= options_.max_paths) return SolveStatus::IterationLimit;
  if ((out_.paths & 63) == 0) {
    if (options_.deadline && std::chrono::steady_clock::now() > *options_.deadline)
      return SolveStatus::TimeLimit;
    if (options_.progress && !options_.progress(Progress{out_.paths, g.gap(0), "paths"}))
      return SolveStatus::Aborted;
  }
  return std::nullopt;
}

bool SearchRun::pass_due(std::uint64_t backups) const {
  const ExploredGame& g = out_.game;
  return options_.refine &&
         backups >= std::max<std::uint64_t>(g.num_entries(), (last_sweeps_ + 2) * g.num_expanded());
}

std::optional<SolveStatus> SearchRun::pass(bool& progressed) {
  constexpr std::uint64_t kRefinementSweeps = 100'000;
  ExploredGame& g = out_.game;
  ++out_.refinements;
  SolveOptions solve;
  solve.epsilon = options_.epsilon / 4;
  solve.max_iterations = kRefinementSweeps;
  solve.deadline = options_.deadline;
  const ExploredGame::Refinement r = g.refine_on_explored_part(solve);
  out_.end_components += r.end_components;
  out_.zero_states += r.zero;
  out_.one_states += r.one;
  last_sweeps_ = r.sweeps;
  const std::optional<std::size_t> grown =
      expand_likely_frontier(g, g.gap(0) / options_.tau, std::max<std::size_t>(64, g.num_expanded() / 4),
                             rng_, [this](StateIndex s) { return expand(s); });
  if (!grown) return SolveStatus::StateLimit;
  progressed = r.tightened > 0 || *grown > 0;
  if (*grown == 0 && g.gap(0) <= options_.epsilon) return SolveStatus::Converged;
  return std::nullopt;
}

BrtdpResult SearchRun::finish(SolveStatus status) {
  out_.status = status;
  out_.lower = out_.game.lower(0);
  out_.upper = out_.game.upper(0);
  out_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  return std::move(out_);
}

}  // namespace sgplan::mdp
