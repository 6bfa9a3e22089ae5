// Eventual success: every method against hand-solved values, against each other on random games,
// and against brute force over all memoryless strategy profiles (optimal for turn-based stochastic
// reachability games: Condon 1992), evaluated exactly.
#include "mdp/reachability.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/errors.hpp"
#include "mdp/finite_horizon.hpp"
#include "mdp/policy_evaluation.hpp"
#include "mdp/predecessors.hpp"
#include "tests/support/explicit_graphs.hpp"
#include "tests/support/random_graphs.hpp"

namespace sgplan::mdp {
namespace {

// The issue's example: V(s0) = 1/2 (3/10 + 7/10 V(s0)), so 3/13.
StateGraph issue_example() {
  StateGraphBuilder b;
  b.add_state(Owner::Max);  // 0 s0
  b.add_choice(0);
  b.add_entry(1, 0.5);
  b.add_entry(2, 0.5);
  b.add_choice(1);
  b.add_entry(0, 1.0);
  b.add_state(Owner::Chance);  // 1 s1
  b.add_choice();
  b.add_entry(3, 0.3);
  b.add_entry(0, 0.7);
  b.add_state(Owner::Min);  // 2 s2
  b.add_choice(2);
  b.add_entry(3, 1.0);
  b.add_choice(3);
  b.add_entry(4, 1.0);
  b.add_state(Owner::Terminal, 1.0);  // 3 goal
  b.add_state(Owner::Terminal, 0.0);  // 4 fail
  b.set_label_table({"go", "wait", "left", "right"});
  return b.finalize();
}

const Method kSoundMethods[] = {Method::Interval, Method::Topological, Method::Policy};

TEST(Reachability, IssueExampleIsThreeThirteenthsByEveryMethod) {
  const StateGraph g = issue_example();
  for (Method m :
       {Method::Interval, Method::Topological, Method::Policy, Method::ValueIteration, Method::GaussSeidel}) {
    SolveOptions o;
    o.method = m;
    o.epsilon = 1e-9;
    Solution s = solve_reachability(g, o);
    SCOPED_TRACE(std::string(to_string(m)));
    const bool plain = m == Method::ValueIteration || m == Method::GaussSeidel;
    EXPECT_EQ(s.status, plain ? SolveStatus::SmallChange : SolveStatus::Converged);
    EXPECT_NEAR(s.value(0), 3.0 / 13.0, 1e-8);
    EXPECT_LE(s.lower[0], 3.0 / 13.0 + 1e-15);
    if (s.sound) {
      EXPECT_GE(s.upper[0], 3.0 / 13.0 - 1e-15);
    }
    EXPECT_EQ(g.choice_label(s.policy[0]), "go");     // never "wait"
    EXPECT_EQ(g.choice_label(s.policy[2]), "right");  // Min sends to failure
  }
}

// Method::Horizon is a method of the dispatch like the others: step-bounded success by backward
// induction, with its horizon in the options; without one it is refused, never answered by
// another method.
TEST(Reachability, HorizonIsAMethodThatNeedsItsHorizon) {
  const StateGraph g = testing::random_walk(10, 5);
  SolveOptions options;
  options.method = Method::Horizon;
  EXPECT_THROW(solve_reachability(g, options), std::invalid_argument);
  options.horizon = 5;
  const Solution dispatched = solve_reachability(g, options);
  const Solution direct = solve_finite_horizon(g, 5, options);
  EXPECT_EQ(dispatched.method, Method::Horizon);
  EXPECT_EQ(dispatched.lower, direct.lower);
  EXPECT_EQ(dispatched.upper, direct.upper);
  // From the middle of 0..10 the walk wins within 5 steps only by 5 steps up: 1/32.
  EXPECT_NEAR(dispatched.value(5), 1.0 / 32, 1e-15);
}

TEST(Reachability, PrecomputationFindsZeroAndOneStates) {
  const StateGraph g = issue_example();
  Solution s = solve_interval(g, {});
  // s2 (Min picks failure) and fail have value 0; goal has value 1.
  EXPECT_EQ(s.zero_states, 2u);
  EXPECT_EQ(s.one_states, 1u);
  EXPECT_EQ(s.upper[2], 0.0);
}

// Plain VI with a small-change stopping rule can stop arbitrarily far from the value, while the
// interval bounds always contain it (the point of Haddad and Monmege, TCS 2018). A lazy coin:
// success and failure with probability 1e-6 each, else stay. The value is 1/2; the first sweep
// changes the value by only 1e-6, below epsilon = 1e-5, so plain VI stops at 1e-6.
TEST(Reachability, PlainValueIterationStopsFarFromTheValueIntervalDoesNot) {
  StateGraphBuilder b;
  b.add_state(Owner::Chance);
  b.add_choice();
  b.add_entry(0, 1.0 - 2e-6);
  b.add_entry(1, 1e-6);
  b.add_entry(2, 1e-6);
  b.add_state(Owner::Terminal, 1.0);
  b.add_state(Owner::Terminal, 0.0);
  const StateGraph lazy = b.finalize();
  for (Method m : {Method::ValueIteration, Method::GaussSeidel}) {
    SolveOptions o;
    o.epsilon = 1e-5;
    o.method = m;
    Solution vi = solve_reachability(lazy, o);
    EXPECT_EQ(vi.status, SolveStatus::SmallChange);  // its own rule, never "converged"
    EXPECT_FALSE(vi.sound);
    EXPECT_NEAR(vi.value(0), 1e-6, 1e-12);
  }
  SolveOptions o;
  o.epsilon = 1e-5;
  Solution ii = solve_interval(lazy, o);
  EXPECT_EQ(ii.status, SolveStatus::Converged);
  EXPECT_LE(ii.lower[0], 0.5);
  EXPECT_GE(ii.upper[0], 0.5);
  EXPECT_LE(ii.upper[0] - ii.lower[0], 1e-5);
}

// The symmetric random walk on 0..200 (success at 200, failure at 0): bounds contain i/200 everywhere.
TEST(Reachability, IntervalBoundsContainTheRandomWalkValues) {
  const StateGraph g = testing::random_walk(200, 100);
  SolveOptions o;
  o.epsilon = 1e-6;
  for (Method m : {Method::Interval, Method::Topological}) {
    o.method = m;
    Solution ii = solve_reachability(g, o);
    EXPECT_EQ(ii.status, SolveStatus::Converged);
    for (std::uint32_t i = 0; i <= 200; ++i) {
      EXPECT_LE(ii.lower[i], i / 200.0 + 1e-12);
      EXPECT_GE(ii.upper[i], i / 200.0 - 1e-12);
      EXPECT_LE(ii.upper[i] - ii.lower[i], 1e-6 + 1e-12);
    }
  }
  // Policy iteration: values within 1e-12, certified bounds that contain them and are far tighter
  // than epsilon (the walk needs up to 10^4 jumps, so the certificate's width is about 1e-10).
  o.method = Method::Policy;
  Solution pi = solve_reachability(g, o);
  EXPECT_EQ(pi.status, SolveStatus::Converged);
  for (std::uint32_t i = 0; i <= 200; ++i) {
    EXPECT_NEAR(pi.value(i), i / 200.0, 1e-12);
    EXPECT_LE(pi.lower[i], i / 200.0);
    EXPECT_GE(pi.upper[i], i / 200.0);
    EXPECT_LE(pi.upper[i] - pi.lower[i], 1e-9);
  }
}

// A Max state that can wait forever in an end component: the naive greedy policy on exact values
// may pick "wait" (it looks as good as leaving), and then never succeeds; the extracted one leaves.
TEST(Reachability, ExtractedPolicyNeverWaitsForever) {
  StateGraphBuilder b;
  b.add_state(Owner::Max);  // 0: wait (self-loop) first, then go to a coin flip
  b.add_choice(0);
  b.add_entry(0, 1.0);
  b.add_choice(1);
  b.add_entry(1, 1.0);
  b.add_state(Owner::Max);  // 1: back to 0, or the coin
  b.add_choice(2);
  b.add_entry(0, 1.0);
  b.add_choice(3);
  b.add_entry(2, 1.0);
  b.add_state(Owner::Chance);  // 2: success 1/2, else back to 0
  b.add_choice();
  b.add_entry(3, 0.5);
  b.add_entry(0, 0.5);
  b.add_state(Owner::Terminal, 1.0);
  b.set_label_table({"wait", "go", "back", "flip"});
  const StateGraph g = b.finalize();
  Predecessors pred(g);
  for (Method m : kSoundMethods) {
    SolveOptions o;
    o.method = m;
    Solution s = solve_reachability(g, o);
    EXPECT_NEAR(s.value(0), 1.0, 1e-9);  // almost-sure success by retrying
    EXPECT_EQ(g.choice_label(s.policy[0]), "go");
    EXPECT_EQ(g.choice_label(s.policy[1]), "flip");
    std::vector<double> v = evaluate_profile(g, pred, s.policy);
    EXPECT_NEAR(v[0], 1.0, 1e-12);
  }
  // The greedy choice on the exact values would keep "wait" (the first of equally good choices).
  std::vector<ChoiceIndex> greedy = {0, 2, kNoChoice, kNoChoice};
  EXPECT_EQ(evaluate_profile(g, pred, greedy)[0], 0.0);
}

// Brute force: the value is max over Max's memoryless strategies of min over Min's, evaluated
// exactly; per state, as optimal memoryless strategies exist for all states at once.
std::vector<double> brute_force_values(const StateGraph& g) {
  Predecessors pred(g);
  std::vector<StateIndex> max_states, min_states;
  for (StateIndex s = 0; s < g.num_states(); ++s) {
    if (g.owner(s) == Owner::Max) max_states.push_back(s);
    if (g.owner(s) == Owner::Min) min_states.push_back(s);
  }
  std::vector<ChoiceIndex> profile(g.num_states(), kNoChoice);
  auto reset = [&](const std::vector<StateIndex>& states) {
    for (StateIndex s : states) profile[s] = g.first_choice(s);
  };
  auto advance = [&](const std::vector<StateIndex>& states) {  // odometer; false when wrapped
    for (StateIndex s : states) {
      if (++profile[s] < g.end_choice(s)) return true;
      profile[s] = g.first_choice(s);
    }
    return false;
  };
  std::vector<double> best(g.num_states(), -1.0);
  reset(max_states);
  do {
    std::vector<double> worst(g.num_states(), 2.0);
    reset(min_states);
    do {
      std::vector<double> v = evaluate_profile(g, pred, profile);
      for (StateIndex s = 0; s < g.num_states(); ++s) worst[s] = std::min(worst[s], v[s]);
    } while (advance(min_states));
    for (StateIndex s = 0; s < g.num_states(); ++s) best[s] = std::max(best[s], worst[s]);
  } while (advance(max_states));
  return best;
}

std::uint64_t profile_count(const StateGraph& g) {
  std::uint64_t count = 1;
  for (StateIndex s = 0; s < g.num_states(); ++s) {
    if (g.owner(s) == Owner::Max || g.owner(s) == Owner::Min) count *= g.num_choices(s);
  }
  return count;
}

struct Family {
  const char* name;
  testing::RandomGraphSpec spec;
};

const Family kFamilies[] = {
    {"mdp", {12, 0.15, true, false, true, 3, 3, 0.15, false}},
    {"min-mdp", {12, 0.15, false, true, true, 3, 3, 0.15, false}},
    {"game", {12, 0.15, true, true, true, 2, 3, 0.15, false}},
    {"game-payoffs", {12, 0.15, true, true, true, 2, 3, 0.15, true}},
    {"deterministic-game", {12, 0.15, true, true, false, 3, 1, 0.2, false}},
};

TEST(Reachability, AllSoundMethodsMatchBruteForceOnRandomGames) {
  int checked = 0;
  for (const Family& family : kFamilies) {
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
      const StateGraph g = testing::random_graph(seed * 7919 + 13, family.spec);
      if (profile_count(g) > 20000) continue;
      const std::vector<double> expected = brute_force_values(g);
      ++checked;
      for (Method m : kSoundMethods) {
        SolveOptions o;
        o.method = m;
        o.epsilon = 1e-8;
        Solution s = solve_reachability(g, o);
        SCOPED_TRACE(std::string(family.name) + " seed " + std::to_string(seed) + " " +
                     std::string(to_string(m)));
        ASSERT_EQ(s.status, SolveStatus::Converged);
        for (StateIndex st = 0; st < g.num_states(); ++st) {
          EXPECT_LE(s.lower[st], expected[st] + 1e-9) << "state " << st;
          EXPECT_GE(s.upper[st], expected[st] - 1e-9) << "state " << st;
          EXPECT_LE(s.upper[st] - s.lower[st], 1e-8 + 1e-12) << "state " << st;
        }
      }
    }
  }
  EXPECT_GT(checked, 200);
}

// The profile of extracted policies achieves the value: Max's policy against Min's best response
// and Min's policy against Max's best response both give the game's value.
TEST(Reachability, ExtractedPoliciesRealizeTheValue) {
  for (const Family& family : kFamilies) {
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      const StateGraph g = testing::random_graph(seed * 104729 + 7, family.spec);
      Predecessors pred(g);
      SolveOptions o;
      o.epsilon = 1e-10;
      Solution s = solve_interval(g, o);
      SCOPED_TRACE(std::string(family.name) + " seed " + std::to_string(seed));
      std::vector<double> v = evaluate_profile(g, pred, s.policy);
      for (StateIndex st = 0; st < g.num_states(); ++st) {
        EXPECT_NEAR(v[st], s.value(st), 1e-7) << "state " << st;
      }
    }
  }
}

