// The games with a packed state that the engines beside the stored graph (matrix-free,
// distributed) are checked on against it: robot-monster configs up to the open 5x5 grid, Nim and
// misère Nim, Pig to 20, a formula game. One list, so every such engine meets the same models.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <string>

#include "mdp/build_graph.hpp"
#include "mdp/reachability.hpp"
#include "models/formula/formula_kind.hpp"
#include "models/nim/nim_kind.hpp"
#include "models/pig/pig_kind.hpp"
#include "models/robot_monster/robot_monster_kind.hpp"

namespace sgplan::models::testing {

// What the stored-graph engine says of a game: the reference the other engines must meet.
struct StoredAnswer {
  std::uint64_t states = 0;
  std::uint64_t terminals = 0;
  // Value-0 states: the stored solution keeps value 0 exactly on the states its precomputation
  // puts at 0 (its upper bound is positive elsewhere).
  std::uint64_t zero_states = 0;
  double lower = 0.0, upper = 1.0;  // at the initial state
};

template <class Game>
StoredAnswer stored_answer(const Game& game, double epsilon) {
  const mdp::BuiltGraph built = mdp::build_graph(game);
  mdp::SolveOptions options;
  options.epsilon = epsilon;
  const mdp::Solution stored = mdp::solve_reachability(built.graph, options);
  EXPECT_EQ(stored.status, mdp::SolveStatus::Converged);
  StoredAnswer out;
  out.states = built.graph.num_states();
  out.terminals = built.graph.count_owner(mdp::Owner::Terminal);
  for (mdp::StateIndex s = 0; s < built.graph.num_states(); ++s) out.zero_states += stored.upper[s] == 0.0;
  out.lower = stored.lower[built.graph.initial_state()];
  out.upper = stored.upper[built.graph.initial_state()];
  return out;
}

inline robot_monster::RobotMonsterGame robot_monster_from(const std::filesystem::path& file) {
  return robot_monster::RobotMonsterGame(
      robot_monster::load_robot_monster_config(formats::YamlDocument::load_file(file.string())));
}

// check(game, name) on each robot-monster config, read from the source tree at `source`.
template <class Check>
void for_each_robot_monster_config(const std::filesystem::path& source, Check&& check) {
  for (const char* name : {"configs/robot-monster-tiny.yaml", "configs/robot-monster-adversarial.yaml",
                           "configs/robot-monster-mixed.yaml", "configs/robot-monster-one-room.yaml",
                           "tools/bench/models/robot-monster-open5.yaml"}) {
    check(robot_monster_from(source / name), std::string(name));
  }
}

// check(game, name) on Nim, misère Nim, Pig and a formula game.
template <class Check>
void for_each_small_packed_game(Check&& check) {
  check(nim::NimGame(nim::NimConfig{{3, 4, 5}, false}), std::string("nim 3 4 5"));
  check(nim::NimGame(nim::NimConfig{{2, 3, 6, 7}, true}), std::string("misere nim 2 3 6 7"));
  check(pig::PigGame(pig::PigConfig{20, 6}), std::string("pig to 20"));
  const std::string text = "x1 & (x2 | !x5) | x3 & x4";
  check(formula::FormulaGame(formula::FormulaGameConfig{5, formula::Formula::parse(text, 5), text, false,
                                                        mdp::InfinitePlay::Draw}),
        std::string("formula game"));
}

}  // namespace sgplan::models::testing
