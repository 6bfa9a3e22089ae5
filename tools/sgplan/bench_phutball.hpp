// sgplan bench phutball: direct threats on random Phutball positions of the full 19 x 15 board
// (men on 12% of the points, the ball anywhere off the goal lines; seeded, the same positions on
// every run), each order 0..2 checked alone with and without the null-move cut: positions proven,
// nodes, nodes per second, and the cut's saving by order. Positions with more jump sequences than
// the move numbers hold (phutball_game.hpp) are counted and left out.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>

namespace sgplan::cli {

struct PhutballBenchOptions {
  std::uint64_t positions = 100;
  std::uint64_t max_nodes = 5'000'000;  // per search
  bool json = false;
};

void add_phutball_bench_options(CLI::App& bench, PhutballBenchOptions& options);
void run_phutball_bench(const PhutballBenchOptions& options);

}  // namespace sgplan::cli
