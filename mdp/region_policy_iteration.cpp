#include "mdp/region_policy_iteration.hpp"

#include <algorithm>
#include <cmath>

#include "mdp/region_attractor.hpp"

namespace sgplan::mdp {

namespace {

// A switch must gain more than this (relative to the value's size): direct (LU) evaluations are
// accurate to a few units in the last place on well-conditioned chains, iterative ones only to
// their tolerance times the chain's conditioning, and a smaller gain may be noise. Switching on
// noise can cycle; a tie left unswitched costs at most the margin, which the certificates or the
// interval iteration after them absorb.
constexpr double kImprovementDirect = 1e-13;
constexpr double kImprovementIterative = 1e-9;

// A choice's value with its self-loop eliminated: (sum of p x over the other entries) / (their
// probability). Comparing these, not the plain expectations, is what lets a choice that stays with
// probability 1 - 1e-12 show its worth: its plain expectation differs from x(s) only by 1e-12 times
// the gain, below any rounding margin. False for a choice that only stays (it improves nothing).
bool eliminated_value(const RegionSystem& sys, std::uint32_t i, std::uint32_t c, const double* inside,
                      const double* outside, double& value) {
  double sum = 0.0, mass = 0.0;
  for (std::uint32_t e = sys.first_entry(c); e < sys.end_entry(c); ++e) {
    const std::uint32_t j = sys.local(e);
    if (j == i) continue;
    const double p = sys.probability(e);
    sum += p * (j == kExit ? outside[sys.exit_target(e)] : inside[j]);
    mass += p;
  }
  if (mass <= 0.0) return false;
  value = sum / mass;
  return true;
}

bool better(Owner who, double candidate, double current, double relative_margin) {
  const double margin = relative_margin * std::max(1e-300, std::abs(current));
  return who == Owner::Max ? candidate > current + margin : candidate < current - margin;
}

}  // namespace

std::vector<std::uint8_t> fix_min_avoiders(const RegionSystem& sys, const double* outside,
                                           std::vector<std::uint32_t>& profile) {
  const RegionAttractor a = positive_attractor(sys, outside, profile);
  std::vector<std::uint8_t> avoid(sys.size(), 0);
  for (std::uint32_t i = 0; i < sys.size(); ++i) {
    if (a.in[i]) continue;
    avoid[i] = 1;
    if (sys.owner(i) != Owner::Min) continue;
    for (std::uint32_t c = sys.first_choice(i); c < sys.end_choice(i); ++c) {
      if (!a.hit[c]) {  // no positive exit and no successor in the attractor: the play stays out
        profile[i] = c;
        break;
      }
    }
  }
  return avoid;
}

RegionPolicyResult region_policy_iteration(const RegionSystem& sys, const double* outside,
                                           const RegionPolicyOptions& options,
                                           const std::vector<std::uint32_t>* start) {
  const std::size_t n = sys.size();
  RegionPolicyResult out;
  if (start != nullptr) {
    out.profile = *start;
  } else {
    out.profile.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) out.profile[i] = sys.first_choice(i);
  }
  bool has_min = false;
  for (std::uint32_t i = 0; i < n; ++i) has_min = has_min || sys.owner(i) == Owner::Min;

  ChainSolution previous;  // the last evaluation, the iterative solver's starting point
  double margin = kImprovementDirect;
  // Switches `who`'s choices to strictly better ones against out.value; true if any changed.
  auto improve = [&](Owner who, const std::vector<std::uint8_t>* frozen) {
    bool switched = false;
    for (std::uint32_t i = 0; i < n; ++i) {
      if (sys.owner(i) != who || (frozen != nullptr && (*frozen)[i])) continue;
      std::uint32_t best = out.profile[i];
      // The current choice is worth x(s) in its own chain (0 if it only stays).
      double best_value = out.value[i];
      for (std::uint32_t c = sys.first_choice(i); c < sys.end_choice(i); ++c) {
        double v = 0.0;
        if (c == out.profile[i] || !eliminated_value(sys, i, c, out.value.data(), outside, v)) continue;
        if (better(who, v, best_value, margin)) {
          best = c;
          best_value = v;
        }
      }
      if (best != out.profile[i]) {
        out.profile[i] = best;
        switched = true;
      }
    }
    return switched;
  };
  auto evaluate = [&]() {
    ChainSolution chain = solve_chain(sys, out.profile, outside, true, options.limits,
                                      previous.value.empty() ? nullptr : &previous);
    ++out.evaluations;
    if (!chain.ok) {
      out.ok = false;
      out.failure = chain.failure;
      return false;
    }
    out.value = chain.value;
    out.steps = chain.steps;
    margin = chain.iterative_components > 0 ? kImprovementIterative : kImprovementDirect;
    previous = std::move(chain);
    if (out.evaluations >= options.max_evaluations) return false;
    return !options.keep_going || options.keep_going(out.evaluations);
  };
  for (;;) {
    std::vector<std::uint8_t> frozen;
    if (has_min) frozen = fix_min_avoiders(sys, outside, out.profile);
    bool min_done = false;
    for (;;) {
      if (!evaluate()) return out;
      if (!has_min || !improve(Owner::Min, &frozen)) {
        min_done = true;
        break;
      }
    }
    if (!min_done) return out;
    if (!improve(Owner::Max, nullptr)) break;
  }
  out.converged = true;
  return out;
}

}  // namespace sgplan::mdp
