// sgplan on PRISM-language files: solve with --target, --const, --minimize and, for an smg,
// --coalition; the answers are the hand-solved value of a small model written here and, where the
// shared test data is present, QVBS consensus' exact reference (49/128, 272 states) and
// PRISM-games' smg_example (0.15); a missing target or coalition is a clear error (exit 2).
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
