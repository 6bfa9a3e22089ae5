// The PRISM-language model parser: every part of a model as written, module renaming, PRISM-games
// players, errors at file:line:col; and every PRISM model of the shared test data parses, with the
// modules and commands its text has.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "models/prism_language/model.hpp"
#include "tests/models/prism_language/shared_cases.hpp"

namespace sgplan::models::prism_language {
namespace {

using testing::cases_dir;
using testing::read;
using testing::without_huge_numbers;

namespace fs = std::filesystem;

constexpr const char* kTwoCoins = R"(mdp
const int N = 2;
const double p;
global turn : [1..N] init 1;
formula done = c1 = 1 & c2 = 1;
module coin1
  c1 : [0..1];
  d1 : bool;
  [flip] turn = 1 & c1 = 0 -> p : (c1'=1) & (d1'=true) + 1 - p : (d1'=true);
  [] done -> (turn'=2);
endmodule
module coin2 = coin1 [c1 = c2, d1 = d2, flip = toss] endmodule
label "both" = done;
rewards "steps"
  [toss] true : 1;
  true : 0.5;
endrewards
)";

TEST(PrismModelParser, ReadsEveryPartOfAModel) {
  const PrismModel m = parse_prism_model(kTwoCoins, "coins.prism");
  EXPECT_EQ(m.type, ModelType::kMdp);
  ASSERT_EQ(m.constants.size(), 2u);
  EXPECT_TRUE(m.constants[0].value.has_value());
  EXPECT_FALSE(m.constants[1].value.has_value());  // open: --const p=...
  EXPECT_EQ(m.constants[1].type, Value::Type::kReal);
  ASSERT_EQ(m.globals.size(), 1u);
  EXPECT_EQ(m.pool.text(*m.globals[0].init), "1");
  ASSERT_EQ(m.formulas.size(), 1u);
  EXPECT_EQ(m.pool.text(m.formulas[0].value), "((c1 = 1) & (c2 = 1))");
  ASSERT_EQ(m.modules.size(), 2u);
  const Module& first = m.modules[0];
  ASSERT_EQ(first.commands.size(), 2u);
  EXPECT_EQ(first.commands[0].action, "flip");
  ASSERT_EQ(first.commands[0].updates.size(), 2u);
  EXPECT_EQ(m.pool.text(*first.commands[0].updates[0].probability), "p");
  EXPECT_EQ(m.pool.text(*first.commands[0].updates[1].probability), "(1 - p)");
  EXPECT_EQ(first.commands[0].updates[0].assignments.size(), 2u);
  EXPECT_EQ(first.commands[1].updates[0].assignments[0].variable, "turn");  // a global, unlabelled
  EXPECT_FALSE(first.commands[1].updates[0].probability.has_value());
  // The renamed copy: its own variable, its own action, the guards rewritten.
  const Module& second = m.modules[1];
  EXPECT_EQ(second.name, "coin2");
  ASSERT_EQ(second.variables.size(), 2u);
  EXPECT_EQ(second.variables[0].name, "c2");
  EXPECT_EQ(second.variables[1].name, "d2");
  EXPECT_EQ(second.variables[0].module, "coin2");
  EXPECT_EQ(second.commands[0].action, "toss");
  EXPECT_EQ(m.pool.text(second.commands[0].guard), "((turn = 1) & (c2 = 0))");
  EXPECT_EQ(second.commands[0].updates[0].assignments[0].variable, "c2");
  ASSERT_EQ(m.labels.size(), 1u);
  EXPECT_EQ(m.labels[0].name, "both");
  ASSERT_EQ(m.rewards.size(), 1u);
  EXPECT_EQ(m.rewards[0].name, "steps");
  ASSERT_EQ(m.rewards[0].items.size(), 2u);
  EXPECT_EQ(m.rewards[0].items[0].action, std::optional<std::string>("toss"));
  EXPECT_FALSE(m.rewards[0].items[1].action.has_value());
}

TEST(PrismModelParser, ReadsPlayersOfAStochasticGame) {
  const PrismModel m = parse_prism_model(R"(smg
player p1 host, [send1], [send2] endplayer
player p2 client endplayer
module host h : [0..2] init 0; [send1] h=0 -> (h'=1); endmodule
module client c : bool; [send1] !c -> 0.85 : (c'=true) + 0.15 : true; endmodule
)",
                                         "g.prism");
  EXPECT_EQ(m.type, ModelType::kSmg);
  ASSERT_EQ(m.players.size(), 2u);
  EXPECT_EQ(m.players[0].modules, (std::vector<std::string>{"host"}));
  EXPECT_EQ(m.players[0].actions, (std::vector<std::string>{"send1", "send2"}));
  EXPECT_EQ(m.players[1].modules, (std::vector<std::string>{"client"}));
  EXPECT_TRUE(m.modules[1].variables[0].boolean);
  EXPECT_TRUE(m.modules[1].commands[0].updates[1].assignments.empty());
}

std::string error_of(const std::string& text) {
  try {
    parse_prism_model(text, "bad.prism");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(PrismModelParser, ErrorsNameTheFileLineAndColumn) {
  EXPECT_EQ(error_of("const int N = 1;"),
            "bad.prism:1:1: the model type is missing (expected dtmc, mdp or smg first)");
  EXPECT_EQ(error_of("ctmc\n"),
            "bad.prism:1:1: 'ctmc' models are not supported (sgplan reads dtmc, mdp and smg models)");
  EXPECT_EQ(error_of("mdp\nmodule m\n  x : [0..1];\n  [] x=0 -> (x'=1)\nendmodule"),
            "bad.prism:5:1: expected ';' after a command in module m, found 'endmodule'");
  EXPECT_EQ(error_of("mdp\nmodule m x : [0..1]; x : bool; endmodule"),
            "bad.prism:2:22: the variable 'x' is declared twice");
  EXPECT_EQ(error_of("mdp\nmodule m x : [0..1]; [] true -> (x'=1) & (x'=0); endmodule"),
            "bad.prism:2:43: the update assigns 'x' twice");
  EXPECT_EQ(error_of("mdp\nmodule m2 = m1 [x=y] endmodule"),
            "bad.prism:2:8: module m2 copies 'm1', which is not a module written out");
  EXPECT_EQ(
      error_of("mdp\nmodule m1 x : [0..1]; endmodule\nmodule m2 = m1 [a=b] endmodule"),
      "bad.prism:3:8: module m2 must rename the variable 'x' of m1 (each module has its own variables)");
  EXPECT_EQ(error_of("mdp\nmodule m x : [0..1] endmodule"),
            "bad.prism:2:21: expected ';' after the variable 'x', found 'endmodule'");
  EXPECT_EQ(error_of("mdp\nmodule m x : [0..1];"),
            "bad.prism:2:21: module m is not closed (expected endmodule)");
  // PRISM's checks of updates: only the module's own variables and the globals, and no global from
  // a command with an action (also in a renamed copy, where the error points at the original).
  EXPECT_EQ(
      error_of("mdp\nmodule a x : [0..1]; endmodule\nmodule b y : bool; [] true -> (x'=1); endmodule"),
      "bad.prism:3:32: module b assigns 'x', which is neither one of its variables nor a global variable");
  EXPECT_EQ(
      error_of("mdp\nmodule a [] true -> (z'=1); endmodule"),
      "bad.prism:2:22: module a assigns 'z', which is neither one of its variables nor a global variable");
  EXPECT_EQ(error_of("mdp\nglobal g : [0..2];\nmodule a [go] g<2 -> (g'=g+1); endmodule"),
            "bad.prism:3:23: the command [go] of module a assigns the global variable 'g' (PRISM: a command "
            "with an action may not modify a global variable)");
  EXPECT_EQ(error_of("mdp\nglobal g : [0..2];\nmodule a x : bool; [] g<2 -> (g'=g+1); endmodule\n"
                     "module b = a [x=y] endmodule"),
            "no error");
}

// Every model of the shared test data parses; the counts of modules and of commands are those of
// the text (counted by hand from the files: consensus N=2 has two processes of 7 commands).
TEST(PrismModelParser, EverySharedModelParses) {
  const std::string dir = cases_dir();
  if (dir.empty())
    GTEST_SKIP() << "the shared test data is absent: set SGPLAN_CASES to the folder holding qvbs/";
  int files = 0;
  for (const char* sub : {"qvbs", "prism-tests", "prism-games"}) {
    for (const auto& entry : fs::recursive_directory_iterator(fs::path(dir) / sub)) {
      const std::string ext = entry.path().extension().string();
      if (!entry.is_regular_file() || (ext != ".prism" && ext != ".nm")) continue;
      SCOPED_TRACE(entry.path().string());
      EXPECT_NO_THROW(parse_prism_model(read(entry.path()), entry.path().string()));
      ++files;
    }
  }
  EXPECT_GE(files, 14);
  const PrismModel consensus =
      parse_prism_model(read(fs::path(dir) / "qvbs/consensus/consensus.2.prism"), "consensus.2.prism");
  ASSERT_EQ(consensus.modules.size(), 2u);
  EXPECT_EQ(consensus.modules[0].commands.size(), 7u);
  EXPECT_EQ(consensus.modules[1].commands.size(), 7u);
  EXPECT_EQ(consensus.modules[1].variables[0].name, "pc2");
  EXPECT_EQ(consensus.labels.size(), 4u);
  const PrismModel smg =
      parse_prism_model(read(fs::path(dir) / "prism-games/smg_example.prism"), "smg_example.prism");
  EXPECT_EQ(smg.type, ModelType::kSmg);
  EXPECT_EQ(smg.players.size(), 2u);
}

}  // namespace
}  // namespace sgplan::models::prism_language
