// `model: robot-monster` in the registry (models/registry.hpp): the YAML reading and the facts of
// the robot-monster game (robot_monster.hpp); its drawing is robot_monster_render.hpp.
//
//   model: robot-monster
//   map: |                     # '.' free room, '#' wall; rows of equal length, row 0 on top
//     .....
//     .#.#.
//     .....
//   robots:   [[0, 0], [2, 4]]  # [row, column], 0-based; 2 to 5 robots
//   monsters: [[0, 4], [2, 0]]  # 0 to 6 monsters
//   monster_behaviour: random   # random | adversarial, or one per monster: [adversarial, random]
//   monster_moves: legal        # legal | attempted
#pragma once

#include "models/formats/yaml_support.hpp"
#include "models/implicit_graph_model.hpp"
#include "models/model_kind.hpp"
#include "models/robot_monster/robot_monster.hpp"
#include "models/robot_monster/robot_monster_render.hpp"  // the adapter's render_state hook

namespace sgplan::models::robot_monster {

RobotMonsterConfig load_robot_monster_config(const formats::YamlDocument& doc);

using RobotMonsterModel = ImplicitGraphModel<RobotMonsterGame>;
RobotMonsterModel make_robot_monster_model(RobotMonsterConfig config);

ModelKind robot_monster_kind();

}  // namespace sgplan::models::robot_monster
