// sgplan lambda and sgplan bench renju end to end: the JSON of the issue (exact answers on the
// hand-made configs, checked by hand in their comments), both engines, the bad-position corpus with
// exact file:line:col messages and exit codes, the resource error, a Renju case file and the puzzle
// runner on the shared cases (skipped when $SGPLAN_CASES is missing).
#include <cstdlib>

#include "tests/cli/run_sgplan.hpp"

namespace sgplan::testing {
namespace {

fs::path cases_dir() {
  if (const char* env = std::getenv("SGPLAN_CASES"); env != nullptr && *env != '\0') return env;
  return kSource / "../shared/cases";
}

TEST(LambdaCli, BadPositionsGiveExactMessagesAndExitCodes) {
  const int cases = run_error_corpus(kSource / "tests/cli/bad_gomoku", {"lambda"}, {"--quiet"});
  EXPECT_EQ(cases, 17);
}

TEST(LambdaCli, TableLargerThanTheMachineIsAResourceError) {
  const CommandResult r =
      sgplan({"lambda", "tests/cli/bad_gomoku/good.yaml", "--table-mb", "1000000", "--quiet"});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(
      r.err.rfind(
          "sgplan: resource limit: transposition table: 1000000 MiB exceeds half the machine's memory", 0),
      0u)
      << r.err;
  const CommandResult s = sgplan({"solve", "tests/cli/bad_gomoku/good.yaml"});
  EXPECT_EQ(s.exit_code, 2);
  EXPECT_NE(s.err.find("use sgplan lambda"), std::string::npos);
}

TEST(LambdaCli, FourThreeIsAnOrderOneWinInThreeMoves) {
  // Each engine with iterative deepening finds the three-move proof; without it (the default
  // under df-pn) the proof is searched at the file's depth 5 at once.
  for (const char* engine : {"alphabeta", "dfpn", "hybrid"}) {
    const auto j = parse_json(sgplan(
        {"lambda", "configs/gomoku-four-three.yaml", "--json", "--engine", engine, "--deepening", "on"}));
    for (const char* key : {"proven", "move", "order", "pv", "nodes", "seconds", "depth", "engine", "rule",
                            "attacker", "max_order", "max_depth", "budget_exhausted", "stats"}) {
      EXPECT_TRUE(j.contains(key)) << key;
    }
    EXPECT_EQ(j["proven"], true);
    EXPECT_EQ(j["move"], "I8");
    EXPECT_EQ(j["order"], 1);
    EXPECT_EQ(j["depth"], 3);
    EXPECT_EQ(j["engine"], engine);
    EXPECT_EQ(j["iterative_deepening"], true);
    // I8 (four-three), J8 forced, then an open four on column I and the five.
    const std::vector<std::vector<std::string>> lines = {{"I8", "J8", "I9", "I5", "I10"},
                                                         {"I8", "J8", "I9", "I10", "I5"},
                                                         {"I8", "J8", "I5", "I9", "I4"},
                                                         {"I8", "J8", "I5", "I4", "I9"}};
    const auto pv = j["pv"].get<std::vector<std::string>>();
    EXPECT_NE(std::find(lines.begin(), lines.end(), pv), lines.end()) << j["pv"].dump();
  }
  // The defaults: hybrid, X-0-0 at attacker nodes, no deepening under df-pn (deepening under
  // alpha-beta); --no-deepening is --deepening off and contradicts --deepening on.
  auto j = parse_json(sgplan({"lambda", "configs/gomoku-four-three.yaml", "--json"}));
  EXPECT_EQ(j["engine"], "hybrid");
  EXPECT_EQ(j["x00"], "attacker");
  EXPECT_EQ(j["iterative_deepening"], false);
  EXPECT_EQ(j["proven"], true);
  EXPECT_EQ(j["move"], "I8");
  EXPECT_EQ(j["depth"], 5);
  EXPECT_LE(j["pv"].size(), 9u);
  j = parse_json(sgplan({"lambda", "configs/gomoku-four-three.yaml", "--json", "--engine", "alphabeta"}));
  EXPECT_EQ(j["iterative_deepening"], true);
  EXPECT_EQ(j["depth"], 3);
  j = parse_json(sgplan(
      {"lambda", "configs/gomoku-four-three.yaml", "--json", "--engine", "alphabeta", "--no-deepening"}));
  EXPECT_EQ(j["iterative_deepening"], false);
  EXPECT_EQ(j["depth"], 5);
  const CommandResult bad =
      sgplan({"lambda", "configs/gomoku-four-three.yaml", "--no-deepening", "--deepening", "on"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--no-deepening contradicts --deepening on"), std::string::npos) << bad.err;
}

TEST(LambdaCli, DoubleThreeNeedsOrderTwo) {
  auto j =
      parse_json(sgplan({"lambda", "configs/gomoku-double-three.yaml", "--json", "--engine", "alphabeta"}));
  EXPECT_EQ(j["proven"], true);
  EXPECT_EQ(j["move"], "H8");
  EXPECT_EQ(j["order"], 2);
  EXPECT_EQ(j["depth"], 3);
  EXPECT_EQ(j["pv"].size(), 5u);
  // The default engine (df-pn at the file's depth 5 at once) proves the same first move and order,
  // by a line no longer than the depth.
  j = parse_json(sgplan({"lambda", "configs/gomoku-double-three.yaml", "--json"}));
  EXPECT_EQ(j["proven"], true);
  EXPECT_EQ(j["move"], "H8");
  EXPECT_EQ(j["order"], 2);
  EXPECT_EQ(j["depth"], 5);
  EXPECT_LE(j["pv"].size(), 9u);
  // At order 1 there is no win at all (no four on the board), and the answer says how far it got.
  j = parse_json(sgplan({"lambda", "configs/gomoku-double-three.yaml", "--json", "--order", "1"}));
  EXPECT_EQ(j["proven"], false);
  EXPECT_TRUE(j["move"].is_null());
  EXPECT_EQ(j["order"], 1);
  EXPECT_EQ(j["depth"], 5);
  EXPECT_EQ(j["budget_exhausted"], false);
  EXPECT_TRUE(j["pv"].empty());
  // Under Renju, H8 is a forbidden double-three: no win within the depth.
  j = parse_json(sgplan({"lambda", "configs/renju-double-three.yaml", "--json", "--engine", "dfpn"}));
  EXPECT_EQ(j["proven"], false);
  EXPECT_EQ(j["rule"], "renju");
}

TEST(LambdaCli, NoWinAgreesWithPlainAlphaBeta) {
  const auto j =
      parse_json(sgplan({"lambda", "configs/gomoku-no-win.yaml", "--json", "--compare-alphabeta"}));
  EXPECT_EQ(j["proven"], false);
  EXPECT_EQ(j["order"], 3);
  EXPECT_EQ(j["depth"], 6);
  EXPECT_EQ(j["budget_exhausted"], false);
  EXPECT_EQ(j["alphabeta"]["proven"], false);
  EXPECT_EQ(j["alphabeta"]["depth"], 6);
  EXPECT_EQ(j["alphabeta"]["budget_exhausted"], false);
}

TEST(LambdaCli, TextOutputAndNodeLimit) {
  CommandResult r = sgplan({"lambda", "configs/gomoku-four-three.yaml", "--quiet"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("result       proven: I8 wins (order 1, within 5 attacker moves)"), std::string::npos)
      << r.out;
  r = sgplan({"lambda", "configs/gomoku-no-win.yaml", "--quiet", "--max-nodes", "1000"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("not proven: node limit of 1,000 reached"), std::string::npos) << r.out;
  const auto j =
      parse_json(sgplan({"lambda", "configs/gomoku-no-win.yaml", "--json", "--max-nodes", "1000"}));
  EXPECT_EQ(j["budget_exhausted"], true);
  EXPECT_EQ(j["nodes"], 1001);
}

// The defender's VCF checks (X-0-0 at attacker nodes, "the defender wins first") are nodes: they
// are reported apart, included in the total, and spend the budget.
TEST(LambdaCli, DefenderVcfChecksAreCountedAsNodes) {
  const auto full = parse_json(sgplan({"lambda", "configs/gomoku-no-win.yaml", "--json"}));
  const auto& s = full["stats"];
  const std::uint64_t vcf = s["defender_threat_nodes"];
  EXPECT_GT(vcf, 0u);
  EXPECT_GE(full["nodes"].get<std::uint64_t>(),
            s["attacker_nodes"].get<std::uint64_t>() + s["defender_nodes"].get<std::uint64_t>() + vcf);
  // Without X-0-0 fewer checks run (only "the defender wins first"): fewer VCF nodes.
  const auto off = parse_json(sgplan({"lambda", "configs/gomoku-no-win.yaml", "--json", "--x00", "off"}));
  EXPECT_LT(off["stats"]["defender_threat_nodes"].get<std::uint64_t>(), vcf);
  // The budget stops the search before the tree's own nodes alone exceed it: the VCF nodes spent
  // the rest.
  const std::uint64_t limit = 20'000;
  const auto cut = parse_json(
      sgplan({"lambda", "configs/gomoku-no-win.yaml", "--json", "--max-nodes", std::to_string(limit)}));
  EXPECT_EQ(cut["budget_exhausted"], true);
  const std::uint64_t cut_vcf = cut["stats"]["defender_threat_nodes"];
  EXPECT_GT(cut_vcf, 0u);
  EXPECT_GT(cut["nodes"].get<std::uint64_t>(), limit);
  EXPECT_LE(cut["nodes"].get<std::uint64_t>() - cut_vcf, limit);
  const CommandResult text = sgplan({"lambda", "configs/gomoku-no-win.yaml", "--quiet"});
  EXPECT_NE(text.out.find(" in the defender's VCF checks"), std::string::npos) << text.out;
}

// Dual lambda search (the default; --no-dual turns it off): the same answers on the example
// positions, the search line says so, and its counters (restricted attacker nodes, the
// counter-threat searches' nodes, which count in the total) appear in the JSON only when it ran.
TEST(LambdaCli, DualLambdaSearch) {
  for (const char* config :
       {"configs/gomoku-four-three.yaml", "configs/gomoku-double-three.yaml", "configs/gomoku-no-win.yaml"}) {
    const auto plain = parse_json(sgplan({"lambda", config, "--json", "--no-dual"}));
    const auto dual = parse_json(sgplan({"lambda", config, "--json"}));
    EXPECT_EQ(plain["dual"], false) << config;
    EXPECT_EQ(dual["dual"], true) << config;
    EXPECT_EQ(dual["proven"], plain["proven"]) << config;
    EXPECT_EQ(dual["order"], plain["order"]) << config;
    EXPECT_EQ(dual["move"], plain["move"]) << config;
    EXPECT_FALSE(plain["stats"].contains("dual_nodes")) << config;
  }
  const auto j = parse_json(sgplan({"lambda", "configs/gomoku-no-win.yaml", "--json", "--dual"}));
  const auto& s = j["stats"];
  EXPECT_GT(s["dual_nodes"].get<std::uint64_t>(), 0u);
  EXPECT_GT(s["dual_removed"].get<std::uint64_t>(), 0u);
  const std::uint64_t counter = s["counter_threat_nodes"];
  EXPECT_GT(counter, 0u);
  EXPECT_GE(j["nodes"].get<std::uint64_t>(),
            s["attacker_nodes"].get<std::uint64_t>() + s["defender_nodes"].get<std::uint64_t>() + counter);
  const CommandResult text = sgplan({"lambda", "configs/gomoku-no-win.yaml"});
  EXPECT_NE(text.out.find(", X-0-0 (attacker), dual, no deepening"), std::string::npos) << text.out;
  const CommandResult off = sgplan({"lambda", "configs/gomoku-no-win.yaml", "--no-dual"});
  EXPECT_NE(off.out.find(", X-0-0 (attacker), no deepening"), std::string::npos) << off.out;
  EXPECT_NE(text.out.find(" in the counter-threat searches), "), std::string::npos) << text.out;
}

TEST(LambdaCli, RenjuCaseFileAndThePuzzleRunner) {
  const fs::path renju = cases_dir() / "renju";
  if (!fs::is_directory(renju)) GTEST_SKIP() << "no shared cases at " << renju << " (set SGPLAN_CASES)";
  auto j = parse_json(sgplan({"lambda", (renju / "vcf_black.txt").string(), "--json"}));
  EXPECT_EQ(j["proven"], true);
  EXPECT_EQ(j["move"], "J12");
  EXPECT_EQ(j["order"], 1);
  EXPECT_EQ(j["depth"], 13);  // limit 12 plus the five
  EXPECT_EQ(j["expect"], "proven");
  EXPECT_EQ(j["expect_line"].size(), 23u);
  j = parse_json(sgplan({"lambda", (renju / "vcf_black_short.txt").string(), "--json"}));
  EXPECT_EQ(j["proven"], false);
  EXPECT_EQ(j["expect"], "disproven");
  j = parse_json(sgplan({"bench", "renju", renju.string(), "--filter", "vcf_white", "--json"}));
  EXPECT_EQ(j["cases"], 2);
  EXPECT_EQ(j["right"], 2);
  EXPECT_EQ(j["wrong"], 0);
  EXPECT_EQ(j["bugs"], 0);
  const CommandResult r = sgplan({"bench", "renju", (kSource / "configs").string()});
  EXPECT_EQ(r.exit_code, 2);
}

}  // namespace
}  // namespace sgplan::testing
