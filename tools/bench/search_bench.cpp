// Benchmarks of the tree searchers and of the Pig solve (Google Benchmark; not a test):
//   AlphaBeta/...      nodes per second of alpha-beta on fixed uniform trees (b = 8, d = 6, seed 1)
//   Star2/... Star1/... Expectiminimax/...
//                      nodes per second on fixed regular *-minimax trees (depth 8, seeds 1..16)
//   PigToHundred       build and solve Pig to 100 (interval iteration per strongly connected
//                      component): time, iterations and the first player's value as counters
// Counters: `nodes` per second (rate) and per iteration; the trees are fixed, so node counts are a
// signature that must not change between runs.
#include <benchmark/benchmark.h>

#include "mdp/build_graph.hpp"
#include "mdp/reachability.hpp"
#include "models/pig/pig.hpp"
#include "search/alphabeta.hpp"
#include "search/expectiminimax.hpp"
#include "search/random_tree.hpp"
#include "search/star_minimax.hpp"

namespace {

using namespace sgplan;

const search::GameTree& uniform() {
  static const search::GameTree tree = search::uniform_tree(8, 6, search::shuffled_leaf_values(8, 6, 1));
  return tree;
}

const std::vector<search::GameTree>& star_trees() {
  static const std::vector<search::GameTree> trees = [] {
    search::RandomTreeSpec spec;
    spec.depth = 8;
    spec.max_branching = 5;
    spec.max_outcomes = 5;
    spec.terminal_share = 0.02;
    std::vector<search::GameTree> out;
    for (std::uint64_t seed = 1; seed <= 16; ++seed) out.push_back(search::random_tree(seed, spec));
    return out;
  }();
  return trees;
}

void AlphaBeta(benchmark::State& state) {
  search::AlphaBetaOptions o;
  o.table_entries = 0;
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    search::TreeGame game(uniform());
    auto r = search::alphabeta(game, o);
    benchmark::DoNotOptimize(r.value);
    nodes += r.counters.nodes;
  }
  state.counters["nodes"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
  state.counters["nodes_per_search"] = static_cast<double>(nodes) / static_cast<double>(state.iterations());
}
BENCHMARK(AlphaBeta)->Unit(benchmark::kMillisecond);

template <int kMethod>  // 0 plain expectiminimax, 1 Star1, 2 Star2
void ChanceSearch(benchmark::State& state) {
  search::AlphaBetaOptions o;
  o.table_entries = std::size_t{1} << 16;
  o.lower_bound = -16;
  o.upper_bound = 16;
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    for (const search::GameTree& tree : star_trees()) {
      search::TreeGame game(tree);
      double v = 0.0;
      if (kMethod == 0) {
        auto r = search::expectiminimax(game, {});
        v = r.value;
        nodes += r.counters.nodes;
      } else {
        auto r = kMethod == 1 ? search::star1(game, o) : search::star2(game, o);
        v = r.value;
        nodes += r.counters.nodes;
      }
      benchmark::DoNotOptimize(v);
    }
  }
  state.counters["nodes"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
  state.counters["nodes_per_pass"] = static_cast<double>(nodes) / static_cast<double>(state.iterations());
}
BENCHMARK(ChanceSearch<0>)->Name("Expectiminimax")->Unit(benchmark::kMillisecond);
BENCHMARK(ChanceSearch<1>)->Name("Star1")->Unit(benchmark::kMillisecond);
BENCHMARK(ChanceSearch<2>)->Name("Star2")->Unit(benchmark::kMillisecond);

void PigToHundred(benchmark::State& state) {
  const models::pig::PigGame game(models::pig::PigConfig{100, 6});
  double value = 0.0, iterations = 0.0, states = 0.0;
  for (auto _ : state) {
    const mdp::BuiltGraph built = mdp::build_graph(game);
    mdp::SolveOptions o;
    o.method = mdp::Method::Topological;
    const mdp::Solution sol = mdp::solve_reachability(built.graph, o);
    value = sol.value(built.graph.initial_state());
    iterations = static_cast<double>(sol.iterations);
    states = static_cast<double>(built.graph.num_states());
  }
  state.counters["value"] = value;
  state.counters["sweeps"] = iterations;
  state.counters["states"] = states;
}
BENCHMARK(PigToHundred)->Unit(benchmark::kSecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
