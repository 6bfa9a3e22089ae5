// The registry entry of the Phutball positions for sgplan threats (`model: phutball`, YAML).
// Compiled into sgplan_models (the one library that reads YAML), not into sgplan_phutball.
#pragma once

#include <string>

#include "models/model_kind.hpp"
#include "models/phutball/position.hpp"

namespace sgplan::models::phutball {

ModelKind phutball_kind();

// A Phutball position from a file the registry recognises; InputError naming the file otherwise.
PhutballPosition load_phutball_position(const std::string& path);

}  // namespace sgplan::models::phutball
