// sgplan on JANI files: `solve FILE.jani` answers every property of the file (text and --json, as
// the PRISM --props report), --property picks one by name or index, --target still works, and a
// bad file is a clear error naming its JSON pointer (exit 2). Answers: a small model written here
// (Pmax = 7/8 by hand) and, where the shared test data is present, QVBS consensus.2 with K=2
// (Storm's exact 49/128 and 13/120).
#include <cstdlib>
#include <filesystem>

#include "tests/cli/run_sgplan.hpp"

namespace sgplan::testing {
namespace {

fs::path write_model(const std::string& name, const std::string& text) {
  const fs::path dir = fs::temp_directory_path() / ("sgplan_jani_cli_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path file = dir / name;
  std::ofstream(file) << text;
  return file;
}

// Up to N fair coin flips (a counter and a coin synchronising on `flip`), stopping at heads:
// Pmax(F heads) = 1 - (1/2)^N = 7/8 for N = 3; within two steps 3/4.
constexpr const char* kFlips = R"({"jani-version": 1, "name": "flips", "type": "mdp",
  "actions": [{"name": "flip"}],
  "constants": [{"name": "N", "type": "int"}],
  "variables": [{"name": "n", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": "N"}, "initial-value": 0},
                {"name": "heads", "type": "bool", "initial-value": false}],
  "automata": [
    {"name": "counter", "locations": [{"name": "l"}], "initial-locations": ["l"],
     "edges": [{"location": "l", "action": "flip", "guard": {"exp": {"op": "<", "left": "n", "right": "N"}},
                "destinations": [{"location": "l", "assignments": [{"ref": "n", "value": {"op": "+", "left": "n", "right": 1}}]}]}]},
    {"name": "coin", "locations": [{"name": "l"}], "initial-locations": ["l"],
     "edges": [{"location": "l", "action": "flip", "guard": {"exp": {"op": "¬", "exp": "heads"}},
                "destinations": [{"location": "l", "probability": {"exp": 0.5}, "assignments": [{"ref": "heads", "value": true}]},
                                 {"location": "l", "probability": {"exp": 0.5}}]}]}],
  "system": {"elements": [{"automaton": "counter"}, {"automaton": "coin"}],
             "syncs": [{"synchronise": ["flip", "flip"], "result": "flip"}]},
  "properties": [
    {"name": "heads", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "Pmax", "exp": {"op": "F", "exp": "heads"}}}},
    {"name": "soon", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "Pmax", "exp": {"op": "F", "exp": "heads", "step-bounds": {"upper": 2}}}}},
    {"name": "likely", "expression": {"op": "filter", "fun": "forall", "states": {"op": "initial"},
      "values": {"op": "≥", "left": {"op": "Pmin", "exp": {"op": "F", "exp": "heads"}}, "right": 0.8}}},
    {"name": "flips", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "Emax", "exp": "n", "reach": "heads"}}}
  ]})";

TEST(JaniCli, AnswersEveryPropertyOfTheFile) {
  const fs::path file = write_model("flips.jani", kFlips);
  CommandResult r = sgplan({"solve", file.string(), "--const", "N=3", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["model"], "jani");
  EXPECT_EQ(j["properties"].size(), 4u);
  const auto& p = j["properties"];
  EXPECT_EQ(p[0]["name"], "heads");
  EXPECT_EQ(p[0]["property"], "Pmax=? [ F heads ]");
  EXPECT_NEAR(p[0]["value"].get<double>(), 7.0 / 8.0, 1e-6);
  EXPECT_LE(p[0]["lower"].get<double>(), 7.0 / 8.0 + 1e-9);
  EXPECT_GE(p[0]["upper"].get<double>(), 7.0 / 8.0 - 1e-9);
  EXPECT_NEAR(p[1]["value"].get<double>(), 3.0 / 4.0, 1e-6);
  EXPECT_EQ(p[2]["holds"], true);  // 7/8 >= 0.8
  EXPECT_EQ(p[3]["answered"], false);
  EXPECT_NE(p[3]["reason"].get<std::string>().find("reward"), std::string::npos);
  // The text report: the same lines as for a PRISM props file.
  r = sgplan({"solve", file.string(), "--const", "N=3"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("model        jani (" + file.string() + ")"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 \"heads\"    Pmax=? [ F heads ]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("not answered: reward properties (Emin, Emax) are not supported yet"),
            std::string::npos);
}

TEST(JaniCli, PropertyByNameOrIndexAndTarget) {
  const fs::path file = write_model("flips.jani", kFlips);
  CommandResult r = sgplan({"solve", file.string(), "--const", "N=3", "--property", "soon", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["properties"].size(), 1u);
  EXPECT_EQ(j["properties"][0]["index"], 2);
  r = sgplan({"solve", file.string(), "--const", "N=3", "--property", "1", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["properties"][0]["name"], "heads");
  // --target: the model as a state graph, its success a state expression.
  r = sgplan({"solve", file.string(), "--const", "N=3", "--target", "heads", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  j = nlohmann::json::parse(r.out);
  EXPECT_NEAR(j["value"].get<double>(), 7.0 / 8.0, 1e-6);
  EXPECT_EQ(j["states"], 7);  // n = 0..3 without heads, n = 1..3 with heads (terminal)
  r = sgplan({"info", file.string(), "--const", "N=3"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("this command needs the success target of a JANI model: --target EXPR"),
            std::string::npos)
      << r.err;
}

TEST(JaniCli, BadFilesAreErrorsAtTheirJsonPointer) {
  const fs::path file = write_model("flips.jani", kFlips);
  CommandResult r = sgplan({"solve", file.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(
      r.err.find("flips.jani: /constants/0: the constant 'N' is not defined: give it with --const N=VALUE"),
      std::string::npos)
      << r.err;
  std::string text = kFlips;
  text.replace(text.find("\"value\": true"), 13, "\"value\": 1");
  const fs::path bad = write_model("bad.jani", text);
  r = sgplan({"solve", bad.string(), "--const", "N=3", "--json"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(
                "bad.jani: /automata/1/edges/0/destinations/0/assignments/0: 'heads' is a bool, assigned the "
                "int 1"),
            std::string::npos)
      << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["error"]["kind"], "input");
  EXPECT_EQ(j["error"]["file"], bad.string());
}

TEST(JaniCli, QvbsConsensus) {
  const char* env = std::getenv("SGPLAN_CASES");
  const fs::path cases = env != nullptr && *env != '\0' ? fs::path(env) : kSource / ".." / "shared" / "cases";
  const fs::path file = cases / "qvbs" / "consensus" / "consensus.2.jani";
  if (!fs::exists(file)) GTEST_SKIP() << "the shared test data is absent: set SGPLAN_CASES";
  const CommandResult r = sgplan({"solve", file.string(), "--const", "K=2", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const auto& p = j["properties"];
  ASSERT_EQ(p.size(), 5u);
  EXPECT_EQ(p[0]["holds"], true);                                // c1: Pmin >= 1
  EXPECT_NEAR(p[1]["value"].get<double>(), 49.0 / 128.0, 1e-6);  // c2
  EXPECT_NEAR(p[2]["value"].get<double>(), 13.0 / 120.0, 1e-6);  // disagree
  EXPECT_EQ(p[3]["answered"], false);                            // steps_max, a reward
  EXPECT_EQ(p[4]["answered"], false);
}

}  // namespace
}  // namespace sgplan::testing
