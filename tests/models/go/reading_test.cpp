// Capturing strings by lambda search: ladders (and their breakers), a ladder along the edge, a net
// that needs order 2, the defence that makes a ladder fail, a snapback, a capture that needs a
// ko, the relevancy zones against plain full-width alpha-beta, and principal variations that
// replay to the capture. Every position is small enough to be checked by hand (the comments say
// how) or by plain alpha-beta (an independent search over every legal move).
#include "models/go/reading.hpp"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/go/capture_game.hpp"
#include "models/go/capture_search.hpp"
#include "models/go/sgf.hpp"
#include "search/lambda/plain_alphabeta.hpp"
#include "tests/models/go/go_test_support.hpp"

namespace sgplan::models::go {
namespace {

namespace lambda = search::lambda;
using testing::diagram;
using testing::pt;

// O at C3 cut off by X at B3, C2 and D2: its liberties are C4 and D3. X at C4 starts a ladder that
// runs up and right (D3 E3 D4 D5 E4 F4 ...) to the corner of the 9x9 board; X at D3 lets O out at
// C4 with three liberties.
Board ladder_position() {
  return diagram({".........", ".........", ".........", ".........", ".........", ".........", ".XO......",
                  "..XX.....", "........."});
}

// Replays the principal variation of an attack: legal moves, the attacker first, ending with the
// capture; returns the number of attacker moves that left the target in atari.
int replay_ataris(const Board& board, Point target, const ReadingResult& r) {
  CaptureRules rules;
  rules.defender_ignores_ko = true;
  CaptureGame game(board, target, opponent(board.at(target)), rules);
  int ataris = 0;
  for (std::size_t i = 0; i < r.pv.size(); ++i) {
    EXPECT_TRUE(game.is_legal(r.pv[i])) << "move " << i << " " << vertex_name(r.pv[i], board.size());
    if (!game.is_legal(r.pv[i])) return -1;
    const bool attacker = game.attacker_to_move();
    game.play(r.pv[i]);
    if (attacker && game.alive() && game.board().liberties(target) == 1) ++ataris;
  }
  EXPECT_TRUE(game.attacker_won()) << "the variation ends with the target captured";
  return ataris;
}

ReadingOptions order(int n) {
  ReadingOptions o;
  o.max_order = n;
  return o;
}

TEST(GoReading, LadderIsAnOrderOneProof) {
  const Board b = ladder_position();
  const Point target = pt("C3", 9);
  const ReadingResult r = attack(b, target, order(2));
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.move, pt("C4", 9));
  EXPECT_EQ(r.order, 1);
  // Every attacker move of a ladder but the capture is an atari.
  const int attacker_moves = static_cast<int>((r.pv.size() + 1) / 2);
  EXPECT_EQ(r.depth, attacker_moves);
  EXPECT_EQ(replay_ataris(b, target, r), attacker_moves - 1);
  EXPECT_GE(attacker_moves, 10);  // it runs to the far corner
  const ReadingResult l = ladder_attack(b, target, order(2));
  EXPECT_EQ(l.code, 1);
  EXPECT_EQ(l.move, pt("C4", 9));
}

TEST(GoReading, LadderBreakerOnThePath) {
  Board b = ladder_position();
  b.setup(pt("G6", 9), Color::kWhite);  // on the ladder's path: O reaches it at F6
  EXPECT_EQ(ladder_attack(b, pt("C3", 9), order(2)).code, 0);
  EXPECT_EQ(attack(b, pt("C3", 9), order(1)).code, 0);
  // A stone off the path does not help: H2 is far from the ladder's diagonal.
  Board far = ladder_position();
  far.setup(pt("H2", 9), Color::kWhite);
  EXPECT_EQ(ladder_attack(far, pt("C3", 9), order(2)).code, 1);
}

TEST(GoReading, LadderProofZoneHoldsEveryBreaker) {
  // Whatever White stone breaks the ladder must lie in the zone of the ladder's proof, or the
  // defence question would never try it. Check it for every empty point: a White stone there
  // either leaves the ladder working or lies in the zone.
  const Board b = ladder_position();
  const Point target = pt("C3", 9);
  CaptureRules rules;
  rules.defender_ignores_ko = true;
  CaptureGame game(b, target, Color::kBlack, rules);
  lambda::LambdaOptions o;
  o.max_order = 1;
  o.table_mib = 8;
  RootProver prover(o, DepthSchedule{24, 12});
  const RootResult root = prover.prove(game, 1'000'000, 0.0);
  ASSERT_TRUE(root.result.proven);
  int breakers = 0;
  for (Point p = 0; p < b.points(); ++p) {
    if (!b.empty_at(p)) continue;
    Board with = b;
    with.setup(p, Color::kWhite);
    if (ladder_attack(with, target, order(1)).code == 1) continue;
    ++breakers;
    EXPECT_TRUE(root.zone.contains(p)) << vertex_name(p, 9) << " breaks the ladder but is outside the zone";
  }
  EXPECT_GE(breakers, 10);  // the liberties, the path and its neighbours
}

TEST(GoReading, DefenceThatMakesTheLadderFail) {
  const Board b = ladder_position();
  const ReadingResult d = defend(b, pt("C3", 9), order(2));
  // O C4 gives the string four liberties (B4, C5, D4, D3), out of reach of every ladder and net.
  EXPECT_EQ(d.code, 1);
  EXPECT_EQ(d.move, pt("C4", 9));
  Board after = b;
  ASSERT_TRUE(after.play(pt("C4", 9), Color::kWhite));
  EXPECT_EQ(after.liberties(pt("C3", 9)), 4);
  EXPECT_EQ(attack(after, pt("C3", 9), order(3)).code, 0);
  // A defender move far from the fight changes nothing: the ladder still works.
  Board tenuki = b;
  ASSERT_TRUE(tenuki.play(pt("A9", 9), Color::kWhite));
  EXPECT_EQ(ladder_attack(tenuki, pt("C3", 9), order(1)).code, 1);
}

TEST(GoReading, LadderAlongTheEdge) {
  // O at C2 under X at C3 and beside X at B2: X D2 drives it along the first line; X C1 lets it out.
  const Board b = diagram({".........", ".........", ".........", ".........", ".........", ".........",
                           "..X......", ".XO......", "........."});
  const ReadingResult r = attack(b, pt("C2", 9), order(2));
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.move, pt("D2", 9));
  EXPECT_EQ(r.order, 1);
  EXPECT_EQ(replay_ataris(b, pt("C2", 9), r), r.depth - 1);
  // Plain alpha-beta over every legal move agrees within the same depth.
  CaptureRules rules;
  rules.defender_ignores_ko = true;
  CaptureGame game(b, pt("C2", 9), Color::kBlack, rules);
  const lambda::PlainResult plain = lambda::plain_alphabeta(game, r.depth, 20'000'000, 16);
  EXPECT_TRUE(plain.proven);
  EXPECT_EQ(plain.depth, r.depth);
  EXPECT_EQ(plain.move, pt("D2", 9));
}

