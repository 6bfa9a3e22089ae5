// The game-tree side of the CLI: options and output shared by `info`, `export --format efg` and
// `strategy` when the model file is a game tree (Gambit .efg, `model: game-tree`,
// `model: repeated-game`). The state-graph commands call into here through one clearly
// separated branch each, so their own path stays untouched.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "models/extensive_form/game_tree.hpp"
#include "models/extensive_form/game_tree_builder.hpp"
#include "tools/sgplan/cli_common.hpp"

namespace sgplan::cli {

// Limits for game trees and plan enumeration.
struct TreeOptions {
  std::uint64_t max_nodes = efg::TreeLimits{}.max_nodes;
  std::uint64_t max_depth = efg::TreeLimits{}.max_depth;
  std::uint64_t max_plans = 1'000'000;
  void add_to(CLI::App& command);
  efg::TreeLimits limits() const { return {max_nodes, max_depth}; }
};

// Whether the registry recognised the file as a game tree.
bool is_game_tree(const models::ModelFile& file);

void run_tree_info(const ModelOptions& model, const TreeOptions& tree, const models::ModelFile& file);
void run_tree_export(const ModelOptions& model, const TreeOptions& tree, const models::ModelFile& file,
                     const std::string& format, const std::string& out);

// A count as a JSON number when it is at most 2^53, as a decimal string beyond.
Json count_json(const sgplan::BigInt& n);

}  // namespace sgplan::cli
