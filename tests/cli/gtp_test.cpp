// sgplan gtp end to end: GTP transcripts (the protocol, the board commands, malformed input, the
// reading extensions on a ladder), robustness against random bytes, and tools/gtp-regress.sh on a
// small regression file.
#include <cctype>
#include <map>
#include <random>
#include <sstream>

#include "tests/cli/run_sgplan.hpp"

namespace sgplan::testing {
namespace {

const fs::path kFixtures = kSource / "tests/cli/gtp";

// Runs `sgplan gtp ARGS < input` in the fixture folder.
CommandResult gtp(const std::string& input, const std::vector<std::string>& args = {}) {
  std::vector<std::string> all{"gtp"};
  all.insert(all.end(), args.begin(), args.end());
  return sgplan(all, kFixtures, input);
}

TEST(Gtp, ProtocolCommands) {
  const CommandResult r =
      gtp("protocol_version\n1 name\n2 version\nknown_command attack\nknown_command fly\n"
          "known_command trymove\n3 list_commands\n4 quit\nname\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "= 2\n\n=1 sgplan\n\n=2 0.1.0\n\n= true\n\n= false\n\n= true\n\n"
            "=3 protocol_version\nname\nversion\nknown_command\nlist_commands\nquit\nboardsize\n"
            "clear_board\nkomi\nplay\nundo\nshowboard\nloadsgf\nattack\ndefend\nladder_attack\nconnect\n"
            "disconnect\nsame_dragon\ntrymove\n"
            "popgo\ncountlib\nincrease_depths\ndecrease_depths\nsgplan-last_reading\n\n=4\n\n");
}

TEST(Gtp, BoardCommandsAndShowboard) {
  const CommandResult r =
      gtp("boardsize 5\nplay black B4\nplay white C4\nplay black A3\nplay white D3\nplay black C3\n"
          "play white C2\nplay black B2\nplay white B3\n"  // White takes C3: a ko
          "play black C3\n"                                // the immediate retake is illegal
          "countlib B3\nshowboard\nundo\ncountlib C3\nclear_board\nshowboard\nplay b pass\nundo\nundo\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "=\n\n=\n\n=\n\n=\n\n=\n\n=\n\n=\n\n=\n\n=\n\n"
            "? illegal move\n\n"
            "= 1\n\n"
            "=\n   A B C D E\n 5 . . . . . 5\n 4 . X O . . 4\n 3 X O . O . 3\n 2 . X O . . 2\n"
            " 1 . . . . . 1\n   A B C D E\n\n"
            "=\n\n= 1\n\n=\n\n"
            "=\n   A B C D E\n 5 . . . . . 5\n 4 . . . . . 4\n 3 . . . . . 3\n 2 . . . . . 2\n"
            " 1 . . . . . 1\n   A B C D E\n\n"
            "=\n\n=\n\n? cannot undo\n\n");
}

TEST(Gtp, MalformedInputGetsErrorsNeverACrash) {
  const CommandResult r =
      gtp("\n# only a comment\n \t \nfly away\n7 boardsize x\nboardsize 4\nboardsize 25\nplay black Z9\n"
          "play purple A1\nplay black\nattack I1\nattack\nattack B2\nladder_attack A1\nkomi abc\nkomi 6.5\n"
          "loadsgf /nonexistent/x.sgf\nloadsgf broken.sgf\nloadsgf ladder.sgf 2x\npopgo\n8\ncountlib C3\n"
          "sgplan-last_reading\n12 play white A1 # a comment\r\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "? unknown command\n\n"
            "?7 boardsize not an integer\n\n"
            "? unacceptable size\n\n"
            "? unacceptable size\n\n"
            "? invalid coordinate\n\n"
            "? invalid color\n\n"
            "? syntax error (expected a colour and a vertex)\n\n"
            "? invalid coordinate\n\n"
            "? syntax error (expected a vertex)\n\n"
            "? vertex must not be empty\n\n"
            "? vertex must not be empty\n\n"
            "? komi not a float\n\n"
            "=\n\n"
            "? /nonexistent/x.sgf: cannot open the SGF file\n\n"
            "? broken.sgf:2:2: property B: the value is not closed by ']'\n\n"
            "? syntax error (expected a move number or a vertex)\n\n"
            "? Stack empty.\n\n"
            "?8 no command\n\n"
            "? vertex must not be empty\n\n"
            "? no reading question asked yet\n\n"
            "=12\n\n");
}

TEST(Gtp, ReadingOnTheLadder) {
  const CommandResult r =
      gtp("loadsgf ladder.sgf 1\n1 attack C3\n2 ladder_attack C3\n3 defend C3\n4 countlib C3\n"
          "trymove white G6\n5 ladder_attack C3\n6 attack C3\npopgo\n7 ladder_attack B3\nloadsgf ladder.sgf\n"
          "8 attack C3\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(
      r.out,
      "= black\n\n=1 1 C4\n\n=2 1 C4\n\n=3 1 C4\nunproven: a search this answer rests on stopped at the "
      "node budget (--max-nodes), not exhausted\n\n=4 2\n\n=\n\n=5 0\n\n=6 1 C4\n\n=\n\n"
      "?7 string must have exactly 2 liberties\n\n= white\n\n=8 1 C4\n\n");
}

// connect / disconnect / same_dragon with GNU Go's answers: a bamboo joint connects at either
// point and cannot be cut; a shared liberty between two enemy stones is the cut; errors as GNU Go
// words them.
TEST(Gtp, ConnectionQuestions) {
  const CommandResult r =
      gtp("boardsize 7\nplay black C5\nplay black C4\nplay black E5\nplay black E4\n1 connect C5 E4\n"
          "2 disconnect C5 E4\n3 same_dragon C5 E4\nplay white F6\n4 same_dragon C5 F6\n5 connect C5 F6\n"
          "6 connect C5 A1\n7 connect C5\n8 disconnect C5 Z9\n13 connect C4 C5\nclear_board\nplay black C4\n"
          "play black E4\nplay white D5\nplay white D3\n9 connect C4 E4\n10 disconnect C4 E4\n"
          "11 same_dragon C4 E4\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  for (const char* answer :
       {"=1 1 D4\n\n", "=2 0\n\n", "=3 1\n\n", "=4 0\n\n", "?5 vertices must have same color\n\n",
        "?6 vertex must not be empty\n\n", "?7 syntax error (expected two vertices)\n\n",
        "?8 invalid coordinate\n\n", "=13 1 PASS\n\n", "=9 1 D4\n\n", "=10 1 D4\n\n", "=11 0\n\n"}) {
    EXPECT_NE(r.out.find(answer), std::string::npos) << answer << " in\n" << r.out;
  }
}

TEST(Gtp, LastReadingReportsTheSearch) {
  const CommandResult r = gtp("loadsgf ladder.sgf 1\nattack C3\nsgplan-last_reading\n", {"--order", "1"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string last = r.out.substr(r.out.rfind("= nodes"));
  EXPECT_NE(last.find(" order 1 depth "), std::string::npos) << last;
  EXPECT_NE(last.find(" budget ok pv C4 D3 E3 D4 D5 E4 "), std::string::npos) << last;
}

// A ladder across the 19x19 board (White R3 cut off by Black S3, R2, Q2: 32 attacker moves to the
// far corner) is read to its end at the default depth. A "no" that a depth limit cut off says so on
// a second line (the first stays GNU Go's answer); a proven "no" (the ladder broken far along its
// path at E16, read until it fails) has none.
TEST(Gtp, LongLadderAndAnswersCutOffByALimit) {
  const std::string ladder = "boardsize 19\nplay black S3\nplay black R2\nplay black Q2\nplay white R3\n";
  CommandResult r = gtp(ladder + "1 ladder_attack R3\n2 attack R3\nplay white E16\n3 ladder_attack R3\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "=\n\n=\n\n=\n\n=\n\n=\n\n=1 1 R4\n\n=2 1 R4\n\n=\n\n=3 0\n\n");
  r = gtp(ladder + "1 ladder_attack R3\n", {"--depth", "24"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "=\n\n=\n\n=\n\n=\n\n=\n\n=1 0\nunproven: a search this answer rests on stopped at the depth "
            "limit (--depth, --net-depth), not exhausted\n\n");
  r = gtp(ladder + "1 attack R3\n", {"--max-nodes", "50"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("=1 0\nunproven: a search this answer rests on stopped at the node budget "
                       "(--max-nodes), not exhausted\n\n"),
            std::string::npos)
      << r.out;
}

// A long sequence of questions on random 9x9 positions with a small node budget: every answer's
// search, all its sub-searches and per-candidate verifications included, stays within --max-nodes
// (the engine's own count, from sgplan-last_reading), and every answer the budget cut off says so.
void check_budget_of_every_answer(const std::vector<std::string>& flags) {
  constexpr std::uint64_t kBudget = 1500;
  constexpr int kStats = 100000;  // the id of question k's sgplan-last_reading is kStats + k
  std::mt19937 rng(343);
  std::string input = "boardsize 9\n";
  const auto vertex = [&rng] {
    const char* columns = "ABCDEFGHJ";
    return std::string(1, columns[rng() % 9]) + std::to_string(1 + rng() % 9);
  };
  int questions = 0;
  for (int position = 0; position < 25; ++position) {
    input += "clear_board\n";
    for (int i = 0; i < 36; ++i)
      input += std::string(i % 2 == 0 ? "play black " : "play white ") + vertex() + "\n";
    for (int q = 0; q < 16; ++q) {
      ++questions;
      input += std::to_string(questions) + (q % 2 == 0 ? " attack " : " defend ") + vertex() + "\n" +
               std::to_string(kStats + questions) + " sgplan-last_reading\n";
    }
  }
  std::vector<std::string> args{"--max-nodes", std::to_string(kBudget), "--table-mb", "1"};
  args.insert(args.end(), flags.begin(), flags.end());
  const CommandResult r = gtp(input, args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // Answers are "=ID text" (with a second line "unproven: ..." when a limit cut the search off) or
  // "?ID message" for a question on an empty point.
  std::map<int, std::string> answers;
  std::istringstream in(r.out);
  std::string line;
  int id = -1;
  while (std::getline(in, line)) {
    if (line.empty()) {
      id = -1;
    } else if (id < 0 && (line[0] == '=' || line[0] == '?')) {
      // Unnumbered answers (to play, clear_board, ...) are kept under 0.
      const bool numbered = line.size() > 1 && std::isdigit(static_cast<unsigned char>(line[1])) != 0;
      id = numbered ? std::stoi(line.substr(1)) : 0;
      answers[id] = line;
    } else if (id >= 0) {
      answers[id] += "\n" + line;
    }
  }
  int readings = 0, exhausted = 0;
  for (int k = 1; k <= questions; ++k) {
    const std::string& answer = answers[k];
    if (answer.empty() || answer[0] != '=') continue;  // an empty point: no question asked
    ++readings;
    const std::string& stats = answers[kStats + k];
    ASSERT_EQ(stats.rfind("=" + std::to_string(kStats + k) + " nodes ", 0), 0u) << stats;
    const std::uint64_t nodes = std::stoull(stats.substr(stats.find(" nodes ") + 7));
    EXPECT_LE(nodes, kBudget) << answer << "\n" << stats;
    if (stats.find(" budget exhausted ") != std::string::npos) ++exhausted;
    // An attack "0" that the budget cut off says so (an attack's searches get all that is left).
    const bool attack = (k - 1) % 16 % 2 == 0;
    if (attack && answer == "=" + std::to_string(k) + " 0" &&
        stats.find(" budget exhausted ") != std::string::npos)
      ADD_FAILURE() << "a 0 cut off by the budget without a note: " << answer << "\n" << stats;
  }
  EXPECT_GT(readings, 100);
  EXPECT_GT(exhausted, 10);
}

TEST(Gtp, EveryAnswerOfALongSequenceRespectsTheNodeBudget) {
  check_budget_of_every_answer({});
}

// Dual lambda search's nested counter-threat searches spend the same budget and never pass it.
TEST(Gtp, DualSearchRespectsTheNodeBudgetToo) {
  check_budget_of_every_answer({"--dual"});
}

TEST(Gtp, RandomBytesGetAnAnswerPerCommand) {
  std::mt19937 rng(4242);
  std::string input;
  int commands = 0;
  for (int line = 0; line < 300; ++line) {
    std::string text;
    const int length = static_cast<int>(rng() % 30);
    for (int i = 0; i < length; ++i) {
      const int kind = static_cast<int>(rng() % 10);
      if (kind < 5) {
        text += static_cast<char>('a' + rng() % 26);
      } else if (kind < 7) {
        text += ' ';
      } else if (kind < 9) {
        text += static_cast<char>('0' + rng() % 10);
      } else {
        text += static_cast<char>(1 + rng() % 255);
      }
    }
    if (text.find('\n') != std::string::npos || text.find("quit") != std::string::npos) continue;
    // Commands that only look up or reject (a random line never starts with these words).
    input += text + "\n";
    std::string kept;
    for (char c : text) {
      if (c == '#') break;
      const auto u = static_cast<unsigned char>(c);
      if (c == '\t' || (u >= 32 && u != 127)) kept += c;
    }
    if (kept.find_first_not_of(" \t") != std::string::npos) ++commands;
  }
  const CommandResult r = gtp(input);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  int answers = 0;
  for (std::size_t at = r.out.find("\n\n"); at != std::string::npos; at = r.out.find("\n\n", at + 2))
    ++answers;
  EXPECT_EQ(answers, commands);
  EXPECT_GT(commands, 200);
}

TEST(Gtp, RegressionRunnerMatchesLikeGnuGo) {
  const std::string command = "SGPLAN_BINARY=" + quote(kBinary.string()) + " " +
                              quote((kSource / "tools/gtp-regress.sh").string()) +
                              " --verbose --seconds 60 " + quote((kFixtures / "mini.tst").string()) + " 2>&1";
  FILE* pipe = ::popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string out;
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) out.append(buffer.data(), n);
  ASSERT_EQ(WEXITSTATUS(::pclose(pipe)), 0) << out;
  EXPECT_NE(out.find("mini.tst: 4 of 5 passed"), std::string::npos) << out;
  EXPECT_NE(out.find("summary: 4 of 5 passed (0 unexpected passes of cases GNU Go failed; 0 unexpected "
                     "failures, 1 expected ones; 0 timeouts)"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("expected [1 D3]"), std::string::npos) << out;
  EXPECT_NE(out.find("got '1 C4'"), std::string::npos) << out;
}

}  // namespace
}  // namespace sgplan::testing
