// The capture game's candidate region of the attacker (CaptureGame::add_region): which points
// beyond the target's liberties it holds, one test per rule, each on a position small enough to
// count the liberties by hand.
#include "models/go/capture_game.hpp"

#include <gtest/gtest.h>

#include "tests/models/go/go_test_support.hpp"

namespace sgplan::models::go {
namespace {

using testing::pt;

MoveSet region_of(const Board& b, const char* target) {
  const Point t = pt(target, b.size());
  CaptureGame game(b, t, opponent(b.at(t)), CaptureRules{});
  MoveSet region;
  game.add_region(region);
  return region;
}

// A capturing race: O's target B1-B2 (liberties A1, A2) touches X's string B3-C3-C2-C1 with three
// liberties (A3, B4, C4), which O's string D1-D2-D3 shortens; that string has four liberties (E1,
// E2, E3, D4), one more than X's string, and X may save its string (and win the race around the
// target) by taking them. E1 is three steps from the target's liberties: only the race rule puts
// it in the region.
TEST(GoCaptureRegion, LibertiesOfTheStringThatShortensARaceString) {
  Board board(9);
  for (const char* x : {"B3", "C3", "C2", "C1"}) board.setup(pt(x, 9), Color::kBlack);
  for (const char* o : {"B1", "B2", "D1", "D2", "D3"}) board.setup(pt(o, 9), Color::kWhite);
  ASSERT_EQ(board.liberties(pt("B1", 9)), 2);
  ASSERT_EQ(board.liberties(pt("C1", 9)), 3);
  ASSERT_EQ(board.liberties(pt("D1", 9)), 4);
  const MoveSet region = region_of(board, "B1");
  for (const char* p : {"A1", "A2", "A3", "A4", "B4", "C4", "E1", "E2", "E3", "D4"}) {
    EXPECT_TRUE(region.contains(pt(p, 9))) << p;
  }
  EXPECT_FALSE(region.contains(pt("F1", 9)));
  EXPECT_FALSE(region.contains(pt("E4", 9)));
  // With D4 also O's, that string has six liberties: X's string cannot win that race, and its
  // liberties stay out of the region.
  Board longer = board;
  longer.setup(pt("D4", 9), Color::kWhite);
  ASSERT_EQ(longer.liberties(pt("D1", 9)), 6);
  EXPECT_FALSE(region_of(longer, "B1").contains(pt("E1", 9)));
}

// O's target A1-A2 (one liberty, A3) touches X's string B1-B2-C2 with four liberties (B3, C1, C3,
// D2): a string that long can still be in a race with the target, so C1 and D2, which are not
// within two steps of A3, are in the region.
TEST(GoCaptureRegion, RaceStringsUpToFourLiberties) {
  Board b(9);
  for (const char* x : {"B1", "B2", "C2"}) b.setup(pt(x, 9), Color::kBlack);
  for (const char* o : {"A1", "A2"}) b.setup(pt(o, 9), Color::kWhite);
  ASSERT_EQ(b.liberties(pt("B1", 9)), 4);
  const MoveSet region = region_of(b, "A1");
  for (const char* p : {"A3", "B3", "C3", "C1", "D2"}) EXPECT_TRUE(region.contains(pt(p, 9))) << p;
  EXPECT_FALSE(region.contains(pt("E2", 9)));
}

// The target O at A9 (liberties B9, A8) joins O's string C9-C8 by B9. The joined string is the
// string to capture, so the region rules apply to it as to the target: X's string D9-E9 (three
// liberties: F9, E8, D8) touches it, not the target, and saving it (F9, E8) is a way to capture
// the joined string; the points within two steps of its liberties (C5 from C7) are approach
// moves against it.
TEST(GoCaptureRegion, RaceStringsAroundTheStringTheTargetWouldJoin) {
  Board b(9);
  b.setup(pt("A9", 9), Color::kWhite);
  b.setup(pt("C9", 9), Color::kWhite);
  b.setup(pt("C8", 9), Color::kWhite);
  b.setup(pt("D9", 9), Color::kBlack);
  b.setup(pt("E9", 9), Color::kBlack);
  ASSERT_EQ(b.liberties(pt("C9", 9)), 4);
  ASSERT_EQ(b.liberties(pt("D9", 9)), 3);
  const MoveSet region = region_of(b, "A9");
  for (const char* p : {"B9", "A8", "B8", "D8", "C7", "F9", "E8", "C6", "C5", "D6"}) {
    EXPECT_TRUE(region.contains(pt(p, 9))) << p;
  }
  EXPECT_FALSE(region.contains(pt("G9", 9)));
  EXPECT_FALSE(region.contains(pt("C4", 9)));
}

// GNU Go's komaster rule with one ko threat (CaptureRules::ko_threats = 1): O's B3 takes X's C3
// by a ko; X, free to ignore the ban once, takes back at C3 and so wins that ko: O may not take
// it back at B3 even after the ban has lapsed, and X's threat is spent. Undo restores it all.
TEST(GoCaptureKo, OneThreatWinsTheKo) {
  Board b(5);
  for (const char* x : {"B4", "A3", "C3", "B2"}) b.setup(pt(x, 5), Color::kBlack);
  for (const char* o : {"C4", "D3", "C2"}) b.setup(pt(o, 5), Color::kWhite);
  CaptureRules rules;
  rules.defender_ignores_ko = true;
  rules.ko_threats = 1;
  CaptureGame game(b, pt("C3", 5), Color::kWhite, rules);
  const std::uint64_t start = game.hash();
  game.play(pt("B3", 5));  // O takes C3: a ko
  EXPECT_FALSE(game.alive());
  EXPECT_TRUE(game.retake_pending());
  EXPECT_TRUE(game.is_legal(pt("C3", 5)));  // X's threat: the retake against the ban
  const std::uint64_t before_retake = game.hash();
  game.play(pt("C3", 5));
  EXPECT_EQ(game.board().at(pt("B3", 5)), Color::kEmpty);
  EXPECT_FALSE(game.is_legal(pt("B3", 5)));  // the ban
  game.play(pt("E1", 5));
  game.play(pt("E5", 5));
  EXPECT_FALSE(game.is_legal(pt("B3", 5)));  // the ban has lapsed, but X won this ko
  game.undo();
  game.undo();
  game.undo();
  EXPECT_EQ(game.hash(), before_retake);
  game.undo();
  EXPECT_EQ(game.hash(), start);
  // Without the komaster rule O takes back once the ban has lapsed.
  rules.ko_threats = 0;
  CaptureGame free(b, pt("C3", 5), Color::kWhite, rules);
  for (const char* m : {"B3", "C3", "E1", "E5"}) free.play(pt(m, 5));
  EXPECT_TRUE(free.is_legal(pt("B3", 5)));
}

}  // namespace
}  // namespace sgplan::models::go

