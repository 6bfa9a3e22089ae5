// The incremental board: after random play and take-back the cached neighbourhood codes, the point
// sets and the hash equal a recomputation from scratch, on every size and rule; the sets on a
// hand-made position.
#include "models/gomoku/board.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "tests/models/gomoku/gomoku_test_support.hpp"

namespace sgplan::models::gomoku::test {
namespace {

TEST(GomokuBoard, IncrementalCacheEqualsRecomputation) {
  std::mt19937_64 rng(2024);
  for (int size : {5, 9, 15, 19}) {
    for (Rule rule : {Rule::kFreestyle, Rule::kStandard, Rule::kRenju}) {
      Board b(size, rule);
      const std::uint64_t empty_hash = b.hash();
      std::vector<Point> played;
      for (int step = 0; step < 3 * size * size / 2; ++step) {
        const bool take_back =
            !played.empty() && (rng() % 3 == 0 || played.size() == static_cast<std::size_t>(b.points()));
        if (take_back) {
          b.remove(played.back());
          played.pop_back();
        } else {
          Point p;
          do {
            p = static_cast<Point>(rng() % static_cast<std::uint64_t>(b.points()));
          } while (!b.empty_at(p));
          b.place(p, rng() % 2 == 0 ? Stone::kBlack : Stone::kWhite);
          played.push_back(p);
        }
        if (step % 17 == 0) {
          ASSERT_TRUE(b.cache_consistent()) << "size " << size << " step " << step;
        }
      }
      ASSERT_TRUE(b.cache_consistent());
      while (!played.empty()) {
        b.remove(played.back());
        played.pop_back();
      }
      EXPECT_EQ(b.hash(), empty_hash);
      EXPECT_EQ(b.stones(), 0);
      EXPECT_TRUE(b.cache_consistent());
    }
  }
}

TEST(GomokuBoard, PointSetsOnAHandMadePosition) {
  // Black E8 F8 G8 (open three on row 8), White at the top-left corner.
  const Board b = make_board(Rule::kFreestyle, {"E8", "F8", "G8"}, {"A15", "B15"});
  EXPECT_TRUE(b.fives(Stone::kBlack).empty());
  EXPECT_EQ(b.fours(Stone::kBlack).size(), 4u);  // D8 and H8 (straight fours), C8 and I8 (broken)
  for (const char* p : {"C8", "D8", "H8", "I8"}) EXPECT_TRUE(b.fours(Stone::kBlack).contains(pt(p))) << p;
  EXPECT_TRUE(b.swords(Stone::kBlack).contains(pt("D8")));
  EXPECT_TRUE(b.twos(Stone::kBlack).contains(pt("E9")));
  EXPECT_TRUE(b.twos(Stone::kBlack).contains(pt("E12")));  // E8..E12 is one window
  EXPECT_FALSE(b.twos(Stone::kBlack).contains(pt("E13")));
  EXPECT_TRUE(b.suspects().empty());  // no forbidden points in free-style
  Board r = make_board(Rule::kRenju, {"F8", "G8", "H6", "H7"}, {});
  EXPECT_TRUE(r.suspects().contains(pt("H8")));
  EXPECT_EQ(point_name(pt("H8"), 15), "H8");
  EXPECT_EQ(point_name(pt("A1"), 15), "A1");
  EXPECT_EQ(pt("A1"), 0);
  EXPECT_EQ(pt("O15"), 224);
  EXPECT_FALSE(parse_point("P1", 15).has_value());
  EXPECT_FALSE(parse_point("A0", 15).has_value());
  EXPECT_FALSE(parse_point("A16", 15).has_value());
  EXPECT_FALSE(parse_point("A05", 15).has_value());
  EXPECT_EQ(parse_point("s19", 19).value(), 360);
}

}  // namespace
}  // namespace sgplan::models::gomoku::test
