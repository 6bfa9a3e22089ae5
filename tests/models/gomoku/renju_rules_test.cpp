// Forbidden points for Black under the RIF Renju rules (9.2, 9.3): double-three, double-four on two
// lines and on one line, overline, a five that also makes an overline or double-four (allowed),
// four-three (allowed), threes that are not threes (blocked, or whose straight four would be an
// overline), false threes whose straight-four points are forbidden (by overline, and recursively by
// a double-three), and a remote White stone that breaks that recursion and so makes the point
// forbidden again. Each position was worked out by hand; the comments give the reasoning.
#include "models/gomoku/renju_rules.hpp"

#include <gtest/gtest.h>

#include "models/gomoku/gomoku_game.hpp"
#include "tests/models/gomoku/gomoku_test_support.hpp"

namespace sgplan::models::gomoku::test {
namespace {

bool forbidden_at(const Board& b, const char* p) {
  return RenjuRules::forbidden(b, pt(p));
}

TEST(RenjuRules, DoubleThreeIsForbidden) {
  // Row 8: F8 G8 + H8 = open three (E8/I8 make straight fours); column H: H6 H7 + H8 likewise.
  const Board b = make_board(Rule::kRenju, {"F8", "G8", "H6", "H7"}, {});
  EXPECT_TRUE(forbidden_at(b, "H8"));
  const auto s = RenjuRules::shapes(b, pt("H8"));
  EXPECT_EQ(s.threes, 2);
  EXPECT_EQ(s.real_threes, 2);
  EXPECT_EQ(s.fours, 0);
  // The same points for White, or under the other rules, are ordinary moves.
  EXPECT_FALSE(forbidden_at(make_board(Rule::kFreestyle, {"F8", "G8", "H6", "H7"}, {}), "H8"));
  EXPECT_FALSE(forbidden_at(make_board(Rule::kStandard, {"F8", "G8", "H6", "H7"}, {}), "H8"));
}

TEST(RenjuRules, SplitThreeCounts) {
  // F8 _ I8 with G8: F8 G8 _ I8, and H8 makes the straight four F8..I8 (E8, J8 open): a three.
  const Board b = make_board(Rule::kRenju, {"F8", "I8", "G6", "G7"}, {});
  EXPECT_TRUE(forbidden_at(b, "G8"));
  EXPECT_EQ(RenjuRules::shapes(b, pt("G8")).threes, 2);
}

TEST(RenjuRules, FourThreeIsAllowed) {
  // Row: E8 F8 G8 + H8 is a straight four (one four); column H6 H7 + H8 a three.
  const Board b = make_board(Rule::kRenju, {"E8", "F8", "G8", "H6", "H7"}, {});
  EXPECT_FALSE(forbidden_at(b, "H8"));
  const auto s = RenjuRules::shapes(b, pt("H8"));
  EXPECT_EQ(s.fours, 1);
  EXPECT_EQ(s.threes, 1);
}

TEST(RenjuRules, DoubleFourOnTwoLinesIsForbidden) {
  const Board b = make_board(Rule::kRenju, {"E8", "F8", "G8", "H5", "H6", "H7"}, {});
  EXPECT_TRUE(forbidden_at(b, "H8"));
  EXPECT_EQ(RenjuRules::shapes(b, pt("H8")).fours, 2);
}

TEST(RenjuRules, DoubleFourOnOneLineIsForbidden) {
  // D8 _ F8 G8 H8 _ J8: {D8 F8 G8 H8} completes at E8, {F8 G8 H8 J8} at I8: two fours.
  const Board b = make_board(Rule::kRenju, {"D8", "F8", "G8", "J8"}, {});
  EXPECT_TRUE(forbidden_at(b, "H8"));
  EXPECT_EQ(RenjuRules::shapes(b, pt("H8")).fours, 2);
  // A straight four is one four: E8 F8 G8 + H8 with D8 and I8 open.
  EXPECT_EQ(RenjuRules::shapes(make_board(Rule::kRenju, {"E8", "F8", "G8"}, {}), pt("H8")).fours, 1);
}

TEST(RenjuRules, OverlineIsForbiddenAndIsNoFive) {
  const Board b = make_board(Rule::kRenju, {"E8", "F8", "G8", "I8", "J8"}, {});
  EXPECT_TRUE(forbidden_at(b, "H8"));
  EXPECT_FALSE(b.fives(Stone::kBlack).contains(pt("H8")));
  EXPECT_TRUE(b.fives(Stone::kWhite).contains(pt("H8")) == false);  // White has no stones there
  // White wins with the same overline (Renju: five or more for White); standard rules: nobody.
  const Board w = make_board(Rule::kRenju, {}, {"E8", "F8", "G8", "I8", "J8"});
  EXPECT_TRUE(w.fives(Stone::kWhite).contains(pt("H8")));
  const Board s = make_board(Rule::kStandard, {}, {"E8", "F8", "G8", "I8", "J8"});
  EXPECT_FALSE(s.fives(Stone::kWhite).contains(pt("H8")));
  EXPECT_FALSE(forbidden_at(s, "H8"));
  const Board f = make_board(Rule::kFreestyle, {"E8", "F8", "G8", "I8", "J8"}, {});
  EXPECT_TRUE(f.fives(Stone::kBlack).contains(pt("H8")));
}

TEST(RenjuRules, FiveWinsEvenWithAnOverlineOrDoubleFour) {
  // Row D8..G8 + H8 is exactly five; column H9..H13 + H8 would be six.
  const Board b = make_board(Rule::kRenju, {"D8", "E8", "F8", "G8", "H9", "H10", "H11", "H12", "H13"}, {});
  EXPECT_TRUE(b.fives(Stone::kBlack).contains(pt("H8")));
  EXPECT_FALSE(forbidden_at(b, "H8"));
  // Five plus a four elsewhere.
  const Board c = make_board(Rule::kRenju, {"D8", "E8", "F8", "G8", "H5", "H6", "H7"}, {});
  EXPECT_FALSE(forbidden_at(c, "H8"));
}

TEST(RenjuRules, BlockedRowsAreNotThrees) {
  // White E8 closes F8 G8 H8: I8 would make a four, but not a straight one. One three (column).
  const Board b = make_board(Rule::kRenju, {"F8", "G8", "H6", "H7"}, {"E8"});
  EXPECT_FALSE(forbidden_at(b, "H8"));
  EXPECT_EQ(RenjuRules::shapes(b, pt("H8")).threes, 1);
  // D8 _ F8 G8 + H8: E8 gives a five, I8 a four whose E8 end would be an overline: a four, no three.
  const Board c = make_board(Rule::kRenju, {"D8", "F8", "G8", "H6", "H7"}, {});
  const auto s = RenjuRules::shapes(c, pt("H8"));
  EXPECT_EQ(s.fours, 1);
  EXPECT_EQ(s.threes, 1);
  EXPECT_FALSE(forbidden_at(c, "H8"));
}

TEST(RenjuRules, ThreeIsFalseWhenItsStraightFourPointsAreOverlines) {
  // H8: row three F8 G8 H8 (straight-four points E8, I8) and column three H6 H7 H8. Columns E and I
  // hold five Black stones around row 8, so E8 and I8 would be overlines: the row three cannot
  // become a straight four legally, only one three is real, H8 is allowed (RIF 9.3 a).
  const Board b =
      make_board(Rule::kRenju,
                 {"F8", "G8", "H6", "H7", "E5", "E6", "E7", "E9", "E10", "I5", "I6", "I7", "I9", "I10"}, {});
  const auto s = RenjuRules::shapes(b, pt("H8"));
  EXPECT_EQ(s.threes, 2);
  EXPECT_EQ(s.real_threes, 1);
  EXPECT_FALSE(forbidden_at(b, "H8"));
  // Without the column-I stones, I8 is a legal straight-four point again: two real threes.
  const Board c = make_board(Rule::kRenju, {"F8", "G8", "H6", "H7", "E5", "E6", "E7", "E9", "E10"}, {});
  EXPECT_TRUE(forbidden_at(c, "H8"));
}

// H8 with row three F8 G8 and column three H6 H7. After H8, E8 and I8 (the row three's straight-
// four points) are themselves double-threes: I8 has column I6 I7 and anti-diagonal J7 K6; E8 has
// column E6 E7 and diagonal D7 C6. Forbidden, so the row three is false and H8 is allowed (RIF 9.3 b,
// one level of recursion).
Board recursive_position(bool breaker) {
  Board b =
      make_board(Rule::kRenju, {"F8", "G8", "H6", "H7", "I6", "I7", "J7", "K6", "E6", "E7", "D7", "C6"}, {});
  // A White stone on I5 kills I8's column three (I5 I6 I7 I8 can no longer become straight), so I8
  // is a four-three, allowed, the row three of H8 is real again and H8 is forbidden. I5 is on none
  // of H8's lines: only the recursion sees it.
  if (breaker) b.place(pt("I5"), Stone::kWhite);
  return b;
}

TEST(RenjuRules, RecursiveFalseThree) {
  const Board b = recursive_position(false);
  Board after = b;
  after.place(pt("H8"), Stone::kBlack);
  EXPECT_TRUE(forbidden_at(after, "I8"));
  EXPECT_TRUE(forbidden_at(after, "E8"));
  EXPECT_EQ(RenjuRules::shapes(after, pt("I8")).fours, 1);
  EXPECT_EQ(RenjuRules::shapes(after, pt("I8")).real_threes, 2);
  const auto s = RenjuRules::shapes(b, pt("H8"));
  EXPECT_EQ(s.threes, 2);
  EXPECT_EQ(s.real_threes, 1);
  EXPECT_FALSE(forbidden_at(b, "H8"));
}

TEST(RenjuRules, RemoteBreakerMakesThePointForbiddenAgain) {
  const Board b = recursive_position(true);
  Board after = b;
  after.place(pt("H8"), Stone::kBlack);
  EXPECT_FALSE(forbidden_at(after, "I8"));
  EXPECT_TRUE(forbidden_at(after, "E8"));
  EXPECT_TRUE(forbidden_at(b, "H8"));
  EXPECT_EQ(RenjuRules::shapes(b, pt("H8")).real_threes, 2);
}

TEST(RenjuRules, ReadSetContainsTheRemoteBreaker) {
  const Board b = recursive_position(false);
  MoveSet read;
  EXPECT_FALSE(RenjuRules::forbidden(b, pt("H8"), &read));
  EXPECT_TRUE(read.contains(pt("I5")));  // it decides I8's column three
  EXPECT_TRUE(read.contains(pt("H8")));
  EXPECT_FALSE(read.contains(pt("A15")));
  // Placing a stone outside the read set leaves the answer alone.
  Board far = b;
  far.place(pt("A15"), Stone::kWhite);
  EXPECT_FALSE(RenjuRules::forbidden(far, pt("H8")));
}

TEST(RenjuRules, GameTreatsForbiddenPointsAsIllegalForBlackOnly) {
  const Board b = make_board(Rule::kRenju, {"F8", "G8", "H6", "H7"}, {"A1"});
  GomokuGame black(b, Stone::kBlack);
  EXPECT_FALSE(black.is_legal(pt("H8")));
  sgplan::MoveList legal;
  black.legal_moves(legal);
  EXPECT_FALSE(legal.contains(pt("H8")));
  EXPECT_EQ(legal.size(), static_cast<std::size_t>(225 - 5 - 1));
  GomokuGame white(b, Stone::kWhite);
  EXPECT_TRUE(white.is_legal(pt("H8")));
}

}  // namespace
}  // namespace sgplan::models::gomoku::test
