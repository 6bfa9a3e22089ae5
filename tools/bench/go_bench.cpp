// Go reading benchmarks (Google Benchmark; not a test): lambda search against plain alpha-beta
// of the same depth on ladders and nets, and, when the GNU Go cases are present ($SGPLAN_CASES/
// gnugo, default ../shared/cases beside the source tree), every attack of reading.tst whose
// answer is a ladder (an order-1 proof) against plain alpha-beta at that depth.
// Counters: nodes (every search node, sub-searches included), proven (1/0), depth (attacker
// moves), order. Plain alpha-beta plays every legal move at every node (search/lambda/
// plain_alphabeta.hpp) and stops at its node budget (proven 0, exhausted 1).
//   build/tools/bench/go_bench [--benchmark_filter=...]
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "models/go/capture_game.hpp"
#include "models/go/reading.hpp"
#include "models/go/regression_file.hpp"
#include "models/go/sgf.hpp"
#include "search/lambda/plain_alphabeta.hpp"

namespace {

namespace go = sgplan::models::go;
namespace lambda = sgplan::search::lambda;

go::Board diagram(const std::vector<std::string>& rows) {
  const int size = static_cast<int>(rows.size());
  go::Board b(size);
  for (int r = 0; r < size; ++r) {
    for (int c = 0; c < size; ++c) {
      const auto p = static_cast<go::Point>((size - 1 - r) * size + c);
      const char x = rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      if (x == 'X') b.setup(p, go::Color::kBlack);
      if (x == 'O') b.setup(p, go::Color::kWhite);
    }
  }
  return b;
}

struct Position {
  std::string name;
  go::Board board;
  go::Point target;
  std::uint64_t plain_budget;
};

std::vector<Position> positions() {
  std::vector<Position> out;
  const auto at = [](const char* v, int size) { return *go::parse_vertex(v, size); };
  out.push_back({"ladder6x6", diagram({"......", "......", "......", ".XO...", "..XX..", "......"}),
                 at("C3", 6), 50'000'000});
  out.push_back({"ladder9x9",
                 diagram({".........", ".........", ".........", ".........", ".........", ".........",
                          ".XO......", "..XX.....", "........."}),
                 at("C3", 9), 50'000'000});
  out.push_back({"edge9x9",
                 diagram({".........", ".........", ".........", ".........", ".........", ".........",
                          "..X......", ".XO......", "........."}),
                 at("C2", 9), 50'000'000});
  out.push_back({"net7x7",
                 diagram({"...X.X.", "XXX....", ".X.....", ".O...O.", "X.....X", "......O", "X......"}),
                 at("A1", 7), 50'000'000});
  out.push_back({"snapback9x9",
                 diagram({".........", ".........", ".........", ".........", ".........", "XXXX.....",
                          "OOOXXX...", "XXOOOX...", ".OX.OX..."}),
                 at("C1", 9), 50'000'000});
  return out;
}

void lambda_attack(benchmark::State& state, const go::Board& board, go::Point target, int order) {
  go::ReadingOptions o;
  o.max_order = order;
  o.max_nodes = 20'000'000;
  go::ReadingResult r;
  for (auto _ : state) {
    r = go::attack(board, target, o);
    benchmark::DoNotOptimize(r.code);
  }
  state.counters["nodes"] = static_cast<double>(r.nodes);
  state.counters["proven"] = r.code == 1 ? 1 : 0;
  state.counters["depth"] = r.depth;
  state.counters["order"] = r.order;
}

void plain_attack(benchmark::State& state, const go::Board& board, go::Point target, int depth,
                  std::uint64_t budget) {
  lambda::PlainResult r;
  for (auto _ : state) {
    go::CaptureRules rules;
    rules.defender_ignores_ko = true;
    go::CaptureGame game(board, target, go::opponent(board.at(target)), rules);
    r = lambda::plain_alphabeta(game, depth, budget, 64);
    benchmark::DoNotOptimize(r.proven);
  }
  state.counters["nodes"] = static_cast<double>(r.stats.nodes);
  state.counters["proven"] = r.proven ? 1 : 0;
  state.counters["exhausted"] = r.budget_exhausted ? 1 : 0;
  state.counters["depth"] = r.depth;
}

std::filesystem::path gnugo_cases() {
  if (const char* env = std::getenv("SGPLAN_CASES"); env != nullptr && *env != '\0') {
    return std::filesystem::path(env) / "gnugo";
  }
  return std::filesystem::path(SGPLAN_CASES_DEFAULT) / "gnugo";
}

// The attack cases of reading.tst (position set up by loadsgf and trymove lines).
struct SuiteCase {
  std::string name;
  go::Board board;
  go::Point target;
};

std::vector<SuiteCase> suite_attacks() {
  std::vector<SuiteCase> out;
  const auto tst = gnugo_cases() / "reading.tst";
  if (!std::filesystem::exists(tst)) return out;
  for (const go::RegressionQuestion& q : go::read_regression_questions(tst.string())) {
    if (q.command == "attack") out.push_back({q.name, q.board, q.target});
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  for (const Position& p : positions()) {
    benchmark::RegisterBenchmark(("lambda/" + p.name).c_str(), lambda_attack, p.board, p.target, 2)
        ->Unit(benchmark::kMillisecond);
    go::ReadingOptions o;
    const go::ReadingResult r = go::attack(p.board, p.target, o);
    const int depth = std::max(r.depth, 1);  // the proof's depth, or where the search stopped
    benchmark::RegisterBenchmark(("alphabeta/" + p.name).c_str(), plain_attack, p.board, p.target, depth,
                                 p.plain_budget)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
  }
  // The suite's ladders: attacks that an order-1 lambda search proves.
  for (const SuiteCase& c : suite_attacks()) {
    go::ReadingOptions o;
    o.max_order = 1;
    o.ko_results = false;
    const go::ReadingResult r = go::attack(c.board, c.target, o);
    if (r.code != 1 || r.order > 1 || r.depth < 2) continue;
    benchmark::RegisterBenchmark(("suite-lambda/" + c.name).c_str(), lambda_attack, c.board, c.target, 1)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("suite-alphabeta/" + c.name).c_str(), plain_attack, c.board, c.target,
                                 r.depth, std::uint64_t{2'000'000})
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
