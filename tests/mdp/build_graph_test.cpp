// The graph builder's limits: the state count (--max-states) is checked as states are numbered,
// and the memory the graph holds is checked as it grows, so that a model whose states are big
// stops with a ResourceError before memory runs out (or the out-of-memory killer ends sgplan).
#include "mdp/build_graph.hpp"

#include <gtest/gtest.h>

#include <string>

#include "core/errors.hpp"
#include "core/memory.hpp"

namespace sgplan::mdp {
namespace {

// A walk 0 -> 1 -> ... -> n - 1 (a success terminal); every state offers `width` choices, each to
// the next state, so the graph's size per state is set by `width`.
struct Walk {
  using State = std::uint64_t;
  std::uint64_t n;
  int width;
  State initial() const { return 0; }
  Owner owner(State s) const { return s + 1 == n ? Owner::Terminal : Owner::Max; }
  double terminal_value(State) const { return 1.0; }
  std::uint64_t pack(State s) const { return s; }
  State unpack(std::uint64_t key) const { return key; }
  std::string label_name(LabelId) const { return "go"; }
  template <class F>
  void for_each_choice(State s, F&& f) const {
    const Outcome<State> next{1.0, s + 1};
    for (int c = 0; c < width; ++c) f(kNoLabel, std::span<const Outcome<State>>(&next, 1));
  }
};

std::string resource_error(const Walk& walk, const BuildOptions& options) {
  try {
    build_graph(walk, options);
  } catch (const ResourceError& e) {
    return e.what();
  }
  return "";
}

TEST(BuildGraph, StateLimitIsCheckedAsStatesAreNumbered) {
  BuildOptions options;
  options.max_states = 1000;
  EXPECT_EQ(build_graph(Walk{1000, 1}, options).graph.num_states(), 1000u);
  EXPECT_EQ(resource_error(Walk{1001, 1}, options),
            "state limit: the model has more than 1000 reachable states (raise it with --max-states)");
}

TEST(BuildGraph, MemoryLimitStopsABigGraphBeforeTheStateLimit) {
  // 100 choices per state: about 2 KB of graph per state, so 8 MiB hold some 4,000 states.
  BuildOptions options;
  options.max_bytes = 8u << 20;
  EXPECT_EQ(build_graph(Walk{2000, 100}, options).graph.num_states(), 2000u);
  const std::string error = resource_error(Walk{1'000'000, 100}, options);
  const std::string head = "memory limit: the state graph holds 8 MiB after ";
  const std::string tail =
      " states and is still growing, past the limit of 8 MiB; free memory, or use a smaller model";
  ASSERT_GT(error.size(), head.size() + tail.size()) << error;
  EXPECT_EQ(error.substr(0, head.size()), head) << error;
  EXPECT_EQ(error.substr(error.size() - tail.size()), tail) << error;
  const std::string count = error.substr(head.size(), error.size() - head.size() - tail.size());
  EXPECT_EQ(count.find_first_not_of("0123456789"), std::string::npos) << error;
  // The same model with one choice per state fits.
  EXPECT_EQ(build_graph(Walk{100'000, 1}, options).graph.num_states(), 100'000u);
}

TEST(BuildGraph, AvailableMemoryIsKnownOnLinux) {
  EXPECT_GT(available_memory_bytes(), 0u);
}

}  // namespace
}  // namespace sgplan::mdp
