// Benchmarks of the extensive-form layer (not a test): building repeated games, enumerating plans,
// and Kuhn's conversions both ways with the realization check, on repeated prisoners' dilemmas
// with more rounds and on the largest games of Gambit's test bed ($SGPLAN_CASES/gambit, default
// ../shared/cases/gambit). Counters report plans (or nodes) per second. After the benchmarks, a
// search reports the largest game whose full round trip (behavioural -> reduced mixed ->
// behavioural, plus the --check) runs within one second.
//
//   build/tools/bench/efg_bench                      # everything
//   build/tools/bench/efg_bench --benchmark_filter=Gambit
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <random>

#include "models/extensive_form/efg_format.hpp"
#include "models/extensive_form/kuhn.hpp"
#include "models/extensive_form/realization.hpp"
#include "models/extensive_form/repeated_game.hpp"

namespace {

using namespace sgplan::models::extensive_form;
using sgplan::Rational;

RepeatedGameSpec prisoners_dilemma(std::uint32_t rounds, std::size_t actions = 2) {
  RepeatedGameSpec s;
  s.players = {"row", "column"};
  s.actions.assign(2, {});
  for (std::size_t a = 0; a < actions; ++a) {
    s.actions[0].push_back("a" + std::to_string(a));
    s.actions[1].push_back("a" + std::to_string(a));
  }
  for (std::size_t i = 0; i < actions * actions; ++i) {
    s.stage_payoffs.push_back({Rational(static_cast<int>(i % 5)), Rational(static_cast<int>((i * 7) % 5))});
  }
  s.rounds = rounds;
  return s;
}

// A behavioural strategy with random positive probabilities everywhere (fixed seed).
template <class T>
BehaviouralStrategy<T> random_behavioural(const GameTree& t, PlayerId p, unsigned seed) {
  std::mt19937 rng(seed);
  BehaviouralStrategy<T> b{p, {}};
  for (InfosetId h : t.player(p).infosets) {
    const std::size_t n = t.infoset_data(h).actions.size();
    std::vector<int> w(n);
    int total = 0;
    for (int& x : w) total += (x = 1 + static_cast<int>(rng() % 9));
    std::vector<T> d;
    for (int x : w) {
      if constexpr (std::is_same_v<T, double>) {
        d.push_back(static_cast<double>(x) / total);
      } else {
        T p(x);
        p /= total;
        d.push_back(p);
      }
    }
    b.probabilities.push_back(std::move(d));
  }
  return b;
}

constexpr std::uint64_t kMaxPlans = 50'000'000;

void BM_RepeatedGameBuild(benchmark::State& state) {
  const auto spec = prisoners_dilemma(static_cast<std::uint32_t>(state.range(0)));
  std::size_t nodes = 0;
  for (auto _ : state) {
    const GameTree t = build_repeated_game(spec, TreeLimits{50'000'000, 1000});
    nodes += t.num_nodes();
    benchmark::DoNotOptimize(t.num_terminals());
  }
  state.counters["nodes"] = static_cast<double>(repeated_game_node_count(spec));
  state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RepeatedGameBuild)->DenseRange(2, 8, 2)->Unit(benchmark::kMillisecond);

void BM_FullPlans(benchmark::State& state) {
  const GameTree t = build_repeated_game(prisoners_dilemma(static_cast<std::uint32_t>(state.range(0))));
  std::size_t plans = 0;
  for (auto _ : state) {
    for_each_plan(t, 0, {}, kMaxPlans,
                  [&](const PurePlan& p) { benchmark::DoNotOptimize(p.data()), ++plans; });
  }
  state.counters["plans/s"] = benchmark::Counter(static_cast<double>(plans), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_FullPlans)->Arg(2)->Arg(3)->Unit(benchmark::kMillisecond);

void BM_ReducedPlans(benchmark::State& state) {
  const GameTree t = build_repeated_game(prisoners_dilemma(static_cast<std::uint32_t>(state.range(0))));
  const auto seqs = compute_sequences(t);
  std::size_t plans = 0;
  for (auto _ : state) {
    for_each_reduced_plan(t, seqs[0], {}, kMaxPlans,
                          [&](const PurePlan& p) { benchmark::DoNotOptimize(p.data()), ++plans; });
  }
  state.counters["plans/s"] = benchmark::Counter(static_cast<double>(plans), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ReducedPlans)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);

template <class T>
void behavioural_to_reduced_mixed(benchmark::State& state, const GameTree& t, PlayerId p) {
  const auto seqs = compute_sequences(t);
  const auto b = random_behavioural<T>(t, p, 7);
  ConversionOptions o;
  o.plans = PlanForm::Reduced;
  o.max_plans = kMaxPlans;
  std::size_t plans = 0;
  for (auto _ : state) plans += behavioural_to_mixed(t, seqs[p], b, o).strategy.plans.size();
  state.counters["plans"] = static_cast<double>(plans) / static_cast<double>(state.iterations());
  state.counters["plans/s"] = benchmark::Counter(static_cast<double>(plans), benchmark::Counter::kIsRate);
}

template <class T>
void mixed_to_behavioural_over_all_reduced(benchmark::State& state, const GameTree& t, PlayerId p) {
  const auto seqs = compute_sequences(t);
  ConversionOptions o;
  o.plans = PlanForm::Reduced;
  o.max_plans = kMaxPlans;
  const auto m = behavioural_to_mixed(t, seqs[p], random_behavioural<T>(t, p, 11), o).strategy;
  std::size_t plans = 0;
  for (auto _ : state) {
    const auto b = mixed_to_behavioural(t, seqs[p], m);
    benchmark::DoNotOptimize(b.strategy.probabilities.data());
    plans += m.plans.size();
  }
  state.counters["plans"] = static_cast<double>(m.plans.size());
  state.counters["plans/s"] = benchmark::Counter(static_cast<double>(plans), benchmark::Counter::kIsRate);
}

void BM_RepeatedBehaviouralToMixed(benchmark::State& state) {
  behavioural_to_reduced_mixed<double>(
      state, build_repeated_game(prisoners_dilemma(static_cast<std::uint32_t>(state.range(0)))), 0);
}
BENCHMARK(BM_RepeatedBehaviouralToMixed)->Arg(2)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);

void BM_RepeatedMixedToBehavioural(benchmark::State& state) {
  mixed_to_behavioural_over_all_reduced<double>(
      state, build_repeated_game(prisoners_dilemma(static_cast<std::uint32_t>(state.range(0)))), 0);
}
BENCHMARK(BM_RepeatedMixedToBehavioural)->Arg(2)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);

