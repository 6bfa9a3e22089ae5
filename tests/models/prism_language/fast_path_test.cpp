// The compiled fast path of CompiledModel against the tree walker: on every QVBS PRISM instance and
// every PRISM regression model in the shared data, both build the same graph (the same states in
// the same order, the same choices, the same transitions and probabilities). And states wider than
// one 64-bit word: hand-counted models whose variables need two or more words. And the guard index
// that lets the fast path skip commands whose leading `variable = constant` cannot hold.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "mdp/build_graph.hpp"
#include "models/prism_language/compiled_model.hpp"
#include "models/prism_language/guard_index.hpp"
#include "tests/models/prism_language/shared_cases.hpp"
#include "tests/models/prism_language/solve_target.hpp"

namespace sgplan::models::prism_language {
namespace {

using testing::cases_dir;
using testing::read;

namespace fs = std::filesystem;

// The graphs of the model built with the fast path and with the tree walker are identical.
void expect_same_graph(const std::string& text, const std::string& file, const ConstantOverrides& constants) {
  CompiledModel fast(parse_prism_model(text, file), constants);
  CompiledModel slow(parse_prism_model(text, file), constants);
  slow.set_fast_path(false);
  const mdp::BuiltGraph a = mdp::build_graph(fast);
  const mdp::BuiltGraph b = mdp::build_graph(slow);
  ASSERT_EQ(a.graph.num_states(), b.graph.num_states());
  ASSERT_EQ(a.graph.num_choices(), b.graph.num_choices());
  ASSERT_EQ(a.graph.num_transitions(), b.graph.num_transitions());
  EXPECT_EQ(a.packed, b.packed);
  for (mdp::StateIndex s = 0; s < a.graph.num_states(); ++s) {
    ASSERT_EQ(a.graph.owner(s), b.graph.owner(s)) << "state " << s;
    ASSERT_EQ(a.graph.first_choice(s), b.graph.first_choice(s)) << "state " << s;
    ASSERT_EQ(a.graph.end_choice(s), b.graph.end_choice(s)) << "state " << s;
  }
  for (mdp::ChoiceIndex c = 0; c < a.graph.num_choices(); ++c) {
    ASSERT_EQ(a.graph.choice_label_id(c), b.graph.choice_label_id(c)) << "choice " << c;
    const auto ta = a.graph.targets(c), tb = b.graph.targets(c);
    ASSERT_EQ(ta.size(), tb.size()) << "choice " << c;
    for (std::size_t t = 0; t < ta.size(); ++t) {
      EXPECT_EQ(ta[t], tb[t]);
      const auto ea = a.graph.first_entry(c) + t, eb = b.graph.first_entry(c) + t;
      EXPECT_EQ(a.graph.probability(ea),
                b.graph.probability(eb));  // the same arithmetic in the same order: equal to the last bit
    }
  }
}

TEST(PrismFastPath, BuildsTheTreeWalkersGraphOnEveryQvbsInstance) {
  const std::string dir = cases_dir();
  if (dir.empty())
    GTEST_SKIP() << "the shared test data is absent: set SGPLAN_CASES to the folder holding qvbs/";
  int checked = 0;
  testing::for_each_qvbs_prism_instance(dir, 100'000, [&](const testing::QvbsInstance& q) {
    SCOPED_TRACE(q.label);
    expect_same_graph(read(q.dir / q.prism), (q.dir / q.prism).string(), q.constants);
    ++checked;
  });
  EXPECT_GE(checked, 8);
}

TEST(PrismFastPath, BuildsTheTreeWalkersGraphOnThePrismRegressionModels) {
  const std::string dir = cases_dir();
  if (dir.empty())
    GTEST_SKIP() << "the shared test data is absent: set SGPLAN_CASES to the folder holding qvbs/";
  int checked = 0;
  for (const char* folder : {"prism-tests", "prism-games"}) {
    for (const auto& entry : fs::recursive_directory_iterator(fs::path(dir) / folder)) {
      const std::string ext = entry.path().extension().string();
      if (ext != ".prism" && ext != ".nm" && ext != ".pm" && ext != ".smg") continue;
      SCOPED_TRACE(entry.path().string());
      const std::string text = read(entry.path());
      // Models with open constants need their --const values; those are left to the RESULT tests.
      try {
        CompiledModel probe(parse_prism_model(text, entry.path().string()), {});
        (void)mdp::build_graph(probe);
      } catch (const InputError&) {
        continue;
      }
      expect_same_graph(text, entry.path().string(), {});
      ++checked;
    }
  }
  EXPECT_GE(checked, 5);
}

// 80 bools set one after another, each step succeeding with 1/2 and otherwise retried: the state
// needs two words, there are 81 states (none set, then one more set each step), and the last bool
// is set with probability 1.
// The guard index (guard_index.hpp): commands whose guards test a variable first, both ways round
// (`x=2`, `2=x`), beside ones that do not (`x>3`, `!done & x=1`), unlabelled and synchronised, give
// the tree walker's graph; a later conjunct that would fail (mod by zero) is still reached and
// reported where its leading test holds.
TEST(PrismGuardIndex, IndexedCommandsBuildTheTreeWalkersGraph) {
  const std::string text = R"(mdp
module a
  x : [0..5] init 0;
  [step] x=0 -> 0.5:(x'=1) + 0.5:(x'=2);
  [step] 1=x -> (x'=3);
  [step] x>3 -> (x'=0);
  [step] x=2 & y<2 -> (x'=4);
  [step] x=2 -> (x'=5);
  [] x=3 -> 0.25:(x'=5) + 0.75:(x'=1);
  [] x=5 -> (x'=4);
  [] x>=4 & y=2 -> (x'=0);
endmodule
module b
  y : [0..3] init 0;
  [step] y=0 -> (y'=1);
  [step] y=1 -> 0.5:(y'=2) + 0.5:(y'=0);
  [step] y=2 -> (y'=3);
  [step] y=3 -> (y'=3);
  [step] y=3 -> (y'=0);
  [] y=2 -> (y'=1);
endmodule
)";
  expect_same_graph(text, "index.prism", {});

  const std::string trouble =
      "mdp\nmodule a\n  x : [0..2] init 0;\n  [] x=0 -> (x'=1);\n"
      "  [] x=1 -> (x'=2);\n  [] x=2 & mod(7, x-2)=1 -> (x'=0);\n  [] x=2 -> true;\nendmodule\n";
  CompiledModel t(parse_prism_model(trouble, "trouble.prism"), {});
  try {
    mdp::build_graph(t);
    FAIL() << "mod by zero was not reported";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("trouble.prism:6:"), std::string::npos) << e.what();
  }
}

TEST(PrismGuardIndex, CandidatesAreTheCommandsWhoseLeadingTestCanHold) {
  VariableSlot x;
  x.low = 1;
  x.word = 0;
  x.shift = 2;
  x.bits = 2;  // x in 1..4, stored as x - 1 in bits 2..3
  VariableSlot y = x;
  y.shift = 0;
  using L = ExpressionProgram::LeadingEquality;
  const GuardIndex index({10, 11, 12, 13, 14}, {L{x, 2}, std::nullopt, L{x, 4}, L{y, 1}, L{x, 2}});
  ASSERT_TRUE(index.indexed());
  const auto at = [&](std::uint64_t xv) {
    const std::uint64_t word = (xv - 1) << 2;
    const auto c = index.candidates(&word);
    return std::vector<std::size_t>(c.begin(), c.end());
  };
  EXPECT_EQ(at(1), (std::vector<std::size_t>{11, 13}));
  EXPECT_EQ(at(2), (std::vector<std::size_t>{10, 11, 13, 14}));
  EXPECT_EQ(at(3), (std::vector<std::size_t>{11, 13}));
  EXPECT_EQ(at(4), (std::vector<std::size_t>{11, 12, 13}));
  // One use of a variable does not pay: the list stays whole.
  const GuardIndex single({1, 2}, {L{x, 2}, std::nullopt});
  EXPECT_FALSE(single.indexed());
  const std::uint64_t word = 0;
  EXPECT_EQ(single.candidates(&word).size(), 2u);
}

TEST(PrismWideStates, AChainOfEightyBoolsHasEightyOneStates) {
  std::string text = "mdp\nmodule chain\n";
  for (int k = 0; k < 80; ++k) text += "  b" + std::to_string(k) + " : bool init false;\n";
  text += "  [] !b0 -> 0.5 : (b0'=true) + 0.5 : true;\n";
  for (int k = 1; k < 80; ++k) {
    text += "  [] b" + std::to_string(k - 1) + " & !b" + std::to_string(k) + " -> 0.5 : (b" +
            std::to_string(k) + "'=true) + 0.5 : true;\n";
  }
  text += "endmodule\n";
  CompiledModel m(parse_prism_model(text, "chain.prism"), {});
  EXPECT_EQ(m.state_words(), 2u);
  std::size_t states = 0;
  EXPECT_NEAR(testing::solve_target(m, "b79", true, &states), 1.0, 1e-9);
  EXPECT_EQ(states, 81u);  // the initial state and one per bool set
  expect_same_graph(text, "chain.prism", {});
}

// Gambler's ruin from 3 of 0..6 with p = 2/5, padded with two wide constant-valued variables so
// that the state takes three words: the value is the closed form ((q/p)^3 - 1) / ((q/p)^6 - 1).
TEST(PrismWideStates, PaddedGamblersRuinKeepsItsClosedForm) {
  const std::string text = R"(dtmc
global pad1 : [0..4611686018427387903] init 7;
module walk
  x : [0..6] init 3;
  pad2 : [-4611686018427387903..4611686018427387903] init -5;
  [] x > 0 & x < 6 -> 0.4 : (x'=x+1) + 0.6 : (x'=x-1);
endmodule
)";
  CompiledModel m(parse_prism_model(text, "ruin.prism"), {});
  EXPECT_EQ(m.state_words(), 3u);
  std::size_t states = 0;
  const double r = 0.6 / 0.4;
  EXPECT_NEAR(testing::solve_target(m, "x = 6 & pad1 = 7 & pad2 = -5", true, &states),
              (r * r * r - 1) / (r * r * r * r * r * r - 1), 1e-9);
  EXPECT_EQ(states, 7u);
  EXPECT_EQ(m.describe(m.initial()), "(pad1=7,x=3,pad2=-5)");
  expect_same_graph(text, "ruin.prism", {});
}

// An update out of range in a wide model is still reported by the tree walker, with its place.
TEST(PrismWideStates, AnUpdateOutOfRangeNamesItsPlace) {
  const std::string text = R"(mdp
global pad : [0..4611686018427387903] init 0;
module m
  x : [0..2] init 0;
  [] true -> (x'=x+1);
endmodule
)";
  CompiledModel m(parse_prism_model(text, "range.prism"), {});
  m.set_objective(m.add_expression("false", "target"), true);
  try {
    (void)mdp::build_graph(m);
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("range.prism:5:"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("outside its range [0..2]"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace sgplan::models::prism_language
