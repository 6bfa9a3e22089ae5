// PRISM-language models explored and solved: hand-checked small models (state counts, the product
// of synchronising commands, dtmc mixing, deadlocks), errors at the place they arise, and the
// shared references: QVBS consensus (N=2, K=2: 272 states as Storm counts them; Pmin of finishing
// with all coins 1 is 49/128, Pmax of finishing in disagreement 13/120) and PRISM-games'
// smg_example with its RESULT values.
#include "models/prism_language/compiled_model.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "mdp/build_graph.hpp"
#include "mdp/reachability.hpp"
#include "tests/models/prism_language/shared_cases.hpp"
#include "tests/models/prism_language/solve_target.hpp"

namespace sgplan::models::prism_language {
namespace {

using testing::cases_dir;
using testing::read;
using testing::without_huge_numbers;

namespace fs = std::filesystem;

CompiledModel compile(const std::string& text, const ConstantOverrides& consts = {}) {
  return CompiledModel(parse_prism_model(text, "m.prism"), consts);
}

double solve(CompiledModel& m, const std::string& target, bool maximize, std::size_t* states = nullptr,
             const std::vector<std::string>& coalition = {}) {
  return testing::solve_target(m, target, maximize, states, coalition);
}

// Two processes flip in turn; the flip of each synchronises with a counter module on [flip].
constexpr const char* kFlips = R"(mdp
const int N;
module counter
  n : [0..N] init 0;
  [flip] n < N -> (n'=n+1);
endmodule
module coin
  heads : bool init false;
  [flip] true -> 0.5 : (heads'=true) + 0.5 : (heads'=false);
  [stop] heads -> true;
endmodule
)";

TEST(PrismCompiledModel, SynchronisedCommandsMultiplyAndDeadlocksLoop) {
  CompiledModel m = compile(kFlips, {{"N", "3"}});
  EXPECT_EQ(m.state_bits(), 3);  // n in [0..3]: 2 bits; heads: 1
  std::size_t states = 0;
  // Max chance of ever seeing heads: 1 - (1/2)^3.
  EXPECT_NEAR(solve(m, "heads", true, &states), 7.0 / 8.0, 1e-9);
  // States: (0,f); then n=1..3 with heads either way, stopping where heads holds (targets).
  EXPECT_EQ(states, 7u);
  // At n = 3 without heads nothing is enabled: a deadlock, which PRISM gives a self-loop.
  EXPECT_EQ(m.deadlocks(), 1u);
}

TEST(PrismCompiledModel, ADtmcMixesItsEnabledCommandsUniformly) {
  CompiledModel m = compile(R"(dtmc
module walk
  x : [0..2] init 1;
  [] x = 1 -> (x'=0);
  [] x = 1 -> (x'=2);
endmodule
)");
  EXPECT_NEAR(solve(m, "x = 2", true), 0.5, 1e-12);
}

std::string error_of(const std::string& text, const std::string& target = "false",
                     const ConstantOverrides& consts = {}) {
  try {
    CompiledModel m = compile(text, consts);
    m.set_objective(m.add_expression(target, "target"), true);
    mdp::build_graph(m);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(PrismCompiledModel, ErrorsSayWhatAndWhere) {
  EXPECT_EQ(error_of(kFlips), "m.prism:2:11: the constant 'N' is not defined: give it with --const N=VALUE");
  EXPECT_EQ(error_of("mdp\nmodule m x : [0..1]; [] true -> (x'=x+1); endmodule"),
            "m.prism:2:34: the update sets 'x' to 2, outside its range [0..1], in state (x=1)");
  EXPECT_EQ(error_of("mdp\nmodule m x : [0..1]; [] x=0 -> 0.5 : (x'=1) + 0.4 : true; endmodule"),
            "m.prism:2:22: the probabilities of this command sum to 0.900000 in state (x=0), not 1");
  EXPECT_EQ(error_of("mdp\nmodule m x : [0..1]; [] y=0 -> true; endmodule"),
            "m.prism:2:25: unknown name 'y' (not a constant, variable or formula)");
  EXPECT_EQ(error_of("mdp\nmodule m x : [0..1] init 2; endmodule"),
            "m.prism:2:26: the initial value 2 of x lies outside its range [0..1]");
  EXPECT_EQ(error_of(kFlips, "false", {{"N", "1.5"}}), "--const N=1.5: the constant is an int");
  EXPECT_EQ(error_of(kFlips, "false", {{"M", "1"}}), "--const M: the model has no constant 'M'");
  EXPECT_EQ(error_of("mdp\nmodule m x : [0..1]; endmodule", "x + 1"),
            "target:1:3: expected a bool, found the int (x + 1)");
}

TEST(PrismCompiledModel, ConstantOverridesAreReadFromTheFlag) {
  const ConstantOverrides o = parse_constant_overrides("N=3,K=2,p=0.5");
  EXPECT_EQ(o.at("N"), "3");
  EXPECT_EQ(o.at("p"), "0.5");
  EXPECT_THROW(parse_constant_overrides("N=3,N=4"), InputError);
  EXPECT_THROW(parse_constant_overrides("N"), InputError);
}

TEST(PrismCompiledModel, QvbsConsensusMatchesItsReferences) {
  const std::string dir = cases_dir();
  if (dir.empty())
    GTEST_SKIP() << "the shared test data is absent: set SGPLAN_CASES to the folder holding qvbs/";
  const fs::path file = fs::path(dir) / "qvbs/consensus/consensus.2.prism";
  std::size_t states = 0;
  CompiledModel c2(parse_prism_model(read(file), file.string()), {{"K", "2"}});
  EXPECT_NEAR(solve(c2, "\"finished\" & \"all_coins_equal_1\"", false, &states), 49.0 / 128.0, 1e-6);
  EXPECT_EQ(states, 272u);  // index.json: 272 (Storm)
  CompiledModel disagree(parse_prism_model(read(file), file.string()), {{"K", "2"}});
  EXPECT_NEAR(solve(disagree, "\"finished\" & !\"agree\"", true), 13.0 / 120.0, 1e-6);
}

TEST(PrismCompiledModel, PrismGamesSmgExampleGivesItsResults) {
  const std::string dir = cases_dir();
  if (dir.empty())
    GTEST_SKIP() << "the shared test data is absent: set SGPLAN_CASES to the folder holding qvbs/";
  const fs::path file = fs::path(dir) / "prism-games/smg_example.prism";
  const auto run = [&](const std::string& target, bool maximize, const std::string& player) {
    CompiledModel m(parse_prism_model(read(file), file.string()), {});
    return solve(m, target, maximize, nullptr, {player});
  };
  // The RESULT comments of smg_example.prism.props.
  EXPECT_NEAR(run("c=2", true, "1"), 1.0, 1e-6);          // <<1>> Pmax=? [ F c=2 ]
  EXPECT_NEAR(run("c=2", false, "1"), 0.0, 1e-6);         // <<1>> Pmin=? [ F c=2 ]
  EXPECT_NEAR(run("h=2 & c=0", false, "1"), 0.0, 1e-6);   // <<1>> Pmin=? [ F (h=2 & c=0) ]
  EXPECT_NEAR(run("h=2 & c=0", true, "1"), 0.15, 1e-6);   // <<1>> Pmax=? [ F (h=2 & c=0) ]
  EXPECT_NEAR(run("h=2 & c=0", false, "2"), 0.15, 1e-6);  // <<2>> Pmin=? [ F (h=2 & c=0) ]
}

}  // namespace
}  // namespace sgplan::models::prism_language
