// The registry entries of the Go-Moku positions for sgplan lambda: `model: gomoku` in YAML
// (position_yaml.hpp) and the Renju case files, recognised by their text (position.hpp).
// Compiled into sgplan_models (the one library that reads YAML), not into sgplan_gomoku.
#pragma once

#include "models/model_kind.hpp"

namespace sgplan::models {

ModelKind gomoku_kind();
ModelKind renju_case_kind();

}  // namespace sgplan::models
