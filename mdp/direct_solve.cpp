#include "mdp/direct_solve.hpp"

#include <algorithm>
#include <stdexcept>

#include "mdp/bound_certificate.hpp"
#include "mdp/outward_rounding.hpp"
#include "mdp/region_policy_iteration.hpp"

namespace sgplan::mdp {

namespace {

constexpr double kDeltaGrowth = 4.0;
constexpr int kDeltaAttempts = 10;

// Whether every exit of the region has equal lower and upper bounds (decided states).
bool exits_decided(const RegionSystem& sys, const std::vector<double>& lower,
                   const std::vector<double>& upper) {
  for (std::uint32_t e = 0; e < sys.num_entries(); ++e) {
    if (sys.local(e) == kExit && lower[sys.exit_target(e)] != upper[sys.exit_target(e)]) return false;
  }
  return true;
}

// The first perturbation: a few times the relative slack of one rounded backup over the longest
// choice, the least per jump that strict certificate inequalities need.
double first_delta(const RegionSystem& sys) {
  std::uint32_t longest = 1;
  for (std::uint32_t c = 0; c < sys.num_choices(); ++c) {
    longest = std::max(longest, sys.end_entry(c) - sys.first_entry(c));
  }
  return 4.0 * outward_slack(longest + 1);
}

double largest(const std::vector<double>& v) {
  double m = 1.0;
  for (double x : v) m = std::max(m, x);
  return m;
}

}  // namespace

DirectSolveResult solve_region_directly(const StateGraph& g, std::span<const StateIndex> region,
                                        std::vector<double>& lower, std::vector<double>& upper,
                                        EndComponentFinder& ends, std::vector<ChoiceIndex>& min_strategy,
                                        const DirectSolveOptions& options) {
  DirectSolveResult out;
  const RegionSystem sys(g, region);
  const std::size_t n = sys.size();
  RegionPolicyOptions pi_options;
  pi_options.max_evaluations = options.max_evaluations;
  pi_options.limits = options.limits;
  pi_options.keep_going = [&](std::uint64_t done) {
    return !options.keep_going || options.keep_going(out.evaluations + done);
  };

  // 1. The lower side.
  RegionPolicyResult low = region_policy_iteration(sys, lower.data(), pi_options);
  out.evaluations += low.evaluations;
  if (!low.ok) {
    out.failure = low.failure;
    return out;
  }
  if (!low.converged) {
    out.stopped = true;
    return out;
  }
  // 2. The upper side, from the lower side's strategies when the exits' bounds differ.
  RegionPolicyResult high_storage;
  const RegionPolicyResult* high = &low;
  if (!exits_decided(sys, lower, upper)) {
    high_storage = region_policy_iteration(sys, upper.data(), pi_options, &low.profile);
    out.evaluations += high_storage.evaluations;
    if (!high_storage.ok || !high_storage.converged) {
      out.failure = high_storage.failure;
      out.stopped = !high_storage.converged && high_storage.ok;
      return out;
    }
    high = &high_storage;
  }
  out.strategy.assign(n, kNoChoice);
  for (std::uint32_t i = 0; i < n; ++i) {
    if (sys.owner(i) != Owner::Chance) out.strategy[i] = sys.graph_choice(low.profile[i]);
  }

  // 3. Certificates, with a growing perturbation.
  const double delta0 = first_delta(sys);
  const double max_delta =
      std::max(delta0, options.epsilon / (2.0 * std::max(largest(low.steps), largest(high->steps))));
  std::vector<double> candidate(n);
  int attempts = 0;
  for (double delta = delta0; !out.lower_certified && delta <= max_delta && attempts < kDeltaAttempts;
       delta *= kDeltaGrowth, ++attempts) {
    for (std::uint32_t i = 0; i < n; ++i) candidate[i] = low.value[i] - delta * low.steps[i];
    if (certify_lower(sys, low.profile, lower.data(), candidate, options.certificate_rounds)) {
      out.lower_certified = true;
      for (std::uint32_t i = 0; i < n; ++i) lower[sys.state(i)] = std::max(lower[sys.state(i)], candidate[i]);
    }
  }
  // The upper certificate collapses the end components of the MDP that Min's strategy leaves.
  bool has_min = false;
  for (std::uint32_t i = 0; i < n; ++i) has_min = has_min || sys.owner(i) == Owner::Min;
  if (has_min) {
    min_strategy.resize(g.num_states(), kNoChoice);
    for (std::uint32_t i = 0; i < n; ++i) {
      if (sys.owner(i) == Owner::Min) min_strategy[sys.state(i)] = sys.graph_choice(high->profile[i]);
    }
  }
  ends.decompose(region, has_min ? min_strategy.data() : nullptr);
  attempts = 0;
  for (double delta = delta0; !out.upper_certified && delta <= max_delta && attempts < kDeltaAttempts;
       delta *= kDeltaGrowth, ++attempts) {
    for (std::uint32_t i = 0; i < n; ++i) candidate[i] = high->value[i] + delta * high->steps[i];
    if (certify_upper(sys, high->profile, &ends, upper.data(), candidate, options.certificate_rounds)) {
      out.upper_certified = true;
      for (std::uint32_t i = 0; i < n; ++i) upper[sys.state(i)] = std::min(upper[sys.state(i)], candidate[i]);
    }
  }
  ends.clear();
  if (!out.lower_certified || !out.upper_certified) {
    out.failure = std::string("the ") + (out.lower_certified ? "upper" : "lower") +
                  " certificate did not hold within epsilon";
  }
  for (std::uint32_t i = 0; i < n; ++i) {
    const StateIndex s = sys.state(i);
    // Both bounds are proven: crossing bounds mean a bug, never an answer.
    if (lower[s] > upper[s]) {
      throw std::logic_error("direct solve: certified bounds cross at state " + std::to_string(s));
    }
  }
  return out;
}

}  // namespace sgplan::mdp
