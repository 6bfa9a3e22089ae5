#include "mdp/finite_horizon.hpp"

#include "mdp/backup.hpp"

namespace sgplan::mdp {

Solution solve_finite_horizon(const StateGraph& g, std::uint32_t horizon, const SolveOptions& options) {
  const std::size_t n = g.num_states();
  std::vector<double> x(n, 0.0);
  for (StateIndex s = 0; s < n; ++s) {
    if (g.is_terminal(s)) x[s] = g.terminal_value(s);
  }
  std::vector<double> next = x;
  Solution out;
  out.method = Method::Horizon;
  out.exact = true;
  out.policy.assign(n, kNoChoice);
  for (std::uint32_t step = 1; step <= horizon; ++step) {
    const bool last = step == horizon;
    for (StateIndex s = 0; s < n; ++s) {
      if (g.is_terminal(s)) continue;
      if (last && g.owner(s) != Owner::Chance) {
        const ChoiceIndex c = best_choice(g, s, x);
        out.policy[s] = c;
        next[s] = g.expectation(c, x);
      } else {
        next[s] = backup(g, s, x);
      }
    }
    std::swap(x, next);
    ++out.iterations;
    if (options.progress && !options.progress(Progress{out.iterations, 0.0})) {
      out.status = SolveStatus::Aborted;
      break;
    }
  }
  if (horizon == 0) {
    for (StateIndex s = 0; s < n; ++s) {
      if (g.owner(s) == Owner::Max || g.owner(s) == Owner::Min) out.policy[s] = g.first_choice(s);
    }
  }
  out.lower = x;
  out.upper = x;
  return out;
}

}  // namespace sgplan::mdp
