#include "tools/sgplan/bench_phutball.hpp"

#include <iostream>
#include <random>
#include <vector>

#include "core/errors.hpp"
#include "models/phutball/phutball_game.hpp"
#include "tools/sgplan/cli_common.hpp"
#include "tools/sgplan/phutball_threats.hpp"

namespace sgplan::cli {

namespace phutball = models::phutball;

void add_phutball_bench_options(CLI::App& bench, PhutballBenchOptions& options) {
  bench.add_option("--positions", options.positions, "phutball: random positions")->capture_default_str();
}

void run_phutball_bench(const PhutballBenchOptions& options) {
  constexpr int kWidth = 15, kHeight = 19, kMaxOrder = 2;
  constexpr double kMen = 0.12;
  check_limit(options.positions, 100'000, "bench phutball: positions", "--positions");
  std::mt19937_64 rng(20261204);
  struct Totals {
    std::uint64_t proven = 0, nodes = 0, exhausted = 0;
    double seconds = 0.0;
  };
  Totals with[kMaxOrder + 1], without[kMaxOrder + 1];
  std::uint64_t skipped = 0, searched = 0;
  for (std::uint64_t n = 0; n < options.positions; ++n) {
    const int ball_row = 1 + static_cast<int>(rng() % (kHeight - 2));
    const int ball_column = static_cast<int>(rng() % kWidth);
    phutball::Board b(kWidth, kHeight, ball_row, ball_column);
    for (int p = 0; p < b.points(); ++p) {
      if (!b.ball_at(static_cast<phutball::Point>(p)) &&
          std::uniform_real_distribution<double>(0, 1)(rng) < kMen)
        b.place(static_cast<phutball::Point>(p));
    }
    phutball::PhutballGame game(b, rng() % 2 == 0);
    try {
      for (int k = 0; k <= kMaxOrder; ++k) {
        for (bool cut : {true, false}) {
          const DirectThreatRun r = phutball_direct_threats(game, k, cut, options.max_nodes, /*only=*/true);
          Totals& t = cut ? with[k] : without[k];
          t.proven += r.proven;
          t.exhausted += r.exhausted;
          t.nodes += r.nodes;
          t.seconds += r.seconds;
        }
      }
      ++searched;
    } catch (const ResourceError&) {
      ++skipped;  // more jump sequences than move numbers
    }
  }
  Report report;
  report.json("bench", "phutball")
      .add("positions", searched, "positions",
           format_count(searched) + " random 19x15 positions (men on 12% of the points), " +
               format_count(skipped) + " left out (too many jump sequences)");
  Json orders = Json::array();
  for (int k = 0; k <= kMaxOrder; ++k) {
    const double rate = with[k].seconds > 0 ? static_cast<double>(with[k].nodes) / with[k].seconds : 0.0;
    const double saving =
        with[k].nodes > 0 ? static_cast<double>(without[k].nodes) / static_cast<double>(with[k].nodes) : 0.0;
    Json j;
    j["order"] = k;
    j["proven"] = with[k].proven;
    j["proven_without_cut"] = without[k].proven;
    j["nodes"] = with[k].nodes;
    j["nodes_without_cut"] = without[k].nodes;
    j["node_limit_reached"] = with[k].exhausted;
    j["node_limit_reached_without_cut"] = without[k].exhausted;
    j["nodes_per_second"] = rate;
    orders.push_back(j);
    report.line("order " + std::to_string(k),
                format_count(with[k].proven) + " proven (" + format_count(without[k].proven) +
                    " without the cut); " + format_count(with[k].nodes) + " nodes with the cut, " +
                    format_count(without[k].nodes) + " without (" + format_number(saving, 3) + "x); " +
                    format_count(static_cast<std::uint64_t>(rate)) + " nodes/s" +
                    (with[k].exhausted + without[k].exhausted > 0
                         ? "; node limit reached " + format_count(with[k].exhausted) + " / " +
                               format_count(without[k].exhausted) + " times"
                         : ""));
  }
  report.json("orders", orders).print(std::cout, options.json);
}

}  // namespace sgplan::cli
