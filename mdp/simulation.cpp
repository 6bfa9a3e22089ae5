#include "mdp/simulation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace sgplan::mdp {

namespace {

constexpr double kZ = 1.959963984540054;  // the 97.5% quantile of the standard normal

// Wilson's lower end for k successes in n trials, 0 < k <= n:
//   (k + z^2/2 - z sqrt(k (n - k) / n + z^2 / 4)) / (n + z^2).
// At k = 0 it is 0 exactly (the square root is z/2), which rounding would miss: the caller's case.
double wilson_low(std::uint64_t k, std::uint64_t n) {
  const double kk = static_cast<double>(k), nn = static_cast<double>(n);
  const double spread = kZ * std::sqrt(kk * static_cast<double>(n - k) / nn + kZ * kZ / 4.0);
  return std::max(0.0, (kk + kZ * kZ / 2.0 - spread) / (nn + kZ * kZ));
}

}  // namespace

void wilson_interval(std::uint64_t k, std::uint64_t n, double& low, double& high) {
  if (n == 0) {
    low = 0.0;
    high = 1.0;
    return;
  }
  low = k == 0 ? 0.0 : wilson_low(k, n);
  // The upper end of k successes is 1 minus the lower end of n - k successes (the failures).
  high = k == n ? 1.0 : 1.0 - wilson_low(n - k, n);
}

bool agrees_with(const SimulationResult& r, double lower, double upper) {
  constexpr double kSlack = 4.0 * std::numeric_limits<double>::epsilon();  // a few ulps near 1
  return lower <= r.ci_high + kSlack && upper >= r.ci_low - kSlack;
}

SimulationResult simulate(const StateGraph& g, const std::vector<ChoiceIndex>& profile,
                          const SimulationOptions& options, std::span<const char> outside) {
  std::mt19937_64 rng(options.seed);
  auto uniform = [&rng]() { return static_cast<double>(rng() >> 11) * 0x1.0p-53; };
  SimulationResult r;
  r.runs = options.runs;
  double steps_total = 0.0;
  for (std::uint64_t run = 0; run < options.runs; ++run) {
    StateIndex s = g.initial_state();
    std::uint64_t steps = 0;
    const auto left = [&](StateIndex t) { return !outside.empty() && outside[t] != 0; };
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
    if (left(s)) {
      ++r.left;
    } else if (g.is_terminal(s)) {
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
  if (r.left > 0) {
    double low = 0.0;
    wilson_interval(r.successes + r.left, r.runs, low, r.ci_high);
  }
  return r;
}

}  // namespace sgplan::mdp
