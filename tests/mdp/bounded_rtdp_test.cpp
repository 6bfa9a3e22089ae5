// Bounded RTDP and the labelled goal-probability search against interval iteration on the whole built graph
// (a second algorithm): on random MDPs and stochastic games with end components its bounds at the initial
// state contain the full engine's value and are epsilon apart; a game whose minimiser can keep the play
// inside forever converges with the deflation of end components and stalls without it; the explored part is
// pinned on models with a region the search provably never enters; a search stopped at its state
// limit still answers soundly.
#include "mdp/bounded_rtdp.hpp"

#include <gtest/gtest.h>

#include "mdp/build_graph.hpp"
#include "mdp/graph_as_model.hpp"
#include "mdp/reachability.hpp"
#include "tests/support/random_graphs.hpp"
#include "tests/support/table_model.hpp"

namespace sgplan::mdp {
namespace {

using testing::TableModel;

// Every test runs for both searches from the initial state: bounded RTDP and the labelled
// goal-probability search (labelled_goal_search.hpp).
class PartialSearch : public ::testing::TestWithParam<PartialMethod> {};

double full_value(const StateGraph& g, double* lower = nullptr, double* upper = nullptr) {
  SolveOptions o;
  o.epsilon = 1e-10;
  const Solution s = solve_reachability(g, o);
  if (lower != nullptr) *lower = s.lower[g.initial_state()];
  if (upper != nullptr) *upper = s.upper[g.initial_state()];
  return s.value(g.initial_state());
}

void expect_contains(const StateGraph& g, const BrtdpOptions& options, const std::string& what) {
  double lo = 0.0, up = 0.0;
  full_value(g, &lo, &up);
  const BrtdpResult r = bounded_rtdp(GraphAsModel(g), options);
  EXPECT_EQ(r.status, SolveStatus::Converged) << what;
  EXPECT_LE(r.upper - r.lower, options.epsilon) << what;
  // The full engine's bounds are 1e-10 apart: each method's interval holds the value.
  EXPECT_LE(r.lower, up) << what;
  EXPECT_GE(r.upper, lo) << what;
  EXPECT_LE(r.game.num_states(), g.num_states()) << what;
}

TEST_P(PartialSearch, ContainsTheFullEnginesValueOnRandomMdps) {
  testing::RandomGraphSpec spec;
  spec.with_min = false;
  BrtdpOptions options;
  options.method = GetParam();
  options.epsilon = 1e-6;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    spec.states = 10 + seed % 60;
    spec.payoffs = seed % 3 == 0;
    options.seed = seed;
    expect_contains(testing::random_graph(seed, spec), options, "mdp seed " + std::to_string(seed));
  }
}

TEST_P(PartialSearch, ContainsTheFullEnginesValueOnRandomGames) {
  testing::RandomGraphSpec spec;
  BrtdpOptions options;
  options.method = GetParam();
  options.epsilon = 1e-6;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    spec.states = 10 + seed % 60;
    spec.self_loop_share = seed % 2 == 0 ? 0.1 : 0.3;  // many end components
    spec.payoffs = seed % 3 == 0;
    options.seed = seed;
    expect_contains(testing::random_graph(seed + 1000, spec), options, "game seed " + std::to_string(seed));
  }
}

TEST_P(PartialSearch, DifferentSeedsGiveTheSameAnswerWithinEpsilon) {
  testing::RandomGraphSpec spec;
  spec.states = 80;
  const StateGraph g = testing::random_graph(77, spec);
  BrtdpOptions options;
  options.method = GetParam();
  options.epsilon = 1e-8;
  const BrtdpResult a = bounded_rtdp(GraphAsModel(g), options);
  options.seed = 99;
  const BrtdpResult b = bounded_rtdp(GraphAsModel(g), options);
  ASSERT_EQ(a.status, SolveStatus::Converged);
  ASSERT_EQ(b.status, SolveStatus::Converged);
  EXPECT_LE(a.lower, b.upper);
  EXPECT_LE(b.lower, a.upper);
  options.seed = 1;
  const BrtdpResult again = bounded_rtdp(GraphAsModel(g), options);
  EXPECT_EQ(again.paths, a.paths);  // the same seed, the same run
  EXPECT_EQ(again.lower, a.lower);
}

