// The distributed engine (mdp/distributed_solve.hpp) on 1, 2 and 3 ranks run as threads
// (tests/support/thread_exchange.hpp): a closed form (gambler's ruin), an end component it does not
// collapse (it says `stalled` and stays sound), scrambled random games against the stored-graph
// engine, the counts that must not depend on the rank count, and limits raised on every rank.
#include "mdp/distributed_solve.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>

#include "mdp/build_graph.hpp"
#include "mdp/reachability.hpp"
#include "tests/support/scrambled_model.hpp"
#include "tests/support/thread_exchange.hpp"

namespace sgplan::mdp {
namespace {

using sgplan::testing::run_on_ranks;

template <class M>
std::vector<DistributedResult> solve_on(int ranks, const M& model, const DistributedOptions& options) {
  return run_on_ranks<DistributedResult>(
      ranks, [&](Exchange& exchange) { return solve_distributed(model, options, exchange); });
}

// Gambler's ruin: from i, a bet won with probability p moves to i + 1, lost to i - 1; 0 is ruin
// (value 0), goal is success (value 1). P(success from i) = (1 - r^i) / (1 - r^goal), r = (1-p)/p.
struct GamblersRuin {
  using State = std::uint64_t;
  std::uint64_t goal = 40, start = 20;
  double p = 0.45;
  State initial() const { return start; }
  Owner owner(State s) const { return s == 0 || s == goal ? Owner::Terminal : Owner::Chance; }
  double terminal_value(State s) const { return s == goal ? 1.0 : 0.0; }
  std::uint64_t pack(State s) const { return s; }
  State unpack(std::uint64_t key) const { return key; }
  std::string label_name(LabelId) const { return ""; }
  template <class F>
  void for_each_choice(State s, F&& f) const {
    const Outcome<State> out[2] = {{p, s + 1}, {1.0 - p, s - 1}};
    f(kNoLabel, std::span<const Outcome<State>>(out, 2));
  }
  double value() const {
    const double r = (1.0 - p) / p;
    return (1.0 - std::pow(r, static_cast<double>(start))) / (1.0 - std::pow(r, static_cast<double>(goal)));
  }
};

TEST(DistributedSolve, GamblersRuinMatchesItsClosedFormOnEveryRankCount) {
  GamblersRuin model;
  DistributedOptions options;
  options.epsilon = 1e-10;
  for (int ranks : {1, 2, 3}) {
    SCOPED_TRACE(std::to_string(ranks) + " ranks");
    const std::vector<DistributedResult> results = solve_on(ranks, model, options);
    for (const DistributedResult& r : results) {
      EXPECT_EQ(r.ranks, ranks);
      EXPECT_EQ(r.states, 41u);
      EXPECT_EQ(r.terminals, 2u);
      EXPECT_EQ(r.transitions, 78u);  // 39 chance states, two outcomes each
      EXPECT_EQ(r.zero_states, 1u);   // ruin
      EXPECT_EQ(r.status, SolveStatus::Converged);
      EXPECT_LE(r.lower, model.value());
      EXPECT_GE(r.upper, model.value());
      EXPECT_LE(r.upper - r.lower, options.epsilon);
      // Every rank returns the same answer and the same totals.
      EXPECT_EQ(r.lower, results[0].lower);
      EXPECT_EQ(r.upper, results[0].upper);
      EXPECT_EQ(r.bytes_per_sweep, results[0].bytes_per_sweep);
    }
    // One rank has no cut; more ranks ship the ghosts' two bounds every sweep.
    if (ranks == 1) {
      EXPECT_EQ(results[0].ghosts, 0u);
    }
    if (ranks > 1) {
      EXPECT_GT(results[0].ghosts, 0u);
      EXPECT_EQ(results[0].bytes_per_sweep, results[0].ghosts * 16);
      EXPECT_GE(results[0].bytes_exchanged, results[0].sweeps * results[0].bytes_per_sweep);
    }
  }
}

// Max at 1 may wait (a self-loop: an end component) or bet on a fair coin between 2 (value 1) and
// 0 (value 0): the value is 1/2. The upper bound cannot fall below 1 without collapsing the end
// component, so the engine stalls, with bounds that still hold the value.
struct WaitingRoom {
  using State = std::uint64_t;
  State initial() const { return 1; }
  Owner owner(State s) const { return s == 1 ? Owner::Max : Owner::Terminal; }
  double terminal_value(State s) const { return s == 2 ? 1.0 : 0.0; }
  std::uint64_t pack(State s) const { return s; }
  State unpack(std::uint64_t key) const { return key; }
  std::string label_name(LabelId l) const { return l == 0 ? "wait" : "bet"; }
  template <class F>
  void for_each_choice(State, F&& f) const {
    const Outcome<State> wait[1] = {{1.0, 1}};
    const Outcome<State> bet[2] = {{0.5, 2}, {0.5, 0}};
    f(LabelId{0}, std::span<const Outcome<State>>(wait, 1));
    f(LabelId{1}, std::span<const Outcome<State>>(bet, 2));
  }
};

TEST(DistributedSolve, AnEndComponentStallsWithSoundBounds) {
  for (int ranks : {1, 2, 3}) {
    SCOPED_TRACE(std::to_string(ranks) + " ranks");
    const DistributedResult r = solve_on(ranks, WaitingRoom{}, DistributedOptions{})[0];
    EXPECT_EQ(r.states, 3u);
    EXPECT_EQ(r.status, SolveStatus::Stalled);
    // 1/2, rounded outward (outward_rounding.hpp widens a sum of n terms by a few n ulps).
    EXPECT_LE(r.lower, 0.5);
    EXPECT_GT(r.lower, 0.5 - 1e-12);
    EXPECT_EQ(r.upper, 1.0);
  }
}

TEST(DistributedSolve, ScrambledGamesAgreeWithTheStoredEngineOnEveryRankCount) {
  for (std::uint64_t seed : {1u, 2u, 3u, 4u}) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    sgplan::testing::Scrambled<false> model;
    model.n = 20'000;
    model.seed = seed;
    const BuiltGraph built = build_graph(model);
    SolveOptions stored_options;
    stored_options.epsilon = 1e-9;
    const Solution stored = solve_reachability(built.graph, stored_options);
    ASSERT_EQ(stored.status, SolveStatus::Converged);
    const StateIndex s0 = built.graph.initial_state();
    std::uint64_t zero = 0;
    for (StateIndex s = 0; s < built.graph.num_states(); ++s) zero += stored.upper[s] == 0.0;
    DistributedOptions options;
    options.epsilon = 1e-9;
    options.max_sweeps = 20'000;
    std::uint64_t transitions = 0;
    for (int ranks : {1, 2, 3}) {
      SCOPED_TRACE(std::to_string(ranks) + " ranks");
      const DistributedResult r = solve_on(ranks, model, options)[0];
      EXPECT_EQ(r.states, built.graph.num_states());
      EXPECT_EQ(r.terminals, built.graph.count_owner(Owner::Terminal));
      EXPECT_EQ(r.zero_states, zero);
      // The engine keeps repeated successors apart: its entry count is the model's, for every P.
      if (ranks == 1) transitions = r.transitions;
      EXPECT_EQ(r.transitions, transitions);
      EXPECT_GE(r.transitions, built.graph.num_transitions());
      // Sound whether or not it converged: the stored engine's interval meets this one.
      EXPECT_LE(r.lower, stored.upper[s0] + 1e-15);
      EXPECT_GE(r.upper, stored.lower[s0] - 1e-15);
      if (r.status == SolveStatus::Converged) {
        EXPECT_LE(r.upper - r.lower, options.epsilon);
      }
    }
  }
}

TEST(DistributedSolve, LimitsAreRaisedOnEveryRank) {
  sgplan::testing::Scrambled<false> model;
  model.n = 20'000;
  DistributedOptions options;
  options.max_states = 1000;
  for (int ranks : {1, 3}) {
    try {
      solve_on(ranks, model, options);
      ADD_FAILURE() << "no state limit on " << ranks << " ranks";
    } catch (const ResourceError& e) {
      EXPECT_STREQ(e.what(),
                   "state limit: the model has more than 1000 reachable states (raise it with --max-states)");
    }
  }
  options.max_states = 50'000'000;
  options.max_bytes = 4096;
  try {
    solve_on(2, model, options);
    ADD_FAILURE() << "no memory limit";
  } catch (const ResourceError& e) {
    EXPECT_NE(std::string(e.what()).find(
                  "memory limit: a rank's part of the state graph would pass the limit of 4096 bytes"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace sgplan::mdp
