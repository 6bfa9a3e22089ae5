// The policy extraction's per-state passes run on several threads over fixed ranges of states
// (mdp/policy_extraction.hpp): the policy is the one-thread policy, choice for choice, on random
// games and MDPs big enough for many ranges, and a solve gives the same bounds and policy for every
// thread count.
#include "mdp/policy_extraction.hpp"

#include <gtest/gtest.h>

#include "mdp/reachability.hpp"
#include "tests/support/random_graphs.hpp"

namespace sgplan::mdp {
namespace {

TEST(PolicyExtraction, ThePolicyIsTheSameForEveryThreadCount) {
  for (bool with_min : {false, true}) {
    sgplan::testing::RandomGraphSpec spec;
    spec.states = 120'000;  // 8 ranges of 2^14 states
    spec.with_min = with_min;
    spec.max_choices = 4;
    const StateGraph g = sgplan::testing::random_graph(with_min ? 7 : 8, spec);
    SolveOptions options;
    options.epsilon = 1e-9;
    const Solution one = solve_reachability(g, options);
    ASSERT_EQ(one.policy.size(), g.num_states());
    std::size_t chosen = 0;
    for (StateIndex s = 0; s < g.num_states(); ++s) {
      const Owner o = g.owner(s);
      if (o != Owner::Max && o != Owner::Min) {
        EXPECT_EQ(one.policy[s], kNoChoice) << s;
        continue;
      }
      ASSERT_GE(one.policy[s], g.first_choice(s)) << s;
      ASSERT_LT(one.policy[s], g.end_choice(s)) << s;
      chosen += g.num_choices(s) > 1;
    }
    EXPECT_GT(chosen, 10'000u);  // many real choices were made
    const Predecessors pred(g);
    for (unsigned threads : {2u, 3u, 8u}) {
      SCOPED_TRACE(std::to_string(threads) + " threads, with_min " + std::to_string(with_min));
      EXPECT_EQ(extract_policy(g, pred, one.lower, one.upper, threads), one.policy);
      options.threads = threads;
      const Solution many = solve_reachability(g, options);
      EXPECT_EQ(many.lower, one.lower);
      EXPECT_EQ(many.upper, one.upper);
      EXPECT_EQ(many.policy, one.policy);
    }
  }
}

}  // namespace
}  // namespace sgplan::mdp