TEST(GoReading, NetNeedsOrderTwo) {
  // The black stone at A1 has two liberties, A2 and B1. No atari catches it (O A2 lets it out at
  // B1 and the reverse), but the net O B2 does: after either extension it has two liberties and
  // White ataris it into the corner.
  const Board b = diagram({"...X.X.", "XXX....", ".X.....", ".O...O.", "X.....X", "......O", "X......"});
  const Point target = pt("A1", 7);
  EXPECT_EQ(ladder_attack(b, target, order(2)).code, 0);
  EXPECT_EQ(attack(b, target, order(1)).code, 0);
  const ReadingResult r = attack(b, target, order(2));
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.order, 2);
  EXPECT_EQ(r.move, pt("B2", 7));
  EXPECT_EQ(r.depth, 4);
  replay_ataris(b, target, r);
  // Plain alpha-beta over every legal move: a capture within four White moves, none within three.
  CaptureRules rules;
  rules.defender_ignores_ko = true;
  CaptureGame game(b, target, Color::kWhite, rules);
  const lambda::PlainResult plain = lambda::plain_alphabeta(game, 4, 50'000'000, 16);
  EXPECT_TRUE(plain.proven);
  EXPECT_EQ(plain.depth, 4);
}

TEST(GoReading, SnapbackIsNoCapture) {
  // X at C1 has one liberty, D1; but O D1 leaves the whole white string in atari at C1, and X
  // takes back there (a snapback). O A1 first captures A2-B2, after which D1 captures for good.
  const Board b = diagram({".........", ".........", ".........", ".........", ".........", "XXXX.....",
                           "OOOXXX...", "XXOOOX...", ".OX.OX..."});
  const Point target = pt("C1", 9);
  CaptureGame game(b, target, Color::kWhite, CaptureRules{});
  EXPECT_FALSE(game.final_capture(pt("D1", 9)));
  const ReadingResult r = attack(b, target, order(2));
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.move, pt("A1", 9));
  replay_ataris(b, target, r);
  CaptureRules rules;
  rules.defender_ignores_ko = true;
  CaptureGame plain_game(b, target, Color::kWhite, rules);
  const lambda::PlainResult plain = lambda::plain_alphabeta(plain_game, 2, 5'000'000, 16);
  EXPECT_TRUE(plain.proven);
  EXPECT_EQ(plain.move, pt("A1", 9));
}

