// The outward-rounded sums against exact rational arithmetic: for random and adversarial dot
// products of probabilities and values, the rounded-down result lies below the exact sum over any
// probabilities within the representation error, and the rounded-up one above.
#include "mdp/outward_rounding.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "core/rational.hpp"

namespace sgplan::mdp {
namespace {

// Every finite double is a dyadic rational: core's from_double gives it exactly.
Rational exact(double x) {
  return from_double(x);
}

void check(const std::vector<double>& p, const std::vector<double>& x) {
  double sum = 0.0;
  Rational s = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    sum += p[i] * x[i];
    s += exact(p[i]) * exact(x[i]);
  }
  const auto n = static_cast<std::uint32_t>(p.size());
  const Rational rho = exact(kRepresentationError);
  // The exact model's probabilities may lie anywhere within rho of the stored ones.
  const Rational lowest = s * (1 - rho), highest = s / (1 - rho);
  if (n == 1) {
    EXPECT_EQ(round_down_sum(sum, n), sum);  // one entry: probability 1, exact
    return;
  }
  EXPECT_LE(exact(round_down_sum(sum, n)), lowest) << sum << " over " << n;
  EXPECT_GE(exact(round_up_sum(sum, n)), highest) << sum << " over " << n;
}

TEST(OutwardRounding, BoundsHoldAgainstExactArithmetic) {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int trial = 0; trial < 3000; ++trial) {
    const std::size_t n = 2 + rng() % 40;
    std::vector<double> p(n), x(n);
    // Magnitudes from ordinary to tiny, so that products meet the underflow threshold.
    const int scale = static_cast<int>(rng() % 4 == 0 ? rng() % 1100 : rng() % 60);
    for (std::size_t i = 0; i < n; ++i) {
      p[i] = std::ldexp(unit(rng), -static_cast<int>(rng() % (scale + 1)));
      x[i] = rng() % 5 == 0 ? 1.0 : unit(rng);
    }
    check(p, x);
  }
}

TEST(OutwardRounding, BoundsHoldOnAdversarialSums) {
  // Sums right at the threshold below which the bounds become trivial, subnormal probabilities,
  // and many equal terms whose rounding errors all point one way.
  check({0x1p-1000, 0x1p-1000}, {1.0, 0.5});
  check({0x1p-1001, 0x1p-1001}, {1.0, 1.0});
  check({std::numeric_limits<double>::denorm_min(), 0.5}, {1.0, 1.0});
  check({1e-300, 1e-300}, {1.0, 0.0});
  check(std::vector<double>(1000, 0.1), std::vector<double>(1000, 1.0 / 3.0));
  check(std::vector<double>(64, 1.0 / 64.0), std::vector<double>(64, 0.9999999999999999));
  check({0.9999999999999998, 1e-16}, {0.7, 1.0});
}

TEST(OutwardRounding, RatioBoundsContainTheQuotient) {
  const double num = 1e-16 * (1.0 + 1e-3), den = 2e-16;
  const double low = round_down_ratio(round_down_sum(num, 3), round_up_sum(den, 3));
  const double high = round_up_ratio(round_up_sum(num, 3), round_down_sum(den, 3));
  EXPECT_LE(exact(low), exact(num) / exact(den));
  EXPECT_GE(exact(high), exact(num) / exact(den));
  EXPECT_LT(high - low, 1e-13);
}

}  // namespace
}  // namespace sgplan::mdp
