#include "mdp/simulation.hpp"

#include <cmath>
#include <random>

namespace sgplan::mdp {

void wilson_interval(std::uint64_t k, std::uint64_t n, double& low, double& high) {
  if (n == 0) {
    low = 0.0;
    high = 1.0;
    return;
  }
  constexpr double z = 1.959963984540054;  // the 97.5% quantile of the standard normal
  const double nn = static_cast<double>(n);
  const double p = static_cast<double>(k) / nn;
  const double denom = 1.0 + z * z / nn;
  const double centre = (p + z * z / (2.0 * nn)) / denom;
  const double half = z * std::sqrt(p * (1.0 - p) / nn + z * z / (4.0 * nn * nn)) / denom;
  low = std::max(0.0, centre - half);
  high = std::min(1.0, centre + half);
}

SimulationResult simulate(const StateGraph& g, const std::vector<ChoiceIndex>& profile,
                          const SimulationOptions& options) {
  std::mt19937_64 rng(options.seed);
  auto uniform = [&rng]() { return static_cast<double>(rng() >> 11) * 0x1.0p-53; };
  SimulationResult r;
  r.runs = options.runs;
  double steps_total = 0.0;
  for (std::uint64_t run = 0; run < options.runs; ++run) {
    StateIndex s = g.initial_state();
    std::uint64_t steps = 0;
    while (!g.is_terminal(s) && steps < options.max_steps) {
      const ChoiceIndex c = g.owner(s) == Owner::Chance ? g.first_choice(s) : profile[s];
      double u = uniform();
      EntryIndex e = g.first_entry(c);
      const EntryIndex last = g.end_entry(c) - 1;
      for (; e < last; ++e) {
        u -= g.probability(e);
        if (u < 0.0) break;
      }
      s = g.target(e);
      ++steps;
    }
    steps_total += static_cast<double>(steps);
    if (g.is_terminal(s)) {
      r.total_value += g.terminal_value(s);
      r.successes += g.terminal_value(s) == 1.0;
    } else {
      ++r.truncated;
    }
  }
  if (r.runs > 0) {
    r.estimate = r.total_value / static_cast<double>(r.runs);
    r.mean_steps = steps_total / static_cast<double>(r.runs);
  }
  wilson_interval(r.successes, r.runs, r.ci_low, r.ci_high);
  return r;
}

}  // namespace sgplan::mdp