// Max at s0: "in" to the Min state m, or "out" to a coin (success 1/2). At m Min can go back to s0
// (the play may stay inside {s0, m} forever: a failure for Max) or give up to a success. The
// value is 1/2, but the upper bound 1 is a fixed point of the backups: s0 says "m gives 1", m says
// "s0 gives 1". Only deflating the end component {s0, m} (Min keeps the play inside, Max's best
// exit is worth 1/2) brings the upper bound down.
TableModel minimiser_keeps_the_play_inside() {
  TableModel m;
  const auto s0 = m.add(Owner::Max);
  const auto min = m.add(Owner::Min);
  const auto coin = m.add(Owner::Chance);
  const auto win = m.add(Owner::Terminal, 1.0);
  const auto lose = m.add(Owner::Terminal, 0.0);
  m.add_choice(s0, {{1.0, min}});
  m.add_choice(s0, {{1.0, coin}});
  m.add_choice(min, {{1.0, s0}});
  m.add_choice(min, {{1.0, win}});
  m.add_choice(coin, {{0.5, win}, {0.5, lose}});
  return m;
}

TEST_P(PartialSearch, DeflationMakesTheUpperBoundConvergeInAGame) {
  const TableModel m = minimiser_keeps_the_play_inside();
  BrtdpOptions options;
  options.method = GetParam();
  options.max_path_length = 100;
  const BrtdpResult with = bounded_rtdp(m, options);
  EXPECT_EQ(with.status, SolveStatus::Converged);
  EXPECT_NEAR(with.lower, 0.5, 1e-12);
  EXPECT_NEAR(with.upper, 0.5, 1e-12);
  EXPECT_GE(with.refinements, 1u);

  options.refine = false;
  const BrtdpResult without = bounded_rtdp(m, options);
  EXPECT_EQ(without.status, SolveStatus::Stalled);
  EXPECT_NEAR(without.lower, 0.5, 1e-12);
  EXPECT_EQ(without.upper, 1.0);  // stuck: sound, but never epsilon apart
  EXPECT_EQ(without.refinements, 0u);
}

// An MDP where Max may "wait" forever: the same stuck upper bound, cured by collapsing.
TEST_P(PartialSearch, CollapsingMakesTheUpperBoundConvergeInAnMdp) {
  TableModel m;
  const auto s0 = m.add(Owner::Max);
  const auto coin = m.add(Owner::Chance);
  const auto win = m.add(Owner::Terminal, 1.0);
  const auto lose = m.add(Owner::Terminal, 0.0);
  m.add_choice(s0, {{1.0, s0}});  // wait
  m.add_choice(s0, {{0.25, win}, {0.75, coin}});
  m.add_choice(coin, {{0.5, s0}, {0.5, lose}});
  // Leave is worth x = 1/4 + 3/8 x, so x = 2/5.
  BrtdpOptions options;
  options.method = GetParam();
  options.epsilon = 1e-9;
  options.max_path_length = 100;
  const BrtdpResult with = bounded_rtdp(m, options);
  EXPECT_EQ(with.status, SolveStatus::Converged);
  EXPECT_LE(with.lower, 0.4);
  EXPECT_GE(with.upper, 0.4);
  options.refine = false;
  const BrtdpResult without = bounded_rtdp(m, options);
  EXPECT_EQ(without.status, SolveStatus::Stalled);
  EXPECT_EQ(without.upper, 1.0);
  EXPECT_LE(without.lower, 0.4);
}

