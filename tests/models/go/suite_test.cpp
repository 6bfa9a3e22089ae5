// The GNU Go reading, capture and connection suites ($SGPLAN_CASES/gnugo; skipped when absent), labelled
// slow:
//   - every attack answered 1, 2 or 3 is a proof: its principal variation replays, under the ko
//     rule of its code, to the capture of the target;
//   - every connect answered 1, 2 or 3 is a proof that replays to the two stones in one string;
//   - tools/gtp-regress.sh with the default options gives exactly the figures of the README (the
//     searches are bounded by nodes, not time, so the figures are the same on every machine).
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "models/go/capture_game.hpp"
#include "models/go/connection_game.hpp"
#include "models/go/reading.hpp"
#include "models/go/regression_file.hpp"
#include "models/go/sgf.hpp"
#include "tests/models/go/go_test_support.hpp"

namespace sgplan::models::go {
namespace {

// The figures with the default options (README, "Go: capture problems by lambda search").
constexpr const char* kReadingFigure = "reading.tst: 193 of 235 passed";
constexpr const char* kCaptureFigure = "capture.tst: 13 of 18 passed";
// How many attacks of both files are answered 0, 1, 2 and 3.
constexpr std::array<int, 4> kSuiteAttackCodes{51, 58, 21, 16};
// The connection files with the default options (README, "Go: connection problems").
constexpr const char* kConnectFigure = "connect.tst: 57 of 81 passed";
constexpr const char* kConnectionFigure = "connection.tst: 88 of 128 passed";
// How many connect questions of both files are answered 0, 1, 2 and 3.
constexpr std::array<int, 4> kSuiteConnectCodes{24, 46, 0, 0};

// The rules under which an answer of code 1, 2 or 3 to an attack-like question was proved
// (reading.hpp): 1, the side asking obeys the ko ban and the other has one ko threat; 2, both obey
// it; 3, the side asking has one ko threat.
CaptureRules rules_of_code(int code) {
  CaptureRules rules;
  rules.attacker_ignores_ko = code == 3;
  rules.defender_ignores_ko = code == 1;
  rules.ko_threats = code == 2 ? 0 : 1;
  return rules;
}

// Plays the answer's principal variation in `game` (the position asked about, under the ko rule of
// the answer's code): it starts with the answer's move, every move is legal, and it ends with the
// attacker's goal reached (`goal`: what failing to reach it means).
template <class Game>
void expect_replays_to_goal(Game game, const ReadingResult& r, const std::string& name, const char* goal) {
  ASSERT_FALSE(r.pv.empty()) << name;
  EXPECT_EQ(r.pv.front(), r.move) << name;
  bool legal = true;
  for (Point p : r.pv) {
    legal = legal && game.is_legal(p);
    if (!legal) break;
    game.play(p);
  }
  EXPECT_TRUE(legal) << name << ": the principal variation does not replay";
  EXPECT_TRUE(legal && game.attacker_won()) << name << ": the principal variation does not " << goal;
}

// Runs tools/gtp-regress.sh on the files with the default options; its whole output.
std::string regress(const std::vector<std::string>& files) {
  std::string command = std::string("SGPLAN_BINARY='") + SGPLAN_BINARY + "' '" + SGPLAN_SOURCE_DIR +
                        "/tools/gtp-regress.sh' --seconds 600";
  for (const std::string& f : files) command += " '" + f + "'";
  command += " 2>&1";
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return "popen failed";
  std::string out;
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) out.append(buffer.data(), n);
  ::pclose(pipe);
  return out;
}

TEST(GoSuite, EveryAttackAnswerReplaysToTheCapture) {
  const auto dir = testing::gnugo_cases();
  if (!std::filesystem::exists(dir / "reading.tst")) GTEST_SKIP() << testing::missing_gnugo_message();
  std::array<int, 4> codes{};
  int attacks = 0;
  for (const char* file : {"reading.tst", "capture.tst"}) {
    for (const RegressionQuestion& q : read_regression_questions((dir / file).string())) {
      if (q.command != "attack") continue;
      ++attacks;
      const ReadingResult r = attack(q.board, q.target, ReadingOptions{});
      codes[static_cast<std::size_t>(r.code)] += 1;
      if (r.code == 0) continue;
      expect_replays_to_goal(
          CaptureGame(q.board, q.target, opponent(q.board.at(q.target)), rules_of_code(r.code)), r, q.name,
          "capture");
    }
  }
  EXPECT_EQ(attacks, 141 + 5);  // SOURCE.md: 141 attacks in reading.tst, 5 in capture.tst
  // The answers with the default options (update with the README's figures).
  EXPECT_EQ(codes, kSuiteAttackCodes);
}

TEST(GoSuite, RegressionFiguresOfTheReadme) {
  const auto dir = testing::gnugo_cases();
  if (!std::filesystem::exists(dir / "reading.tst")) GTEST_SKIP() << testing::missing_gnugo_message();
  const std::string out = regress({(dir / "reading.tst").string(), (dir / "capture.tst").string()});
  EXPECT_NE(out.find(kReadingFigure), std::string::npos) << out;
  EXPECT_NE(out.find(kCaptureFigure), std::string::npos) << out;
  EXPECT_NE(out.find("0 timeouts"), std::string::npos) << out;
}

// Every connect answered 1, 2 or 3 (but 1 PASS: one string already) is a lambda proof: its
// principal variation replays, under the ko rule of its code, to the two stones in one string.
TEST(GoSuite, EveryConnectAnswerReplaysToOneString) {
  const auto dir = testing::gnugo_cases();
  if (!std::filesystem::exists(dir / "connect.tst")) GTEST_SKIP() << testing::missing_gnugo_message();
  std::array<int, 4> codes{};
  int questions = 0;
  for (const char* file : {"connect.tst", "connection.tst"}) {
    for (const RegressionQuestion& q : read_regression_questions((dir / file).string())) {
      if (q.command != "connect" || q.board.at(q.target) != q.board.at(q.second)) continue;
      ++questions;
      const ReadingResult r = connect(q.board, q.target, q.second, ReadingOptions{});
      codes[static_cast<std::size_t>(r.code)] += 1;
      if (r.code == 0 || r.move == kPassPoint) continue;
      expect_replays_to_goal(
          ConnectionGame(q.board, q.target, q.second, q.board.at(q.target), rules_of_code(r.code)), r, q.name,
          "connect");
    }
  }
  EXPECT_EQ(questions, 31 + 39);  // the connect questions of connect.tst and of connection.tst
  EXPECT_EQ(codes, kSuiteConnectCodes);
}

TEST(GoSuite, ConnectionFiguresOfTheReadme) {
  const auto dir = testing::gnugo_cases();
  if (!std::filesystem::exists(dir / "connect.tst")) GTEST_SKIP() << testing::missing_gnugo_message();
  const std::string out = regress({(dir / "connect.tst").string(), (dir / "connection.tst").string()});
  EXPECT_NE(out.find(kConnectFigure), std::string::npos) << out;
  EXPECT_NE(out.find(kConnectionFigure), std::string::npos) << out;
  EXPECT_NE(out.find("0 timeouts"), std::string::npos) << out;
}

}  // namespace
}  // namespace sgplan::models::go
