// The Monte Carlo check: Wilson's 95% interval reaches 0 and 1 exactly at the extremes (all
// failures, all successes), agrees with the textbook formula in the middle, and the agreement test
// between a computed value and the interval cannot be broken by rounding (reported: 20,000 successes
// of 20,000, value 1, "OUTSIDE the 95% interval" because the upper end rounded to 0.9999999999999999).
#include "mdp/simulation.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace sgplan::mdp {
namespace {

// Wilson's score interval as printed in textbooks, for the middle of the range.
void textbook_wilson(double k, double n, double& low, double& high) {
  const double z = 1.959963984540054;
  const double p = k / n;
  const double denom = 1.0 + z * z / n;
  const double centre = (p + z * z / (2.0 * n)) / denom;
  const double half = z * std::sqrt(p * (1.0 - p) / n + z * z / (4.0 * n * n)) / denom;
  low = centre - half;
  high = centre + half;
}

TEST(Wilson, ExtremesAreExact) {
  for (std::uint64_t n : {1ull, 2ull, 3ull, 7ull, 10ull, 999ull, 4000ull, 20000ull, 123457ull, 10000000ull}) {
    double low = -1.0, high = -1.0;
    wilson_interval(0, n, low, high);
    EXPECT_EQ(low, 0.0) << n;
    EXPECT_GT(high, 0.0) << n;
    EXPECT_LT(high, 1.0) << n;
    wilson_interval(n, n, low, high);
    EXPECT_EQ(high, 1.0) << n;
    EXPECT_GT(low, 0.0) << n;
    EXPECT_LT(low, 1.0) << n;
    // The value 1 (all successes) and 0 (all failures) agree with their own simulations.
    SimulationResult all;
    all.runs = n;
    all.successes = n;
    wilson_interval(n, n, all.ci_low, all.ci_high);
    EXPECT_TRUE(agrees_with(all, 1.0, 1.0)) << n;
    SimulationResult none;
    none.runs = n;
    wilson_interval(0, n, none.ci_low, none.ci_high);
    EXPECT_TRUE(agrees_with(none, 0.0, 0.0)) << n;
  }
}

TEST(Wilson, MiddleMatchesTheTextbookAndIsSymmetric) {
  for (std::uint64_t n : {2ull, 10ull, 4000ull, 20000ull}) {
    for (std::uint64_t k = 1; k < n; k += std::max<std::uint64_t>(1, n / 37)) {
      double low = 0.0, high = 0.0, tl = 0.0, th = 0.0;
      wilson_interval(k, n, low, high);
      textbook_wilson(static_cast<double>(k), static_cast<double>(n), tl, th);
      EXPECT_NEAR(low, tl, 1e-12) << k << "/" << n;
      EXPECT_NEAR(high, th, 1e-12) << k << "/" << n;
      const double p = static_cast<double>(k) / static_cast<double>(n);
      EXPECT_LT(low, p);
      EXPECT_GT(high, p);
      double mlow = 0.0, mhigh = 0.0;  // the mirror image: n - k successes
      wilson_interval(n - k, n, mlow, mhigh);
      EXPECT_NEAR(mlow, 1.0 - high, 1e-15);
      EXPECT_NEAR(mhigh, 1.0 - low, 1e-15);
    }
  }
}

TEST(Wilson, AgreementInTheMiddleAndOutside) {
  SimulationResult r;
  r.runs = 4000;
  r.successes = 923;  // 0.23075
  wilson_interval(r.successes, r.runs, r.ci_low, r.ci_high);
  EXPECT_TRUE(agrees_with(r, 3.0 / 13.0, 3.0 / 13.0));
  EXPECT_TRUE(agrees_with(r, 0.1, 0.3));  // sound bounds overlapping the interval
  EXPECT_FALSE(agrees_with(r, 0.5, 0.5));
  EXPECT_FALSE(agrees_with(r, 0.0, 0.1));
  // The interval's own ends agree; a value clearly beyond them does not.
  EXPECT_TRUE(agrees_with(r, r.ci_high, r.ci_high));
  EXPECT_TRUE(agrees_with(r, r.ci_low, r.ci_low));
  EXPECT_FALSE(agrees_with(r, r.ci_high + 1e-9, r.ci_high + 1e-9));
}

}  // namespace
}  // namespace sgplan::mdp
