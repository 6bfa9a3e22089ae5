// Shared pieces of the threat-search commands (sgplan lambda, sgplan bench renju): the search flags,
// turning a position and the flags into LambdaOptions (flags override the file), the memory check,
// and the names of moves and lines.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "models/gomoku/position.hpp"
#include "search/lambda/lambda_options.hpp"

namespace sgplan::cli {

struct LambdaFlags {
  int order = -1;         // -1: from the file (case files: vcf 1, vct 2; YAML: `order`, default 2)
  int depth = 0;          // 0: from the file (case files: limit + 1; YAML: `depth`, default 10)
  int threat_depth = -1;  // -1: from the file; 0: no cap
  // The defaults are the settings that solve the most Renju puzzles (README, Performance): df-pn
  // for the order being proved over alpha-beta sub-searches, X-0-0 at attacker nodes, dual lambda
  // search, and each order searched at its full depth at once when df-pn drives it.
  std::string engine = "hybrid";
  std::uint64_t max_nodes = 20'000'000;
  double max_seconds = 0.0;
  std::size_t table_mib = 256;
  std::string x00 = "attacker";
  int direct = 2;
  bool dual = true;  // dual lambda search (search/lambda/counter_threats.hpp); --no-dual: off
  // Iterative deepening over the depth: "auto" deepens under alpha-beta only (df-pn finds deep
  // proofs without first failing at every shallower depth; alpha-beta without deepening loses its
  // shortest proofs and its move ordering); "on" or "off" force it. --no-deepening is "off".
  std::string deepening = "auto";
  bool no_deepening = false;

  void add_to(CLI::App& command);
  // Checks the flags (InputError) and the table size against the machine (ResourceError).
  search::lambda::LambdaOptions options_for(const models::gomoku::GomokuPosition& position) const;
};

inline constexpr int kDefaultDepth = 10;

// --engine, with its names, help and check generated from an engine table (a command whose search
// offers only some engines passes those rows).
void add_engine_option(CLI::App& command, std::string& engine, std::span<const MethodInfo> engines);

std::string line_text(const std::vector<sgplan::Move>& moves, int size);
std::vector<std::string> line_names(const std::vector<sgplan::Move>& moves, int size);

}  // namespace sgplan::cli
