// The YAML Phutball position (model: phutball), read through YamlDocument like every YAML model:
//   model: phutball
//   attacker_goal: north      # north | south: the goal line the side to move wants the ball on or past
//   order: 2                  # optional: direct threats up to this order (0..6), default 2
//   board: |                  # rows north to south: '.' empty, 'o' a man, '*' the ball
//     .......
//     ...o...
//     ...*...
// Rows are equally long, 3 to 19 points (at most 300 points in all); exactly one ball, not on a
// goal line (the first and last rows). Errors name the file, line and column.
#pragma once

#include "models/formats/yaml_support.hpp"
#include "models/phutball/position.hpp"

namespace sgplan::models::phutball {

PhutballPosition load_phutball_yaml(const formats::YamlDocument& doc);

}  // namespace sgplan::models::phutball
