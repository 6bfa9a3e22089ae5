// The connection game (models/go/connection_game.hpp) and GNU Go's connect / disconnect questions
// (models/go/reading.hpp): shapes solved by hand, the threat-game conformance suite, and the zones
// against plain full-width alpha-beta on random positions (every lambda proof confirmed, and an
// extra defender stone anywhere outside its zone leaves the connection standing).
#include "models/go/connection_game.hpp"

#include <gtest/gtest.h>

#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "models/go/capture_search.hpp"
#include "models/go/reading.hpp"
#include "search/lambda/plain_alphabeta.hpp"
#include "tests/models/go/go_test_support.hpp"
#include "tests/support/threat_game_conformance.hpp"

namespace sgplan::models::go {
namespace {

namespace lambda = search::lambda;
using sgplan::testing::check_threat_game_conformance;
using sgplan::testing::diagram;
using sgplan::testing::pt;
using sgplan::testing::ThreatConformanceCounts;
using sgplan::testing::ThreatConformanceOptions;

ReadingOptions quick() {
  ReadingOptions o;
  o.max_order = 2;
  o.table_mib = 8;
  o.max_nodes = 500'000;
  return o;
}

// Black C5-C4 and E5-E4 with D5 and D4 empty: a bamboo joint. Black connects at either point;
// White cutting at one is answered at the other, so no cut works.
Board bamboo() {
  return diagram({".......", ".......", "..X.X..", "..X.X..", ".......", ".......", "......."});
}

TEST(GoConnection, BambooJointConnectsAndCannotBeCut) {
  const Board b = bamboo();
  const ReadingResult c = connect(b, pt("C5", 7), pt("E4", 7), quick());
  EXPECT_EQ(c.code, 1);
  EXPECT_TRUE(c.move == pt("D5", 7) || c.move == pt("D4", 7)) << vertex_name(c.move, 7);
  EXPECT_EQ(c.order, 0);
  EXPECT_EQ(c.pv.size(), 1u);
  const ReadingResult d = disconnect(b, pt("C5", 7), pt("E4", 7), quick());
  EXPECT_EQ(d.code, 0);
  EXPECT_TRUE(d.exhaustive());
}

// One string: connected with a pass, and no cut.
TEST(GoConnection, OneStringIsConnected) {
  const Board b = diagram({".....", ".....", ".XX..", ".....", "....."});
  const ReadingResult c = connect(b, pt("B3", 5), pt("C3", 5), quick());
  EXPECT_EQ(c.code, 1);
  EXPECT_EQ(c.move, kPassPoint);
  EXPECT_EQ(disconnect(b, pt("B3", 5), pt("C3", 5), quick()).code, 0);
}

// Black C4 and E4 share the liberty D4; White stands on D5 and D3, so White's D4 joins them and
// is safe: the cut works. Black's D4 connects.
TEST(GoConnection, ASharedLibertyBetweenEnemyStonesIsTheCut) {
  const Board b = diagram({".......", ".......", "...O...", "..X.X..", "...O...", ".......", "......."});
  const ReadingResult c = connect(b, pt("C4", 7), pt("E4", 7), quick());
  EXPECT_EQ(c.code, 1);
  EXPECT_EQ(c.move, pt("D4", 7));
  const ReadingResult d = disconnect(b, pt("C4", 7), pt("E4", 7), quick());
  EXPECT_EQ(d.code, 1);
  EXPECT_EQ(d.move, pt("D4", 7));
}

// White's cutting stone at D4 has one liberty, D3: Black captures it there and then fills D4 (or
// White cannot take back), so Black connects, moving first or not.
//   . . . . . . .
//   . . . . . . .
//   . . . X . . .
//   . . X O X . .
//   . . . . . . .
TEST(GoConnection, CapturingTheCuttingStoneConnects) {
  const Board b = diagram({".......", ".......", "...X...", "..XOX..", ".......", ".......", "......."});
  const ReadingResult c = connect(b, pt("C4", 7), pt("E4", 7), quick());
  EXPECT_EQ(c.code, 1);
  EXPECT_EQ(c.move, pt("D3", 7));
  ASSERT_GE(c.pv.size(), 3u);  // D3 takes D4, then the fill
  EXPECT_EQ(c.pv.back(), pt("D4", 7));
  // With Black also on C3 and E3 the cutter has nowhere to go, whoever moves first: White's D3
  // leaves D4-D3 one liberty (D2), which Black takes, and White's D4 is then suicide (all four
  // neighbours Black); any other White move lets Black take D4 at D3, after which D4 is suicide for
  // White too. So White cannot cut: 0.
  Board walled = b;
  walled.setup(pt("C3", 7), Color::kBlack);
  walled.setup(pt("E3", 7), Color::kBlack);
  const ReadingResult d = disconnect(walled, pt("C4", 7), pt("E4", 7), quick());
  EXPECT_EQ(d.code, 0);
  EXPECT_EQ(d.move, kNoPoint);
}

// Every lambda proof replays to the connection: the PV ends with the two stones in one string.
TEST(GoConnection, ProofsReplayToOneString) {
  for (const Board& b :
       {bamboo(), diagram({".......", ".......", "...X...", "..XOX..", ".......", ".......", "......."})}) {
    const Point a = pt("C4", 7), c = pt("E4", 7);
    const ReadingResult r = connect(b, a, c, quick());
    ASSERT_EQ(r.code, 1);
    Board replay = b;
    Color side = b.at(a);
    for (Point p : r.pv) {
      ASSERT_TRUE(replay.play(p, side, false)) << vertex_name(p, 7);
      side = opponent(side);
    }
    EXPECT_EQ(replay.string_id(a), replay.string_id(c));
  }
}

// The conformance suite (tests/support/threat_game_conformance.hpp) on connection shapes, under
// each ko rule.
std::string position_key(const ConnectionGame& g) {
  return testing::go_position_key(g) + "\n";
}

struct Shape {
  const char* name;
  Board board;
  const char* a;
  const char* b;
};

std::vector<Shape> shapes() {
  return {
      {"bamboo", bamboo(), "C5", "E4"},
      {"one-point jump",
       diagram({".......", ".......", ".......", "..X.X..", ".......", ".......", "......."}), "C4", "E4"},
      {"cutting stone",
       diagram({".......", ".......", "...X...", "..XOX..", ".......", ".......", "......."}), "C4", "E4"},
      {"diagonal with enemy",
       diagram({".......", "..O....", "..XO...", "...X...", "..O....", ".......", "......."}), "C5", "D4"},
      {"knight's move",
       diagram({".......", ".......", "..X....", ".......", "...X...", ".......", "......."}), "C5", "D3"},
      {"edge", diagram({".......", ".......", ".......", ".......", ".O.O...", "XO.OX..", "......."}), "A2",
       "E2"},
  };
}

TEST(GoConnectionConformance, EveryShapeUnderEachKoRule) {
  ThreatConformanceCounts counts;
  std::uint64_t seed = 1;
  for (int rule = 0; rule < 3; ++rule) {
    GoRules rules;
    rules.defender_ignores_ko = rule == 1;
    rules.attacker_ignores_ko = rule == 2;
    for (const Shape& s : shapes()) {
      for (bool attacker_first : {true, false}) {
        const Point a = pt(s.a, s.board.size()), b = pt(s.b, s.board.size());
        const Color attacker = s.board.at(a);
        ThreatConformanceOptions<ConnectionGame> o;
        o.seed = seed++;
        o.playouts = 5;
        o.max_plies = 20;
        o.counts = &counts;
        o.position_key = position_key;
        // As for capture: the candidates do not narrow to the moves that stop the defender's
        // capture of a string (threat_game.hpp allows it; the searchers refute the others).
        o.forced_candidates = false;
        const std::size_t checked = check_threat_game_conformance(
            ConnectionGame(s.board, a, b, attacker_first ? attacker : opponent(attacker), rules), o);
        EXPECT_GE(checked, 10u) << s.name << ", rule " << rule;
      }
    }
  }
  EXPECT_GT(counts.positions, 1'000u);
  EXPECT_GT(counts.winning_moves, 100u);
  EXPECT_GT(counts.threats, 100u);
  EXPECT_GT(counts.replies_outside_zone, 1'000u);
  EXPECT_GT(counts.proofs, 20u);
  EXPECT_GT(counts.stones_outside_zone, 500u);
}

// Zone soundness against an independent search: on random 6x6 positions, every lambda proof of a
// connection of order 1 or 2 within four attacker moves is confirmed by plain alpha-beta over
// every legal move within the same depth, and so is the connection with an extra defender stone
// on any empty point outside the proof's zone.
void check_connection_zones(const GoRules& rules) {
  std::mt19937 rng(7);
  int proofs = 0, outside_checked = 0;
  for (int trial = 0; trial < 4000 && proofs < 25; ++trial) {
    const int stones = 10 + static_cast<int>(rng() % 12);
    const Board b = testing::random_board(rng, 6, stones);
    std::vector<std::pair<Point, Point>> pairs;
    for (Point s = 0; s < 36; ++s) {
      for (Point t = s + 1; t < 36; ++t) {
        if (b.empty_at(s) || b.at(s) != b.at(t) || b.string_id(s) != s || b.string_id(t) != t) continue;
        pairs.emplace_back(s, t);
      }
    }
    for (const auto& [s, t] : pairs) {
      ConnectionGame game(b, s, t, b.at(s), rules);
      lambda::LambdaOptions o;
      o.max_order = 2;
      o.table_mib = 4;
      RootProver prover(o, DepthSchedule{4, 4});
      const RootResult root = prover.prove(game, 200'000, 0.0);
      // A shared liberty filled (order 0) is no test of the zones: proofs of order 1 and 2 only.
      if (!root.result.proven || root.result.order == 0) continue;
      ++proofs;
      ConnectionGame whole(b, s, t, b.at(s), rules);
      const lambda::PlainResult plain = lambda::plain_alphabeta(whole, root.result.depth, 5'000'000, 4);
      ASSERT_FALSE(plain.budget_exhausted);
      EXPECT_TRUE(plain.proven) << "lambda proof not confirmed\n" << b.text();
      const Color defender = opponent(b.at(s));
      for (Point p = 0; p < 36; ++p) {
        if (!b.empty_at(p) || root.zone.contains(p)) continue;
        Board with = b;
        try {
          with.setup(p, defender);
        } catch (const std::invalid_argument&) {
          continue;
        }
        if (with.empty_at(s) || with.empty_at(t)) {
          ADD_FAILURE() << "a stone outside the zone captured a string at " << vertex_name(p, 6);
          continue;
        }
        ConnectionGame extra(with, s, t, b.at(s), rules);
        const lambda::PlainResult check = lambda::plain_alphabeta(extra, root.result.depth, 5'000'000, 4);
        ASSERT_FALSE(check.budget_exhausted);
        EXPECT_TRUE(check.proven) << "a defender stone at " << vertex_name(p, 6)
                                  << " outside the zone refutes the proof\n"
                                  << b.text() << vertex_name(s, 6) << " " << vertex_name(t, 6);
        ++outside_checked;
      }
      break;
    }
  }
  std::cout << "proofs of order 1 or 2: " << proofs << ", extra stones outside their zones "
            << outside_checked << "\n";
  EXPECT_EQ(proofs, 25);
  EXPECT_GT(outside_checked, 100);
}

TEST(GoConnection, ZonesAreSoundAgainstPlainAlphaBeta) {
  check_connection_zones(GoRules{});
}

TEST(GoConnection, ZonesAreSoundWithOneKoThreat) {
  GoRules rules;
  rules.defender_ignores_ko = true;
  rules.ko_threats = 1;
  check_connection_zones(rules);
}

}  // namespace
}  // namespace sgplan::models::go
