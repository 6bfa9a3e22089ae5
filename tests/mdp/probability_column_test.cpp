// The pooled probability column: every double read back bit for bit at every width, the width
// chosen by the number of distinct values, and graphs pooled or not equal entry for entry with the
// same answers.
#include "mdp/probability_column.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <vector>

#include "mdp/methods.hpp"
#include "mdp/reachability.hpp"
#include "tests/support/random_graphs.hpp"

namespace sgplan::mdp {
namespace {

using Width = ProbabilityColumn::Width;

std::uint64_t bits(double x) {
  return std::bit_cast<std::uint64_t>(x);
}

// `n` entries drawn from `distinct` random doubles in (0, 1] (every one of them used).
std::vector<double> draws(std::size_t distinct, std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<double> pool(distinct);
  for (double& v : pool) v = static_cast<double>((rng() >> 11) + 1) * 0x1.0p-53;
  std::vector<double> out(pool);  // each value at least once, in order
  while (out.size() < n) out.push_back(pool[rng() % distinct]);
  return out;
}

TEST(ProbabilityColumn, WidthFollowsTheDistinctValuesAndEveryBitIsKept) {
  struct Case {
    std::size_t distinct;
    Width width;
    std::size_t bytes;
  };
  for (const Case& c :
       {Case{1, Width::Index8, 1}, Case{200, Width::Index8, 1}, Case{256, Width::Index8, 1},
        Case{257, Width::Index16, 2}, Case{5000, Width::Index16, 2}, Case{65536, Width::Index16, 2},
        Case{65537, Width::Plain, 8}, Case{70000, Width::Plain, 8}}) {
    SCOPED_TRACE("distinct " + std::to_string(c.distinct));
    const std::vector<double> in = draws(c.distinct, c.distinct + 100000, c.distinct);
    ProbabilityColumn column;
    for (double p : in) column.push_back(p);
    ASSERT_EQ(column.size(), in.size());
    EXPECT_EQ(column.width(), c.width);
    EXPECT_EQ(column.bytes_per_entry(), c.bytes);
    EXPECT_EQ(column.values().size(), c.width == Width::Plain ? 0u : c.distinct);
    EXPECT_EQ(column.memory_bytes(), in.size() * c.bytes + column.values().size() * sizeof(double));
    for (std::size_t e = 0; e < in.size(); ++e) ASSERT_EQ(bits(column[e]), bits(in[e])) << "entry " << e;
    // The reader visit() hands out reads the same.
    column.visit([&](auto p) {
      for (std::size_t e = 0; e < in.size(); ++e) ASSERT_EQ(bits(p[e]), bits(in[e])) << "entry " << e;
    });
  }
}

TEST(ProbabilityColumn, EqualValuesShareOneSlotAndCloseValuesDoNot) {
  ProbabilityColumn column;
  const double third = 1.0 / 3.0;
  const double next = std::nextafter(third, 1.0);
  for (int i = 0; i < 1000; ++i) {
    column.push_back(third);
    column.push_back(next);
    column.push_back(1.0);
  }
  ASSERT_EQ(column.values().size(), 3u);
  EXPECT_EQ(bits(column.values()[0]), bits(third));
  EXPECT_EQ(bits(column.values()[1]), bits(next));
  EXPECT_EQ(bits(column[3000 - 2]), bits(next));
}

TEST(ProbabilityColumn, PlainWhenAskedAndRecodedBothWays) {
  const std::vector<double> in = draws(300, 5000, 7);
  ProbabilityColumn plain(false), pooled;
  for (double p : in) {
    plain.push_back(p);
    pooled.push_back(p);
  }
  EXPECT_EQ(plain.width(), Width::Plain);
  EXPECT_EQ(pooled.width(), Width::Index16);
  EXPECT_TRUE(plain == pooled);
  const ProbabilityColumn back = plain.recoded(true);
  EXPECT_EQ(back.width(), Width::Index16);
  EXPECT_TRUE(back == plain);
  EXPECT_EQ(pooled.recoded(false).width(), Width::Plain);
  EXPECT_TRUE(pooled.recoded(false) == pooled);
  // One differing bit, or one entry more, makes them differ.
  ProbabilityColumn other(false);
  for (std::size_t e = 0; e < in.size(); ++e) other.push_back(e == 4321 ? std::nextafter(in[e], 0.0) : in[e]);
  EXPECT_FALSE(other == pooled);
  ProbabilityColumn longer = pooled;
  longer.push_back(0.5);
  EXPECT_FALSE(longer == pooled);
}

TEST(ProbabilityColumn, AppendingAfterFinishReusesTheTable) {
  ProbabilityColumn column;
  for (double p : {0.25, 0.5, 0.25}) column.push_back(p);
  column.finish();
  ProbabilityColumn copy = column;  // a copy, as a graph's copy holds
  for (double p : {0.5, 0.75, 0.25}) copy.push_back(p);
  EXPECT_EQ(copy.values(), (std::vector<double>{0.25, 0.5, 0.75}));
  EXPECT_EQ(copy[4], 0.75);
  EXPECT_EQ(column.size(), 3u);
}

// The builder pools by default; the same graph built plain has the same entries, and every solver
// gives the same bounds to the last bit (the sums are the same doubles in the same order).
TEST(ProbabilityColumn, PooledAndPlainGraphsSolveAlike) {
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    testing::RandomGraphSpec spec;
    spec.states = 200;
    spec.payoffs = seed % 2 == 0;
    const StateGraph pooled = testing::random_graph(seed * 6151 + 3, spec);
    spec.pooled = false;
    const StateGraph plain = testing::random_graph(seed * 6151 + 3, spec);
    ASSERT_NE(pooled.probability_column().width(), Width::Plain);
    ASSERT_EQ(plain.probability_column().width(), Width::Plain);
    ASSERT_EQ(pooled.target_array(), plain.target_array());
    ASSERT_EQ(pooled.rows(), plain.rows());
    ASSERT_TRUE(pooled.probability_column() == plain.probability_column());
    EXPECT_LT(pooled.memory_bytes(), plain.memory_bytes());
    for (Method m :
         {Method::Interval, Method::Topological, Method::Policy, Method::GaussSeidel, Method::Horizon}) {
      SolveOptions o;
      o.method = m;
      o.epsilon = 1e-9;
      o.horizon = 12;
      const Solution a = solve_reachability(pooled, o), b = solve_reachability(plain, o);
      SCOPED_TRACE("seed " + std::to_string(seed) + " " + std::string(to_string(m)));
      ASSERT_EQ(a.status, b.status);
      ASSERT_EQ(a.lower, b.lower);
      ASSERT_EQ(a.upper, b.upper);
      ASSERT_EQ(a.policy, b.policy);
      ASSERT_EQ(a.iterations, b.iterations);
      ++compared;
    }
  }
  EXPECT_EQ(compared, 200);
}

}  // namespace
}  // namespace sgplan::mdp
