// The blocked row starts of a state graph (offset_column.hpp).
#include "mdp/offset_column.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <stdexcept>
#include <vector>

namespace sgplan::mdp {
namespace {

// Offsets whose steps are all `step`, except one of `jump` at position `at` (at > 0).
std::vector<std::uint32_t> offsets(std::size_t n, std::uint32_t step, std::size_t at, std::uint32_t jump) {
  std::vector<std::uint32_t> out{0};
  while (out.size() < n) out.push_back(out.back() + (out.size() == at ? jump : step));
  return out;
}

// Offsets whose steps are drawn from [0, max_step] (0: a state without choices).
std::vector<std::uint32_t> random_offsets(std::size_t n, std::uint32_t max_step, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<std::uint32_t> step(0, max_step);
  std::vector<std::uint32_t> out{0};
  while (out.size() < n) out.push_back(out.back() + step(rng));
  return out;
}

// Every offset reads back, through operator[] and through the reader, at the width the
// largest distance within a block needs; widening in the middle of a build keeps what came before.
TEST(OffsetColumn, ReadsBackEveryOffsetAtTheNarrowestWidth) {
  struct Case {
    std::uint32_t step;
    std::size_t at;
    std::uint32_t jump;
    std::size_t width;
  };
  // Blocks of 16: 15 steps of 17 span 255 (one byte), of 18 span 270 (two bytes); one step of 256
  // inside a block needs two bytes, of 65,536 four; a jump at a block's start (1008 = 63 x 16) is
  // absorbed by the block's base.
  for (const Case& c : {Case{17, 0, 0, 1}, Case{18, 0, 0, 2}, Case{3, 1000, 256, 2}, Case{3, 1000, 65536, 4},
                        Case{3, 1008, 65536, 1}, Case{3, 1024, 1u << 30, 1}, Case{0, 0, 0, 1}}) {
    const auto expected = offsets(5000, c.step, c.at, c.jump);
    OffsetColumn column;
    for (std::uint32_t v : expected) column.push_back(v);
    SCOPED_TRACE("step " + std::to_string(c.step) + ", jump " + std::to_string(c.jump));
    ASSERT_EQ(column.size(), expected.size());
    EXPECT_EQ(column.distance_bytes(), c.width);
    EXPECT_EQ(column.memory_bytes(), expected.size() * c.width + 3 + (expected.size() + 15) / 16 * 4);
    for (std::size_t i = 0; i < expected.size(); ++i) ASSERT_EQ(column[i], expected[i]) << i;
    const OffsetColumn::Reader r = column.reader();
    for (std::size_t i = 0; i < expected.size(); ++i) ASSERT_EQ(r[i], expected[i]) << i;
    EXPECT_EQ(column.back(), expected.back());
  }
}

// upper_bound agrees with std::upper_bound, with runs of equal offsets (states without choices)
// across block boundaries, and values below, between and above the stored ones.
TEST(OffsetColumn, UpperBoundMatchesTheStandardOne) {
  for (unsigned seed = 1; seed <= 20; ++seed) {
    const auto expected = random_offsets(1 + seed * 37, seed % 3 == 0 ? 1 : 40, seed);
    OffsetColumn column;
    for (std::uint32_t v : expected) column.push_back(v);
    const std::uint32_t last = expected.back();
    for (std::uint32_t v = 0; v <= last + 2; v += 1 + v / 64) {
      const auto want = std::upper_bound(expected.begin(), expected.end(), v) - expected.begin();
      ASSERT_EQ(column.upper_bound(v), static_cast<std::size_t>(want)) << "seed " << seed << " value " << v;
    }
    ASSERT_EQ(column.upper_bound(last), expected.size());
  }
}

TEST(OffsetColumn, RefusesDecreasingOffsetsAndComparesAcrossWidths) {
  OffsetColumn a, b;
  for (std::uint32_t v : {0u, 5u, 5u, 9u}) a.push_back(v);
  EXPECT_THROW(a.push_back(8), std::invalid_argument);
  EXPECT_EQ(a.size(), 4u);
  for (std::uint32_t v : {0u, 5u, 5u, 9u}) b.push_back(v);
  EXPECT_TRUE(a == b);
  // A column widened to four bytes by one more offset differs (sizes); given the same offset, the
  // narrow one widens too and they compare equal; different last offsets make them differ.
  OffsetColumn wide;
  for (std::uint32_t v : {0u, 5u, 5u, 9u}) wide.push_back(v);
  wide.push_back(9 + 70000);
  EXPECT_EQ(wide.distance_bytes(), 4u);
  EXPECT_FALSE(a == wide);
  a.push_back(9 + 70000);
  EXPECT_TRUE(a == wide);
  a.push_back(9 + 70001);
  wide.push_back(9 + 70002);
  EXPECT_FALSE(a == wide);
}

}  // namespace
}  // namespace sgplan::mdp