TEST(GoReading, CaptureThatNeedsAKo) {
  // X at C3 has one liberty, B3; O B3 takes it but is a lone stone in atari at C3: a ko. If Black
  // may retake at once (it wins every ko) it then connects; if nobody has ko threats, the first
  // capture stands. So the answer is code 2 (White makes the first ko capture), and Black defends
  // without ko by connecting at B3.
  const Board b = diagram({".....", ".XO..", "X.XO.", ".XO..", "....."});
  const Point target = pt("C3", 5);
  const ReadingResult a = attack(b, target, order(2));
  EXPECT_EQ(a.code, 2);
  EXPECT_EQ(a.move, pt("B3", 5));
  const ReadingResult d = defend(b, target, order(2));
  EXPECT_EQ(d.code, 1);
  EXPECT_EQ(d.move, pt("B3", 5));
  ReadingOptions no_ko = order(2);
  no_ko.ko_results = false;
  EXPECT_EQ(attack(b, target, no_ko).code, 0);
  CaptureGame game(b, target, Color::kWhite, CaptureRules{});
  EXPECT_TRUE(game.final_capture(pt("B3", 5)));  // both sides obey the ko ban
  CaptureRules free_defender;
  free_defender.defender_ignores_ko = true;
  CaptureGame retake(b, target, Color::kWhite, free_defender);
  EXPECT_FALSE(retake.final_capture(pt("B3", 5)));
}

// GNU Go's semeai22.sgf before move 7 (the shared cases; skipped when absent): X's corner string
// A4 (liberties A2, C1) races O's string D2-E2-E1-E3 (liberties F1, F3), with a ko at C1. X at A2
// would capture O's A1, but fills a liberty to free another: no gain. The defence named is the
// race move F1 (X needs a ko threat: code 3).
TEST(GoReading, DefenceInARacePrefersTheRaceToAnEmptyCapture) {
  const auto file = testing::gnugo_cases() / "games" / "semeai" / "semeai22.sgf";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << testing::missing_gnugo_message();
  const Board b = position_at(read_sgf(file.string()), 7).board;
  const ReadingResult d = defend(b, pt("A4", 9), ReadingOptions{});
  EXPECT_EQ(d.code, 3);
  EXPECT_EQ(d.move, pt("F1", 9));
}

// GNU Go's evand-gnugo-3.5.2gf1-200312161910.sgf before move 52 (shared cases): O's stone A3 is
// in atari (at A2) inside X's corner, and touches X's strings A4-C5 (liberties B4, C4) and B3-E1
// (B4, C4, C2, C1). A race against the four-liberty string is hopeless for a string of one
// liberty, so its own liberties C2 and C1 are no race moves; B4 (or C4), against the two-liberty
// string, is: a ko in which O needs a threat (code 3).
TEST(GoReading, RaceMovesOnlyAgainstStringsTheTargetCanOutlast) {
  const auto file = testing::gnugo_cases() / "games" / "nngs" / "evand-gnugo-3.5.2gf1-200312161910.sgf";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << testing::missing_gnugo_message();
  const Board b = position_at(read_sgf(file.string()), 52).board;
  const ReadingResult d = defend(b, pt("A3", 9), ReadingOptions{});
  EXPECT_EQ(d.code, 3);
  EXPECT_EQ(d.move, pt("B4", 9));
  // O's A1 (liberties A2, B1) touches no X string, but joins A3 and B2 through A2 and B1: the
  // race is against the weakest X string around those, A4-C5 (two liberties), at B4.
  const ReadingResult corner = defend(b, pt("A1", 9), ReadingOptions{});
  EXPECT_EQ(corner.code, 3);
  EXPECT_EQ(corner.move, pt("B4", 9));
}

