// The registry entries of the Go-Moku positions for sgplan lambda: `model: gomoku` in YAML
// (position_yaml.hpp) and the Renju case files, recognised by their text (position.hpp).
// Compiled into sgplan_models (the one library that reads YAML), not into sgplan_gomoku.
#pragma once

#include <string>

#include "models/gomoku/position.hpp"
#include "models/model_kind.hpp"

namespace sgplan::models {

ModelKind gomoku_kind();
ModelKind renju_case_kind();

namespace gomoku {
// A Go-Moku position from either format (a Renju case file or YAML `model: gomoku`), recognised
// by the registry; InputError naming the file for any other kind.
GomokuPosition load_gomoku_position(const std::string& path);
}  // namespace gomoku

}  // namespace sgplan::models
