// The distributed engine (mdp/distributed_solve.hpp) on 1, 2 and 3 ranks (threads standing in for
// MPI processes, tests/support/thread_exchange.hpp) against the stored-graph engine on the model
// kinds that have a packed state (robot-monster, Nim, Pig, the formula game): the same reachable,
// terminal and value-0 state counts for every rank count, and bounds on the initial state within
// epsilon that overlap the stored engine's. Both are sound, so the value lies in both intervals.
#include <gtest/gtest.h>

#include <filesystem>

#include "mdp/build_graph.hpp"
#include "mdp/distributed_solve.hpp"
#include "mdp/reachability.hpp"
#include "models/formula/formula_kind.hpp"
#include "models/nim/nim_kind.hpp"
#include "models/pig/pig_kind.hpp"
#include "models/robot_monster/robot_monster_kind.hpp"
#include "tests/support/thread_exchange.hpp"

namespace sgplan::models {
namespace {

namespace fs = std::filesystem;
const fs::path kSource = SGPLAN_SOURCE_DIR;
constexpr double kEpsilon = 1e-9;

template <class Game>
void expect_same_answer(const Game& game, const std::string& what) {
  SCOPED_TRACE(what);
  const mdp::BuiltGraph built = mdp::build_graph(game);
  mdp::SolveOptions stored_options;
  stored_options.epsilon = kEpsilon;
  const mdp::Solution stored = mdp::solve_reachability(built.graph, stored_options);
  ASSERT_EQ(stored.status, mdp::SolveStatus::Converged);
  const mdp::StateIndex s0 = built.graph.initial_state();
  std::uint64_t zero = 0;
  for (mdp::StateIndex s = 0; s < built.graph.num_states(); ++s) zero += stored.upper[s] == 0.0;
  mdp::DistributedOptions options;
  options.epsilon = kEpsilon;
  for (int ranks : {1, 2, 3}) {
    SCOPED_TRACE(std::to_string(ranks) + " ranks");
    const std::vector<mdp::DistributedResult> results = sgplan::testing::run_on_ranks<mdp::DistributedResult>(
        ranks, [&](mdp::Exchange& exchange) { return mdp::solve_distributed(game, options, exchange); });
    const mdp::DistributedResult& r = results[0];
    EXPECT_EQ(r.states, built.graph.num_states());
    EXPECT_EQ(r.terminals, built.graph.count_owner(mdp::Owner::Terminal));
    EXPECT_EQ(r.zero_states, zero);
    EXPECT_EQ(r.status, mdp::SolveStatus::Converged);
    EXPECT_LE(r.upper - r.lower, kEpsilon);
    EXPECT_LE(r.lower, stored.upper[s0]);
    EXPECT_LE(stored.lower[s0], r.upper);
    for (const mdp::DistributedResult& other : results) {
      EXPECT_EQ(other.lower, r.lower);
      EXPECT_EQ(other.upper, r.upper);
    }
    // The shares are balanced by the hash: no rank holds much more than its part.
    if (r.states > 10'000) {
      EXPECT_LT(r.most_states_on_a_rank, 1.1 * static_cast<double>(r.states) / ranks);
    }
  }
}

robot_monster::RobotMonsterGame robot_monster_from(const fs::path& file) {
  return robot_monster::RobotMonsterGame(
      robot_monster::load_robot_monster_config(formats::YamlDocument::load_file(file.string())));
}

TEST(Distributed, RobotMonsterConfigsGiveTheStoredEnginesAnswer) {
  for (const char* name : {"configs/robot-monster-tiny.yaml", "configs/robot-monster-adversarial.yaml",
                           "configs/robot-monster-mixed.yaml", "configs/robot-monster-one-room.yaml",
                           "tools/bench/models/robot-monster-open5.yaml"}) {
    expect_same_answer(robot_monster_from(kSource / name), name);
  }
}

TEST(Distributed, NimPigAndTheFormulaGameGiveTheStoredEnginesAnswer) {
  expect_same_answer(nim::NimGame(nim::NimConfig{{3, 4, 5}, false}), "nim 3 4 5");
  expect_same_answer(nim::NimGame(nim::NimConfig{{2, 3, 6, 7}, true}), "misere nim 2 3 6 7");
  expect_same_answer(pig::PigGame(pig::PigConfig{20, 6}), "pig to 20");
  const std::string text = "x1 & (x2 | !x5) | x3 & x4";
  expect_same_answer(formula::FormulaGame(formula::FormulaGameConfig{5, formula::Formula::parse(text, 5),
                                                                     text, false, mdp::InfinitePlay::Draw}),
                     "formula game");
}

}  // namespace
}  // namespace sgplan::models
