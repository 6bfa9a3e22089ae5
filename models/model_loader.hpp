// Loading any model file the CLI accepts. The family decides which commands apply:
//   state-graph models (explicit YAML, robot-monster, PRISM .tra) compile into a StateGraph;
// later families (game trees, threat-search positions) plug in beside them.
// The kind is the YAML `model:` key, or the file extension for foreign formats (.tra).
#pragma once

#include <memory>
#include <string>

#include "models/graph_model.hpp"

namespace sgplan::models {

struct LoadOptions {
  std::string labels_path;   // PRISM: the .lab file
  std::string target_label;  // PRISM: the success label
  bool minimize = false;     // PRISM: states are Min states
};

// The model kind of a file: "prism" for .tra, "renju-case" for a Renju case file (see
// models/gomoku/position.hpp), else the YAML `model:` value (checked to be known; "gomoku" is a
// Go-Moku position for sgplan lambda, loaded by gomoku::load_gomoku_position).
std::string detect_model_kind(const std::string& path);
bool is_renju_case_file(const std::string& path);

// Loads a state-graph model; InputError for anything else.
std::unique_ptr<GraphModel> load_graph_model(const std::string& path, const LoadOptions& options);

}  // namespace sgplan::models
