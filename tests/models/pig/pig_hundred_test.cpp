// Pig to 100 against the published results (slow: the solve takes seconds; ctest label `slow`):
//   - T. W. Neller and C. G. M. Presser, "Optimal Play of the Dice Game Pig", The UMAP Journal 25(1)
//     (2004): under optimal play the first player wins with probability about 0.5306;
//   - their optimal policy's oddity at scores 41 (mover) and 49: roll until the turn total reaches
//     22, hold from 22 to 26, but roll once more at 27 (as recounted in "Pig puzzle solution",
//     possiblywrong.wordpress.com, 20 March 2014, which cites Neller and Presser);
//   - T. W. Neller, "First-Player Advantage" (Nifty Assignments, SIGCSE 2010): when both players
//     hold at 20 (or at the goal), the first player wins with probability about 0.5347, checked
//     here by exact policy evaluation, an algorithm independent of the solver.
#include <gtest/gtest.h>

#include "mdp/build_graph.hpp"
#include "mdp/policy_evaluation.hpp"
#include "mdp/predecessors.hpp"
#include "mdp/reachability.hpp"
#include "models/pig/pig_kind.hpp"

namespace sgplan::models::pig {
namespace {

mdp::Solution solve(const mdp::StateGraph& g, double epsilon) {
  mdp::SolveOptions o;
  o.method = mdp::Method::Topological;
  o.epsilon = epsilon;
  return mdp::solve_reachability(g, o);
}

class PigToHundred : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    model_ = new PigModel(make_pig_model(PigConfig{100, 6}));
    built_ = new mdp::BuiltGraph(model_->build({}));
    solution_ = new mdp::Solution(solve(built_->graph, 1e-10));
  }
  static void TearDownTestSuite() {
    delete solution_;
    delete built_;
    delete model_;
  }
  static PigModel* model_;
  static mdp::BuiltGraph* built_;
  static mdp::Solution* solution_;
};
PigModel* PigToHundred::model_ = nullptr;
mdp::BuiltGraph* PigToHundred::built_ = nullptr;
mdp::Solution* PigToHundred::solution_ = nullptr;

TEST_F(PigToHundred, FirstPlayerWinsWithTheProbabilityNellerAndPresserReport) {
  const mdp::StateIndex s0 = built_->graph.initial_state();
  EXPECT_NEAR(solution_->value(s0), 0.5306, 5e-5);
  EXPECT_LE(solution_->upper[s0] - solution_->lower[s0], 1e-9);
  // Holding at 0-0 starts at a turn total in the low twenties (Neller and Presser's Figure 2 region).
  const auto plans = hold_plans(model_->game(), *built_, *solution_, {{0, 0}});
  EXPECT_GE(plans[0].hold_from, 20u);
  EXPECT_LE(plans[0].hold_from, 25u);
}

TEST_F(PigToHundred, RollsAgainAtTwentySevenWhenFortyOneAgainstFortyNine) {
  const HoldPlan plan = hold_plans(model_->game(), *built_, *solution_, {{41, 49}})[0];
  EXPECT_EQ(plan.hold_from, 22u);
  for (std::uint32_t k = 2; k < 22; ++k) EXPECT_FALSE(plan.hold[k]) << k;
  for (std::uint32_t k = 22; k <= 26; ++k) EXPECT_TRUE(plan.hold[k]) << k;
  EXPECT_FALSE(plan.hold[27]);
}

TEST_F(PigToHundred, HoldAtTwentyForBothPlayers) {
  const mdp::StateGraph& g = built_->graph;
  const PigGame& game = model_->game();
  std::vector<mdp::ChoiceIndex> profile(g.num_states(), mdp::kNoChoice);
  for (mdp::StateIndex s = 0; s < g.num_states(); ++s) {
    if (g.is_terminal(s)) continue;
    const bool hold = game.turn_total(built_->packed[s]) >= 20;
    for (mdp::ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
      if ((g.choice_label_id(c) == PigGame::kHold) == hold) profile[s] = c;
    }
  }
  const mdp::Predecessors pred(g);
  const std::vector<double> v = mdp::evaluate_profile(g, pred, profile);
  EXPECT_NEAR(v[g.initial_state()], 0.5347, 5e-5);
  EXPECT_LT(v[g.initial_state()], 0.5347 + 5e-5);
}

}  // namespace
}  // namespace sgplan::models::pig
