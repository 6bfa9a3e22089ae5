#include <gtest/gtest.h>

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
  EXPECT_DOUBLE_EQ(g.probabilities(0)[1], 0.5);
}

}  // namespace
}  // namespace sgplan::mdp
