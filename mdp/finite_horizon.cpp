#include "mdp/finite_horizon.hpp"

#include <algorithm>
#include <cmath>

#include "mdp/backup.hpp"
#include "mdp/outward_rounding.hpp"

namespace sgplan::mdp {

namespace {

// The bounded backup of state s: every choice's expectation rounded outward (lower bounds down,
// upper bounds up), then the owner's best.
void bounded_backup(const StateGraph& g, StateIndex s, const std::vector<double>& lo,
                    const std::vector<double>& up, double& out_lo, double& out_up) {
  reduce_choice_pairs_from_identity(
      g.owner(s), g.first_choice(s), g.end_choice(s),
      [&](ChoiceIndex c, double& l, double& u) {
        const auto n = static_cast<std::uint32_t>(g.end_entry(c) - g.first_entry(c));
        l = round_down_sum(g.expectation(c, lo), n);
        u = std::min(1.0, round_up_sum(g.expectation(c, up), n));
      },
      out_lo, out_up);
}

}  // namespace

Solution solve_finite_horizon(const StateGraph& g, std::uint32_t horizon, const SolveOptions& options) {
  const std::size_t n = g.num_states();
  std::vector<double> lo(n, 0.0), up(n, 0.0);
  for (StateIndex s = 0; s < n; ++s) {
    if (!g.is_terminal(s)) continue;
    lo[s] = up[s] = g.terminal_value(s);
    if (!g.terminal_value_exact(s)) {  // the nearest double: the exact value is one step away
      lo[s] = std::nextafter(lo[s], 0.0);
      up[s] = std::nextafter(up[s], 1.0);
    }
  }
  std::vector<double> next_lo = lo, next_up = up;
  Solution out;
  out.method = Method::Horizon;
  out.sound = true;
  out.policy.assign(n, kNoChoice);
  for (std::uint32_t step = 1; step <= horizon; ++step) {
    const bool last = step == horizon;
    for (StateIndex s = 0; s < n; ++s) {
      if (g.is_terminal(s)) continue;
      bounded_backup(g, s, lo, up, next_lo[s], next_up[s]);
    }
    if (last) {
      // The first step's choice: best for the midpoint of the bounds it leads to.
      std::vector<double> mid(n);
      for (StateIndex s = 0; s < n; ++s) mid[s] = 0.5 * (lo[s] + up[s]);
      for (StateIndex s = 0; s < n; ++s) {
        if (g.owner(s) == Owner::Max || g.owner(s) == Owner::Min) out.policy[s] = best_choice(g, s, mid);
      }
    }
    std::swap(lo, next_lo);
    std::swap(up, next_up);
    ++out.iterations;
    if (options.deadline && std::chrono::steady_clock::now() >= *options.deadline) {
      out.status = SolveStatus::TimeLimit;
      break;
    }
    if (options.progress && !options.progress(Progress{out.iterations, 0.0, "steps"})) {
      out.status = SolveStatus::Aborted;
      break;
    }
  }
  if (horizon == 0) {
    for (StateIndex s = 0; s < n; ++s) {
      if (g.owner(s) == Owner::Max || g.owner(s) == Owner::Min) out.policy[s] = g.first_choice(s);
    }
  }
  out.lower = std::move(lo);
  out.upper = std::move(up);
  return out;
}

}  // namespace sgplan::mdp
