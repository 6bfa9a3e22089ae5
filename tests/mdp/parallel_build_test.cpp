// The parallel build (mdp/parallel_build.hpp) against the one-thread build on scrambled random
// models: the same graph entry for entry (numbering, repeated successors merged, labels on some
// choices only, chance states, pooled probabilities), with a flat index (a packed bound) and with
// the hash table, for several thread counts; and the same error, word for word, when a model
// breaks a rule at some state.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

#include "core/hash.hpp"
#include "mdp/build_graph.hpp"
#include "tests/support/same_graph.hpp"
#include "tests/support/scrambled_model.hpp"

namespace sgplan::mdp {
namespace {

using sgplan::testing::Flaw;
using sgplan::testing::Scrambled;

TEST(ParallelBuild, ScrambledModelsWithAFlatIndexAreBuiltTheSame) {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    Scrambled<true> model;
    model.n = 150'000;
    model.seed = seed;
    const BuiltGraph one = sgplan::testing::expect_same_graph_for_every_thread_count(model, {2, 3, 8});
    // Most of the states are reached (several windows of blocks), and repeats were merged.
    EXPECT_GT(one.graph.num_states(), 100'000u);
    EXPECT_TRUE(one.dense_index);
    EXPECT_TRUE(one.graph.has_choice_labels());
  }
}

TEST(ParallelBuild, ScrambledModelsWithAHashedIndexAreBuiltTheSame) {
  Scrambled<false> model;
  model.n = 100'000;
  const BuiltGraph one = sgplan::testing::expect_same_graph_for_every_thread_count(model, {2, 4});
  EXPECT_GT(one.graph.num_states(), 60'000u);
  EXPECT_FALSE(one.dense_index);
}

TEST(ParallelBuild, PlainProbabilitiesAreBuiltTheSame) {
  Scrambled<true> model;
  model.n = 20'000;
  BuildOptions options;
  options.pool_probabilities = false;
  const BuiltGraph one = sgplan::testing::expect_same_graph_for_every_thread_count(model, {2}, options);
  EXPECT_EQ(one.graph.probability_column().width(), ProbabilityColumn::Width::Plain);
}

std::string graph_error(const Scrambled<true>& model, unsigned threads) {
  BuildOptions options;
  options.threads = threads;
  try {
    build_graph(model, options);
  } catch (const GraphError& e) {
    return e.what();
  }
  return "";
}

// A model that breaks a rule at one state gets the one-thread build's error on every thread count:
// the same state and choice numbers (the flawed state lies in a late window).
TEST(ParallelBuild, AFlawedModelGetsTheSameErrorOnEveryThreadCount) {
  Scrambled<true> clean;
  clean.n = 50'000;
  const BuiltGraph built = build_graph(clean);
  ASSERT_GT(built.graph.num_states(), 40'000u);
  const std::uint64_t flawed = built.packed[40'000];
  for (Flaw flaw : {Flaw::SumBelowOne, Flaw::TerminalAboveOne, Flaw::ChanceWithTwoChoices, Flaw::EmptyChoice,
                    Flaw::MaxWithoutChoices}) {
    Scrambled<true> model = clean;
    model.flaw = flaw;
    model.flawed = flawed;
    const std::string one = graph_error(model, 1);
    SCOPED_TRACE(one);
    EXPECT_NE(one.find("invalid state graph at state 40000: "), std::string::npos);
    EXPECT_EQ(graph_error(model, 2), one);
    EXPECT_EQ(graph_error(model, 5), one);
  }
}

// The state limit is met at the same state, with the same message.
TEST(ParallelBuild, TheStateLimitIsTheSameOnEveryThreadCount) {
  Scrambled<false> model;
  model.n = 100'000;
  for (unsigned threads : {1u, 2u, 3u}) {
    BuildOptions options;
    options.threads = threads;
    options.max_states = 12'345;
    EXPECT_THROW(
        {
          try {
            build_graph(model, options);
          } catch (const ResourceError& e) {
            EXPECT_STREQ(
                e.what(),
                "state limit: the model has more than 12345 reachable states (raise it with --max-states)");
            throw;
          }
        },
        ResourceError);
  }
}

// A ten-state walk whose model makes no promise about threads.
struct Plain {
  using State = std::uint64_t;
  State initial() const { return 0; }
  Owner owner(State s) const { return s == 9 ? Owner::Terminal : Owner::Max; }
  double terminal_value(State) const { return 1.0; }
  std::uint64_t pack(State s) const { return s; }
  State unpack(std::uint64_t key) const { return key; }
  std::string label_name(LabelId) const { return "go"; }
  template <class F>
  void for_each_choice(State s, F&& f) const {
    const Outcome<State> next{1.0, s + 1};
    f(kNoLabel, std::span<const Outcome<State>>(&next, 1));
  }
};

// A model that does not promise ConcurrentExpansion is built on one thread whatever is asked.
TEST(ParallelBuild, ABuildWithoutConcurrentExpansionStaysOnOneThread) {
  static_assert(!ConcurrentExpansion<Plain>);
  BuildOptions options;
  options.threads = 4;
  const BuiltGraph built = build_graph(Plain{}, options);
  EXPECT_EQ(built.graph.num_states(), 10u);
  EXPECT_EQ(built.threads, 1u);
}

}  // namespace
}  // namespace sgplan::mdp
