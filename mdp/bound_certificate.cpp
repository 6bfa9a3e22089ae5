#include "mdp/bound_certificate.hpp"

#include <algorithm>

#include "mdp/outward_rounding.hpp"
#include "mdp/region_attractor.hpp"

namespace sgplan::mdp {

namespace {

// A choice's expectation, bounded from below (`up` false) or above, with its self-loop eliminated:
// at a state s whose choice stays with probability q, the fixed-point condition x(s) <= q x(s) +
// sum p x is the same as x(s) <= (sum p x) / (sum p) over the other entries, because 1 - q is the
// sum of the others in the exact model. The ratio's errors are relative to the exits' own
// probabilities, so a self-loop of 1 - 1e-16 (or of 1.0, after rounding) costs no precision.
// A choice that only stays gives no condition (`stays_only`).
struct Backup {
  double value = 0.0;
  bool stays_only = false;
};

Backup bounded_backup(const RegionSystem& sys, std::uint32_t i, std::uint32_t c, const std::vector<double>& x,
                      const double* outside, bool up) {
  double sum = 0.0, mass = 0.0;
  std::uint32_t others = 0;
  bool self_loop = false;
  for (std::uint32_t e = sys.first_entry(c); e < sys.end_entry(c); ++e) {
    const std::uint32_t j = sys.local(e);
    if (j == i) {
      self_loop = true;
      continue;
    }
    const double p = sys.probability(e);
    sum += p * (j == kExit ? outside[sys.exit_target(e)] : x[j]);
    mass += p;
    ++others;
  }
  Backup b;
  if (others == 0) {
    b.stays_only = true;
    return b;
  }
  if (!self_loop) {
    b.value = up ? round_up_sum(sum, others) : round_down_sum(sum, others);
  } else if (up) {
    b.value = round_up_ratio(round_up_sum(sum, others + 1), round_down_sum(mass, others + 1));
  } else {
    b.value = round_down_ratio(round_down_sum(sum, others + 1), round_up_sum(mass, others + 1));
  }
  return b;
}

}  // namespace

bool certify_lower(const RegionSystem& sys, const std::vector<std::uint32_t>& profile,
                   const double* outside_lower, std::vector<double>& l, unsigned max_rounds) {
  const std::size_t n = sys.size();
  const RegionAttractor a = positive_attractor(sys, outside_lower, profile);
  for (std::uint32_t i = 0; i < n; ++i) {
    if (!a.in[i]) l[i] = 0.0;
    l[i] = std::clamp(l[i], 0.0, 1.0);
  }
  for (unsigned round = 0; round < max_rounds; ++round) {
    bool changed = false;
    // High to low local index: regions come in breadth-first order, so values flow backwards.
    for (std::uint32_t i = static_cast<std::uint32_t>(n); i-- > 0;) {
      if (!a.in[i]) continue;
      // Max and chance: the strategy's choice; Min: every choice. A choice that only stays puts no
      // condition (in A a Min state has none of them, and pi's choice is never one).
      double bound = 1.0;
      const bool min = sys.owner(i) == Owner::Min;
      for (std::uint32_t c = min ? sys.first_choice(i) : profile[i];
           c < (min ? sys.end_choice(i) : profile[i] + 1); ++c) {
        const Backup b = bounded_backup(sys, i, c, l, outside_lower, false);
        if (!b.stays_only) bound = std::min(bound, b.value);
      }
      if (l[i] > bound) {
        l[i] = bound;
        changed = true;
      }
    }
    if (!changed) return true;
  }
  return false;
}

bool certify_upper(const RegionSystem& sys, const std::vector<std::uint32_t>& profile,
                   const EndComponentFinder* ends, const double* outside_upper, std::vector<double>& u,
                   unsigned max_rounds) {
  const std::size_t n = sys.size();
  for (std::uint32_t i = 0; i < n; ++i) u[i] = std::clamp(u[i], 0.0, 1.0);
  auto component = [&](std::uint32_t i) {
    return ends == nullptr ? kNoComponent : ends->component_of(sys.state(i));
  };
  // The rounded backup of a non-collapsed state: Max over all choices, Min its strategy's choice.
  // A choice that only stays gives u(s) >= u(s): no condition.
  auto backup = [&](std::uint32_t i) {
    const bool max = sys.owner(i) == Owner::Max;
    double best = 0.0;
    for (std::uint32_t c = max ? sys.first_choice(i) : profile[i];
         c < (max ? sys.end_choice(i) : profile[i] + 1); ++c) {
      const Backup b = bounded_backup(sys, i, c, u, outside_upper, true);
      if (!b.stays_only) best = std::max(best, b.value);
    }
    return best;
  };
  for (unsigned round = 0; round < max_rounds; ++round) {
    bool changed = false;
    for (std::uint32_t i = static_cast<std::uint32_t>(n); i-- > 0;) {
      const std::uint32_t ec = component(i);
      if (ec == kNoComponent) {
        const double bound = std::min(1.0, backup(i));
        if (u[i] < bound) {
          u[i] = bound;
          changed = true;
        }
        continue;
      }
      if (ends->members(ec)[0] != sys.state(i)) continue;  // a component is handled at its first member
      // A collapsed end component: one value for all members, at least the best exit of any Max
      // member (Min members follow sigma, chance members their only choice: both stay inside).
      double value = 0.0, exit = 0.0;
      for (StateIndex s : ends->members(ec)) {
        const std::uint32_t m = sys.local_index(s);
        value = std::max(value, u[m]);
        if (sys.owner(m) != Owner::Max) continue;
        for (std::uint32_t c = sys.first_choice(m); c < sys.end_choice(m); ++c) {
          if (ends->stays(sys.graph_choice(c))) continue;
          const Backup b = bounded_backup(sys, m, c, u, outside_upper, true);
          if (!b.stays_only) exit = std::max(exit, b.value);
        }
      }
      value = std::max(value, std::min(1.0, exit));
      for (StateIndex s : ends->members(ec)) {
        const std::uint32_t m = sys.local_index(s);
        if (u[m] != value) {
          u[m] = value;
          changed = true;
        }
      }
    }
    if (!changed) return true;
  }
  return false;
}

}  // namespace sgplan::mdp