// A coin at the start: heads to a Max state that can take a sure success or a detour, another
// coin whose heads lead into a chain of 1,000 states (ending in success) and whose tails fail.
// The value is 1/2, and the search never needs the chain: the detour's upper bound (1/2) is below
// the sure success's from the start, so no path takes it.
TEST_P(PartialSearch, NeverEntersAnIrrelevantRegion) {
  TableModel m;
  const auto s0 = m.add(Owner::Chance);
  const auto max = m.add(Owner::Max);
  const auto lose = m.add(Owner::Terminal, 0.0);
  const auto win = m.add(Owner::Terminal, 1.0);
  m.add_choice(s0, {{0.5, max}, {0.5, lose}});
  m.add_choice(max, {{1.0, win}});
  const auto detour = m.add(Owner::Chance);
  m.add_choice(max, {{1.0, detour}});
  auto previous = m.add(Owner::Max);
  m.add_choice(detour, {{0.5, previous}, {0.5, lose}});
  for (int k = 1; k < 1000; ++k) {
    const auto next = m.add(Owner::Max);
    m.add_choice(previous, {{1.0, next}});
    previous = next;
  }
  m.add_choice(previous, {{1.0, win}});
  ASSERT_EQ(build_graph(m).graph.num_states(), 1005u);
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    BrtdpOptions options;
    options.method = GetParam();
    options.seed = seed;
    const BrtdpResult r = bounded_rtdp(m, options);
    EXPECT_EQ(r.status, SolveStatus::Converged);
    EXPECT_NEAR(r.lower, 0.5, 1e-12);  // (a sum of two terms is rounded outward)
    EXPECT_NEAR(r.upper, 0.5, 1e-12);
    EXPECT_EQ(r.game.num_states(), 5u);    // s0, the Max state, both terminals, the detour
    EXPECT_EQ(r.game.num_expanded(), 2u);  // s0 and the Max state: 2 of the 1,005 reachable states
    EXPECT_FALSE(r.game.complete());
  }
}

// Gambler's ruin: a fair coin moves a counter from 7 up or down; 20 wins, 0 loses. The value is
// 7/20 (the closed form i/N), and every one of the 21 states matters: the search must expand all
// 19 inner ones and then know that it has explored the whole reachable graph. Paths alone would
// meet the far end about once in a hundred walks; the envelope expansion gets there in a few
// passes.
TEST_P(PartialSearch, ExploresAllOfARandomWalkAndKnowsIt) {
  TableModel m;
  std::vector<TableModel::State> at(21);
  at[7] = m.add(Owner::Chance);  // state 0, the start
  for (int k = 0; k <= 20; ++k) {
    if (k == 7) continue;
    at[k] = k == 0    ? m.add(Owner::Terminal, 0.0)
            : k == 20 ? m.add(Owner::Terminal, 1.0)
                      : m.add(Owner::Chance);
  }
  for (int k = 1; k < 20; ++k) m.add_choice(at[k], {{0.5, at[k - 1]}, {0.5, at[k + 1]}});
  BrtdpOptions options;
  options.method = GetParam();
  options.epsilon = 1e-9;
  const BrtdpResult r = bounded_rtdp(m, options);
  EXPECT_EQ(r.status, SolveStatus::Converged);
  EXPECT_LE(r.lower, 0.35);
  EXPECT_GE(r.upper, 0.35);
  EXPECT_LE(r.upper - r.lower, 1e-9);
  EXPECT_EQ(r.game.num_states(), 21u);
  EXPECT_EQ(r.game.num_expanded(), 19u);
  EXPECT_TRUE(r.game.complete());
}

TEST_P(PartialSearch, AnswersSoundlyWhenStoppedAtItsStateLimit) {
  testing::RandomGraphSpec spec;
  spec.states = 400;
  spec.terminal_share = 0.05;
  const StateGraph g = testing::random_graph(5, spec);
  double lo = 0.0, up = 0.0;
  full_value(g, &lo, &up);
  for (std::uint64_t limit : {1, 3, 10, 30, 100}) {
    BrtdpOptions options;
    options.method = GetParam();
    options.max_states = limit;
    const BrtdpResult r = bounded_rtdp(GraphAsModel(g), options);
    EXPECT_LE(r.game.num_states(), limit);
    EXPECT_LE(r.lower, up);
    EXPECT_GE(r.upper, lo);
    if (r.status != SolveStatus::Converged) {
      EXPECT_EQ(r.status, SolveStatus::StateLimit);
    }
  }
  BrtdpOptions few;
  few.method = GetParam();
  few.max_states = 3;
  EXPECT_EQ(bounded_rtdp(GraphAsModel(g), few).status, SolveStatus::StateLimit);
}

INSTANTIATE_TEST_SUITE_P(Methods, PartialSearch,
                         ::testing::Values(PartialMethod::BoundedRtdp, PartialMethod::LabelledGoalSearch),
                         [](const auto& info) { return std::string(to_string(info.param)); });

}  // namespace
}  // namespace sgplan::mdp
