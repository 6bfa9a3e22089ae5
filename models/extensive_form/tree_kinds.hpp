// The registry entries of the extensive-form game trees: Gambit .efg files (efg_format.hpp), YAML
// game trees (game_tree_yaml.hpp) and repeated games (repeated_game_yaml.hpp). Compiled into
// sgplan_models with the readers (the tree library itself reads no files).
#pragma once

#include "models/extensive_form/efg_namespace.hpp"
#include "models/model_kind.hpp"

namespace sgplan::models::extensive_form {

ModelKind repeated_game_kind();
ModelKind game_tree_kind();
ModelKind efg_kind();

}  // namespace sgplan::models::extensive_form
