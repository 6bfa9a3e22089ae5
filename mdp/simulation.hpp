// Monte Carlo check of a solution: plays the profile (a choice per Max and Min state) from the
// initial state with chance sampled, and estimates the probability of success (the mean terminal
// value) with a 95% Wilson score interval. Deterministic for a given seed on every platform: the
// generator is std::mt19937_64 and uniform doubles are taken from its top 53 bits, not from
// std::uniform_real_distribution (whose algorithm the standard leaves open).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

struct SimulationOptions {
  std::uint64_t runs = 10000;
  std::uint64_t seed = 1;
  std::uint64_t max_steps = 1'000'000;  // a run still going after this many steps is truncated
};

struct SimulationResult {
  std::uint64_t runs = 0;
  std::uint64_t successes = 0;  // runs ending in a terminal of value 1
  double total_value = 0.0;     // sum of the terminal values reached (truncated runs count 0)
  double estimate = 0.0;        // total_value / runs
  double ci_low = 0.0;          // 95% Wilson score interval for the success probability
  double ci_high = 0.0;
  double mean_steps = 0.0;  // over all runs, truncated ones counted at max_steps
  std::uint64_t truncated = 0;
  std::uint64_t left = 0;  // runs that reached a state marked outside (scored neither way)
};

// `outside` (empty, or one flag per state): states the profile does not cover (the unexplored
// frontier of a partial solution); a run that reaches one stops there and counts in `left`, not as
// a success. The interval then covers both readings: ci_low from the successes alone, ci_high from
// the successes and the runs that left (any of which might have succeeded).
SimulationResult simulate(const StateGraph& graph, const std::vector<ChoiceIndex>& profile,
                          const SimulationOptions& options, std::span<const char> outside = {});

// The 95% Wilson score interval for k successes in n trials. Exact at the extremes, as it is in
// exact arithmetic: low is 0 when k = 0 and high is 1 when k = n (the textbook formula rounds them to
// 1e-17 and 0.9999999999999999); and symmetric: high(k, n) = 1 - low(n - k, n).
void wilson_interval(std::uint64_t k, std::uint64_t n, double& low, double& high);

// Whether a computed value, known to lie in [lower, upper] (lower = upper for a point value),
// agrees with the simulation: the two intervals overlap, the simulation's widened by a few ulps so
// that rounding in either computation cannot make a value on the interval's edge fall outside.
bool agrees_with(const SimulationResult& result, double lower, double upper);

}  // namespace sgplan::mdp
