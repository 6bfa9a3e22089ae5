// The Go board: names, captures, suicide, ko, and the conformance run against a naive reference
// board (random games with undo round trips: hash and text equal at every step).
#include "models/go/board.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "tests/models/go/go_test_support.hpp"
#include "tests/models/go/reference_board.hpp"

namespace sgplan::models::go {
namespace {

using testing::diagram;
using testing::pt;

TEST(GoVertex, NamesSkipTheLetterI) {
  EXPECT_EQ(vertex_name(0, 19), "A1");
  EXPECT_EQ(vertex_name(7, 19), "H1");
  EXPECT_EQ(vertex_name(8, 19), "J1");
  EXPECT_EQ(vertex_name(360, 19), "T19");
  EXPECT_EQ(vertex_name(kPassPoint, 19), "PASS");
  EXPECT_EQ(parse_vertex("j1", 19), Point{8});
  EXPECT_EQ(parse_vertex("T19", 19), Point{360});
  EXPECT_EQ(parse_vertex("Pass", 9), kPassPoint);
  EXPECT_FALSE(parse_vertex("I5", 19).has_value());
  EXPECT_FALSE(parse_vertex("A0", 19).has_value());
  EXPECT_FALSE(parse_vertex("A01", 19).has_value());
  EXPECT_FALSE(parse_vertex("K1", 9).has_value());
  EXPECT_FALSE(parse_vertex("A10", 9).has_value());
  EXPECT_FALSE(parse_vertex("", 9).has_value());
  EXPECT_EQ(parse_sgf_point("aa", 19), Point{18 * 19});
  EXPECT_EQ(parse_sgf_point("sa", 19), Point{18 * 19 + 18});
  EXPECT_EQ(parse_sgf_point("as", 19), Point{0});
  EXPECT_EQ(parse_sgf_point("tt", 19), kPassPoint);
  EXPECT_EQ(parse_sgf_point("", 19), kPassPoint);
  EXPECT_FALSE(parse_sgf_point("ja", 9).has_value());
}

TEST(GoBoard, CapturesAndLiberties) {
  Board b = diagram({".....", ".XO..", "XO...", ".XO..", "....."});
  EXPECT_EQ(b.liberties(pt("B3", 5)), 1);  // the white stone in the middle of three black ones
  EXPECT_EQ(b.liberties(pt("A3", 5)), 2);
  EXPECT_TRUE(b.play(pt("C3", 5), Color::kBlack));
  EXPECT_EQ(b.at(pt("B3", 5)), Color::kEmpty);
  EXPECT_EQ(b.last_captures(), 1);
  EXPECT_EQ(b.stones(Color::kWhite), 2);
  EXPECT_EQ(b.stones(Color::kBlack), 4);
  EXPECT_EQ(b.liberties(pt("A3", 5)), 3);  // A4, A2 and the emptied B3
  EXPECT_TRUE(b.consistent());
  b.undo();
  EXPECT_EQ(b.at(pt("B3", 5)), Color::kWhite);
  EXPECT_EQ(b.liberties(pt("B3", 5)), 1);
  EXPECT_TRUE(b.consistent());
}

TEST(GoBoard, SuicideIsIllegalUnlessItCaptures) {
  Board b = diagram({".X...", "X.X..", ".X...", ".....", "....."});
  EXPECT_FALSE(b.is_legal(pt("B4", 5), Color::kWhite));
  EXPECT_FALSE(b.play(pt("B4", 5), Color::kWhite));
  EXPECT_TRUE(b.consistent());
  EXPECT_TRUE(b.is_legal(pt("A5", 5), Color::kBlack));
  EXPECT_FALSE(b.is_legal(pt("A5", 5), Color::kWhite));  // a corner point with two black neighbours
  // A move with no liberty of its own is legal when it captures.
  Board c = diagram({".OX..", "OX...", ".....", ".....", "....."});
  EXPECT_TRUE(c.play(pt("A5", 5), Color::kBlack));
  EXPECT_EQ(c.at(pt("B5", 5)), Color::kEmpty);
  EXPECT_EQ(c.last_captures(), 1);
  EXPECT_EQ(c.liberties(pt("A5", 5)), 1);
  EXPECT_EQ(c.liberties(pt("A4", 5)), 1);  // A3 only: A5 is black now
  EXPECT_TRUE(c.consistent());
}

TEST(GoBoard, SimpleKo) {
  Board b = diagram({".....", ".XO..", "X.XO.", ".XO..", "....."});
  ASSERT_TRUE(b.play(pt("B3", 5), Color::kWhite));  // takes C3
  EXPECT_EQ(b.ko_point(), pt("C3", 5));
  EXPECT_EQ(b.ko_banned(), Color::kBlack);
  EXPECT_FALSE(b.is_legal(pt("C3", 5), Color::kBlack));
  EXPECT_TRUE(b.is_legal(pt("C3", 5), Color::kBlack, /*ignore_ko=*/true));
  Board waived = b;
  EXPECT_TRUE(waived.play(pt("C3", 5), Color::kBlack, true));
  EXPECT_EQ(waived.ko_point(), pt("B3", 5));  // the retake is itself a ko capture
  b.pass();
  EXPECT_EQ(b.ko_point(), kNoPoint);
  EXPECT_TRUE(b.is_legal(pt("C3", 5), Color::kBlack));
  b.undo();
  EXPECT_EQ(b.ko_point(), pt("C3", 5));
  ASSERT_TRUE(b.play(pt("E5", 5), Color::kBlack));  // a move elsewhere lifts the ban
  EXPECT_TRUE(b.is_legal(pt("C3", 5), Color::kBlack));
  // Taking two stones is no ko.
  Board two = diagram({".....", ".XOO.", "X.XXO", ".XOO.", "....."});
  ASSERT_TRUE(two.play(pt("B3", 5), Color::kWhite));
  EXPECT_EQ(two.last_captures(), 2);
  EXPECT_EQ(two.ko_point(), kNoPoint);
}

TEST(GoBoard, HashDependsOnStonesNotOnOrder) {
  Board a(9), b(9);
  ASSERT_TRUE(a.play(pt("C3", 9), Color::kBlack) && a.play(pt("D4", 9), Color::kWhite) &&
              a.play(pt("E5", 9), Color::kBlack));
  ASSERT_TRUE(b.play(pt("E5", 9), Color::kBlack) && b.play(pt("D4", 9), Color::kWhite) &&
              b.play(pt("C3", 9), Color::kBlack));
  EXPECT_EQ(a.hash(), b.hash());
  EXPECT_EQ(a.text(), b.text());
  b.undo();
  EXPECT_NE(a.hash(), b.hash());
}

TEST(GoBoard, TextHasGtpCoordinates) {
  Board b(5);
  ASSERT_TRUE(b.play(pt("A1", 5), Color::kBlack) && b.play(pt("E5", 5), Color::kWhite));
  EXPECT_EQ(b.text(),
            "   A B C D E\n"
            " 5 . . . . O 5\n"
            " 4 . . . . . 4\n"
            " 3 . . . . . 3\n"
            " 2 . . . . . 2\n"
            " 1 X . . . . 1\n"
            "   A B C D E\n");
}

TEST(GoBoard, SetupRefusesStonesWithoutLiberties) {
  Board b = diagram({".X...", "X....", ".....", ".....", "....."});
  EXPECT_THROW(b.setup(pt("A5", 5), Color::kWhite), std::invalid_argument);
  EXPECT_EQ(b.at(pt("A5", 5)), Color::kEmpty);
  EXPECT_TRUE(b.consistent());
  EXPECT_THROW(Board(4), std::invalid_argument);
  EXPECT_THROW(Board(20), std::invalid_argument);
}

// Random games against the reference board; at every step the legal moves, the cells and the
// consistency of strings and liberties agree, and undoing a random number of moves gives back
// exactly the recorded hash and text.
TEST(GoBoard, ConformanceWithReferenceAndUndoRoundTrips) {
  std::mt19937 rng(20260719);
  int moves_checked = 0, captures_seen = 0, kos_seen = 0;
  for (int size : {5, 7, 9, 13, 19}) {
    for (int game = 0; game < 12; ++game) {
      Board board(size);
      testing::ReferenceBoard ref(size);
      std::vector<std::uint64_t> hashes{board.hash()};
      std::vector<std::string> texts{board.text()};
      Color side = Color::kBlack;
      std::vector<Point> history;
      const int length = size <= 9 ? 160 : 220;
      for (int step = 0; step < length; ++step) {
        // Every point's legality against the reference (on big boards every fifth step).
        std::vector<Point> legal;
        const bool full = size <= 9 || step % 5 == 0;
        for (Point p = 0; p < board.points(); ++p) {
          const bool mine = board.is_legal(p, side);
          if (full) {
            ASSERT_EQ(mine, ref.is_legal(p, side))
                << "size " << size << " step " << step << " point " << vertex_name(p, size) << "\n"
                << board.text();
          }
          if (mine) legal.push_back(p);
        }
        Point move = kPassPoint;
        if (!legal.empty() && rng() % 20 != 0) move = legal[rng() % legal.size()];
        if (move == kPassPoint) {
          board.pass();
          ref.pass();
        } else {
          ASSERT_TRUE(board.play(move, side));
          ASSERT_TRUE(ref.play(move, side));
          captures_seen += board.last_captures() > 0 ? 1 : 0;
          kos_seen += board.ko_point() != kNoPoint ? 1 : 0;
        }
        history.push_back(move);
        for (Point p = 0; p < board.points(); ++p) ASSERT_EQ(board.at(p), ref.at(p));
        ASSERT_TRUE(board.consistent()) << board.text();
        hashes.push_back(board.hash());
        texts.push_back(board.text());
        ++moves_checked;
        side = opponent(side);
        // Undo a few moves, check, and play them again.
        if (rng() % 7 == 0 && history.size() >= 3) {
          const std::size_t k = 1 + rng() % 3;
          std::vector<Point> taken(history.end() - static_cast<std::ptrdiff_t>(k), history.end());
          for (std::size_t i = 0; i < k; ++i) {
            board.undo();
            const std::size_t at = hashes.size() - 2 - i;
            ASSERT_EQ(board.hash(), hashes[at]);
            ASSERT_EQ(board.text(), texts[at]);
            ASSERT_TRUE(board.consistent());
          }
          Color c = k % 2 == 0 ? side : opponent(side);
          for (Point p : taken) {
            if (p == kPassPoint) {
              board.pass();
            } else {
              ASSERT_TRUE(board.play(p, c));
            }
            c = opponent(c);
          }
          ASSERT_EQ(board.hash(), hashes.back());
          ASSERT_EQ(board.text(), texts.back());
        }
      }
      // Everything undone: the empty board.
      while (board.moves_played() > 0) board.undo();
      EXPECT_EQ(board.hash(), hashes.front());
      EXPECT_EQ(board.text(), texts.front());
      EXPECT_TRUE(board.consistent());
    }
  }
  EXPECT_EQ(moves_checked, 12 * (3 * 160 + 2 * 220));
  EXPECT_GT(captures_seen, 100);
  EXPECT_GT(kos_seen, 5);
}

}  // namespace
}  // namespace sgplan::models::go
