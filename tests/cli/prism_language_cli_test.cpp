// sgplan on PRISM-language files: solve with --target, --const, --minimize and, for an smg,
// --coalition; the answers are the hand-solved value of a small model written here and, where the
// shared test data is present, QVBS consensus' exact reference (49/128, 272 states) and
// PRISM-games' smg_example (0.15); a missing target or coalition is a clear error (exit 2). export
// --format prism writes the model itself, whose files answer as the model does.
#include <cstdlib>
#include <filesystem>

#include "tests/cli/run_sgplan.hpp"

namespace sgplan::testing {
namespace {

fs::path write_model(const std::string& name, const std::string& text) {
  const fs::path dir = fs::temp_directory_path() / ("sgplan_prism_language_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path file = dir / name;
  std::ofstream(file) << text;
  return file;
}

// Three fair coin flips, stopping at the first heads: Pmax(heads) = 1 - (1/2)^3 = 7/8.
constexpr const char* kFlips = R"(mdp
const int N;
module counter n : [0..N] init 0; [flip] n < N -> (n'=n+1); endmodule
module coin heads : bool init false;
  [flip] true -> 0.5 : (heads'=true) + 0.5 : (heads'=false);
endmodule
)";

TEST(PrismLanguageCli, SolvesWithTargetAndConstants) {
  const fs::path file = write_model("flips.prism", kFlips);
  const CommandResult r = sgplan({"solve", file.string(), "--const", "N=3", "--target", "heads", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["model"], "prism-language");
  EXPECT_NEAR(j["value"].get<double>(), 7.0 / 8.0, 1e-6);
  EXPECT_EQ(j["states"], 7);
  EXPECT_TRUE(j["sound"].get<bool>());
}

TEST(PrismLanguageCli, MissingPiecesAreClearErrors) {
  const fs::path file = write_model("flips.prism", kFlips);
  CommandResult r = sgplan({"solve", file.string(), "--const", "N=3"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("needs its success target: --target EXPR"), std::string::npos) << r.err;
  r = sgplan({"solve", file.string(), "--target", "heads"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("flips.prism:2:11: the constant 'N' is not defined: give it with --const N=VALUE"),
            std::string::npos)
      << r.err;
  r = sgplan({"solve", file.string(), "--const", "N=3", "--target", "heads", "--coalition", "1"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--coalition is for smg models"), std::string::npos) << r.err;
}

TEST(PrismLanguageCli, AnswersEveryPropertyOfAPropsFile) {
  const fs::path file = write_model("flips.prism", kFlips);
  const fs::path props = write_model("flips.props",
                                     "const int k;\n"
                                     "\"heads\": Pmax=? [ F heads ];\n"
                                     "Pmin=? [ F heads ];\n"
                                     "\"soon\": Pmax=? [ F<=k heads ];\n"
                                     "P>=0.8 [ F heads ]\n"
                                     "R{\"steps\"}max=? [ F heads ]\n");
  CommandResult r =
      sgplan({"solve", file.string(), "--const", "N=3,k=2", "--props", props.string(), "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["properties"].size(), 5u);
  const auto& p = j["properties"];
  EXPECT_NEAR(p[0]["value"].get<double>(), 7.0 / 8.0, 1e-6);  // 1 - (1/2)^3
  EXPECT_NEAR(p[1]["value"].get<double>(), 7.0 / 8.0, 1e-6);  // no choice: min = max
  // Within k=2 steps two flips happen (each flip is one step): 1 - (1/2)^2.
  EXPECT_NEAR(p[2]["value"].get<double>(), 3.0 / 4.0, 1e-6);
  EXPECT_EQ(p[3]["holds"], true);  // 7/8 >= 0.8
  EXPECT_EQ(p[4]["answered"], false);
  EXPECT_NE(p[4]["reason"].get<std::string>().find("reward"), std::string::npos);
  r = sgplan({"solve", file.string(), "--const", "N=3,k=2", "--props", props.string(), "--property", "soon",
              "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["properties"].size(), 1u);
  r = sgplan({"solve", file.string(), "--const", "N=3", "--props", props.string(), "--property", "9"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("no property named '9' (and no property 9 of 5)"), std::string::npos) << r.err;
  r = sgplan({"solve", file.string(), "--const", "N=3", "--props", props.string(), "--property", "soon"});
  EXPECT_EQ(r.exit_code, 2);  // k is open and this property uses it
  EXPECT_NE(r.err.find("flips.props:1:11: the constant 'k' is not defined: give it with --const k=VALUE"),
            std::string::npos)
      << r.err;
  r = sgplan({"solve", "configs/nim.yaml", "--props", props.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--props is for model languages with properties files"), std::string::npos) << r.err;
}

// export --format prism writes the model itself (every reachable state, nothing terminal); the
// files, read back with --coalition by player number, answer as the .prism model does: the README's
// 21/32 within 6 steps for the runner, 3/8 for the blocker's coalition maximising.
TEST(PrismLanguageCli, ExportsTheModelItselfAndItsFilesAnswerAlike) {
  const fs::path dir = fs::temp_directory_path() / ("sgplan_prism_export_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string prefix = (dir / "race").string();
  CommandResult r =
      sgplan({"export", "configs/coin-race.prism", "--format", "prism", "--out", prefix, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  std::vector<std::string> keys;
  const auto ordered = nlohmann::ordered_json::parse(r.out);  // the keys in the order printed
  for (const auto& item : ordered.items()) keys.push_back(item.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"model", "file", "format", "states", "choices", "transitions",
                                            "deadlocks", "written"}));
  EXPECT_EQ(j["model"], "prism-language");
  EXPECT_EQ(j["states"], 8);  // turn x pos: the solve's 7 and the goal's successor, made terminal there
  EXPECT_EQ(j["written"], (nlohmann::json{prefix + ".tra", prefix + ".lab", prefix + ".sta"}));
  for (const char* player : {"runner", "blocker"}) {
    const std::string number = std::string(player) == "runner" ? "1" : "2";
    const auto from_model =
        nlohmann::json::parse(sgplan({"solve", "configs/coin-race.prism", "--target", "\"at_goal\"",
                                      "--coalition", player, "--horizon", "6", "--json"})
                                  .out);
    const CommandResult files = sgplan({"solve", prefix + ".tra", "--labels", prefix + ".lab", "--target",
                                        "at_goal", "--coalition", number, "--horizon", "6", "--json"});
    ASSERT_EQ(files.exit_code, 0) << files.err;
    EXPECT_NEAR(nlohmann::json::parse(files.out)["value"].get<double>(), from_model["value"].get<double>(),
                1e-12)
        << player;
  }
  EXPECT_NEAR(nlohmann::json::parse(sgplan({"solve", prefix + ".tra", "--labels", prefix + ".lab", "--target",
                                            "at_goal", "--coalition", "1", "--horizon", "6", "--json"})
                                        .out)["value"]
                  .get<double>(),
              21.0 / 32.0, 1e-12);
  r = sgplan({"export", "configs/coin-race.prism", "--format", "prism", "--out", prefix});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("states       8 (1 deadlock)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("check with: prism -importmodel " + prefix + ".tra,lab,sta PROPERTIES\n"),
            std::string::npos)
      << r.out;

  // The errors: a folder that does not exist, the state limit, an open constant, an objective.
  r = sgplan(
      {"export", "configs/coin-race.prism", "--format", "prism", "--out", (dir / "none" / "x").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("cannot write " + (dir / "none" / "x").string() + ".tra: the folder " +
                       (dir / "none").string() + " does not exist (--out PREFIX)"),
            std::string::npos)
      << r.err;
  r = sgplan(
      {"export", "configs/coin-race.prism", "--format", "prism", "--out", prefix, "--max-states", "5"});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(
      r.err.find("state limit: the model has more than 5 reachable states (raise it with --max-states)"),
      std::string::npos)
      << r.err;
  const fs::path flips = write_model("flips.prism", kFlips);
  r = sgplan({"export", flips.string(), "--format", "prism", "--out", prefix});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("flips.prism:2:11: the constant 'N' is not defined: give it with --const N=VALUE"),
            std::string::npos)
      << r.err;
  r = sgplan({"export", flips.string(), "--format", "prism", "--out", prefix, "--const", "N=3", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["states"], 7);  // n = 0 with tails, then n = 1..3 either way
  r = sgplan({"export", flips.string(), "--format", "prism", "--out", prefix, "--const", "N=3", "--target",
              "heads"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--target is for solve"), std::string::npos) << r.err;
  fs::remove_all(dir);
}

fs::path shared(const std::string& relative) {
  const char* env = std::getenv("SGPLAN_CASES");
  const fs::path dir = env != nullptr && *env != '\0' ? fs::path(env) : kSource / ".." / "shared" / "cases";
  return dir / relative;
}

TEST(PrismLanguageCli, SharedModelsGiveTheirReferences) {
  const fs::path consensus = shared("qvbs/consensus/consensus.2.prism");
  const fs::path smg = shared("prism-games/smg_example.prism");
  if (!fs::exists(consensus) || !fs::exists(smg))
    GTEST_SKIP() << "the shared test data is absent (SGPLAN_CASES)";
  CommandResult r = sgplan({"solve", consensus.string(), "--const", "K=2", "--target",
                            "\"finished\" & \"all_coins_equal_1\"", "--minimize", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_NEAR(j["value"].get<double>(), 49.0 / 128.0, 1e-6);  // QVBS index.json, Storm exact
  EXPECT_EQ(j["states"], 272);
  r = sgplan({"solve", smg.string(), "--target", "h=2 & c=0", "--coalition", "1", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  j = nlohmann::json::parse(r.out);
  EXPECT_NEAR(j["value"].get<double>(), 0.15, 1e-6);  // RESULT of <<1>> Pmax=? [ F (h=2 & c=0) ]
  r = sgplan({"solve", smg.string(), "--target", "h=2 & c=0"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("an smg needs the players who maximise: --coalition"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace sgplan::testing
