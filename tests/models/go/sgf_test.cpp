// SGF reading: the grammar, the main line, setup, move numbers (GNU Go's "loadsgf FILE N"), and
// errors that name the file, the line and column, and the property.
#include "models/go/sgf.hpp"

#include <gtest/gtest.h>
#include <pthread.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "core/errors.hpp"
#include "tests/models/go/go_test_support.hpp"

namespace sgplan::models::go {
namespace {

using testing::pt;

std::string error_of(const std::string& text, int move = 0) {
  try {
    position_at(parse_sgf(text, "game.sgf"), move);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Sgf, MainLineSetupAndMoveNumbers) {
  const std::string text =
      "(;GM[1]FF[4]SZ[9]AB[cc][gg]AW[cg:dh]C[a comment with \\] inside]\n"
      ";B[ee];W[ef]\n"
      "(;B[dd];W[de];B[df])\n"
      "(;B[aa]))";
  const SgfGame game = parse_sgf(text, "t.sgf");
  EXPECT_EQ(game.size, 9);
  EXPECT_EQ(game.moves(), 5);  // the first variation only
  const SgfPosition all = position_at(game, 0);
  EXPECT_EQ(all.moves_played, 5);
  EXPECT_EQ(all.to_move, Color::kWhite);
  EXPECT_EQ(all.board.at(pt("C7", 9)), Color::kBlack);  // cc
  EXPECT_EQ(all.board.at(pt("G3", 9)), Color::kBlack);  // gg
  EXPECT_EQ(all.board.at(pt("C3", 9)), Color::kWhite);  // the rectangle cg:dh
  EXPECT_EQ(all.board.at(pt("D2", 9)), Color::kWhite);
  EXPECT_EQ(all.board.at(pt("D4", 9)), Color::kBlack);  // df, move 5
  EXPECT_EQ(all.board.at(pt("A9", 9)), Color::kEmpty);  // aa is in the second variation
  // loadsgf FILE 3: moves 1 and 2 played, move 3 (black dd) about to be played.
  const SgfPosition before3 = position_at(game, 3);
  EXPECT_EQ(before3.moves_played, 2);
  EXPECT_EQ(before3.to_move, Color::kBlack);
  EXPECT_EQ(before3.board.at(pt("E4", 9)), Color::kWhite);  // ef
  EXPECT_EQ(before3.board.at(pt("D6", 9)), Color::kEmpty);  // dd not yet
  EXPECT_EQ(position_at(game, 1).moves_played, 0);
  EXPECT_EQ(position_at(game, 1).board.stones(Color::kBlack), 2);
  const SgfPosition before_dd = position_before(game, pt("D6", 9));
  EXPECT_EQ(before_dd.moves_played, 2);
}

TEST(Sgf, PlayerToMoveOldStyleIdentifiersPassesAndErase) {
  const SgfGame game = parse_sgf("(;GaMe[1]SiZe[5]AddBlack[aa][bb]PL[W];W[tt];B[];AE[aa]PL[B])", "t.sgf");
  EXPECT_EQ(game.size, 5);
  const SgfPosition p = position_at(game, 0);
  EXPECT_EQ(p.moves_played, 2);
  EXPECT_EQ(p.to_move, Color::kBlack);  // PL after the last move
  EXPECT_EQ(p.board.at(pt("A5", 5)), Color::kEmpty);
  EXPECT_EQ(p.board.at(pt("B4", 5)), Color::kBlack);
  const SgfGame handicap = parse_sgf("(;SZ[9]AB[cc][gg])", "h.sgf");
  EXPECT_EQ(position_at(handicap, 0).to_move, Color::kWhite);
}

TEST(Sgf, CapturesHappenWhileReplaying) {
  // A setup stone without liberties is refused; a move without liberties captures.
  EXPECT_EQ(error_of("(;SZ[5]AB[ab][ba]AW[aa])"),
            "game.sgf:1:18: property AW[aa]: the stone leaves a string without liberties");
  const SgfPosition p = position_at(parse_sgf("(;SZ[5]AB[ab]AW[aa];B[ba])", "t.sgf"), 0);
  EXPECT_EQ(p.board.at(pt("A5", 5)), Color::kEmpty);
  EXPECT_EQ(p.board.stones(Color::kWhite), 0);
}

TEST(Sgf, ErrorsNameFileLineColumnAndProperty) {
  EXPECT_EQ(error_of(""), "game.sgf:1:1: empty SGF file (expected '(;')");
  EXPECT_EQ(error_of("x(;)"), "game.sgf:1:1: unexpected 'x' (an SGF file starts with '(;')");
  EXPECT_EQ(error_of("(;SZ[9]\n;B[ee"), "game.sgf:2:2: property B: the value is not closed by ']'");
  EXPECT_EQ(error_of("(;SZ[9];B[ee]"), "game.sgf:1:14: the game tree is not closed by ')'");
  EXPECT_EQ(error_of("(;SZ[25])"), "game.sgf:1:3: property SZ[25]: board size outside 5..19");
  EXPECT_EQ(error_of("(;SZ[19:9])"),
            "game.sgf:1:3: property SZ[19:9]: expected a board size (only square boards are supported)");
  EXPECT_EQ(error_of("(;GM[2])"), "game.sgf:1:3: property GM[2]: not a game of Go (GM[1])");
  EXPECT_EQ(error_of("(;SZ[9]\n;B[ee]\n;W[zz])"),
            "game.sgf:3:2: property W[zz]: move 2 is not a point of the 9x9 board");
  EXPECT_EQ(error_of("(;SZ[9];B[ee];W[ee])"),
            "game.sgf:1:15: property W[ee]: move 2 is illegal: the point is occupied");
  EXPECT_EQ(error_of("(;SZ[9]AB[ab][ba];W[aa])"),
            "game.sgf:1:19: property W[aa]: move 1 is illegal: it is suicide");
  EXPECT_EQ(error_of("(;SZ[9]AB[jj])"), "game.sgf:1:8: property AB[jj]: not a point of the 9x9 board");
  EXPECT_EQ(error_of("(;SZ[9]AB[aa:zz])"),
            "game.sgf:1:8: property AB[aa:zz]: not a rectangle of points of the 9x9 board");
  EXPECT_EQ(error_of("(;SZ[9]PL[X])"), "game.sgf:1:8: property PL[X]: expected B or W");
  EXPECT_EQ(error_of("(;SZ[9];B)"), "game.sgf:1:9: property B has no value (expected '[')");
  EXPECT_EQ(error_of("(;SZ[9](;B[aa])x)"), "game.sgf:1:16: expected ')' after the variations");
  // A later illegal move does not matter when the position stops before it.
  EXPECT_EQ(error_of("(;SZ[9];B[ee];W[ee])", 2), "");
  EXPECT_THROW(read_sgf("/nonexistent/game.sgf"), InputError);
}

// Fuzzer finding (reported/manual-sgf-deep, sgf-00228): the reader recursed once per nesting
// level, so deep variations overflowed the stack (a 2 MB stack at 10,000 levels) or hit a
// depth limit. It now keeps the open trees on a heap stack: a million levels load on a thread
// with a 256 KiB stack.
TEST(Sgf, DeeplyNestedVariationsLoadWithASmallStack) {
  constexpr int kDepth = 1'000'000;
  // The root holds level 0 as its variation; level k holds level k + 1 and then a second
  // variation; the innermost level ends with one more node.
  std::string text = "(;SZ[9];B[aa]";
  for (int k = 0; k < kDepth; ++k) text += k % 2 == 0 ? "(;W[bb]" : "(;B[dd]";
  text += ";W[ff])";
  for (int k = kDepth - 1; k-- > 0;) text += "(;B[ee]))";
  text += ")";
  struct Job {
    const std::string* text;
    int moves = -1;
    std::string error;
  } job{&text, -1, ""};
  pthread_attr_t attr;
  ASSERT_EQ(pthread_attr_init(&attr), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&attr, 256 * 1024), 0);
  pthread_t thread;
  ASSERT_EQ(pthread_create(
                &thread, &attr,
                [](void* arg) -> void* {
                  auto* j = static_cast<Job*>(arg);
                  try {
                    j->moves = parse_sgf(*j->text, "deep.sgf").moves();
                  } catch (const std::exception& e) {
                    j->error = e.what();
                  }
                  return nullptr;
                },
                &job),
            0);
  ASSERT_EQ(pthread_join(thread, nullptr), 0);
  pthread_attr_destroy(&attr);
  EXPECT_EQ(job.error, "");
  // The main line: B aa, the first variation at every level (W bb, B dd, W bb, ...), then W ff.
  EXPECT_EQ(job.moves, kDepth + 2);
  // Errors deep inside still name their position.
  EXPECT_EQ(error_of("(;SZ[9](;B[aa](;W[bb](;B[cc]*))))"),
            "game.sgf:1:29: unexpected '*' (expected ';', '(' or ')')");
  EXPECT_EQ(error_of("(;SZ[9](;B[aa](;W[bb](;B[cc]))"), "game.sgf:1:31: expected ')' after the variations");
  EXPECT_EQ(error_of("(;SZ[9](;B[aa]()"), "game.sgf:1:16: a game tree must start with a node (';')");
}

TEST(Sgf, KoRetakeInTheRecordIsRefused) {
  // White takes the black stone at C3 from B3, a ko; Black's immediate retake is illegal.
  const std::string ko = "(;SZ[5]AB[bb][ac][cc][bd]AW[cb][dc][cd];W[bc];B[cc])";
  EXPECT_EQ(error_of(ko), "game.sgf:1:47: property B[cc]: move 2 is illegal: it retakes a ko at once");
}

// Every SGF file the GNU Go reading and capture suites load reads without error, at the move
// numbers the suites use.
TEST(Sgf, EverySuiteGameLoads) {
  const auto dir = testing::gnugo_cases();
  if (!std::filesystem::exists(dir / "reading.tst")) GTEST_SKIP() << testing::missing_gnugo_message();
  int loaded = 0;
  std::set<std::string> files;
  for (const char* tst : {"reading.tst", "capture.tst"}) {
    std::ifstream in(dir / tst);
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("loadsgf ", 0) != 0) continue;
      std::istringstream words(line.substr(8));
      std::string file;
      int move = 0;
      words >> file;
      if (!(words >> move)) move = 0;
      const SgfGame game = read_sgf((dir / file).string());
      const SgfPosition p = position_at(game, move);
      EXPECT_TRUE(p.board.consistent()) << file;
      if (move > 0) {
        EXPECT_EQ(p.moves_played, std::min(move - 1, game.moves())) << file;
      }
      files.insert(file);
      ++loaded;
    }
  }
  EXPECT_EQ(loaded, 168);
  EXPECT_GT(files.size(), 100u);
}

}  // namespace
}  // namespace sgplan::models::go
