// Two built graphs are the same entry for entry: numbering (the packed keys in state order),
// owners, terminal values, choice groups, rows, targets, probabilities bit for bit, labels and the
// columns' widths. Used where two ways of building must agree (the parallel build and the
// one-thread build, the shorthand and the listed robot-monster configurations).
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>

#include "mdp/build_graph.hpp"

namespace sgplan::testing {

inline void expect_same_built_graph(const mdp::BuiltGraph& a, const mdp::BuiltGraph& b) {
  const mdp::StateGraph& g = a.graph;
  const mdp::StateGraph& h = b.graph;
  ASSERT_EQ(g.num_states(), h.num_states());
  ASSERT_EQ(g.num_choices(), h.num_choices());
  ASSERT_EQ(g.num_transitions(), h.num_transitions());
  EXPECT_EQ(g.initial_state(), h.initial_state());
  EXPECT_EQ(a.packed, b.packed);
  EXPECT_EQ(g.owners(), h.owners());
  EXPECT_EQ(g.groups(), h.groups());
  EXPECT_EQ(g.rows(), h.rows());
  EXPECT_EQ(g.target_array(), h.target_array());
  EXPECT_EQ(g.target_array().width(), h.target_array().width());
  EXPECT_TRUE(g.probability_column() == h.probability_column());
  EXPECT_EQ(g.probability_column().width(), h.probability_column().width());
  EXPECT_EQ(g.probability_column().values(), h.probability_column().values());
  EXPECT_EQ(g.has_choice_labels(), h.has_choice_labels());
  EXPECT_EQ(g.label_table(), h.label_table());
  for (mdp::ChoiceIndex c = 0; c < g.num_choices(); ++c) ASSERT_EQ(g.choice_label(c), h.choice_label(c)) << c;
  for (mdp::StateIndex s = 0; s < g.num_states(); ++s) {
    ASSERT_EQ(g.terminal_value(s), h.terminal_value(s)) << s;
    ASSERT_EQ(g.terminal_value_exact(s), h.terminal_value_exact(s)) << s;
  }
  EXPECT_EQ(g.memory_bytes(), h.memory_bytes());
}

// Builds `model` on one thread and on each count in `threads`, and expects the same graph every
// time. Returns the one-thread build (so a caller can check its counts).
template <mdp::ImplicitModel M>
mdp::BuiltGraph expect_same_graph_for_every_thread_count(const M& model,
                                                         std::initializer_list<unsigned> threads = {2, 3, 8},
                                                         mdp::BuildOptions options = {}) {
  static_assert(mdp::ConcurrentExpansion<M>, "the model must allow a parallel build");
  options.threads = 1;
  mdp::BuiltGraph one = mdp::build_graph(model, options);
  EXPECT_EQ(one.threads, 1u);
  for (unsigned n : threads) {
    SCOPED_TRACE("threads " + std::to_string(n));
    options.threads = n;
    const mdp::BuiltGraph many = mdp::build_graph(model, options);
    EXPECT_EQ(many.threads, n);
    expect_same_built_graph(one, many);
  }
  return one;
}

}  // namespace sgplan::testing
