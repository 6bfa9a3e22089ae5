// The number printers of tools/sgplan/cli_common.hpp that the reports share.
#include "tools/sgplan/cli_common.hpp"

#include <gtest/gtest.h>

#include <cfenv>
#include <cmath>
#include <cstdlib>
#include <random>
#include <string>

namespace sgplan::cli {
namespace {

// The two numbers of "[a, b]" read back.
std::pair<double, double> read_interval(const std::string& text) {
  EXPECT_EQ(text.front(), '[');
  EXPECT_EQ(text.back(), ']');
  char* end = nullptr;
  const double a = std::strtod(text.c_str() + 1, &end);
  EXPECT_EQ(std::string(end, end + 2), ", ");
  const double b = std::strtod(end + 2, nullptr);
  return {a, b};
}

TEST(FormatInterval, BoundsNextToOneAreNotRoundedOntoIt) {
  // The matrix-free engine's lower bound on the 8x8 grid: nearest rounding printed [1, 1].
  EXPECT_EQ(format_interval(0.99999999999803, 1.0), "[0.9999999999, 1]");
  EXPECT_EQ(format_interval(0.5, 0.5), "[0.5, 0.5]");
  EXPECT_EQ(format_interval(0.0, 1e-12), "[0, 1e-12]");
  EXPECT_EQ(format_interval(0.83672608517, 0.83672613761), "[0.8367260851, 0.8367261377]");
  EXPECT_EQ(format_interval(1.0 / 3.0, 2.0 / 3.0, 3), "[0.333, 0.667]");
}

TEST(FormatInterval, ThePrintedIntervalHoldsTheBoundsAtEveryPrecision) {
  std::mt19937_64 random(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int trial = 0; trial < 20000; ++trial) {
    double a = unit(random), b = unit(random);
    if (trial % 3 == 0) a = std::ldexp(a, -static_cast<int>(random() % 60));
    if (a > b) std::swap(a, b);
    const int precision = 1 + static_cast<int>(random() % 12);
    const auto [lo, hi] = read_interval(format_interval(a, b, precision));
    ASSERT_LE(lo, a) << a << " at " << precision;
    ASSERT_GE(hi, b) << b << " at " << precision;
    // No wider than one unit in the last printed digit on each side.
    ASSERT_LE(a - lo, std::abs(a) * std::pow(10.0, 1 - precision)) << a << " at " << precision;
    ASSERT_LE(hi - b, std::abs(b) * std::pow(10.0, 1 - precision)) << b << " at " << precision;
  }
}

TEST(FormatInterval, TheRoundingModeIsLeftAsItWas) {
  ASSERT_EQ(std::fegetround(), FE_TONEAREST);
  format_interval(0.1, 0.2);
  EXPECT_EQ(std::fegetround(), FE_TONEAREST);
}

}  // namespace
}  // namespace sgplan::cli
