// Go-Moku and Renju against the threat-game conformance suite (tests/support/
// threat_game_conformance.hpp): random playouts under each rule, Black and White attacking, from
// positions with threes and Renju forbidden points near the action, checking at every position the
// concept's play/undo, pass and hash contracts, the winning moves (fives), and the hints:
// hash_after, the order-1 candidates (every four-making move), and the order-1 zones (a reply other
// than the block leaves the five standing; an extra defender stone outside an open four's zone
// leaves a win within two moves).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "models/gomoku/gomoku_game.hpp"
#include "tests/models/gomoku/gomoku_test_support.hpp"
#include "tests/search/lambda/reference_lambda.hpp"
#include "tests/support/threat_game_conformance.hpp"

namespace sgplan::models::gomoku::test {
namespace {

using sgplan::testing::check_threat_game_conformance;
using sgplan::testing::PlainView;
using sgplan::testing::ThreatConformanceCounts;
using sgplan::testing::ThreatConformanceOptions;

// Everything GomokuGame::hash() covers: the stones and the side to move (the winner is not in it;
// the suite keys undecided positions only).
std::string position_key(const GomokuGame& g) {
  const Board& b = g.board();
  std::string key;
  for (int row = b.size() - 1; row >= 0; --row) {
    for (int col = 0; col < b.size(); ++col) {
      const Stone s = b.at(static_cast<Point>(row * b.size() + col));
      key += s == Stone::kBlack ? 'o' : s == Stone::kWhite ? 'x' : '.';
    }
    key += '\n';
  }
  return key + stone_name(g.to_move()) + " to move\n";
}

struct Case {
  const char* name;
  Board board;
  Stone attacker;
};

std::vector<Case> cases() {
  return {
      // Black's diagonal pair and row pair: threes and fours come within a few moves.
      {"freestyle", make_board(Rule::kFreestyle, {"G8", "H8", "H9", "I10"}, {"F8", "H7", "J9"}),
       Stone::kBlack},
      {"freestyle, White attacks",
       make_board(Rule::kFreestyle, {"G8", "H8", "H9", "I10"}, {"F8", "H7", "J9"}), Stone::kWhite},
      // Exactly five for both: overlines are no win.
      {"standard", make_board(Rule::kStandard, {"H8", "G7", "I9", "J8"}, {"H9", "I8", "G9", "H10"}),
       Stone::kWhite},
      // H8 is a double-three for Black (renju_rules_test.cpp): forbidden to the attacker.
      {"renju, Black attacks", make_board(Rule::kRenju, {"F8", "G8", "H6", "H7", "J10"}, {"E8", "K11", "A1"}),
       Stone::kBlack},
      // White's open three H9-J9 and Black's forbidden H8 beside it: blocks Black may not play.
      {"renju, White attacks", make_board(Rule::kRenju, {"F8", "G8", "H6", "H7"}, {"H9", "I9", "J9", "G10"}),
       Stone::kWhite},
      // White's four H9-K9 (G9 closed): Black must block at L9, its only candidate.
      {"defender's four",
       make_board(Rule::kFreestyle, {"G9", "H8", "I8", "G7"}, {"H9", "I9", "J9", "K9", "H7"}), Stone::kBlack},
      // A small board: the edges close most lines.
      {"freestyle 9x9", make_board(Rule::kFreestyle, {"D5", "E5", "E6"}, {"D4", "F6"}, 9), Stone::kBlack},
      {"renju 9x9", make_board(Rule::kRenju, {"D5", "E5", "E6", "C3"}, {"D4", "F6", "G7"}, 9), Stone::kWhite},
  };
}

ThreatConformanceOptions<GomokuGame> options(std::uint64_t seed, ThreatConformanceCounts& counts) {
  ThreatConformanceOptions<GomokuGame> o;
  o.seed = seed;
  o.playouts = 5;
  o.max_plies = 24;
  o.stone_samples = 40;  // of the ~200 empty points outside an open four's zone
  o.counts = &counts;
  o.position_key = position_key;
  return o;
}

TEST(GomokuThreatConformance, EveryRuleAndAttacker) {
  ThreatConformanceCounts counts;
  std::uint64_t seed = 1;
  for (const Case& c : cases()) {
    const std::size_t checked =
        check_threat_game_conformance(GomokuGame(c.board, c.attacker), options(seed++, counts));
    EXPECT_GE(checked, 60u) << c.name;
  }
  EXPECT_GT(counts.positions, 400u);  // 952 with these seeds
  EXPECT_GT(counts.round_trips, 60'000u);
  EXPECT_GT(counts.transpositions, 700u);
  EXPECT_GT(counts.same_transpositions, 700u);
  EXPECT_GT(counts.keys, 1'000u);
  EXPECT_GT(counts.winning_moves, 150u);
  EXPECT_GT(counts.threats, 150u);
  EXPECT_GT(counts.replies_outside_zone, 20'000u);
  EXPECT_GT(counts.proofs, 40u);
  EXPECT_GT(counts.stones_outside_zone, 1'500u);
  EXPECT_GT(counts.forced_candidates, 20u);
}

// The game seen without its hints (the searchers' definitions: every legal move a candidate, every
// zone the whole board): the suite's checks of the concept alone. No position key: the view hides
// the board.
TEST(GomokuThreatConformance, WithoutHints) {
  ThreatConformanceCounts counts;
  std::uint64_t seed = 50;
  for (const Case& c : cases()) {
    if (c.board.size() != 9) continue;
    GomokuGame game(c.board, c.attacker);
    ThreatConformanceOptions<PlainView<GomokuGame>> o;
    o.seed = seed++;
    o.playouts = 4;
    o.max_plies = 20;
    o.counts = &counts;
    EXPECT_GE(check_threat_game_conformance(PlainView<GomokuGame>(game), o), 20u) << c.name;
  }
  EXPECT_GT(counts.positions, 60u);
  EXPECT_GT(counts.threats, 20u);
  EXPECT_EQ(counts.replies_outside_zone, 0u);  // every reply is in the whole board
}

}  // namespace
}  // namespace sgplan::models::gomoku::test
