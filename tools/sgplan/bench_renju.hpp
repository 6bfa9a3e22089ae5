// sgplan bench renju DIR: the Renju puzzle run. Every case file in DIR (sorted by name) is solved
// with the lambda settings the file gives (vcf: order 1, vct: order 2; depth limit + 1; threat
// depth threat_limit + 1), flags overriding, within a node budget per case, and judged:
//   right     a `proven` case proven, its principal variation replayed to the attacker's five
//             within the limit; or a `disproven` case searched to the end without a proof
//   wrong     a proof of a `disproven` case (a bug), a proof that does not replay (a bug), or a
//             `proven` case searched to the end without a proof (the search missed the win)
//   unsolved  the node budget ran out first
// The published line of each `proven` case is replayed too (legal under our Renju rules, and
// unstoppable where it stops). Prints one line per case and the totals (or one JSON object).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "tools/sgplan/lambda_common.hpp"

namespace sgplan::cli {

struct RenjuBenchOptions {
  std::string dir;
  std::string filter;  // only cases whose name contains it
  LambdaFlags flags;
  bool json = false;
};

// Adds DIR and the search flags to the bench command (flags shared with `sgplan lambda`).
void add_renju_bench_options(CLI::App& bench, RenjuBenchOptions& options);
void run_renju_bench(const RenjuBenchOptions& options);

}  // namespace sgplan::cli