// GNU Go's reading22.sgf (shared cases): X's stone J8 is in atari at J9, where O's capture is a ko
// that also takes a liberty of X's G9-H9 (two liberties: F9, J9). X saves the stone with a ko
// threat (code 3), and the defence named guards G9-H9 against that double threat: F9.
TEST(GoReading, DefenceGuardsTheStringTheCaptureWouldAtari) {
  const auto file = testing::gnugo_cases() / "games" / "reading22.sgf";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << testing::missing_gnugo_message();
  const Board b = position_at(read_sgf(file.string()), 0).board;
  const ReadingResult d = defend(b, pt("J8", 9), ReadingOptions{});
  EXPECT_EQ(d.code, 3);
  EXPECT_EQ(d.move, pt("F9", 9));
}

// GNU Go's golois/Jimmy990711-2.sgf (shared cases; capture.tst 10): X's P10-Q10 is attacked.
// The first candidate in the defence order, P11, leaves an attack the search can neither find nor
// refute within the budget; O11 leaves none, and the search after it finishes well inside the
// budget. A verified defence is named before one the budget merely failed to refute: O11.
TEST(GoReading, DefencePrefersAVerifiedMoveToAnUnrefutedOne) {
  const auto file = testing::gnugo_cases() / "golois" / "Jimmy990711-2.sgf";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << testing::missing_gnugo_message();
  const Board b = position_at(read_sgf(file.string()), 0).board;
  const Point target = pt("P10", 19);
  const ReadingResult d = defend(b, target, ReadingOptions{});
  EXPECT_EQ(d.code, 1);
  EXPECT_EQ(d.move, pt("O11", 19));
  Board verified = b;
  ASSERT_TRUE(verified.play(pt("O11", 19), Color::kBlack));
  const ReadingResult after_o11 = attack(verified, target, ReadingOptions{});
  EXPECT_EQ(after_o11.code, 0);
  EXPECT_FALSE(after_o11.budget_exhausted);
  Board unrefuted = b;
  ASSERT_TRUE(unrefuted.play(pt("P11", 19), Color::kBlack));
  const ReadingResult after_p11 = attack(unrefuted, target, ReadingOptions{});
  EXPECT_EQ(after_p11.code, 0);
  EXPECT_TRUE(after_p11.budget_exhausted);
}

// A ladder across the whole 19x19 board, built here from an SGF string: White R3 (qq) cut off by
// Black S3, R2, Q2 (rq, qr, pr), as GNU Go's reported l19d.sgf mirrored. Black R4 starts a ladder
// that runs up and left to the far corner: 32 attacker moves, past any depth limit of a net.
Board long_ladder() {
  return position_at(parse_sgf("(;GM[1]FF[4]SZ[19]AB[rq][qr][pr]AW[qq])", "long-ladder.sgf"), 0).board;
}

TEST(GoReading, LadderAcrossTheBoardIsReadToItsEnd) {
  const Board b = long_ladder();
  const Point target = pt("R3", 19);
  const ReadingResult l = ladder_attack(b, target, ReadingOptions{});
  EXPECT_EQ(l.code, 1);
  EXPECT_EQ(l.move, pt("R4", 19));
  EXPECT_TRUE(l.exhaustive());
  EXPECT_GE(l.depth, 30);  // the ladder runs to the far corner
  EXPECT_EQ(replay_ataris(b, target, l), l.depth - 1);
  const ReadingResult a = attack(b, target, ReadingOptions{});
  EXPECT_EQ(a.code, 1);
  EXPECT_EQ(a.move, pt("R4", 19));
  // A White stone far along the path breaks it: a 0, and a proven one (the ladder was read until it
  // failed, no depth limit reached).
  Board broken = b;
  broken.setup(pt("E16", 19), Color::kWhite);
  const ReadingResult f = ladder_attack(broken, target, ReadingOptions{});
  EXPECT_EQ(f.code, 0);
  EXPECT_FALSE(f.depth_limited);
  EXPECT_FALSE(f.budget_limited);
  EXPECT_GE(f.depth, 20);
}

