// The text drawing of a robot-monster state for `solve --render`: the grid now and after the
// recommended joint move, that move, the best few alternatives by value, and the state's value.
// Found by the implicit-model adapter (models/implicit_graph_model.hpp) as the game's
// render_state hook.
#pragma once

#include <string>

#include "mdp/build_graph.hpp"
#include "mdp/solution.hpp"
#include "models/robot_monster/robot_monster.hpp"

namespace sgplan::models::robot_monster {

std::string render_state(const RobotMonsterGame& game, const mdp::BuiltGraph& built,
                         const mdp::Solution& solution, mdp::StateIndex s);

}  // namespace sgplan::models::robot_monster
