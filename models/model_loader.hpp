// Loading any model file the CLI accepts. The family decides which commands apply:
//   state-graph models (explicit YAML, robot-monster, nim, formula-game, pig, PRISM .tra) compile
//   into a StateGraph, and the games among them are also searched as trees;
//   game trees (Gambit .efg, `model: repeated-game`, `model: game-tree`) load into an
//   efg::GameTree (info, strategy, export --format efg);
// later families (threat-search positions) plug in beside them.
// The kind is the YAML `model:` key, or the file extension for foreign formats (.tra, .efg).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "models/extensive_form/game_tree.hpp"
#include "models/extensive_form/game_tree_builder.hpp"
#include "models/graph_model.hpp"

namespace sgplan::models {

struct LoadOptions {
  std::string labels_path;                // PRISM: the .lab file
  std::string target_label;               // PRISM: the success label
  bool minimize = false;                  // PRISM: states are Min states
  bool keep_exact = false;                // keep exact probabilities for the exact solvers (explicit, PRISM)
  std::uint64_t max_states = 50'000'000;  // PRISM: refuse a header declaring more states
  std::uint64_t max_transitions = 500'000'000;  // PRISM: refuse a header declaring more transitions
};

// The model kind of a file: "prism" for .tra, "efg" for .efg, "renju-case" for a Renju case
// file (see models/gomoku/position.hpp), else the YAML `model:` value (checked to be known;
// "gomoku" is a Go-Moku position for sgplan lambda, loaded by gomoku::load_gomoku_position). A
// normal-form Gambit file (.nfg) is refused here, as not supported.
std::string detect_model_kind(const std::string& path);
bool is_renju_case_file(const std::string& path);

// Whether a kind loads into a game tree: "efg", "repeated-game", "game-tree".
bool is_game_tree_kind(const std::string& kind);

// Loads a game tree (any of the game-tree kinds); InputError for anything else.
efg::GameTree load_game_tree(const std::string& path, const efg::TreeLimits& limits);

// Loads a state-graph model; InputError for anything else.
std::unique_ptr<GraphModel> load_graph_model(const std::string& path, const LoadOptions& options);

}  // namespace sgplan::models