// Plain value iteration's values are sound lower bounds; on small random games with a tiny change
// threshold they also land close to the value. Larger games: the sound methods agree.
TEST(Reachability, MethodsAgreeOnLargerRandomGames) {
  for (const Family& family : kFamilies) {
    testing::RandomGraphSpec spec = family.spec;
    spec.states = 300;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      const StateGraph g = testing::random_graph(seed * 31 + 5, spec);
      SolveOptions o;
      o.epsilon = 1e-9;
      o.method = Method::Policy;
      Solution exact = solve_reachability(g, o);
      SCOPED_TRACE(std::string(family.name) + " seed " + std::to_string(seed));
      for (Method m : {Method::Interval, Method::Topological, Method::ValueIteration, Method::GaussSeidel}) {
        o.method = m;
        o.epsilon = m == Method::Interval || m == Method::Topological ? 1e-9 : 1e-14;
        Solution s = solve_reachability(g, o);
        for (StateIndex st = 0; st < g.num_states(); ++st) {
          EXPECT_LE(s.lower[st], exact.lower[st] + 1e-9);
          EXPECT_NEAR(s.value(st), exact.lower[st], 1e-6) << to_string(m) << " state " << st;
        }
      }
    }
  }
}

// Without the warm-up, Min's first strategy is arbitrary and the upper bound needs several strategy
// rounds; each round's bound must stay sound and the result must not change.
TEST(Reachability, GameStrategyRoundsStaySoundWithoutWarmup) {
  std::uint64_t multi_round = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    testing::RandomGraphSpec spec = kFamilies[2].spec;
    spec.states = 40;
    const StateGraph g = testing::random_graph(seed * 7 + 3, spec);
    SolveOptions o;
    o.epsilon = 1e-9;
    o.method = Method::Policy;
    Solution exact = solve_reachability(g, o);
    o.game_warmup = false;
    for (Method m : {Method::Interval, Method::Topological}) {
      o.method = m;
      Solution s = solve_reachability(g, o);
      ASSERT_EQ(s.status, SolveStatus::Converged);
      if (s.note.find("(1 strategy") == std::string::npos && !s.note.empty()) ++multi_round;
      for (StateIndex st = 0; st < g.num_states(); ++st) {
        EXPECT_LE(s.lower[st], exact.lower[st] + 1e-9) << "seed " << seed << " state " << st;
        EXPECT_GE(s.upper[st], exact.lower[st] - 1e-9) << "seed " << seed << " state " << st;
      }
    }
  }
  EXPECT_GT(multi_round, 20u);  // the test does exercise several rounds
}

TEST(Reachability, AttractorSolvesDeterministicGamesExactly) {
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    const StateGraph g = testing::random_graph(seed, kFamilies[4].spec);
    ASSERT_TRUE(is_deterministic_win_lose(g));
    Solution a = solve_attractor(g, {});
    Solution i = solve_interval(g, {});
    Predecessors pred(g);
    std::vector<double> v = evaluate_profile(g, pred, a.policy);
    for (StateIndex s = 0; s < g.num_states(); ++s) {
      EXPECT_TRUE(a.lower[s] == 0.0 || a.lower[s] == 1.0);
      EXPECT_EQ(a.lower[s], i.lower[s]);
      EXPECT_EQ(i.lower[s], i.upper[s]);  // the precomputation decides every state
      EXPECT_EQ(v[s], a.lower[s]);        // the attractor's policies realize it
    }
    EXPECT_EQ(i.iterations, 0u);
  }
}

TEST(Reachability, AttractorRefusesGamesWithChance) {
  EXPECT_THROW(solve_attractor(issue_example(), {}), InputError);
}

}  // namespace
}  // namespace sgplan::mdp
