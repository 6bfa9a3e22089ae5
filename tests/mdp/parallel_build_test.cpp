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

namespace sgplan::mdp {
namespace {

enum class Flaw { None, SumBelowOne, TerminalAboveOne, ChanceWithTwoChoices, EmptyChoice, MaxWithoutChoices };

// n states; state s's owner, choices and successors come from a hash of s, so the graph is
// irregular but fixed. Outcomes repeat a successor now and then (the builder merges them).
template <bool kBounded>
struct Scrambled {
  using State = std::uint64_t;
  static constexpr bool kConcurrentExpansion = true;
  std::uint64_t n = 0;
  std::uint64_t seed = 1;
  Flaw flaw = Flaw::None;
  State flawed = std::numeric_limits<State>::max();

  std::uint64_t h(State s, std::uint64_t salt = 0) const {
    return mix64(s * 0x9e3779b97f4a7c15ULL + seed + salt);
  }
  State initial() const { return 0; }
  Owner owner(State s) const {
    if (s == flawed && flaw == Flaw::TerminalAboveOne) return Owner::Terminal;
    if (s == flawed && flaw == Flaw::ChanceWithTwoChoices) return Owner::Chance;
    if (s == flawed) return Owner::Max;
    const std::uint64_t x = h(s);
    if (s != 0 && x % 7 == 0) return Owner::Terminal;
    if (x % 3 == 0) return Owner::Chance;
    return (x >> 5) % 2 == 0 ? Owner::Max : Owner::Min;
  }
  double terminal_value(State s) const {
    if (s == flawed) return 1.5;
    return static_cast<double>(h(s, 1) % 5) / 4.0;
  }
  std::uint64_t pack(State s) const { return kBounded ? s : s ^ 0x5a5a5a5a5aULL; }
  State unpack(std::uint64_t key) const { return kBounded ? key : key ^ 0x5a5a5a5a5aULL; }
  std::uint64_t packed_bound() const requires kBounded { return n; }
  std::string label_name(LabelId l) const { return "a" + std::to_string(l); }

  template <class F>
  void for_each_choice(State s, F&& f) const {
    if (s == flawed && flaw == Flaw::MaxWithoutChoices) return;
    const std::uint64_t x = h(s, 2);
    const Owner o = owner(s);
    const std::uint64_t choices = o == Owner::Chance ? (s == flawed ? 2 : 1) : 1 + x % 4;
    Outcome<State> out[4];
    for (std::uint64_t c = 0; c < choices; ++c) {
      std::size_t m = 1 + (x >> (8 + 2 * c)) % 4;
      if (s == flawed && flaw == Flaw::EmptyChoice && c == 0) m = 0;
      for (std::size_t j = 0; j < m; ++j) {
        // Every third outcome repeats the one before it.
        const State t = j > 0 && h(s, 10 + 4 * c + j) % 3 == 0 ? out[j - 1].state : h(s, 10 + 4 * c + j) % n;
        out[j] = {1.0 / static_cast<double>(m), t};
      }
      if (s == flawed && flaw == Flaw::SumBelowOne && c == 0 && m > 0) out[0].probability *= 0.5;
      const LabelId label = (x >> (20 + c)) % 3 == 0 ? kNoLabel : static_cast<LabelId>(c + (x >> 30) % 5);
      f(label, std::span<const Outcome<State>>(out, m));
    }
  }
};

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