TEST(GoReading, DepthLimitedFailureIsNeverReportedAsProven) {
  // The long ladder with a ladder depth of 24 (the old default) and 10: no proof, and the answer
  // says that a depth limit stopped it.
  const Board b = long_ladder();
  const Point target = pt("R3", 19);
  for (int depth : {10, 24}) {
    ReadingOptions o;
    o.max_depth = depth;
    const ReadingResult l = ladder_attack(b, target, o);
    EXPECT_EQ(l.code, 0) << depth;
    EXPECT_TRUE(l.depth_limited) << depth;
    EXPECT_FALSE(l.exhaustive()) << depth;
  }
  // The same at the level of the root search: a cut order is reported.
  CaptureRules rules;
  rules.defender_ignores_ko = true;
  CaptureGame game(b, target, Color::kBlack, rules);
  lambda::LambdaOptions o;
  o.max_order = 1;
  o.table_mib = 8;
  o.track_depth_cuts = true;
  RootProver shallow(o, DepthSchedule{10, 12});
  const RootResult cut = shallow.prove(game, 1'000'000, 0.0);
  EXPECT_FALSE(cut.result.proven);
  EXPECT_TRUE(cut.depth_limited);
  RootProver deep(o, DepthSchedule{lambda::kMaxDepth, 12});
  EXPECT_TRUE(deep.prove(game, 1'000'000, 0.0).result.proven);
  // Without the tracking, a failure is always taken for a depth-limited one.
  lambda::LambdaOptions blind = o;
  blind.track_depth_cuts = false;
  Board broken = b;
  broken.setup(pt("Q5", 19), Color::kWhite);  // the ladder fails at once
  CaptureGame broken_game(broken, target, Color::kBlack, rules);
  RootProver tracked(o, DepthSchedule{10, 12});
  EXPECT_FALSE(tracked.prove(broken_game, 1'000'000, 0.0).depth_limited);
  RootProver untracked(blind, DepthSchedule{10, 12});
  EXPECT_TRUE(untracked.prove(broken_game, 1'000'000, 0.0).depth_limited);
}

// On random positions, every "no" reported as exhaustive at small depth limits stays a "no" at
// large ones (a depth-limited cut-off is never reported as a proven failure), and the depth-limited
// ones do turn into proofs often enough for the check to mean something. Both tree searchers, every
// ko rule, orders 1 to 3.
TEST(GoReading, ExhaustiveFailuresHoldAtEveryDepth) {
  std::mt19937 rng(2024);
  int exhaustive = 0, limited = 0, limited_then_proven = 0;
  for (int trial = 0; trial < 16; ++trial) {
    Board b(7);
    const int stones = 10 + static_cast<int>(rng() % 12);
    for (int i = 0; i < stones; ++i) {
      const auto p = static_cast<Point>(rng() % 49);
      if (!b.empty_at(p)) continue;
      try {
        b.setup(p, rng() % 2 == 0 ? Color::kBlack : Color::kWhite);
      } catch (const std::invalid_argument&) {
      }
    }
    for (Point t = 0; t < 49; ++t) {
      if (b.empty_at(t) || b.string_id(t) != t || b.liberties(t) < 2 || b.liberties(t) > 3) continue;
      for (const lambda::Engine engine : {lambda::Engine::kAlphaBeta, lambda::Engine::kDfpn}) {
        ReadingOptions small;
        small.engine = engine;
        small.max_order = 1 + static_cast<int>(rng() % 3);
        small.max_depth = 2 + static_cast<int>(rng() % 8);
        small.net_depth = 3 + static_cast<int>(rng() % 6);
        small.max_nodes = 50'000;
        small.table_mib = 2;
        ReadingOptions large = small;
        large.max_depth = 0;  // the board
        large.net_depth = 12;
        large.max_nodes = 150'000;
        const ReadingResult s = attack(b, t, small);
        if (s.budget_limited) continue;
        const ReadingResult l = attack(b, t, large);
        if (l.budget_limited) continue;
        if (s.code != 0) {
          EXPECT_NE(l.code, 0) << "a proof lost at a greater depth\n" << b.text() << vertex_name(t, 7);
          continue;
        }
        if (s.exhaustive()) {
          ++exhaustive;
          EXPECT_EQ(l.code, 0) << "an exhaustive 0 at depths " << small.max_depth << "/" << small.net_depth
                               << " is a capture at greater depth\n"
                               << b.text() << vertex_name(t, 7);
        } else {
          ++limited;
          if (l.code != 0) ++limited_then_proven;
        }
      }
    }
  }
  EXPECT_GT(exhaustive, 30);          // 62 with this seed
  EXPECT_GT(limited, 20);             // 45
  EXPECT_GT(limited_then_proven, 5);  // 14
}

