#include "mdp/labelled_goal_search.hpp"

#include <algorithm>
#include <random>
#include <vector>

#include "mdp/explored_search_steps.hpp"

namespace sgplan::mdp {

namespace {
constexpr std::uint64_t kIdleBeforePass = 64;
constexpr std::uint64_t kIdleBeforeStalled = 1024;
}  // namespace

BrtdpResult labelled_goal_search(std::uint64_t initial_key, Owner initial_owner, double initial_value,
                                 const Expander& expand, const BrtdpOptions& options) {
  SearchRun run(initial_key, initial_owner, initial_value, expand, options);
  ExploredGame& g = run.game();
  BrtdpResult& out = run.result();
  std::mt19937_64& rng = run.rng();
  const double tie = std::max(kTie, options.epsilon / 4);
  std::vector<char> solved;
  std::vector<std::uint64_t> stamp;  // per state: the number of the last trial or check that met it
  std::uint64_t stamps = 0;
  const auto grow = [&] {
    if (solved.size() < g.num_states()) {
      solved.resize(g.num_states() * 2, 0);
      stamp.resize(g.num_states() * 2, 0);
    }
  };
  const auto is_solved = [&](StateIndex s) { return g.is_terminal(s) || solved[s] != 0; };
  std::vector<StateIndex> trial, open, closed;
  std::uint64_t backups_since_pass = 0, idle = 0;
  bool changed = false;

  // CheckSolved (Bonet and Geffner 2003), with the bounds' gap as the residual: label the greedy
  // envelope of s solved if every state in it is settled, else back it up, last state first.
  const auto check_solved = [&](StateIndex s) {
    if (is_solved(s)) return true;
    bool settled = true;
    open.assign(1, s);
    closed.clear();
    ++stamps;
    stamp[s] = stamps;
    while (!open.empty()) {
      const StateIndex t = open.back();
      open.pop_back();
      closed.push_back(t);
      if (!g.expanded(t) || g.gap(t) > options.epsilon) {
        settled = false;
        continue;
      }
      const ChoiceIndex c = exploring_choice(g, t, false, tie, rng);
      for (std::uint64_t e = g.first_entry(c); e < g.end_entry(c); ++e) {
        const StateIndex u = g.target(e);
        if (is_solved(u) || stamp[u] == stamps) continue;
        stamp[u] = stamps;
        open.push_back(u);
      }
    }
    if (settled) {
      for (const StateIndex t : closed) solved[t] = 1;
      out.solved_states += closed.size();
      changed = true;
      return true;
    }
    for (auto it = closed.rbegin(); it != closed.rend(); ++it) {
      if (!g.expanded(*it)) continue;
      changed = g.backup(*it) || changed;
      ++out.backups;
      ++backups_since_pass;
    }
    return false;
  };

  if (!g.expanded(0) && !run.expand(0)) return run.finish(SolveStatus::StateLimit);
  for (;;) {
    if (const auto stop = run.stop_before_path()) return run.finish(*stop);
    grow();

    // A trial: greedy choices, backups on the way, successors drawn by probability among the
    // unsolved ones; ties drawn at random once the trial has closed a loop (exploring_choice).
    trial.clear();
    changed = false;
    ++stamps;
    bool looped = false, at_limit = false;
    for (StateIndex s = 0; !is_solved(s);) {
      if (!g.expanded(s)) {
        if (!run.expand(s)) {
          at_limit = true;
          break;
        }
        changed = true;
        grow();
      }
      looped = looped || stamp[s] == stamps;
      stamp[s] = stamps;
      trial.push_back(s);
      changed = g.backup(s) || changed;
      ++out.backups;
      ++backups_since_pass;
      if (trial.size() >= options.max_path_length) break;
      const ChoiceIndex c = exploring_choice(g, s, looped, tie, rng);
      double total = 0.0;
      for (std::uint64_t e = g.first_entry(c); e < g.end_entry(c); ++e)
        total += is_solved(g.target(e)) ? 0.0 : g.probability(e);
      if (!(total > 0.0)) break;
      double pick = std::uniform_real_distribution<double>(0.0, total)(rng);
      StateIndex next = kNoState;
      for (std::uint64_t e = g.first_entry(c); e < g.end_entry(c); ++e) {
        if (is_solved(g.target(e))) continue;
        next = g.target(e);
        if (pick < g.probability(e)) break;
        pick -= g.probability(e);
      }
      s = next;
    }
    ++out.paths;
    out.steps += trial.size();
    out.longest_path = std::max<std::uint64_t>(out.longest_path, trial.size());
    if (at_limit) return run.finish(SolveStatus::StateLimit);
    while (!trial.empty()) {
      const StateIndex s = trial.back();
      trial.pop_back();
      if (!check_solved(s)) break;
    }
    idle = changed ? 0 : idle + 1;

    if (run.pass_due(backups_since_pass) || (options.refine && idle == kIdleBeforePass)) {
      backups_since_pass = 0;
      bool progressed = false;
      if (const auto stop = run.pass(progressed)) return run.finish(*stop);
      if (progressed) idle = 0;
    }
    if (idle >= kIdleBeforeStalled) return run.finish(SolveStatus::Stalled);
  }
}

}  // namespace sgplan::mdp