void BM_RepeatedMixedToBehaviouralExact(benchmark::State& state) {
  mixed_to_behavioural_over_all_reduced<Rational>(
      state, build_repeated_game(prisoners_dilemma(static_cast<std::uint32_t>(state.range(0)))), 0);
}
BENCHMARK(BM_RepeatedMixedToBehaviouralExact)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);

void BM_RepeatedCheck(benchmark::State& state) {
  const GameTree t = build_repeated_game(prisoners_dilemma(static_cast<std::uint32_t>(state.range(0))));
  const auto seqs = compute_sequences(t);
  ConversionOptions o;
  o.plans = PlanForm::Reduced;
  o.max_plans = kMaxPlans;
  const auto b = random_behavioural<double>(t, 0, 3);
  const auto m = behavioural_to_mixed(t, seqs[0], b, o).strategy;
  for (auto _ : state)
    benchmark::DoNotOptimize(check_realization_equivalence<double>(t, seqs, b, m).max_difference);
  state.counters["plans"] = static_cast<double>(m.plans.size());
  state.counters["plans/s"] = benchmark::Counter(static_cast<double>(m.plans.size() * state.iterations()),
                                                 benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RepeatedCheck)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);

std::string cases_dir() {
  const char* env = std::getenv("SGPLAN_CASES");
  return env != nullptr && *env != '\0' ? env : SGPLAN_CASES_DEFAULT;
}