TEST(GoReading, SafeStringsAndAtari) {
  const Board b = diagram({".....", ".....", "..O..", ".....", "....."});
  EXPECT_EQ(attack(b, pt("C3", 5), order(3)).code, 0);
  const ReadingResult d = defend(b, pt("C3", 5), order(3));
  EXPECT_EQ(d.code, 1);
  EXPECT_EQ(d.move, kPassPoint);  // no defence needed
  // O at E5 in atari at F5 in the open: X takes it at F5, or O extends there to three
  // liberties (F6, G5, F4) with room on every side.
  const Board atari = diagram({".........", ".........", ".........", "....X....", "...XO....", "....X....",
                               ".........", ".........", "........."});
  const ReadingResult a = attack(atari, pt("E5", 9), order(3));
  EXPECT_EQ(a.code, 1);
  EXPECT_EQ(a.move, pt("F5", 9));
  EXPECT_EQ(a.order, 0);
  EXPECT_EQ(a.pv, std::vector<Point>{pt("F5", 9)});
  const ReadingResult s = defend(atari, pt("E5", 9), order(3));
  EXPECT_EQ(s.code, 1);
  EXPECT_EQ(s.move, pt("F5", 9));
}

TEST(GoReading, DfpnAgreesWithAlphaBeta) {
  const std::vector<std::pair<Board, std::string>> cases = {
      {ladder_position(), "C3"},
      {diagram({"...X.X.", "XXX....", ".X.....", ".O...O.", "X.....X", "......O", "X......"}), "A1"},
      {diagram({".....", ".XO..", "X.XO.", ".XO..", "....."}), "C3"},
  };
  for (const auto& [board, name] : cases) {
    ReadingOptions ab = order(2), pn = order(2);
    pn.engine = lambda::Engine::kDfpn;
    const Point t = pt(name, board.size());
    const ReadingResult a = attack(board, t, ab), b = attack(board, t, pn);
    EXPECT_EQ(a.code, b.code) << name;
    EXPECT_EQ(a.order, b.order) << name;
    EXPECT_EQ(a.depth, b.depth) << name;
    EXPECT_EQ(defend(board, t, ab).code, defend(board, t, pn).code) << name;
  }
}

