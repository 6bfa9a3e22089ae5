// The README examples of the game-tree commands, run on the built sgplan binary: `info`,
// `strategy` (every mode) and `export --format efg`, their JSON keys, and the exit codes (2 bad
// input, 3 resource limit).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/models/extensive_form/test_support.hpp"

namespace sgplan::models::extensive_form {
namespace {

using Json = nlohmann::ordered_json;

struct CliRun {
  int exit_code = -1;
  std::string out, err;
  Json json() const { return Json::parse(out); }
};

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs `sgplan ARGS` in the source tree (so the README's relative paths work).
CliRun sgplan(const std::string& args) {
  const auto dir = std::filesystem::temp_directory_path();
  const std::string out = (dir / ("efg_cli_out_" + std::to_string(::getpid()))).string();
  const std::string err = (dir / ("efg_cli_err_" + std::to_string(::getpid()))).string();
  const std::string command =
      "cd '" + testing::source_dir() + "' && '" SGPLAN_BINARY "' " + args + " >'" + out + "' 2>'" + err + "'";
  const int status = std::system(command.c_str());
  CliRun r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return r;
}

TEST(Cli, InfoOnTheRepeatedGame) {
  const CliRun r = sgplan("info configs/repeated-pd.yaml --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json j = r.json();
  EXPECT_EQ(j["players"], Json::array({"row", "column"}));
  EXPECT_EQ(j["nodes"], 31);
  EXPECT_EQ(j["terminal_histories"], 16);
  ASSERT_EQ(j["infosets"]["row"].size(), 5u);
  EXPECT_EQ(j["infosets"]["column"][2]["label"], "round2[C,D]");
  EXPECT_EQ(j["infosets"]["column"][2]["actions"], Json::array({"C", "D"}));
  EXPECT_EQ(j["plans"]["row"], 32);
  EXPECT_EQ(j["reduced_plans"]["column"], 8);
  EXPECT_EQ(j["perfect_recall"]["row"], true);
  // The free parameters: 31 for a mixed strategy, 5 for a behavioural one (7 over reduced plans).
  EXPECT_EQ(j["free_parameters"]["row"]["mixed"], 31);
  EXPECT_EQ(j["free_parameters"]["column"]["reduced_mixed"], 7);
  EXPECT_EQ(j["free_parameters"]["column"]["behavioural"], 5);
  const CliRun text = sgplan("info configs/repeated-pd.yaml");
  EXPECT_NE(text.out.find("  reduced plans    8\n"), std::string::npos) << text.out;
}

TEST(Cli, InfoCountsBeyondTwoToThe53AreStrings) {
  const std::string file = (std::filesystem::temp_directory_path() / "efg_cli_big.yaml").string();
  std::ofstream(file)
      << "model: repeated-game\nrounds: 3\nplayers: [row, column]\n"
         "actions: {row: [T, M, B], column: [L, R]}\n"
         "payoffs: {T L: [1, 1], T R: [0, 0], M L: [0, 0], M R: [1, 1], B L: [0, 0], B R: [2, 2]}\n";
  const CliRun r = sgplan("info " + file + " --json");
  std::filesystem::remove(file);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json j = r.json();
  EXPECT_EQ(j["plans"]["row"], "328256967394537077627");  // 3^43
  EXPECT_EQ(j["plans"]["column"], 8796093022208);         // 2^43 < 2^53: a number
}

TEST(Cli, MixedToBehaviouralWithCheck) {
  const CliRun r = sgplan(
      "strategy configs/repeated-pd.yaml --mixed configs/strategies/pd-row-mixed.yaml --to behavioural "
      "--check --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json j = r.json();
  EXPECT_EQ(j["player"], "row");
  EXPECT_EQ(j["behavioural"]["round1"]["C"], 0.5);
  EXPECT_EQ(j["behavioural"]["round2[C,D]"]["D"], 1.0);
  EXPECT_EQ(j["unreached"], Json::array());
  EXPECT_EQ(j["check"]["equivalent"], true);
  EXPECT_EQ(j["check"]["max_difference"], 0.0);
  EXPECT_EQ(j["check"]["opponent_profiles"], 32);
}

TEST(Cli, BehaviouralToReducedMixedExactly) {
  const CliRun r = sgplan(
      "strategy configs/repeated-pd.yaml --behavioural configs/strategies/pd-row-behavioural.yaml "
      "--to mixed --reduced --exact --check --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json j = r.json();
  ASSERT_EQ(j["mixed"].size(), 8u);
  EXPECT_EQ(j["mixed"][0]["plan"], Json({{"round1", "C"}, {"round2[C,C]", "C"}, {"round2[C,D]", "C"}}));
  EXPECT_EQ(j["mixed"][0]["probability"], "9/200");
  EXPECT_EQ(j["plan_form"], "reduced");
  EXPECT_EQ(j["check"]["max_difference"], "0");
}

TEST(Cli, ProfileOfThePurePair) {
  const CliRun r =
      sgplan("strategy configs/repeated-pd.yaml --profile configs/strategies/pd-pure-pair.yaml --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json j = r.json();
  EXPECT_EQ(j["pure"], true);
  ASSERT_EQ(j["realization"].size(), 1u);
  EXPECT_EQ(j["realization"][0]["history"], Json::array({"row:C", "column:D", "row:D", "column:C"}));
  EXPECT_EQ(j["realization"][0]["probability"], 1.0);
  EXPECT_EQ(j["expected_payoffs"], Json({{"row", 4.0}, {"column", 4.0}}));
  const CliRun text =
      sgplan("strategy configs/repeated-pd.yaml --profile configs/strategies/pd-pure-pair.yaml");
  EXPECT_NE(text.out.find("1  [row:C, column:D, row:D, column:C]  payoffs row 4, column 4"),
            std::string::npos)
      << text.out;
}

TEST(Cli, PokerEquilibriumExactly) {
  const CliRun r = sgplan(
      "strategy configs/poker.yaml --profile configs/strategies/poker-equilibrium.yaml --exact --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.json()["expected_payoffs"], Json({{"Alice", "1/3"}, {"Bob", "-1/3"}}));
}

TEST(Cli, BackwardInductionAndPlans) {
  const CliRun spe = sgplan("strategy configs/centipede.yaml --spe --json");
  ASSERT_EQ(spe.exit_code, 0) << spe.err;
  EXPECT_EQ(spe.json()["subgame_perfect_equilibrium"]["payoffs"], Json({{"first", 1.0}, {"second", 0.0}}));
  EXPECT_EQ(spe.json()["realization"][0]["history"], Json::array({"first:stop"}));
  const CliRun plans = sgplan("strategy configs/repeated-pd.yaml --plans column --reduced --json");
  ASSERT_EQ(plans.exit_code, 0) << plans.err;
  EXPECT_EQ(plans.json()["count"], 8);
}

TEST(Cli, ExportEfgRoundTrip) {
  const std::string prefix = (std::filesystem::temp_directory_path() / "efg_cli_export").string();
  const CliRun r = sgplan("export configs/repeated-pd.yaml --format efg --out " + prefix);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "wrote " + prefix + ".efg\n");
  const CliRun info = sgplan("info " + prefix + ".efg --json");
  ASSERT_EQ(info.exit_code, 0) << info.err;
  EXPECT_EQ(info.json()["nodes"], 31);
  EXPECT_EQ(info.json()["infosets"]["column"][4]["label"], "round2[D,D]");
  const CliRun stdout_export = sgplan("export configs/repeated-pd.yaml --format efg --out -");
  EXPECT_EQ(stdout_export.out, slurp(prefix + ".efg"));
  std::filesystem::remove(prefix + ".efg");
}

TEST(Cli, ExitCodes) {
  const CliRun bad = sgplan("strategy configs/repeated-pd.yaml --mixed configs/repeated-pd.yaml");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err,
            "sgplan: error: configs/repeated-pd.yaml:6:1: unknown key 'model' in a strategy file (expected "
            "player, plan, mixed, behavioural or behavioral)\n");
  const CliRun limit = sgplan("info configs/repeated-pd.yaml --max-nodes 30");
  EXPECT_EQ(limit.exit_code, 3);
  EXPECT_EQ(
      limit.err,
      "sgplan: resource limit: game tree nodes: 31 exceeds the limit of 30 (raise it with --max-nodes)\n");
  const CliRun plans = sgplan("strategy configs/repeated-pd.yaml --plans row --max-plans 10");
  EXPECT_EQ(plans.exit_code, 3);
  const CliRun modes = sgplan("strategy configs/repeated-pd.yaml --spe --plans row");
  EXPECT_EQ(modes.exit_code, 2);
  const CliRun spe = sgplan("strategy configs/repeated-pd.yaml --spe");
  EXPECT_EQ(spe.exit_code, 2);
  EXPECT_NE(spe.err.find("needs a game of perfect information"), std::string::npos);
}

TEST(Cli, RefusalWithoutPerfectRecall) {
  SGPLAN_REQUIRE_CASES();
  const std::string game = testing::cases_dir() + "/gambit/catalog/journals_geb_wichardt2008.efg";
  const std::string file = (std::filesystem::temp_directory_path() / "efg_cli_wichardt.yaml").string();
  std::ofstream(file)
      << "player: Player 1\nmixed:\n  - plan: {\"Player 1:1\": R, \"Player 1:2\": r}\n"
         "    probability: 1/2\n  - plan: {\"Player 1:1\": L, \"Player 1:2\": l}\n    probability: 1/2\n";
  const CliRun r = sgplan("strategy " + game + " --mixed " + file);
  std::filesystem::remove(file);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(
      r.err.find(
          "cannot convert a mixed strategy into a behavioural one for player 'Player 1': the player does "
          "not have perfect recall"),
      std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace sgplan::models::extensive_form
