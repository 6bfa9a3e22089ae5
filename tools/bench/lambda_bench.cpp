// Lambda search against plain alpha-beta of the same depth on the same positions (nodes and time:
// the reduction is the point of the method), and the quick Renju puzzles. Google Benchmark;
// counters: nodes, proven, depth. Positions: the Go-Moku configs, and Renju case files from
// $SGPLAN_CASES (default ../shared/cases beside the source; skipped when absent).
//   build/tools/bench/lambda_bench --benchmark_filter=Lambda
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "models/gomoku/gomoku_kinds.hpp"
#include "models/gomoku/gomoku_solver.hpp"

namespace {

namespace fs = std::filesystem;
namespace gomoku = sgplan::models::gomoku;
namespace lambda = sgplan::search::lambda;

fs::path source_dir() {
  return SGPLAN_SOURCE_DIR;
}

fs::path cases_dir() {
  if (const char* env = std::getenv("SGPLAN_CASES"); env != nullptr && *env != '\0') return env;
  return source_dir() / "../shared/cases";
}

struct Position {
  std::string name;
  fs::path file;
  int depth;  // attacker moves, for both searches
};

std::vector<Position> positions() {
  std::vector<Position> out = {{"four-three", source_dir() / "configs/gomoku-four-three.yaml", 3},
                               {"double-three", source_dir() / "configs/gomoku-double-three.yaml", 3},
                               {"no-win-9x9", source_dir() / "configs/gomoku-no-win.yaml", 6}};
  const fs::path renju = cases_dir() / "renju";
  for (const char* c :
       {"vcf_counter", "vct_game_black_l03_1", "vct_game_white_l03_1", "vct_game_black_l03_1_short"}) {
    if (fs::exists(renju / (std::string(c) + ".txt")))
      out.push_back({c, renju / (std::string(c) + ".txt"), 0});
  }
  return out;
}

void run_lambda(benchmark::State& state, const Position& p) {
  const gomoku::GomokuPosition pos = gomoku::load_gomoku_position(p.file.string());
  lambda::LambdaOptions o;
  o.max_order = pos.case_file ? pos.order : 3;
  o.max_depth = p.depth > 0 ? p.depth : pos.depth;
  o.threat_depth = pos.threat_depth;
  o.table_mib = 16;
  lambda::LambdaResult r;
  for (auto _ : state) r = gomoku::solve_lambda(pos.board(), pos.attacker, o);
  state.counters["nodes"] = static_cast<double>(r.stats.nodes);
  state.counters["proven"] = r.proven;
  state.counters["depth"] = r.depth;
}

void run_plain(benchmark::State& state, const Position& p) {
  const gomoku::GomokuPosition pos = gomoku::load_gomoku_position(p.file.string());
  const int depth = p.depth > 0 ? p.depth : pos.depth;
  lambda::PlainResult r;
  for (auto _ : state) r = gomoku::solve_plain(pos.board(), pos.attacker, depth, 200'000'000, 16);
  state.counters["nodes"] = static_cast<double>(r.stats.nodes);
  state.counters["proven"] = r.proven;
  state.counters["depth"] = r.depth;
  state.counters["budget_exhausted"] = r.budget_exhausted;
}

// Every quick Renju case within 2,000,000 nodes: right answers, nodes.
void renju_quick(benchmark::State& state) {
  const fs::path renju = cases_dir() / "renju";
  if (!fs::is_directory(renju)) {
    state.SkipWithError("no shared cases (set SGPLAN_CASES)");
    return;
  }
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(renju)) {
    if (e.path().extension() == ".txt") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  double nodes = 0, right = 0, cases = 0;
  for (auto _ : state) {
    nodes = right = cases = 0;
    for (const fs::path& f : files) {
      const gomoku::GomokuPosition pos = gomoku::load_renju_case(f.string());
      if (!pos.has_tag("quick")) continue;
      lambda::LambdaOptions o;
      o.max_order = pos.order;
      o.max_depth = pos.depth;
      o.threat_depth = pos.threat_depth;
      o.max_nodes = 2'000'000;
      o.table_mib = 128;
      o.x00 = lambda::X00::kAttacker;
      const lambda::LambdaResult r = gomoku::solve_lambda(pos.board(), pos.attacker, o);
      nodes += static_cast<double>(r.stats.nodes);
      right +=
          (r.proven && !pos.expect_disproven) || (!r.proven && !r.budget_exhausted && pos.expect_disproven);
      ++cases;
    }
  }
  state.counters["cases"] = cases;
  state.counters["right"] = right;
  state.counters["nodes"] = nodes;
}

const bool registered = [] {
  for (const Position& p : positions()) {
    benchmark::RegisterBenchmark(("Lambda/" + p.name).c_str(), run_lambda, p)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("PlainAlphaBeta/" + p.name).c_str(), run_plain, p)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
  }
  benchmark::RegisterBenchmark("RenjuQuickCases", renju_quick)->Unit(benchmark::kSecond)->Iterations(1);
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
