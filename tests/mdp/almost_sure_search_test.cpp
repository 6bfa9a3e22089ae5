// The almost-sure search against interval iteration on the built graph (a second algorithm): on
// random acyclic mdps it finds a policy exactly when Pmax = 1 (complete there); on random mdps with
// cycles, whatever it finds has Pmax = 1 (sound), and it stops at its state budget.
#include "mdp/almost_sure_search.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "mdp/build_graph.hpp"
#include "mdp/reachability.hpp"
#include "tests/support/table_model.hpp"

namespace sgplan::mdp {
namespace {

using testing::TableModel;

TableModel random_model(std::mt19937_64& rng, std::size_t n, bool acyclic) {
  TableModel m;
  m.nodes.resize(n);
  std::uniform_int_distribution<int> kind(0, 9), width(1, 3);
  for (std::size_t s = 0; s < n; ++s) {
    auto& node = m.nodes[s];
    const int k = kind(rng);
    if (s + 1 == n || (s > 0 && k < 2)) {
      node.owner = Owner::Terminal;
      node.value = k == 0 ? 0.0 : 1.0;
      continue;
    }
    node.owner = k < 4 ? Owner::Chance : Owner::Max;
    const int choices = node.owner == Owner::Chance ? 1 : width(rng);
    for (int c = 0; c < choices; ++c) {
      std::vector<Outcome<std::uint64_t>> d;
      const int outs = width(rng);
      for (int o = 0; o < outs; ++o) {
        const std::uint64_t lo = acyclic ? s + 1 : 0;
        std::uniform_int_distribution<std::uint64_t> to(lo, n - 1);
        d.push_back({1.0 / outs, to(rng)});
      }
      node.choices.push_back(d);
    }
  }
  return m;
}

double pmax(const TableModel& m) {
  const BuiltGraph built = build_graph(m);
  SolveOptions o;
  o.epsilon = 1e-10;
  return solve_reachability(built.graph, o).lower[0];
}

TEST(AlmostSureSearch, CompleteOnAcyclicModels) {
  std::mt19937_64 rng(7);
  int found = 0, not_found = 0;
  for (int t = 0; t < 300; ++t) {
    const TableModel m = random_model(rng, 12, true);
    const AlmostSureResult r = find_almost_sure_policy(m, 1000);
    EXPECT_FALSE(r.exhausted);
    const double p = pmax(m);
    EXPECT_EQ(r.found, p > 1.0 - 1e-9) << "model " << t << ": Pmax " << p;
    (r.found ? found : not_found) += 1;
  }
  EXPECT_GT(found, 30);
  EXPECT_GT(not_found, 30);
}

TEST(AlmostSureSearch, SoundOnModelsWithCycles) {
  std::mt19937_64 rng(11);
  int found = 0;
  for (int t = 0; t < 300; ++t) {
    const TableModel m = random_model(rng, 12, false);
    const AlmostSureResult r = find_almost_sure_policy(m, 1000);
    if (!r.found) continue;
    ++found;
    EXPECT_GT(pmax(m), 1.0 - 1e-9) << "model " << t;
  }
  EXPECT_GT(found, 10);
}

TEST(AlmostSureSearch, StopsAtItsBudget) {
  // A chain of 100 Max states towards the target: 101 states to visit.
  TableModel m;
  m.nodes.resize(101);
  for (std::uint64_t s = 0; s < 100; ++s) m.nodes[s].choices.push_back({{1.0, s + 1}});
  m.nodes[100].owner = Owner::Terminal;
  m.nodes[100].value = 1.0;
  EXPECT_TRUE(find_almost_sure_policy(m, 101).found);
  const AlmostSureResult r = find_almost_sure_policy(m, 50);
  EXPECT_FALSE(r.found);
  EXPECT_TRUE(r.exhausted);
}

}  // namespace
}  // namespace sgplan::mdp
