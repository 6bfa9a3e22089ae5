// Reading the questions of a GNU Go regression file: positions follow loadsgf / trymove / popgo,
// only attack and defend questions on stones are kept, and a malformed file names its line.
#include "models/go/regression_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/errors.hpp"

namespace sgplan::models::go {
namespace {

namespace fs = std::filesystem;
const fs::path kFixtures = fs::path(SGPLAN_SOURCE_DIR) / "tests/cli/gtp";

TEST(RegressionFile, QuestionsCarryTheirPositions) {
  // mini.tst: attack C3, ladder_attack C3, defend C3, trymove white G6, ladder_attack C3, popgo,
  // attack C3, attack A1 (an empty point: not a question about a string).
  const auto questions = read_regression_questions((kFixtures / "mini.tst").string());
  ASSERT_EQ(questions.size(), 3u);
  EXPECT_EQ(questions[0].name, "mini:1");
  EXPECT_EQ(questions[0].command, "attack");
  EXPECT_EQ(questions[1].name, "mini:3");
  EXPECT_EQ(questions[1].command, "defend");
  EXPECT_EQ(questions[2].name, "mini:5");
  const Point c3 = *parse_vertex("C3", 9);
  const Point g6 = *parse_vertex("G6", 9);
  for (const auto& q : questions) {
    EXPECT_EQ(q.target, c3);
    EXPECT_EQ(q.board.at(c3), Color::kWhite);
    EXPECT_TRUE(q.board.empty_at(g6)) << q.name << ": popgo takes the trymove back";
  }
  EXPECT_EQ(questions[0].board.hash(), questions[2].board.hash());
}

TEST(RegressionFile, MalformedLinesNameTheirLine) {
  const fs::path file = fs::temp_directory_path() / "sgplan_regression_file_test.tst";
  std::ofstream(file) << "loadsgf " << (kFixtures / "ladder.sgf").string() << " 1\n1 attack C3\npopgo\n";
  try {
    read_regression_questions(file.string());
    ADD_FAILURE() << "popgo without trymove was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), file.string() + ":3:1: popgo without a trymove to undo");
  }
  std::ofstream(file) << "loadsgf " << (kFixtures / "ladder.sgf").string() << " 1\nplay white C3\n";
  try {
    read_regression_questions(file.string());
    ADD_FAILURE() << "a move on a stone was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(":2:1: expected a legal `play COLOR VERTEX`"), std::string::npos)
        << e.what();
  }
  fs::remove(file);
}

}  // namespace
}  // namespace sgplan::models::go
