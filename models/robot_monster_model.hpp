// `model: robot-monster` at the CLI boundary: the YAML loader, the graph build, the text drawing
// and the tree search of the robot-monster game (robot_monster.hpp).
//
//   model: robot-monster
//   map: |                     # '.' free room, '#' wall; rows of equal length, row 0 on top
//     .....
//     .#.#.
//     .....
//   robots:   [[0, 0], [2, 4]]  # [row, column], 0-based; 2 to 5 robots
//   monsters: [[0, 4], [2, 0]]  # 0 to 6 monsters
//   monster_behaviour: random   # random | adversarial
//   monster_moves: legal        # legal | attempted
#pragma once

#include "models/graph_model.hpp"
#include "models/robot_monster.hpp"
#include "models/yaml_support.hpp"

namespace sgplan::models {

RobotMonsterConfig load_robot_monster_config(const YamlDocument& doc);

class RobotMonsterModel : public GraphModel {
 public:
  explicit RobotMonsterModel(RobotMonsterConfig config) : game_(std::move(config)) {}

  std::string kind() const override { return "robot-monster"; }
  mdp::BuiltGraph build(const mdp::BuildOptions& options) const override;
  std::string state_name(const mdp::BuiltGraph& built, mdp::StateIndex s) const override;
  std::string render(const mdp::BuiltGraph& built, const mdp::Solution& solution,
                     mdp::StateIndex s) const override;
  std::optional<TreeSearchResult> tree_search(const TreeSearchRequest& request) const override;
  std::uint64_t state_bound() const override { return game_.packed_bound(); }
  // A proven lower bound (models/robot_monster_bound.hpp), checked against --max-states first.
  std::uint64_t reachable_lower_bound() const override;

  const RobotMonsterGame& game() const { return game_; }

 private:
  RobotMonsterGame game_;
};

}  // namespace sgplan::models
