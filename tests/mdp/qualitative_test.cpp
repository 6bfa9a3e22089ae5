// The graph precomputation (mdp/qualitative.hpp) on its own: hand-made games whose value-0 and
// value-1 states are known, and small random games against brute force over pure positional
// strategies (both players have optimal ones in simple stochastic games, Condon 1992): a state has
// value 0 when every Max strategy meets a Min strategy under which no positive terminal is
// reachable, and value 1 when some Max strategy reaches a success terminal almost surely against
// every Min strategy (in the resulting Markov chain: no reachable state is cut off from success).
#include "mdp/qualitative.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "mdp/predecessors.hpp"
#include "mdp/state_graph_builder.hpp"
#include "tests/support/random_graphs.hpp"

namespace sgplan::mdp {
namespace {

QualitativeSets analyse(const StateGraph& g) {
  const Predecessors pred(g);
  return qualitative_analysis(g, pred);
}

// s0 (Max): "win" to success, "lose" to failure; s1 (Min): the same two choices.
TEST(Qualitative, OneChoiceDecides) {
  StateGraphBuilder b;
  b.add_state(Owner::Max);
  b.add_choice();
  b.add_entry(2, 1.0);
  b.add_choice();
  b.add_entry(3, 1.0);
  b.add_state(Owner::Min);
  b.add_choice();
  b.add_entry(2, 1.0);
  b.add_choice();
  b.add_entry(3, 1.0);
  b.add_state(Owner::Terminal, 1.0);
  b.add_state(Owner::Terminal, 0.0);
  const QualitativeSets q = analyse(b.finalize());
  EXPECT_EQ(q.one, (std::vector<std::uint8_t>{1, 0, 1, 0}));
  EXPECT_EQ(q.zero, (std::vector<std::uint8_t>{0, 1, 0, 1}));
  EXPECT_EQ(q.one_count, 2u);
  EXPECT_EQ(q.zero_count, 2u);
}

// Max may retry a coin flip forever: success 1/2, back 1/2, so the value is 1 although no finite
// play is sure to succeed; waiting on the self-loop instead must not count.
TEST(Qualitative, RetryingIsAlmostSure) {
  StateGraphBuilder b;
  b.add_state(Owner::Max);  // 0
  b.add_choice();
  b.add_entry(0, 1.0);  // wait
  b.add_choice();
  b.add_entry(1, 1.0);         // flip
  b.add_state(Owner::Chance);  // 1
  b.add_choice();
  b.add_entry(2, 0.5);
  b.add_entry(0, 0.5);
  b.add_state(Owner::Terminal, 1.0);  // 2
  b.add_state(Owner::Max);            // 3: waits forever, reaching nothing
  b.add_choice();
  b.add_entry(3, 1.0);
  const QualitativeSets q = analyse(b.finalize());
  EXPECT_EQ(q.one, (std::vector<std::uint8_t>{1, 1, 1, 0}));
  EXPECT_EQ(q.zero, (std::vector<std::uint8_t>{0, 0, 0, 1}));
}

// Min can keep the play in a loop forever (value 0), and can answer Max's retry with failure
// (value 1/2: neither set).
TEST(Qualitative, MinLoopsOrSpoils) {
  StateGraphBuilder b;
  b.add_state(Owner::Min);  // 0: to success, or loop
  b.add_choice();
  b.add_entry(4, 1.0);
  b.add_choice();
  b.add_entry(0, 1.0);
  b.add_state(Owner::Max);  // 1: flip
  b.add_choice();
  b.add_entry(2, 1.0);
  b.add_state(Owner::Chance);  // 2: success or Min's turn
  b.add_choice();
  b.add_entry(4, 0.5);
  b.add_entry(3, 0.5);
  b.add_state(Owner::Min);  // 3: back to Max, or failure
  b.add_choice();
  b.add_entry(1, 1.0);
  b.add_choice();
  b.add_entry(5, 1.0);
  b.add_state(Owner::Terminal, 1.0);  // 4
  b.add_state(Owner::Terminal, 0.0);  // 5
  const QualitativeSets q = analyse(b.finalize());
  EXPECT_EQ(q.zero, (std::vector<std::uint8_t>{1, 0, 0, 1, 0, 1}));
  EXPECT_EQ(q.one, (std::vector<std::uint8_t>{0, 0, 0, 0, 1, 0}));
}

// A payoff strictly between 0 and 1 is positive (not value 0) but never value 1.
TEST(Qualitative, PayoffsArePositiveButNotOne) {
  StateGraphBuilder b;
  b.add_state(Owner::Max);
  b.add_choice();
  b.add_entry(1, 1.0);
  b.add_state(Owner::Terminal, 0.25);
  const QualitativeSets q = analyse(b.finalize());
  EXPECT_EQ(q.zero, (std::vector<std::uint8_t>{0, 0}));
  EXPECT_EQ(q.one, (std::vector<std::uint8_t>{0, 0}));
}

// ---- brute force over pure positional strategies ----

// Per state, whether the chain fixed by `pick` (a choice per Max/Min state) from it reaches
// `target` with positive probability (`positive`) or with probability one (`sure`).
struct ChainReach {
  std::vector<std::uint8_t> positive, sure;
};

ChainReach chain_reach(const StateGraph& g, const std::vector<ChoiceIndex>& pick,
                       const std::vector<std::uint8_t>& target) {
  const auto n = static_cast<StateIndex>(g.num_states());
  const auto successors = [&](StateIndex s) -> std::vector<StateIndex> {
    if (g.is_terminal(s) || target[s]) return {};
    const auto t = g.targets(g.owner(s) == Owner::Chance ? g.first_choice(s) : pick[s]);
    return {t.begin(), t.end()};
  };
  // can[s]: target reachable from s.
  std::vector<std::uint8_t> can(target);
  for (bool changed = true; changed;) {
    changed = false;
    for (StateIndex s = 0; s < n; ++s) {
      if (can[s]) continue;
      for (StateIndex t : successors(s)) {
        if (can[t]) {
          can[s] = 1;
          changed = true;
          break;
        }
      }
    }
  }
  ChainReach r{can, std::vector<std::uint8_t>(n, 0)};
  for (StateIndex s = 0; s < n; ++s) {
    // Sure: no state reachable from s is cut off from the target.
    std::vector<std::uint8_t> seen(n, 0);
    std::vector<StateIndex> stack{s};
    seen[s] = 1;
    bool sure = true;
    while (!stack.empty() && sure) {
      const StateIndex u = stack.back();
      stack.pop_back();
      if (!can[u]) sure = false;
      for (StateIndex t : successors(u)) {
        if (!seen[t]) {
          seen[t] = 1;
          stack.push_back(t);
        }
      }
    }
    r.sure[s] = sure;
  }
  return r;
}

// Calls f(pick) for every assignment of one choice to each state of `owner`, the others fixed in
// `pick`.
template <class F>
void for_each_strategy(const StateGraph& g, Owner owner, std::vector<ChoiceIndex> pick, F&& f) {
  std::vector<StateIndex> states;
  for (StateIndex s = 0; s < g.num_states(); ++s) {
    if (g.owner(s) == owner) states.push_back(s);
  }
  for (StateIndex s : states) pick[s] = g.first_choice(s);
  for (;;) {
    f(pick);
    std::size_t i = 0;
    while (i < states.size() && ++pick[states[i]] == g.end_choice(states[i])) {
      pick[states[i]] = g.first_choice(states[i]);
      ++i;
    }
    if (i == states.size()) return;
  }
}

TEST(Qualitative, AgreesWithBruteForceOverPositionalStrategies) {
  int decided = 0;
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    testing::RandomGraphSpec spec;
    spec.states = 6;
    spec.terminal_share = 0.1;
    spec.payoffs = seed % 3 == 0;
    spec.self_loop_share = 0.2;
    // One-player graphs take their own paths (Max: end components collapsed first).
    spec.with_min = seed % 4 != 1;
    spec.with_max = seed % 4 != 2;
    const StateGraph g = testing::random_graph(seed, spec);
    const auto n = static_cast<StateIndex>(g.num_states());
    std::vector<std::uint8_t> positive(n, 0), success(n, 0);
    for (StateIndex s = 0; s < n; ++s) {
      positive[s] = g.is_terminal(s) && g.terminal_value(s) > 0.0;
      success[s] = g.is_terminal(s) && g.terminal_value(s) == 1.0;
    }
    // zero[s]: for every Max strategy some Min strategy avoids every positive terminal;
    // one[s]: some Max strategy reaches success surely against every Min strategy.
    std::vector<std::uint8_t> zero(n, 1), one(n, 0);
    for_each_strategy(g, Owner::Max, std::vector<ChoiceIndex>(n, kNoChoice), [&](const auto& max_pick) {
      std::vector<std::uint8_t> min_avoids(n, 0), always_sure(n, 1);
      for_each_strategy(g, Owner::Min, max_pick, [&](const auto& pick) {
        const ChainReach pos = chain_reach(g, pick, positive);
        const ChainReach win = chain_reach(g, pick, success);
        for (StateIndex s = 0; s < n; ++s) {
          if (!pos.positive[s]) min_avoids[s] = 1;
          if (!win.sure[s]) always_sure[s] = 0;
        }
      });
      for (StateIndex s = 0; s < n; ++s) {
        if (!min_avoids[s]) zero[s] = 0;
        if (always_sure[s]) one[s] = 1;
      }
    });
    const QualitativeSets q = analyse(g);
    SCOPED_TRACE(seed);
    EXPECT_EQ(q.zero, zero);
    EXPECT_EQ(q.one, one);
    for (StateIndex s = 0; s < n; ++s) decided += !g.is_terminal(s) && (zero[s] || one[s]);
  }
  EXPECT_GT(decided, 300);  // the random games do exercise both sets
}

}  // namespace
}  // namespace sgplan::mdp