// Zone soundness against an independent search. On random small positions, whenever lambda search
// proves a capture with zone Z, an extra defender stone on any empty point outside Z leaves the
// capture standing: plain alpha-beta over every legal move proves it within the same depth.
// Lambda proofs on random 6x6 positions, each confirmed by plain alpha-beta, and with an extra
// defender stone on every point outside the proof's zone.
// With `dual`, the same for dual lambda search (its proofs are plain lambda proofs found with
// fewer attacker moves and added defences; search/lambda/counter_threats.hpp); `restricted`
// receives the attacker nodes its counter-threats restricted.
void check_zones_against_plain_alphabeta(const CaptureRules& rules, bool dual = false,
                                         std::uint64_t* restricted = nullptr) {
  std::mt19937 rng(99);
  int proofs = 0, outside_checked = 0;
  for (int trial = 0; trial < 400 && proofs < 25; ++trial) {
    const int stones = 8 + static_cast<int>(rng() % 10);
    const Board b = testing::random_board(rng, 6, stones);
    for (Point t = 0; t < 36; ++t) {
      if (b.empty_at(t) || b.string_id(t) != t || b.liberties(t) < 2 || b.liberties(t) > 3) continue;
      CaptureGame game(b, t, opponent(b.at(t)), rules);
      lambda::LambdaOptions o;
      o.max_order = 2;
      o.table_mib = 4;
      o.dual = dual;
      RootProver prover(o, DepthSchedule{3, 3});
      const RootResult root = prover.prove(game, 200'000, 0.0);
      if (restricted != nullptr) *restricted += root.result.stats.dual_nodes;
      if (!root.result.proven) continue;
      ++proofs;
      CaptureGame whole(b, t, opponent(b.at(t)), rules);
      const lambda::PlainResult plain = lambda::plain_alphabeta(whole, root.result.depth, 5'000'000, 4);
      ASSERT_FALSE(plain.budget_exhausted);
      EXPECT_TRUE(plain.proven) << "lambda proof not confirmed\n" << b.text() << vertex_name(t, 6);
      for (Point p = 0; p < 36; ++p) {
        if (!b.empty_at(p) || root.zone.contains(p)) continue;
        Board with = b;
        try {
          with.setup(p, b.at(t));
        } catch (const std::invalid_argument&) {
          continue;
        }
        if (with.string_id(t) != b.string_id(t) && with.liberties(t) != b.liberties(t)) {
          ADD_FAILURE() << "a stone outside the zone touched the target at " << vertex_name(p, 6);
        }
        CaptureGame extra(with, t, opponent(b.at(t)), rules);
        const lambda::PlainResult check = lambda::plain_alphabeta(extra, root.result.depth, 5'000'000, 4);
        ASSERT_FALSE(check.budget_exhausted);
        EXPECT_TRUE(check.proven) << "a defender stone at " << vertex_name(p, 6)
                                  << " outside the zone refutes the proof\n"
                                  << b.text() << "target " << vertex_name(t, 6);
        ++outside_checked;
      }
      break;
    }
  }
  EXPECT_EQ(proofs, 25);
  EXPECT_GT(outside_checked, 100);
}

TEST(GoReading, ZonesAreSoundAgainstPlainAlphaBeta) {
  CaptureRules rules;
  rules.defender_ignores_ko = true;
  check_zones_against_plain_alphabeta(rules);
}

TEST(GoReading, DualProofsAndZonesAreSoundAgainstPlainAlphaBeta) {
  CaptureRules rules;
  rules.defender_ignores_ko = true;
  std::uint64_t restricted = 0;
  check_zones_against_plain_alphabeta(rules, true, &restricted);
  EXPECT_GT(restricted, 0U);  // the counter-threats did restrict some attacker nodes
}

// The rule of code 1 (reading.hpp): the defender has one ko threat.
// The questions check their preconditions (an empty point, a point off the board, two colours)
// and say which, rather than reading garbage.
TEST(GoReading, QuestionsRefuseBadPoints) {
  Board b(9);
  b.setup(pt("C3", 9), Color::kBlack);
  b.setup(pt("E3", 9), Color::kBlack);
  b.setup(pt("D4", 9), Color::kWhite);
  const ReadingOptions o = order(1);
  const auto message = [](auto&& question) {
    try {
      question();
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message([&] { attack(b, pt("D5", 9), o); }), "Go reading: attack: vertex D5 must not be empty");
  EXPECT_EQ(message([&] { defend(b, kNoPoint, o); }),
            "Go reading: defend: point 65535 is not on the 9x9 board");
  EXPECT_EQ(message([&] { ladder_attack(b, 81, o); }),
            "Go reading: ladder_attack: point 81 is not on the 9x9 board");
  EXPECT_EQ(message([&] { connect(b, pt("C3", 9), pt("D4", 9), o); }),
            "Go reading: connect: vertices C3 and D4 must have the same colour");
  EXPECT_EQ(message([&] { disconnect(b, pt("C3", 9), pt("E4", 9), o); }),
            "Go reading: disconnect: vertex E4 must not be empty");
  // The same calls on good points answer.
  EXPECT_EQ(message([&] { connect(b, pt("C3", 9), pt("E3", 9), o); }), "no error");
  EXPECT_EQ(message([&] { attack(b, pt("D4", 9), o); }), "no error");
}

TEST(GoReading, ZonesAreSoundWithOneKoThreat) {
  CaptureRules rules;
  rules.defender_ignores_ko = true;
  rules.ko_threats = 1;
  check_zones_against_plain_alphabeta(rules);
}

}  // namespace
}  // namespace sgplan::models::go
