// The progress throttle (mdp/progress_throttle.hpp): the callback hears nothing within the
// interval, hears the report once it has passed, and its "stop" reaches the caller; and a solver
// that reports through it stops with Aborted when the callback says so.
#include "mdp/progress_throttle.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "mdp/reachability.hpp"
#include "mdp/state_graph_builder.hpp"

namespace sgplan::mdp {
namespace {

using namespace std::chrono_literals;

TEST(ProgressThrottle, CallsAtMostOncePerIntervalAndPassesTheAnswerOn) {
  int calls = 0;
  bool answer = true;
  std::uint64_t seen = 0;
  const ProgressCallback callback = [&](const Progress& p) {
    ++calls;
    seen = p.iterations;
    return answer;
  };
  ProgressThrottle throttle(callback);
  for (std::uint64_t i = 0; i < 1000; ++i) EXPECT_TRUE(throttle.report(Progress{i, 0.5}));
  EXPECT_EQ(calls, 0);  // all within the first half second
  std::this_thread::sleep_for(600ms);
  EXPECT_TRUE(throttle.report(Progress{7, 0.5}));
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(seen, 7u);
  EXPECT_TRUE(throttle.report(Progress{8, 0.5}));  // too soon after the last report
  EXPECT_EQ(calls, 1);
  std::this_thread::sleep_for(600ms);
  answer = false;
  EXPECT_FALSE(throttle.report(Progress{9, 0.5}));
  EXPECT_EQ(calls, 2);
}

TEST(ProgressThrottle, WithoutACallbackReportsNothingAndGoesOn) {
  const ProgressCallback none;
  ProgressThrottle throttle(none);
  std::this_thread::sleep_for(600ms);
  EXPECT_TRUE(throttle.report(Progress{1, 1.0}));
}

// One chance state that stays with probability 1 - 2e-7 and otherwise wins or loses: value 1/2,
// which plain value iteration from below approaches by 2e-7 of the gap per sweep, some 10^7 sweeps
// to a change below 1e-9. The callback stops it at its first report.
TEST(ProgressThrottle, ASolverStopsWithAbortedWhenTheCallbackSaysSo) {
  StateGraphBuilder b;
  b.add_state(Owner::Chance);
  b.add_choice();
  b.add_entry(0, 1.0 - 2e-7);
  b.add_entry(1, 1e-7);
  b.add_entry(2, 1e-7);
  b.add_state(Owner::Terminal, 1.0);
  b.add_state(Owner::Terminal, 0.0);
  b.set_initial(0);
  const StateGraph g = b.finalize();
  int calls = 0;
  SolveOptions options;
  options.epsilon = 1e-9;
  options.progress = [&](const Progress&) {
    ++calls;
    return false;
  };
  const auto start = std::chrono::steady_clock::now();
  const Solution s = solve_plain_value_iteration(g, options, false);
  EXPECT_EQ(s.status, SolveStatus::Aborted);
  EXPECT_EQ(calls, 1);
  EXPECT_GT(s.iterations, 0u);
  EXPECT_LT(s.lower[0], 0.5);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 30s);
}

}  // namespace
}  // namespace sgplan::mdp
