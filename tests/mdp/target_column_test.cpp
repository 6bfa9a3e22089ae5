// The narrowed targets of a state graph (target_column.hpp).
#include "mdp/target_column.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace sgplan::mdp {
namespace {

// Targets below 2^16 take two bytes, below 2^24 three, else four; the column widens when a larger
// target arrives (one at a time or in a batch) and every earlier target reads back.
TEST(TargetColumn, ReadsBackEveryTargetAtTheNarrowestWidth) {
  struct Case {
    std::uint32_t largest;
    std::size_t width;
  };
  for (const Case& c : {Case{0, 2}, Case{65535, 2}, Case{65536, 3}, Case{(1u << 24) - 1, 3},
                        Case{1u << 24, 4}, Case{0xFFFFFFFEu, 4}}) {
    for (bool batched : {false, true}) {
      std::mt19937 rng(c.largest);
      std::vector<std::uint32_t> expected;
      for (int i = 0; i < 3000; ++i) expected.push_back(rng() % 65536);
      expected.push_back(c.largest);
      for (int i = 0; i < 3000; ++i)
        expected.push_back(static_cast<std::uint32_t>(rng() % (std::uint64_t{c.largest} + 1)));
      TargetColumn column;
      if (batched) {
        column.append(std::span(expected).first(1000));
        column.append(std::span(expected).subspan(1000));
      } else {
        for (std::uint32_t t : expected) column.push_back(t);
      }
      SCOPED_TRACE("largest " + std::to_string(c.largest) + (batched ? ", batched" : ""));
      EXPECT_EQ(column.width(), c.width);
      EXPECT_EQ(column.memory_bytes(), expected.size() * c.width + 3);
      ASSERT_EQ(column.size(), expected.size());
      const TargetColumn::Reader r = column.reader();
      for (std::size_t e = 0; e < expected.size(); ++e) ASSERT_EQ(r[e], expected[e]) << e;
      // A range reads the same entries, in order, and has their count.
      const auto range = column.range(2990, 3010);
      EXPECT_EQ(range.size(), 20u);
      std::size_t e = 2990;
      for (std::uint32_t t : range) ASSERT_EQ(t, expected[e++]);
      EXPECT_EQ(e, 3010u);
      EXPECT_EQ(range[10], expected[3000]);
    }
  }
}

TEST(TargetColumn, ComparesEntryForEntryAcrossWidths) {
  TargetColumn narrow, wide;
  for (std::uint32_t t : {3u, 1u, 4u}) narrow.push_back(t);
  wide.push_back(1u << 25);
  TargetColumn wide2 = wide;
  EXPECT_FALSE(narrow == wide);
  // Same targets at different widths are equal.
  TargetColumn a, b;
  for (std::uint32_t t : {3u, 1u, 4u}) {
    a.push_back(t);
    b.push_back(t);
  }
  b.push_back(1u << 25);
  a.push_back(1u << 25);
  EXPECT_TRUE(a == b);
  TargetColumn c;
  c.push_back(1u << 25);  // widened before the small targets came
  for (std::uint32_t t : {3u, 1u, 4u}) c.push_back(t);
  EXPECT_FALSE(a == c);  // same values, other order
  EXPECT_TRUE(wide == wide2);
  wide2.push_back(0);
  EXPECT_FALSE(wide == wide2);
}

}  // namespace
}  // namespace sgplan::mdp
