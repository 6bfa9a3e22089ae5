// The capture game against the threat-game conformance suite (tests/support/
// threat_game_conformance.hpp): random playouts from the reading tests' positions (ladders, a ladder
// along the edge, a net, a snapback, a ko) under each ko rule, checking at every position the
// concept's play/undo, pass and hash contracts, the winning moves, and the hints: hash_after, the
// order-1 candidates (every atari that threatens a capture), and the order-1 zones (a reply outside
// an atari's zone leaves the capture standing; an extra defender stone outside a ladder step's zone
// leaves the capture within two moves). The candidates are not checked to narrow to the moves that
// stop a defender's goal move: threat_game.hpp lets a game skip that, and this one does (seed 1 of
// the ladder position finds X's candidates C1, B2, C5 while O's E3 would make C3-D3 safe).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "models/go/capture_game.hpp"
#include "tests/models/go/go_test_support.hpp"
#include "tests/support/threat_game_conformance.hpp"

namespace sgplan::models::go {
namespace {

using sgplan::testing::check_threat_game_conformance;
using sgplan::testing::diagram;
using sgplan::testing::pt;
using sgplan::testing::ThreatConformanceCounts;
using sgplan::testing::ThreatConformanceOptions;

// Everything CaptureGame::hash() covers when no side has a limited number of ko threats: the
// stones, the side to move, and the ko point when it binds the side to move.
std::string position_key(const CaptureGame& g) {
  return testing::go_position_key(g) + ", target " + vertex_name(g.target(), g.board().size()) + "\n";
}

struct Case {
  const char* name;
  Board board;
  const char* target;
  bool attacker_first;
};

// The positions of reading_test.cpp, each described there.
std::vector<Case> cases() {
  return {
      {"ladder",
       diagram({".........", ".........", ".........", ".........", ".........", ".........", ".XO......",
                "..XX.....", "........."}),
       "C3", true},
      {"ladder, defender first",
       diagram({".........", ".........", ".........", ".........", ".........", ".........", ".XO......",
                "..XX.....", "........."}),
       "C3", false},
      {"edge ladder",
       diagram({".........", ".........", ".........", ".........", ".........", ".........", "..X......",
                ".XO......", "........."}),
       "C2", true},
      {"net", diagram({"...X.X.", "XXX....", ".X.....", ".O...O.", "X.....X", "......O", "X......"}), "A1",
       true},
      {"snapback",
       diagram({".........", ".........", ".........", ".........", ".........", "XXXX.....", "OOOXXX...",
                "XXOOOX...", ".OX.OX..."}),
       "C1", true},
      {"ko", diagram({".....", ".XO..", "X.XO.", ".XO..", "....."}), "C3", true},
      {"atari",
       diagram({".........", ".........", ".........", "....X....", "...XO....", "....X....", ".........",
                ".........", "........."}),
       "E5", true},
  };
}

CaptureGame game_of(const Case& c, const CaptureRules& rules) {
  const Point t = pt(c.target, c.board.size());
  const Color attacker = opponent(c.board.at(t));
  return CaptureGame(c.board, t, c.attacker_first ? attacker : opponent(attacker), rules);
}

ThreatConformanceOptions<CaptureGame> options(std::uint64_t seed, ThreatConformanceCounts& counts) {
  ThreatConformanceOptions<CaptureGame> o;
  o.seed = seed;
  o.playouts = 6;
  o.max_plies = 24;
  o.counts = &counts;
  o.position_key = position_key;
  // Off: CaptureGame's candidates do not narrow to the moves that stop the defender's goal move,
  // which threat_game.hpp allows (the header comment above).
  o.forced_candidates = false;
  return o;
}

// Simple ko for both sides, then each side winning every ko (the rule reading.hpp's code 1 reads
// with the defender free).
TEST(GoThreatConformance, EveryPositionUnderEachKoRule) {
  ThreatConformanceCounts counts;
  std::uint64_t seed = 1;
  for (int rule = 0; rule < 3; ++rule) {
    CaptureRules rules;
    rules.defender_ignores_ko = rule == 1;
    rules.attacker_ignores_ko = rule == 2;
    for (const Case& c : cases()) {
      const std::size_t checked = check_threat_game_conformance(game_of(c, rules), options(seed++, counts));
      EXPECT_GE(checked, 24u) << c.name << ", rule " << rule;
    }
  }
  EXPECT_GT(counts.positions, 1'000u);  // 2,100 with these seeds
  EXPECT_GT(counts.round_trips, 50'000u);
  EXPECT_GT(counts.transpositions, 1'000u);
  EXPECT_GT(counts.same_transpositions, 1'000u);
  EXPECT_GT(counts.keys, 2'000u);
  EXPECT_GT(counts.winning_moves, 300u);
  EXPECT_GT(counts.threats, 300u);
  EXPECT_GT(counts.replies_outside_zone, 10'000u);
  EXPECT_GT(counts.proofs, 40u);
  EXPECT_GT(counts.stones_outside_zone, 2'000u);
}

// Fewer safe liberties (the defender wins sooner) and more (the playouts run longer, and the
// target reaches more shapes).
TEST(GoThreatConformance, OtherSafeLiberties) {
  ThreatConformanceCounts counts;
  std::uint64_t seed = 100;
  for (int safe : {3, 8}) {
    CaptureRules rules;
    rules.safe_liberties = safe;
    rules.defender_ignores_ko = true;
    for (const Case& c : cases()) {
      const std::size_t checked = check_threat_game_conformance(game_of(c, rules), options(seed++, counts));
      EXPECT_GE(checked, 20u) << c.name << ", safe at " << safe;
    }
  }
  EXPECT_GT(counts.positions, 600u);  // 1,361
  EXPECT_GT(counts.threats, 150u);
  EXPECT_GT(counts.proofs, 20u);
}

// A limited number of ko threats (GNU Go's komaster, reading.hpp): the threats spent and the kos
// won are in the hash but not on the board, so there is no position key and the transposition and
// collision checks are skipped; everything else runs.
TEST(GoThreatConformance, OneKoThreatEach) {
  ThreatConformanceCounts counts;
  std::uint64_t seed = 200;
  CaptureRules rules;
  rules.defender_ignores_ko = true;
  rules.attacker_ignores_ko = true;
  rules.ko_threats = 1;
  for (const Case& c : cases()) {
    ThreatConformanceOptions<CaptureGame> o = options(seed++, counts);
    o.position_key = nullptr;
    const std::size_t checked = check_threat_game_conformance(game_of(c, rules), o);
    EXPECT_GE(checked, 24u) << c.name;
  }
  EXPECT_GT(counts.positions, 300u);  // 665
  EXPECT_GT(counts.threats, 80u);
  EXPECT_GT(counts.proofs, 10u);
}

}  // namespace
}  // namespace sgplan::models::go
