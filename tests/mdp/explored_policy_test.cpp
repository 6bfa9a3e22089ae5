// Policies from a partial solution, checked by evaluating them exactly: on random MDPs and games,
// once bounded RTDP has converged, the chain that Max's and Min's extracted choices leave of the
// explored part is solved twice (leaving the explored part a failure, then a success); the first
// value may not fall below the search's lower bound, nor the second exceed its upper bound, beyond
// epsilon. And the simulation scores a play that leaves the explored part neither way.
#include "mdp/explored_policy.hpp"

#include <gtest/gtest.h>

#include "mdp/bounded_rtdp.hpp"
#include "mdp/graph_as_model.hpp"
#include "mdp/reachability.hpp"
#include "mdp/simulation.hpp"
#include "mdp/state_graph_builder.hpp"
#include "tests/support/random_graphs.hpp"

namespace sgplan::mdp {
namespace {

// The chain the profile leaves of g, with the states marked outside as terminals of `outside_value`.
double value_of_profile(const StateGraph& g, const ExploredPolicy& p, double outside_value) {
  StateGraphBuilder b;
  for (StateIndex s = 0; s < g.num_states(); ++s) {
    if (g.is_terminal(s)) {
      b.add_state(Owner::Terminal, p.outside[s] ? outside_value : g.terminal_value(s));
      continue;
    }
    b.add_state(Owner::Chance);
    const ChoiceIndex c = g.owner(s) == Owner::Chance ? g.first_choice(s) : p.profile[s];
    b.add_choice();
    for (EntryIndex e = g.first_entry(c); e < g.end_entry(c); ++e) b.add_entry(g.target(e), g.probability(e));
  }
  b.set_initial(0);
  const StateGraph chain = b.finalize();
  SolveOptions o;
  o.epsilon = 1e-10;
  return solve_reachability(chain, o).value(0);
}

void expect_policy_realises_bounds(const StateGraph& model, std::uint64_t seed, const std::string& what) {
  BrtdpOptions options;
  options.epsilon = 1e-6;
  options.seed = seed;
  const BrtdpResult r = bounded_rtdp(GraphAsModel(model), options);
  ASSERT_EQ(r.status, SolveStatus::Converged) << what;
  const ExploredPolicy p = policy_on_explored_part(r.game);
  const StateGraph& g = p.built.graph;
  ASSERT_EQ(g.num_states(), r.game.num_states()) << what;
  for (StateIndex s = 0; s < g.num_states(); ++s) {
    if (g.owner(s) == Owner::Max || g.owner(s) == Owner::Min) {
      ASSERT_GE(p.profile[s], g.first_choice(s)) << what;
      ASSERT_LT(p.profile[s], g.end_choice(s)) << what;
    }
  }
  EXPECT_GE(value_of_profile(g, p, 0.0), r.lower - 1e-6) << what;
  EXPECT_LE(value_of_profile(g, p, 1.0), r.upper + 1e-6) << what;
}

TEST(ExploredPolicy, RealisesTheSearchsBoundsOnRandomMdps) {
  testing::RandomGraphSpec spec;
  spec.with_min = false;
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    spec.states = 10 + seed % 60;
    expect_policy_realises_bounds(testing::random_graph(seed, spec), seed,
                                  "mdp seed " + std::to_string(seed));
  }
}

TEST(ExploredPolicy, RealisesTheSearchsBoundsOnRandomGames) {
  testing::RandomGraphSpec spec;
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    spec.states = 10 + seed % 60;
    spec.self_loop_share = seed % 2 == 0 ? 0.1 : 0.3;
    expect_policy_realises_bounds(testing::random_graph(seed + 1000, spec), seed,
                                  "game seed " + std::to_string(seed));
  }
}

// Max waits (a sure self-loop) or moves to a coin toss: 0.3 a success, 0.7 a state outside the
// explored part. The waiting choice is listed first and ties with nothing: Max must move.
TEST(ExploredPolicy, SimulationScoresPlaysThatLeaveNeitherWay) {
  StateGraphBuilder b;
  b.add_state(Owner::Chance);  // 0
  b.add_choice();
  b.add_entry(1, 0.3);
  b.add_entry(2, 0.7);
  b.add_state(Owner::Terminal, 1.0);  // 1
  b.add_state(Owner::Terminal, 0.0);  // 2: outside
  b.set_initial(0);
  const StateGraph g = b.finalize();
  const std::vector<char> outside{0, 0, 1};
  SimulationOptions o;
  o.runs = 10'000;
  const SimulationResult r = simulate(g, std::vector<ChoiceIndex>(3, kNoChoice), o, outside);
  EXPECT_EQ(r.successes + r.left, r.runs);
  EXPECT_NEAR(static_cast<double>(r.left) / static_cast<double>(r.runs), 0.7, 0.02);
  // Low from the successes alone (about 0.3), high as if every play that left had succeeded.
  EXPECT_LT(r.ci_low, 0.32);
  EXPECT_EQ(r.ci_high, 1.0);
  EXPECT_TRUE(agrees_with(r, 0.3, 0.3));
  EXPECT_TRUE(agrees_with(r, 0.9, 0.9));  // a value the explored part cannot rule out
}

}  // namespace
}  // namespace sgplan::mdp
