// The `policy` method and the direct solves behind it: the defects of issue 11 (the reproducers in
// ../shared/cases/reported, rebuilt here in code with the doubles their YAML parses to), and a
// cross-check against interval iteration on random games with extreme probabilities.
#include "mdp/policy_iteration.hpp"

#include <gtest/gtest.h>

#include <random>

#include "mdp/policy_evaluation.hpp"
#include "mdp/predecessors.hpp"
#include "mdp/reachability.hpp"
#include "mdp/state_graph_builder.hpp"
#include "tests/support/random_graphs.hpp"

namespace sgplan::mdp {
namespace {

// A chain s0 -> s1 -> ... -> goal, each step with probability `step`, back to s0 otherwise
// (reported/pchain3.yaml: three states, step 1e-6; the value is 1, the old evaluation said 0.034).
StateGraph back_to_start_chain(std::uint32_t states, double step) {
  StateGraphBuilder b;
  for (std::uint32_t i = 0; i < states; ++i) {
    b.add_state(Owner::Chance);
    b.add_choice();
    b.add_entry(i + 1, step);
    b.add_entry(0, 1.0 - step);
  }
  b.add_state(Owner::Terminal, 1.0);
  return b.finalize();
}

// A lazy coin: success and failure with probability `exit` each, else stay (reported/tiny16.yaml
// with exit 1e-16, tiny300.yaml with 1e-300, slow.yaml with 5e-8). The value is 1/2 exactly.
StateGraph lazy_coin(double exit, double stay) {
  StateGraphBuilder b;
  b.add_state(Owner::Chance);
  b.add_choice();
  b.add_entry(0, stay);
  b.add_entry(1, exit);
  b.add_entry(2, exit);
  b.add_state(Owner::Terminal, 1.0);
  b.add_state(Owner::Terminal, 0.0);
  return b.finalize();
}

void expect_certified(const Solution& s, StateIndex state, double value, double width) {
  EXPECT_EQ(s.status, SolveStatus::Converged);
  EXPECT_TRUE(s.sound);
  EXPECT_LE(s.lower[state], value);
  EXPECT_GE(s.upper[state], value);
  EXPECT_LE(s.upper[state] - s.lower[state], width);
}

TEST(PolicyIteration, KeepsThePrecomputedValueOneStates) {
  for (std::uint32_t n : {3u, 100u}) {
    const StateGraph g = back_to_start_chain(n, n == 3 ? 1e-6 : 0.5);
    SolveOptions o;
    o.method = Method::Policy;
    const Solution s = solve_reachability(g, o);
    SCOPED_TRACE(n);
    EXPECT_EQ(s.one_states, n + 1u);
    expect_certified(s, 0, 1.0, 0.0);
  }
}

TEST(PolicyIteration, SolvesLazyCoinsWhoseExitsVanishBesideTheSelfLoop) {
  // The stay probabilities as the YAML files' decimals parse: 0.9999999999999998 is the double
  // below 1 - 2e-16 and the 300-digit one rounds to 1.0 itself.
  const struct {
    double exit, stay;
  } cases[] = {{5e-8, 0.9999999}, {1e-16, 0.9999999999999998}, {1e-300, 1.0}};
  for (const auto& c : cases) {
    const StateGraph g = lazy_coin(c.exit, c.stay);
    SCOPED_TRACE(c.exit);
    for (Method m : {Method::Policy, Method::Interval, Method::Topological}) {
      SolveOptions o;
      o.method = m;
      const Solution s = solve_reachability(g, o);
      SCOPED_TRACE(std::string(to_string(m)));
      expect_certified(s, 0, 0.5, 1e-12);
      // Sweeps alone would need 10^8 (or infinitely many) of them.
      EXPECT_LE(s.iterations, 256u);
    }
  }
}

// reported/policy-choice.yaml: a sure but slow chain (value 1) against a coin flip (1/2); the old
// evaluation valued the chain at 0.5 and took the coin.
TEST(PolicyIteration, PrefersTheSureSlowChainToTheCoin) {
  StateGraphBuilder b;
  b.add_state(Owner::Max);  // 0 s
  b.add_choice(0);
  b.add_entry(1, 1.0);
  b.add_choice(1);
  b.add_entry(4, 0.5);
  b.add_entry(5, 0.5);
  for (StateIndex i = 1; i <= 3; ++i) {  // 1..3: c0, c1, c2
    b.add_state(Owner::Chance);
    b.add_choice();
    b.add_entry(i == 3 ? 4 : i + 1, 1e-6);
    b.add_entry(1, 0.999999);
  }
  b.add_state(Owner::Terminal, 1.0);  // 4 goal
  b.add_state(Owner::Terminal, 0.0);  // 5 fail
  b.set_label_table({"a", "b"});
  const StateGraph g = b.finalize();
  for (Method m : {Method::Policy, Method::Interval}) {
    SolveOptions o;
    o.method = m;
    const Solution s = solve_reachability(g, o);
    expect_certified(s, 0, 1.0, 1e-6);
    EXPECT_EQ(g.choice_label(s.policy[0]), "a");
  }
}

// The chain of back-and-forth states with a failure exit at every step: value (1/2)^k, solved
// with no precomputed shortcut; the old diagonal 1 - p(self) lost the exits' digits.
TEST(PolicyIteration, ExactOnChainsWithTinyExits) {
  const std::uint32_t k = 4;
  StateGraphBuilder b;
  for (std::uint32_t i = 0; i < k; ++i) {
    b.add_state(Owner::Chance);
    b.add_choice();
    b.add_entry(i, 1.0 - 2e-9);
    b.add_entry(i + 1 == k ? k : i + 1, 1e-9);
    b.add_entry(k + 1, 1e-9);
  }
  b.add_state(Owner::Terminal, 1.0);
  b.add_state(Owner::Terminal, 0.0);
  const StateGraph g = b.finalize();
  SolveOptions o;
  o.method = Method::Policy;
  const Solution s = solve_reachability(g, o);
  expect_certified(s, 0, 1.0 / 16.0, 1e-12);
  const Predecessors pred(g);
  const std::vector<double> v = evaluate_profile(g, pred, s.policy);
  EXPECT_NEAR(v[0], 1.0 / 16.0, 1e-15);
}

// Random games whose probabilities span many orders of magnitude (a self-loop of 1 - 1e-9 beside
// exits of 1e-10, ...): the certified bounds of the policy method and of interval iteration must
// overlap, and both must meet epsilon.
TEST(PolicyIteration, AgreesWithIntervalIterationOnStiffRandomGames) {
  std::mt19937_64 rng(11);
  int checked = 0;
  for (int trial = 0; trial < 150; ++trial) {
    const std::uint32_t n = 3 + static_cast<std::uint32_t>(rng() % 10);
    StateGraphBuilder b;
    for (std::uint32_t s = 0; s < n; ++s) {
      const std::uint32_t kind = static_cast<std::uint32_t>(rng() % 3);
      b.add_state(kind == 0 ? Owner::Max : kind == 1 ? Owner::Min : Owner::Chance);
      const std::uint32_t choices = kind == 2 ? 1 : 1 + static_cast<std::uint32_t>(rng() % 2);
      for (std::uint32_t c = 0; c < choices; ++c) {
        b.add_choice();
        const double tiny = std::pow(10.0, -static_cast<double>(3 + rng() % 10));
        const StateIndex a = static_cast<StateIndex>(rng() % (n + 2));
        const StateIndex z = static_cast<StateIndex>(rng() % (n + 2));
        b.add_entry(s, 1.0 - 2 * tiny);
        b.add_entry(a == s ? n : a, tiny);
        b.add_entry(z == s || z == a ? n + 1 : z, tiny);
      }
    }
    b.add_state(Owner::Terminal, 1.0);
    b.add_state(Owner::Terminal, 0.0);
    const StateGraph g = b.finalize();
    SolveOptions o;
    o.epsilon = 1e-6;
    o.method = Method::Policy;
    const Solution p = solve_reachability(g, o);
    o.method = Method::Interval;
    const Solution i = solve_reachability(g, o);
    SCOPED_TRACE(trial);
    ASSERT_EQ(p.status, SolveStatus::Converged);
    ASSERT_EQ(i.status, SolveStatus::Converged);
    for (StateIndex s = 0; s < g.num_states(); ++s) {
      EXPECT_LE(p.lower[s], i.upper[s]);
      EXPECT_LE(i.lower[s], p.upper[s]);
    }
    ++checked;
  }
  EXPECT_EQ(checked, 150);
}

// A time limit that has already passed: every method stops at once, says so, and keeps sound
// bounds.
TEST(PolicyIteration, StopsAtTheDeadline) {
  const StateGraph g = lazy_coin(1e-3, 1.0 - 2e-3);
  for (Method m : {Method::Policy, Method::Interval, Method::ValueIteration}) {
    SolveOptions o;
    o.method = m;
    o.deadline = std::chrono::steady_clock::now();
    const Solution s = solve_reachability(g, o);
    SCOPED_TRACE(std::string(to_string(m)));
    EXPECT_EQ(s.status, SolveStatus::TimeLimit);
    EXPECT_LE(s.lower[0], 0.5);
    if (s.sound) {
      EXPECT_GE(s.upper[0], 0.5);
    }
  }
}

TEST(PolicyIteration, ReportsTheIterationLimit) {
  const StateGraph g = lazy_coin(1e-3, 1.0 - 2e-3);
  for (Method m : {Method::Interval, Method::ValueIteration}) {
    SolveOptions o;
    o.method = m;
    o.max_iterations = 3;
    o.direct_solves = false;
    const Solution s = solve_reachability(g, o);
    SCOPED_TRACE(std::string(to_string(m)));
    EXPECT_EQ(s.status, SolveStatus::IterationLimit);
    EXPECT_FALSE(reached_target(s.status));
  }
}

}  // namespace
}  // namespace sgplan::mdp
