// Bounds that hold in floating point: a sum of products p * x computed in round-to-nearest is
// turned into a guaranteed lower (or upper) bound of the same sum over the model's exact numbers.
//
// Two errors separate the computed sum s = fl(p_1 x_1 + ... + p_n x_n) from the exact one:
//   rounding:        |s - S| <= gamma_n S, gamma_n = n u / (1 - n u), u = 2^-53, when no product
//                    underflows (Higham, "Accuracy and Stability of Numerical Algorithms", 2nd
//                    ed., section 3.1, for dot products of nonnegative terms);
//   representation:  each stored probability lies within a relative kRepresentationError (rho)
//                    of the model's exact rational (state_graph.hpp); the values it multiplies
//                    are bounds held as doubles (terminal values that are not exact doubles
//                    enter as an interval one rounding wide, see reachability_setup.hpp).
// So S_exact >= s (1 - rho - ...) / (1 + gamma_n), and the bound is s times a factor just below
// 1; the factor absorbs the rounding of its own product and of 1 - c as well, which is why the
// constant below counts n + 7 units rather than n. A product that underflows (below 2^-1022) errs
// by up to 2^-1075 absolutely; on a sum of at least 2^-1000 that is below a unit relatively, which
// the seventh unit covers. Smaller sums get the trivial lower bound 0 and the upper bound 2^-999.
// A choice with a single entry is exact: its probability is 1 exactly (the builder stores it so),
// and the values it reads are bounds, not representations, so the sum is returned unchanged; this
// keeps deterministic cycles (a "stay" choice) from inflating themselves.
// The factors cost one multiplication per choice, not per entry; tests/mdp/outward_rounding_test
// checks them against exact rational arithmetic on adversarial sums.
#pragma once

#include <cstdint>

namespace sgplan::mdp {

inline constexpr double kUnitRoundoff = 0x1p-53;
// Relative error of every probability and terminal value a StateGraph stores, against the model's
// exact numbers: 8 units, enough for a correctly rounded parse (1 unit), a product of a few
// correctly rounded factors and the builder's addition of repeated successors.
inline constexpr double kRepresentationError = 0x1p-50;

namespace detail {
inline constexpr double kTinySum = 0x1p-1000;
// The relative slack for a sum of n terms (see above); 1% on top covers the second-order terms.
constexpr double outward_slack(std::uint32_t n) {
  return (static_cast<double>(n) + 7.0) * kUnitRoundoff * 1.01 + 3.0 * kRepresentationError * 1.01;
}
}  // namespace detail

// The slack itself, for callers that size perturbations to it.
constexpr double outward_slack(std::uint32_t n) {
  return detail::outward_slack(n);
}

// A value <= the exact sum whose round-to-nearest evaluation over n terms gave `sum` (sum >= 0).
// The factors 1 -+ slack(n) for the short rows that dominate every model (factor 1 for n = 1, a
// single exact entry), looked up instead of computed: a sweep calls these twice per choice, and a
// branch on n there mispredicts on models that mix single-entry and random choices.
inline constexpr std::uint32_t kFactorTableSize = 64;
struct OutwardFactors {
  double down[kFactorTableSize];
  double up[kFactorTableSize];
};
constexpr OutwardFactors make_outward_factors() {
  OutwardFactors f{};
  for (std::uint32_t n = 0; n < kFactorTableSize; ++n) {
    f.down[n] = n <= 1 ? 1.0 : 1.0 - detail::outward_slack(n);
    f.up[n] = n <= 1 ? 1.0 : 1.0 + detail::outward_slack(n);
  }
  return f;
}
inline constexpr OutwardFactors kOutwardFactors = make_outward_factors();

inline double round_down_sum(double sum, std::uint32_t n) {
  if (n < kFactorTableSize) [[likely]] {
    return sum < detail::kTinySum && n > 1 ? 0.0 : sum * kOutwardFactors.down[n];
  }
  if (sum < detail::kTinySum) return 0.0;
  return sum * (1.0 - detail::outward_slack(n));
}

inline double round_up_sum(double sum, std::uint32_t n) {
  if (n < kFactorTableSize) [[likely]] {
    return sum < detail::kTinySum && n > 1 ? 2.0 * detail::kTinySum : sum * kOutwardFactors.up[n];
  }
  if (sum < detail::kTinySum) return 2.0 * detail::kTinySum;
  return sum * (1.0 + detail::outward_slack(n));
}

inline double round_down_ratio(double num_low, double den_high) {
  if (num_low <= 0.0) return 0.0;
  return num_low / den_high * (1.0 - 2.0 * kUnitRoundoff);
}
inline double round_up_ratio(double num_high, double den_low) {
  if (den_low <= 0.0) return 1.0;
  return num_high / den_low * (1.0 + 2.0 * kUnitRoundoff);
}

}  // namespace sgplan::mdp
