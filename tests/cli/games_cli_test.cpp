// The sgplan binary on the configs in configs/: one JSON object on stdout with the values, outcomes
// and moves solved by hand in the configs' comments, the exact counts of `sgplan count`, and exit
// code 2 with file:line:col on bad input.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace {

struct CliRun {
  int exit_code = -1;
  std::string out;  // stdout
  std::string err;  // stderr
};

CliRun run(const std::string& args) {
  // One file per process: ctest runs the test cases in parallel processes.
  const std::string err_file =
      ::testing::TempDir() + "sgplan_cli_stderr_" + std::to_string(getpid()) + ".txt";
  const std::string command = std::string(SGPLAN_BINARY) + " " + args + " 2>" + err_file;
  CliRun r;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return r;
  std::array<char, 4096> buffer{};
  for (std::size_t n; (n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0;) r.out.append(buffer.data(), n);
  const int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream in(err_file);
  r.err.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return r;
}

std::string config(const std::string& name) {
  return std::string(SGPLAN_SOURCE_DIR) + "/configs/" + name;
}

nlohmann::json json_of(const std::string& args) {
  const CliRun r = run(args + " --json");
  EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
  return nlohmann::json::parse(r.out);
}

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

TEST(Cli, NimByAlphaBetaAndByRetrograde) {
  const auto ab = json_of("solve " + config("nim.yaml"));
  EXPECT_EQ(ab["method"], "alphabeta");
  EXPECT_EQ(ab["value"], 1.0);
  EXPECT_EQ(ab["outcome"], "win");
  EXPECT_EQ(ab["move"], "take 2 from heap 1");  // 1 xor 4 xor 5 = 0
  EXPECT_GT(ab["nodes"].get<int>(), 0);
  const auto retro = json_of("solve " + config("nim.yaml") + " --method retrograde");
  EXPECT_EQ(retro["value"], 1.0);
  EXPECT_EQ(retro["outcome"], "win");
  EXPECT_EQ(retro["move"], "take 2 from heap 1");
  EXPECT_EQ(retro["distance"].get<int>() % 2, 1);
  EXPECT_EQ(retro["states"], 232);
  const auto misere = json_of("solve " + config("nim-misere.yaml"));
  EXPECT_EQ(misere["value"], 0.0);
  EXPECT_EQ(misere["outcome"], "loss");
  const auto interval = json_of("solve " + config("nim.yaml") + " --method interval");
  EXPECT_EQ(interval["outcome"], "win");
}

TEST(Cli, FormulaGames) {
  const auto plain = json_of("solve " + config("formula-game.yaml"));
  EXPECT_EQ(plain["value"], 1.0);
  EXPECT_EQ(plain["outcome"], "win");
  EXPECT_EQ(plain["move"], "x3=0");
  const auto flips = json_of("solve " + config("formula-flips.yaml"));
  EXPECT_EQ(flips["method"], "retrograde");
  EXPECT_EQ(flips["value"], 0.5);
  EXPECT_EQ(flips["outcome"], "draw");
  EXPECT_TRUE(flips["distance"].is_null());
  // Numeric methods would count infinite plays as losses: refused.
  const CliRun refused = run("solve " + config("formula-flips.yaml") + " --method interval");
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("retrograde"), std::string::npos);
}

TEST(Cli, CountPrintsExactBigIntegers) {
  const auto c = json_of("count " + config("formula-count.yaml"));
  EXPECT_EQ(c["variables"], 25);
  EXPECT_EQ(c["depth"], "infinite");
  EXPECT_EQ(c["histories"], "infinite");
  EXPECT_EQ(c["states"], "847288609443");              // 3^25
  EXPECT_EQ(c["states_bound"], "596046447753906250");  // 2 * 5^25
  EXPECT_EQ(c["enumerated"], false);
  const std::string path = write_temp("count25.yaml", "model: formula-game\nvariables: 25\nformula: x1\n");
  const auto finite = json_of("count " + path);
  // Python: math.factorial(25) * 2**25 and sum(factorial(25) // factorial(25 - k) * 2**k for k in 0..25)
  EXPECT_EQ(finite["depth"], "25");
  EXPECT_EQ(finite["histories"], "520469842636666622693081088000000");
  EXPECT_EQ(finite["tree_nodes"], "858109700313020729148965767773651");
  const auto small = json_of("count " + config("formula-flips.yaml"));
  EXPECT_EQ(small["enumerated"], true);
  EXPECT_EQ(small["reachable_states"], "809");
}

TEST(Cli, PigSmallGoalAndThresholds) {
  const std::string path = write_temp("pig20.yaml", "model: pig\ngoal: 20\n");
  const auto j = json_of("solve " + path);
  EXPECT_EQ(j["method"], "topological");
  EXPECT_GT(j["value"].get<double>(), 0.5);  // the first player's advantage
  EXPECT_LT(j["value"].get<double>(), 0.7);
  ASSERT_TRUE(j["hold_thresholds"].is_array());
  EXPECT_EQ(j["hold_thresholds"].size(), 2u);
  const CliRun alphabeta = run("solve " + path + " --method alphabeta");
  EXPECT_EQ(alphabeta.exit_code, 2);  // unbounded plays: needs --horizon
  const CliRun chance = run("solve " + path + " --method alphabeta --horizon 4");
  EXPECT_EQ(chance.exit_code, 2);  // chance positions
  const auto star = json_of("solve " + path + " --method star2 --horizon 6");
  const auto plain = json_of("solve " + path + " --method expectiminimax --horizon 6");
  EXPECT_NEAR(star["value"].get<double>(), plain["value"].get<double>(), 1e-12);
}

TEST(Cli, RobotMonsterTreeSearchesAgree) {
  const auto legacy = json_of("solve " + config("robot-monster.yaml") + " --method expectimax --horizon 6");
  const auto star = json_of("solve " + config("robot-monster.yaml") + " --method star2 --horizon 6");
  EXPECT_NEAR(legacy["value"].get<double>(), star["value"].get<double>(), 1e-12);
}

TEST(Cli, BadInputExitsTwoWithTheLocation) {
  const std::string formula =
      write_temp("bad-formula.yaml", "model: formula-game\nvariables: 3\nformula: \"x1 & (x2 | x4)\"\n");
  CliRun r = run("solve " + formula);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("bad-formula.yaml:3:22"), std::string::npos) << r.err;  // x4 (col 10: the quote)
  const std::string key = write_temp("bad-key.yaml", "model: pig\ngoal: 100\ndice: 6\n");
  r = run("solve " + key);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("bad-key.yaml:3:1"), std::string::npos) << r.err;
  r = run("count " + config("nim.yaml"));
  EXPECT_EQ(r.exit_code, 2);
  r = run("solve " + config("nim.yaml") + " --method nonsense");
  EXPECT_EQ(r.exit_code, 2);
}

}  // namespace
