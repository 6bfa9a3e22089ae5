// The component finder (mdp/strong_components.hpp) against Boost.Graph's strong_components on the
// same edges, over random graphs, random regions and random masks: the same partition into
// components, and numbers in reverse topological order (no edge to a larger number). Then a chain
// deep enough to overflow a recursive search, and one finder reused over different regions.
#include "mdp/strong_components.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>
#include <numeric>
#include <random>
#include <vector>

#include "mdp/state_graph_builder.hpp"
#include "tests/support/random_graphs.hpp"

namespace sgplan::mdp {
namespace {

// The view's edges, listed independently of the finder: (s, t) for every entry of a kept choice
// of a kept state with a kept target.
std::vector<std::pair<StateIndex, StateIndex>> view_edges(const GraphView& v) {
  std::vector<std::pair<StateIndex, StateIndex>> out;
  for (StateIndex s : v.region) {
    if (!v.keeps_state(s)) continue;
    for (ChoiceIndex c = v.graph->first_choice(s); c < v.graph->end_choice(s); ++c) {
      if (!v.keeps_choice(c)) continue;
      for (StateIndex t : v.graph->targets(c)) {
        if (v.keeps_state(t)) out.emplace_back(s, t);
      }
    }
  }
  return out;
}

// Checks the finder's answer on `view` against Boost's; returns the number of components.
std::size_t check_against_boost(SccFinder& finder, const GraphView& view) {
  const std::size_t count = finder.run(view);
  const std::size_t n = view.region.size();
  std::vector<std::uint32_t> position(view.graph->num_states(), 0);
  for (std::size_t i = 0; i < n; ++i) position[view.region[i]] = static_cast<std::uint32_t>(i);
  const auto edges = view_edges(view);

  boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS> reference(n);
  for (auto [s, t] : edges) boost::add_edge(position[s], position[t], reference);
  std::vector<int> reference_component(n);
  const auto reference_count =
      static_cast<std::size_t>(boost::strong_components(reference, reference_component.data()));
  EXPECT_EQ(count, reference_count);

  for (std::size_t i = 0; i < n; ++i) {
    const StateIndex a = view.region[i];
    EXPECT_LT(finder.component(a), count) << "state " << a;
    for (std::size_t j = 0; j < n; ++j) {
      const StateIndex b = view.region[j];
      EXPECT_EQ(finder.component(a) == finder.component(b), reference_component[i] == reference_component[j])
          << "states " << a << " and " << b;
    }
  }
  for (auto [s, t] : edges) {
    EXPECT_GE(finder.component(s), finder.component(t)) << "edge " << s << " -> " << t;
  }
  return count;
}

TEST(StrongComponents, MatchBoostOnRandomRegionsAndMasks) {
  std::size_t nontrivial = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    testing::RandomGraphSpec spec;
    spec.states = 5 + static_cast<std::uint32_t>(seed % 50);
    const StateGraph g = testing::random_graph(seed, spec);
    std::mt19937_64 rng(seed * 7919);
    const auto n = static_cast<StateIndex>(g.num_states());

    // Whole graph, states in a shuffled order, no masks.
    std::vector<StateIndex> all(n);
    std::iota(all.begin(), all.end(), 0);
    std::shuffle(all.begin(), all.end(), rng);
    SccFinder finder(n);
    const std::size_t count = check_against_boost(finder, GraphView{&g, all, nullptr, nullptr});
    if (count < n) ++nontrivial;

    // A random region; states outside it are masked, and so are a few inside it and some choices.
    std::vector<std::uint8_t> state_mask(n, 0), choice_mask(g.num_choices(), 0);
    std::vector<StateIndex> region;
    for (StateIndex s = 0; s < n; ++s) {
      if (rng() % 4 == 0) continue;
      region.push_back(s);
      state_mask[s] = rng() % 8 == 0 ? 0 : 1;
    }
    for (auto& c : choice_mask) c = rng() % 5 == 0 ? 0 : 1;
    std::shuffle(region.begin(), region.end(), rng);
    check_against_boost(finder, GraphView{&g, region, state_mask.data(), choice_mask.data()});
    // The same finder again on the whole graph: nothing left over from the last call.
    check_against_boost(finder, GraphView{&g, all, nullptr, choice_mask.data()});
  }
  EXPECT_GT(nontrivial, 200u) << "the random graphs should mostly have cycles";
}

// A chain 0 -> 1 -> ... -> n-1 with a back edge from the last state to the first, then the same
// without it: one component of two million states, then two million components numbered from the
// end of the chain (the sink first). A recursive search would need two million stack frames.
TEST(StrongComponents, DeepChainsNeedNoRecursion) {
  constexpr StateIndex n = 2'000'000;
  for (bool cycle : {true, false}) {
    StateGraphBuilder b;
    for (StateIndex s = 0; s < n; ++s) {
      if (s + 1 == n && !cycle) {
        b.add_state(Owner::Terminal, 1.0);
        continue;
      }
      b.add_state(Owner::Max);
      b.add_choice();
      b.add_entry(s + 1 == n ? 0 : s + 1, 1.0);
    }
    b.set_initial(0);
    const StateGraph g = b.finalize();
    std::vector<StateIndex> all(n);
    std::iota(all.begin(), all.end(), 0);
    SccFinder finder(n);
    const std::size_t count = finder.run(GraphView{&g, all, nullptr, nullptr});
    if (cycle) {
      ASSERT_EQ(count, 1u);
      EXPECT_EQ(finder.component(0), 0u);
      EXPECT_EQ(finder.component(n - 1), 0u);
    } else {
      ASSERT_EQ(count, n);
      for (StateIndex s : {StateIndex{0}, StateIndex{1}, n / 2, n - 1})
        EXPECT_EQ(finder.component(s), n - 1 - s);
    }
  }
}

}  // namespace
}  // namespace sgplan::mdp
