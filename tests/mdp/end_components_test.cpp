// Maximal end components (mdp/end_components.hpp) on their own: a hand-made region, and small
// random regions against brute force over every subset. The decomposition is the set of maximal
// end components when (1) each reported component is an end component whose staying choices are
// exactly those marked `stays`, and (2) every end component found by brute force lies inside one
// reported component; both together force each reported component to be a maximal one.
#include "mdp/end_components.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "mdp/predecessors.hpp"
#include "mdp/state_graph_builder.hpp"
#include "tests/support/random_graphs.hpp"

namespace sgplan::mdp {
namespace {

// Whether `inside` (a set of states) is an end component: each member keeps a choice whose
// support stays inside (Min states only their strategy's choice, when given), and the members are
// strongly connected through such choices.
bool is_end_component(const StateGraph& g, const std::vector<std::uint8_t>& inside,
                      const ChoiceIndex* min_strategy) {
  const auto n = static_cast<StateIndex>(g.num_states());
  const auto staying = [&](StateIndex s, ChoiceIndex c) {
    if (min_strategy != nullptr && g.owner(s) == Owner::Min && c != min_strategy[s]) return false;
    const auto t = g.targets(c);
    return std::all_of(t.begin(), t.end(), [&](StateIndex x) { return inside[x] != 0; });
  };
  std::vector<StateIndex> members;
  for (StateIndex s = 0; s < n; ++s) {
    if (!inside[s]) continue;
    if (g.is_terminal(s)) return false;
    bool any = false;
    for (ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) any |= staying(s, c);
    if (!any) return false;
    members.push_back(s);
  }
  if (members.empty()) return false;
  // Strongly connected: every member reaches every other (the sets are tiny: a closure per member).
  for (StateIndex from : members) {
    std::vector<std::uint8_t> seen(n, 0);
    std::vector<StateIndex> stack{from};
    seen[from] = 1;
    while (!stack.empty()) {
      const StateIndex u = stack.back();
      stack.pop_back();
      for (ChoiceIndex c = g.first_choice(u); c < g.end_choice(u); ++c) {
        if (!staying(u, c)) continue;
        for (StateIndex t : g.targets(c)) {
          if (!seen[t]) {
            seen[t] = 1;
            stack.push_back(t);
          }
        }
      }
    }
    for (StateIndex to : members) {
      if (!seen[to]) return false;
    }
  }
  return true;
}

void check_decomposition(const StateGraph& g, const std::vector<StateIndex>& region,
                         const ChoiceIndex* min_strategy) {
  const Predecessors pred(g);
  EndComponentFinder finder(g, pred);
  finder.decompose(region, min_strategy);
  const auto n = static_cast<StateIndex>(g.num_states());
  // (1) every reported component is an end component, with `stays` its staying choices.
  std::size_t members = 0;
  for (std::uint32_t ec = 0; ec < finder.count(); ++ec) {
    std::vector<std::uint8_t> inside(n, 0);
    for (StateIndex s : finder.members(ec)) {
      inside[s] = 1;
      EXPECT_EQ(finder.component_of(s), ec);
      EXPECT_NE(std::find(region.begin(), region.end(), s), region.end()) << "outside the region: " << s;
    }
    members += finder.members(ec).size();
    EXPECT_TRUE(is_end_component(g, inside, min_strategy)) << "component " << ec;
    for (StateIndex s : finder.members(ec)) {
      for (ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
        const auto t = g.targets(c);
        const bool inside_support =
            std::all_of(t.begin(), t.end(), [&](StateIndex x) { return inside[x] != 0; });
        const bool allowed = min_strategy == nullptr || g.owner(s) != Owner::Min || c == min_strategy[s];
        EXPECT_EQ(finder.stays(c), inside_support && allowed) << "choice " << c;
      }
    }
  }
  EXPECT_EQ(finder.states_in_components(), members);
  // (2) every end component of the region lies inside one reported component.
  const std::size_t k = region.size();
  ASSERT_LE(k, 16u);
  for (std::uint32_t mask = 1; mask < (1u << k); ++mask) {
    std::vector<std::uint8_t> inside(n, 0);
    for (std::size_t i = 0; i < k; ++i) inside[region[i]] = (mask >> i) & 1;
    if (!is_end_component(g, inside, min_strategy)) continue;
    std::uint32_t component = kNoComponent;
    for (std::size_t i = 0; i < k; ++i) {
      if (!((mask >> i) & 1)) continue;
      const std::uint32_t c = finder.component_of(region[i]);
      EXPECT_NE(c, kNoComponent) << "state " << region[i] << " of an end component is in none";
      if (component == kNoComponent) component = c;
      EXPECT_EQ(c, component) << "an end component split across two components";
    }
  }
}

// 0 <-> 1 through Max choices, 1 also exits to chance 2 which returns to 0 or reaches the success
// terminal 3; 4 is a Max self-loop. MECs: {0, 1} and {4}; 2 is not in one (its only choice leaves).
TEST(EndComponents, HandMadeRegion) {
  StateGraphBuilder b;
  b.add_state(Owner::Max);  // 0
  b.add_choice();
  b.add_entry(1, 1.0);
  b.add_state(Owner::Max);  // 1
  b.add_choice();
  b.add_entry(0, 1.0);
  b.add_choice();
  b.add_entry(2, 1.0);
  b.add_state(Owner::Chance);  // 2
  b.add_choice();
  b.add_entry(0, 0.5);
  b.add_entry(3, 0.5);
  b.add_state(Owner::Terminal, 1.0);  // 3
  b.add_state(Owner::Max);            // 4
  b.add_choice();
  b.add_entry(4, 1.0);
  const StateGraph g = b.finalize();
  const Predecessors pred(g);
  EndComponentFinder finder(g, pred);
  const std::vector<StateIndex> region{0, 1, 2, 4};
  finder.decompose(region, nullptr);
  ASSERT_EQ(finder.count(), 2u);
  EXPECT_EQ(finder.component_of(0), finder.component_of(1));
  EXPECT_NE(finder.component_of(0), finder.component_of(4));
  EXPECT_EQ(finder.component_of(2), kNoComponent);
  EXPECT_TRUE(finder.stays(g.first_choice(1)));
  EXPECT_FALSE(finder.stays(g.first_choice(1) + 1));  // the exit to 2
  EXPECT_EQ(finder.states_in_components(), 3u);
  check_decomposition(g, region, nullptr);
  // Without state 1 nothing but the self-loop is left.
  finder.clear();
  finder.decompose(std::vector<StateIndex>{0, 2, 4}, nullptr);
  EXPECT_EQ(finder.count(), 1u);
  EXPECT_EQ(finder.component_of(0), kNoComponent);
}

TEST(EndComponents, AgreeWithBruteForceOverSubsets) {
  std::size_t components = 0;
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    testing::RandomGraphSpec spec;
    spec.states = 9;
    spec.terminal_share = 0.1;
    spec.self_loop_share = 0.25;
    const StateGraph g = testing::random_graph(seed, spec);
    std::vector<StateIndex> region;
    std::vector<ChoiceIndex> min_strategy(g.num_states(), kNoChoice);
    for (StateIndex s = 0; s < g.num_states(); ++s) {
      if (g.owner(s) == Owner::Min) min_strategy[s] = g.first_choice(s) + (seed + s) % g.num_choices(s);
      // Most non-terminal states, and now and then a terminal (it can never be in a component).
      if ((seed * 7 + s) % 5 != 0 && (!g.is_terminal(s) || s % 3 == 0)) region.push_back(s);
    }
    SCOPED_TRACE(seed);
    check_decomposition(g, region, nullptr);
    check_decomposition(g, region, min_strategy.data());
    const Predecessors pred(g);
    EndComponentFinder finder(g, pred);
    finder.decompose(region, nullptr);
    components += finder.count();
  }
  EXPECT_GT(components, 100u);  // the random regions do have components
}

}  // namespace
}  // namespace sgplan::mdp
