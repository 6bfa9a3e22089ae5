// The YAML Go-Moku position (model: gomoku), read through YamlDocument like every YAML model:
//   model: gomoku
//   size: 15                 # 5..19, default 15
//   rule: freestyle          # freestyle | standard | renju (default freestyle)
//   attacker: x              # x or o: the side to move, which wants a five ('o' is Black)
//   board: |                 # top row first; cells '.', 'x', 'o' separated by spaces
//     . . . . . ...
//   order: 2                 # optional search settings (flags override): the lambda order,
//   depth: 8                 # the attacker moves allowed (the five included),
//   threat_depth: 3          # and the most attacker moves a threat may need after a null move
// Unknown keys are errors; every error names file:line:col.
// Compiled into sgplan_models (the one library that reads YAML), not into sgplan_gomoku.
#pragma once

#include "models/formats/yaml_support.hpp"
#include "models/gomoku/position.hpp"

namespace sgplan::models::gomoku {

GomokuPosition load_gomoku_yaml(const formats::YamlDocument& doc);

}  // namespace sgplan::models::gomoku