namespace sgplan::models::go {
namespace {

// Dual lambda search's hint (CaptureGame::counter_threat), each answer worked by hand. O's target
// A1-A2 (liberties A3, B2) touches X's stone B1 (liberties B2, C1); O also has D2.
Board counter_threat_position() {
  Board b(9);
  b.setup(pt("B1", 9), Color::kBlack);
  for (const char* o : {"A1", "A2", "D2"}) b.setup(pt(o, 9), Color::kWhite);
  return b;
}

int counter_threat(const Board& b, int max_order, MoveSet& zone, std::uint64_t& nodes,
                   std::uint64_t max_nodes = 1'000'000) {
  CaptureGame game(b, pt("A1", 9), Color::kBlack, CaptureRules{});
  return game.counter_threat(max_order, max_nodes, zone, nodes);
}

// Were X to pass, O captures B1 in a ladder along the edge: B2 (atari), X C1, O C2, X D1 (D2 is
// O's), O E1 takes the three stones. So order 1, not 0 (B1 has two liberties), and the zone holds
// the points where X could stop it (the ladder's path).
TEST(GoCaptureCounterThreat, LadderOnAStringTouchingTheTarget) {
  const Board b = counter_threat_position();
  ASSERT_EQ(b.liberties(pt("B1", 9)), 2);
  MoveSet zone;
  std::uint64_t nodes = 0;
  EXPECT_EQ(counter_threat(b, 0, zone, nodes), -1);
  EXPECT_TRUE(zone.empty());
  EXPECT_EQ(counter_threat(b, 2, zone, nodes), 1);
  EXPECT_GT(nodes, 0U);
  for (const char* p : {"B2", "C1", "C2", "D1", "E1"}) EXPECT_TRUE(zone.contains(pt(p, 9))) << p;
  EXPECT_FALSE(zone.contains(pt("H8", 9)));
  // The nested search keeps within the budget it is given (the outer search's remainder): three
  // nodes do not read the ladder, and that is no counter-threat.
  MoveSet small;
  EXPECT_EQ(counter_threat(b, 2, small, nodes, 3), -1);
  EXPECT_LE(nodes, 3U);
  EXPECT_TRUE(small.empty());
}

// With O's C1 too, B1 is in atari: O takes it at once at B2 (order 0), and only B2 is in the way
// of that capture among the empty points next to B1.
TEST(GoCaptureCounterThreat, StringInAtariIsOrderZero) {
  Board b = counter_threat_position();
  b.setup(pt("C1", 9), Color::kWhite);
  MoveSet zone;
  std::uint64_t nodes = 0;
  EXPECT_EQ(counter_threat(b, 1, zone, nodes), 0);
  EXPECT_TRUE(zone.contains(pt("B2", 9)));
}

// X's string B1-E1 with C2 has five liberties (B2, C3, D2, E2, F1): no tree of order 2 or less
// captures a string of more than three, so there is no counter-threat and no nested search runs.
TEST(GoCaptureCounterThreat, NoneAgainstALongString) {
  Board b(9);
  for (const char* x : {"B1", "C1", "D1", "E1", "C2"}) b.setup(pt(x, 9), Color::kBlack);
  for (const char* o : {"A1", "A2"}) b.setup(pt(o, 9), Color::kWhite);
  ASSERT_EQ(b.liberties(pt("B1", 9)), 5);
  MoveSet zone;
  std::uint64_t nodes = 0;
  EXPECT_EQ(counter_threat(b, 2, zone, nodes), -1);
  EXPECT_EQ(nodes, 0U);
  EXPECT_TRUE(zone.empty());
}

}  // namespace
}  // namespace sgplan::models::go
