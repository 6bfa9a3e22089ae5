// The state graph and its builder (mdp/state_graph_builder.hpp): merging, and every invariant the
// builder checks, each broken once.
#include <gtest/gtest.h>

#include <functional>

#include "mdp/state_graph_builder.hpp"

namespace sgplan::mdp {
namespace {

TEST(StateGraphBuilder, MergesDuplicateTargets) {
  StateGraphBuilder b;
  b.add_state(Owner::Chance);
  b.add_choice();
  b.add_entry(1, 0.25);
  b.add_entry(1, 0.25);
  b.add_entry(0, 0.5);
  b.add_state(Owner::Terminal, 1.0);
  StateGraph g = b.finalize();
  ASSERT_EQ(g.num_states(), 2u);
  ASSERT_EQ(g.num_transitions(), 2u);
  EXPECT_EQ(g.targets(0)[0], 0u);
  EXPECT_DOUBLE_EQ(g.probability(g.first_entry(0) + 1), 0.5);
}

// Runs `build` on a fresh builder and finalizes; expects a GraphError whose message contains `what`.
void expect_refused(const std::function<void(StateGraphBuilder&)>& build, const std::string& what) {
  StateGraphBuilder b;
  try {
    build(b);
    b.finalize();
    ADD_FAILURE() << "accepted; expected: " << what;
  } catch (const GraphError& e) {
    EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
  }
}

TEST(StateGraphBuilder, RefusesEveryBrokenInvariant) {
  expect_refused([](StateGraphBuilder&) {}, "at least one state");
  expect_refused(
      [](StateGraphBuilder& b) {
        b.add_state(Owner::Chance);
        b.add_choice();
        b.add_entry(0, 0.5);
        b.add_entry(0, 0.25);
      },
      "sums to");
  expect_refused(
      [](StateGraphBuilder& b) {
        b.add_state(Owner::Chance);
        b.add_choice();
        b.add_entry(0, 1.5);
        b.add_entry(1, -0.5);
        b.add_state(Owner::Terminal, 1.0);
      },
      "expected a value in (0, 1]");
  expect_refused(
      [](StateGraphBuilder& b) {
        b.add_state(Owner::Max);
        b.add_choice();
      },
      "has no entries");
  expect_refused([](StateGraphBuilder& b) { b.add_state(Owner::Max); }, "at least one choice");
  expect_refused([](StateGraphBuilder& b) { b.add_state(Owner::Terminal, 1.5); }, "is outside [0, 1]");
  expect_refused(
      [](StateGraphBuilder& b) {
        b.add_state(Owner::Chance);
        b.add_choice();
        b.add_entry(0, 1.0);
        b.add_choice();
        b.add_entry(0, 1.0);
      },
      "exactly one choice, found 2");
  expect_refused(
      [](StateGraphBuilder& b) {
        b.add_state(Owner::Terminal, 1.0);
        b.add_choice();
        b.add_entry(0, 1.0);
      },
      "a terminal state has choices");
  expect_refused(
      [](StateGraphBuilder& b) {
        b.add_state(Owner::Max);
        b.add_choice();
        b.add_entry(7, 1.0);
      },
      "transition to state 7");
  expect_refused(
      [](StateGraphBuilder& b) {
        b.add_state(Owner::Terminal, 0.0);
        b.set_initial(3);
      },
      "the initial state does not exist");
  expect_refused(
      [](StateGraphBuilder& b) {
        b.add_state(Owner::Terminal, 0.0);
        b.set_state_names({"a", "b"});
      },
      "state names do not match");
  expect_refused([](StateGraphBuilder& b) { b.add_choice(); }, "add_choice before any add_state");
  expect_refused(
      [](StateGraphBuilder& b) {
        b.add_state(Owner::Max);
        b.add_entry(0, 1.0);
      },
      "add_entry outside a choice");
  expect_refused(
      [](StateGraphBuilder& b) {
        b.add_exact_state(Owner::Chance);
        b.add_choice();
        b.add_exact_entry(0, Rational(1, 3));
        b.add_exact_entry(1, Rational(2, 3) + Rational(1, 1'000'000'000'000'000));  // 1 in doubles
        b.add_exact_state(Owner::Terminal, Rational(1));
      },
      "exact probabilities summing to 1000000000000001/1000000000000000");
  expect_refused(
      [](StateGraphBuilder& b) {
        b.add_state(Owner::Terminal, 0.0);
        b.add_exact_state(Owner::Terminal, Rational(1));
      },
      "add_exact_state after inexact states");
}

// Within the tolerance a sum is accepted, and a one-entry choice becomes exactly 1.
TEST(StateGraphBuilder, ToleranceAndSingleSuccessors) {
  StateGraphBuilder b(1e-6);
  b.add_state(Owner::Chance);
  b.add_choice();
  b.add_entry(1, 0.5);
  b.add_entry(2, 0.5 - 1e-7);
  b.add_state(Owner::Max);
  b.add_choice();
  b.add_entry(2, 1.0 - 1e-7);
  b.add_state(Owner::Terminal, 1.0);
  const StateGraph g = b.finalize();
  EXPECT_EQ(g.num_states(), 3u);
  EXPECT_EQ(g.num_choices(), 2u);
  EXPECT_EQ(g.num_transitions(), 3u);
  EXPECT_EQ(g.probability(g.first_entry(1)), 1.0);
  StateGraphBuilder strict;
  strict.add_state(Owner::Chance);
  strict.add_choice();
  strict.add_entry(0, 0.5);
  strict.add_entry(0, 0.5 - 1e-7);
  EXPECT_THROW(strict.finalize(), GraphError);
}

}  // namespace
}  // namespace sgplan::mdp