// The largest games of the test bed, by reduced plans, registered when present.
void register_gambit() {
  const std::vector<std::string> files{"contrib/ttt.efg", "contrib/cs.efg", "contrib/4cards.efg",
                                       "contrib/bayes2a.efg"};
  for (const std::string& file : files) {
    const std::string path = cases_dir() + "/gambit/" + file;
    if (!std::filesystem::exists(path)) continue;
    const auto tree = std::make_shared<GameTree>(sgplan::efg::read_efg_file(path));
    const auto seqs = compute_sequences(*tree);
    for (PlayerId p = 0; p < tree->num_players(); ++p) {
      if (!seqs[p].perfect_recall()) continue;
      const std::string name = file + "/" + tree->player(p).key;
      benchmark::RegisterBenchmark(("BM_GambitBehaviouralToMixed/" + name).c_str(), [tree,
                                                                                     p](benchmark::State& s) {
        behavioural_to_reduced_mixed<double>(s, *tree, p);
      })->Unit(benchmark::kMillisecond);
      benchmark::RegisterBenchmark(("BM_GambitMixedToBehavioural/" + name).c_str(), [tree,
                                                                                     p](benchmark::State& s) {
        mixed_to_behavioural_over_all_reduced<double>(s, *tree, p);
      })->Unit(benchmark::kMillisecond);
    }
    benchmark::RegisterBenchmark(("BM_GambitRead/" + file).c_str(), [path](benchmark::State& s) {
      for (auto _ : s) benchmark::DoNotOptimize(sgplan::efg::read_efg_file(path).num_nodes());
    })->Unit(benchmark::kMicrosecond);
  }
}

// One full round trip for player 0 (or p): behavioural -> reduced mixed -> behavioural, and the
// realization check of both conversions. Returns seconds, and the number of plans.
std::pair<double, std::size_t> round_trip_seconds(const GameTree& t, PlayerId p) {
  const auto start = std::chrono::steady_clock::now();
  const auto seqs = compute_sequences(t);
  ConversionOptions o;
  o.plans = PlanForm::Reduced;
  o.max_plans = kMaxPlans;
  const auto b = random_behavioural<double>(t, p, 5);
  const auto m = behavioural_to_mixed(t, seqs[p], b, o).strategy;
  const auto back = mixed_to_behavioural(t, seqs[p], m).strategy;
  const double d1 = check_realization_equivalence<double>(t, seqs, b, m).max_difference;
  const double d2 = check_realization_equivalence<double>(t, seqs, m, back).max_difference;
  if (d1 > 1e-9 || d2 > 1e-9) std::cerr << "round trip not equivalent: " << d1 << " " << d2 << "\n";
  return {std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), m.plans.size()};
}

void largest_within_a_second() {
  std::cout
      << "\nLargest game converted within a second (behavioural -> reduced mixed -> behavioural + check, "
         "player 1, doubles):\n";
  for (std::size_t actions : {2, 3}) {
    for (std::uint32_t rounds = 1;; ++rounds) {
      const auto spec = prisoners_dilemma(rounds, actions);
      const GameTree t = build_repeated_game(spec, TreeLimits{50'000'000, 1000});
      const auto seqs = compute_sequences(t);
      const auto reduced = count_reduced_plans(t, seqs[0]);
      if (!reduced || *reduced > kMaxPlans) {
        std::cout << "  " << actions << "x" << actions << " stage game, " << rounds
                  << " rounds: " << reduced->str() << " reduced plans, beyond the enumeration limit\n";
        break;
      }
      const auto [seconds, plans] = round_trip_seconds(t, 0);
      std::cout << "  " << actions << "x" << actions << " stage game, " << rounds
                << " rounds: " << t.num_nodes() << " nodes, " << plans << " reduced plans, " << seconds
                << " s" << (seconds <= 1.0 ? "" : "  (over a second)") << "\n";
      if (seconds > 1.0) break;
    }
  }
  const std::string dir = cases_dir() + "/gambit";
  if (!std::filesystem::exists(dir)) return;
  double worst = 0;
  std::string worst_name;
  std::size_t games = 0, total_plans = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (entry.path().extension() != ".efg") continue;
    const GameTree t = sgplan::efg::read_efg_file(entry.path().string());
    const auto seqs = compute_sequences(t);
    for (PlayerId p = 0; p < t.num_players(); ++p) {
      if (!seqs[p].perfect_recall()) continue;
      const auto [seconds, plans] = round_trip_seconds(t, p);
      total_plans += plans;
      if (seconds > worst) {
        worst = seconds;
        worst_name = entry.path().filename().string() + " player " + t.player(p).key + " (" +
                     std::to_string(plans) + " reduced plans)";
      }
    }
    ++games;
  }
  std::cout << "  Gambit test bed: every player with perfect recall of " << games << " games round-tripped ("
            << total_plans << " plans); slowest " << worst_name << ": " << worst << " s\n";
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  register_gambit();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  largest_within_a_second();
  return 0;
}
