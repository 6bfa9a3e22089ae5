// Phutball: the jump rules on hand-made positions (a single jump, a jump over a line of men, a
// double jump and its stopping place, a jump off the board across a goal line, none off a side
// edge), the threat-game conformance suite, and Cazenave's direct threats of order k (gagnant_k)
// against an exhaustive minimax of the same depth on many random positions of 7 x 5 and 9 x 7
// boards: without the null-move cut winning_k is exactly "the attacker wins within k + 1 of its
// moves"; with the cut every proof is such a win (the cut only drops threats that are not direct),
// and the nodes with and without it are printed (tools/bench measures them by order).
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "models/phutball/phutball_game.hpp"
#include "search/lambda/direct_threats.hpp"
#include "tests/search/lambda/reference_lambda.hpp"
#include "tests/support/threat_game_conformance.hpp"

namespace sgplan::models::phutball {
namespace {

namespace lambda = search::lambda;

// A board from rows of text ('.' empty, 'o' a man, '*' the ball), north first.
Board board_from(const std::vector<std::string>& rows) {
  const int height = static_cast<int>(rows.size()), width = static_cast<int>(rows[0].size());
  int ball_row = -1, ball_column = -1;
  for (int r = 0; r < height; ++r) {
    for (int c = 0; c < width; ++c) {
      if (rows[r][c] == '*') {
        ball_row = r;
        ball_column = c;
      }
    }
  }
  Board b(width, height, ball_row, ball_column);
  for (int r = 0; r < height; ++r) {
    for (int c = 0; c < width; ++c) {
      if (rows[r][c] == 'o') b.place(b.point(r, c));
    }
  }
  return b;
}

TEST(PhutballBoard, JumpsOverLinesOfMenAndOnAcrossAGoalLine) {
  const Board b = board_from({".....",  //
                              ".....",  //
                              "..o..",  //
                              "..o..",  //
                              "..*o.",  //
                              "....."});
  const std::vector<Jump> jumps = b.jumps();
  // North over two men to row 1; east over one man to column 4 (then nothing more: from (4,4) no man
  // adjoins).
  ASSERT_EQ(jumps.size(), 2u);
  EXPECT_EQ(jumps[0].final_row, 1);
  EXPECT_EQ(jumps[0].final_column, 2);
  EXPECT_EQ(jumps[0].removed.size(), 2u);
  EXPECT_EQ(jumps[1].final_row, 4);
  EXPECT_EQ(jumps[1].final_column, 4);
  EXPECT_EQ(jumps[1].removed, std::vector<Point>{b.point(4, 3)});
}

TEST(PhutballBoard, MultipleJumpsStopAnywhereAndMayLeaveAcrossTheGoal) {
  const Board b = board_from({"..o..",  //
                              ".....",  //
                              "..o..",  //
                              "..*..",  //
                              "....."});
  const std::vector<Jump> jumps = b.jumps();
  // North over (2,2) to (1,2), then north over (0,2) past the north goal line: two moves.
  ASSERT_EQ(jumps.size(), 2u);
  EXPECT_EQ(jumps[0].final_row, 1);
  EXPECT_EQ(jumps[1].final_row, -1);
  EXPECT_EQ(jumps[1].landings.size(), 2u);
  EXPECT_EQ(jumps[1].removed.size(), 2u);
  // Off a side edge is no jump.
  const Board edge = board_from({".....",  //
                                 ".....",  //
                                 "...o*",  //
                                 ".....",  //
                                 "....."});
  ASSERT_EQ(edge.jumps().size(), 1u);  // west over (2,3) to (2,2); east is off the board
  EXPECT_EQ(edge.jumps()[0].final_column, 2);
}

TEST(PhutballGame, WinningJumpsAndUndo) {
  // Ball on row 2 of 5; a man north of it: the attacker (north goal) jumps onto row 0 and wins.
  PhutballGame g(board_from({".....", "..o..", "..*..", ".....", "....."}), /*attacker_south=*/false);
  MoveList win;
  g.winning_moves(win);
  ASSERT_EQ(win.size(), 1u);
  const std::uint64_t h = g.hash();
  g.play(win[0]);
  EXPECT_TRUE(g.attacker_won());
  EXPECT_FALSE(g.defender_won());
  g.undo();
  EXPECT_EQ(g.hash(), h);
  EXPECT_FALSE(g.attacker_won());
  // The defender (south goal) to move after a pass: that jump ends on its own goal line, so it is
  // not among its legal moves.
  g.pass();
  MoveList moves;
  g.legal_moves(moves);
  for (Move m : moves) EXPECT_LT(m, 25);  // placements only
  g.undo();
}

// Random positions: men on a share of the points, the ball away from the goal lines.
std::vector<PhutballGame> random_positions(int width, int height, double men, int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<PhutballGame> out;
  while (static_cast<int>(out.size()) < count) {
    const int ball_row = 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(height - 2));
    const int ball_column = static_cast<int>(rng() % static_cast<std::uint64_t>(width));
    Board b(width, height, ball_row, ball_column);
    for (int p = 0; p < b.points(); ++p) {
      if (!b.ball_at(static_cast<Point>(p)) && std::uniform_real_distribution<double>(0, 1)(rng) < men)
        b.place(static_cast<Point>(p));
    }
    out.emplace_back(b, rng() % 2 == 0);
  }
  return out;
}

std::string position_key(const PhutballGame& g) {
  return g.board().text() + std::to_string(g.board().ball_row()) +
         (g.attacker_to_move() ? " attacker" : " defender");
}

TEST(PhutballGame, PassesTheThreatGameConformanceSuite) {
  std::size_t positions = 0;
  for (PhutballGame& g : random_positions(7, 5, 0.3, 6, 11)) {
    testing::ThreatConformanceOptions<PhutballGame> o;
    o.position_key = position_key;
    o.playouts = 4;
    o.max_plies = 16;
    positions += testing::check_threat_game_conformance(g, o);
  }
  EXPECT_GT(positions, 50u);
}

struct DirectResult {
  bool proven = false;
  std::uint64_t nodes = 0;  // attacker and defender nodes, the cut's null-move checks included
};

DirectResult direct_threats(PhutballGame& g, int k, bool cut) {
  lambda::LambdaOptions o;
  lambda::LambdaTable table(1);
  lambda::MoveOrdering ordering;
  lambda::Budget budget(1'000'000'000, 0.0);
  lambda::SearchStats stats;
  lambda::SearchContext ctx(o, table, ordering, budget, stats);
  lambda::DirectThreats<PhutballGame> direct(g, ctx, cut);
  MoveSet zone;
  const lambda::Outcome r = direct.winning(k, zone);
  EXPECT_NE(r, lambda::Outcome::kAborted);
  return {r == lambda::Outcome::kProven, stats.nodes};
}

// The hash is kept move by move: after any two moves (the attacker to move again) it equals the
// hash of a game built afresh from the board, and it tells apart the positions it passed through.
TEST(PhutballGame, IncrementalHashEqualsAFreshOne) {
  int checked = 0;
  for (PhutballGame& g : random_positions(9, 7, 0.15, 30, 11)) {
    const std::uint64_t start = g.hash();
    MoveList first, second;
    g.legal_moves(first);
    for (std::size_t i = 0; i < first.size(); i += 7) {
      g.play(first[i]);
      g.legal_moves(second);
      for (std::size_t j = 0; j < second.size(); j += 5) {
        g.play(second[j]);
        EXPECT_EQ(g.hash(), PhutballGame(g.board(), g.attacker_south()).hash()) << g.board().text();
        EXPECT_NE(g.hash(), start);
        ++checked;
        g.undo();
      }
      g.undo();
    }
    EXPECT_EQ(g.hash(), start);
  }
  EXPECT_GT(checked, 1000);
}

// k = 0 and 1 on many positions of both boards; k = 2 on fewer small ones (minimax of five plies).
TEST(PhutballDirectThreats, MatchExhaustiveMinimaxWithoutTheCutAndAreSoundWithIt) {
  struct Round {
    int width, height, count, max_k;
    std::uint64_t seed;
  };
  int wins[3] = {0, 0, 0}, missed_by_cut = 0;
  std::uint64_t nodes_with = 0, nodes_without = 0;
  for (const Round& round : {Round{7, 5, 150, 1, 1}, Round{9, 7, 80, 1, 2}, Round{7, 5, 12, 2, 3}}) {
    for (PhutballGame& g : random_positions(round.width, round.height, 0.2, round.count, round.seed)) {
      const std::uint64_t h = g.hash();
      for (int k = 0; k <= round.max_k; ++k) {
        testing::ReferenceLambda<PhutballGame> reference(g);
        const bool minimax = reference.win_within(k + 1);
        const DirectResult without = direct_threats(g, k, false);
        const DirectResult with = direct_threats(g, k, true);
        EXPECT_EQ(without.proven, minimax) << "k " << k << "\n" << g.board().text();
        if (with.proven) {
          EXPECT_TRUE(minimax) << "k " << k << "\n" << g.board().text();
        }
        missed_by_cut += minimax && !with.proven;
        wins[k] += minimax;
        nodes_with += with.nodes;
        nodes_without += without.nodes;
        EXPECT_EQ(g.hash(), h);  // every move taken back
      }
    }
  }
  std::cout << "wins within 1, 2, 3 moves: " << wins[0] << ", " << wins[1] << ", " << wins[2]
            << "; missed by the cut: " << missed_by_cut << "; nodes with the cut " << nodes_with
            << ", without " << nodes_without << "\n";
  EXPECT_GT(wins[0], 10);
  EXPECT_GT(wins[1], wins[0]);
}

}  // namespace
}  // namespace sgplan::models::phutball
