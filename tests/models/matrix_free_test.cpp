// The matrix-free engine (mdp/matrix_free.hpp) against the stored-graph engine on every model kind
// that has both (robot-monster, Nim, Pig, the formula game): the same reachable state count, the
// same count of value-0 states, and bounds on the initial state that overlap the stored engine's,
// each within epsilon. Both are sound, so the exact value lies in both intervals.
#include "mdp/matrix_free.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "mdp/build_graph.hpp"
#include "mdp/reachability.hpp"
#include "tests/models/packed_games.hpp"

namespace sgplan::models {
namespace {

namespace fs = std::filesystem;
const fs::path kSource = SGPLAN_SOURCE_DIR;
constexpr double kEpsilon = 1e-9;

template <class Game>
void expect_same_answer(const Game& game, const std::string& what) {
  SCOPED_TRACE(what);
  const testing::StoredAnswer stored = testing::stored_answer(game, kEpsilon);
  mdp::MatrixFreeOptions options;
  options.epsilon = kEpsilon;
  const mdp::MatrixFreeResult free = mdp::solve_matrix_free(game, options);
  EXPECT_EQ(free.states, stored.states);
  EXPECT_EQ(free.terminals, stored.terminals);
  EXPECT_EQ(free.status, mdp::SolveStatus::Converged);
  EXPECT_LE(free.upper - free.lower, kEpsilon);
  EXPECT_LE(free.lower, stored.upper);
  EXPECT_LE(stored.lower, free.upper);
  EXPECT_EQ(free.zero_states, stored.zero_states);
  EXPECT_GT(free.sweeps + free.zero_passes, 0u);
}

TEST(MatrixFree, RobotMonsterConfigsGiveTheStoredEnginesAnswer) {
  testing::for_each_robot_monster_config(
      kSource, [](const auto& game, const std::string& name) { expect_same_answer(game, name); });
}

TEST(MatrixFree, NimPigAndTheFormulaGameGiveTheStoredEnginesAnswer) {
  testing::for_each_small_packed_game(
      [](const auto& game, const std::string& name) { expect_same_answer(game, name); });
}

// Nim's value by hand: the first player wins from a nonzero nim-sum (3 ^ 4 ^ 5 = 2) and loses from
// zero (1 ^ 2 ^ 3 = 0), in the normal play convention.
TEST(MatrixFree, NimValuesByHand) {
  mdp::MatrixFreeOptions options;
  EXPECT_EQ(mdp::solve_matrix_free(nim::NimGame(nim::NimConfig{{3, 4, 5}, false}), options).lower, 1.0);
  EXPECT_EQ(mdp::solve_matrix_free(nim::NimGame(nim::NimConfig{{1, 2, 3}, false}), options).upper, 0.0);
}

TEST(MatrixFree, LimitsRefuseBeforeAllocating) {
  const auto game = testing::robot_monster_from(kSource / "tools/bench/models/robot-monster-open5.yaml");
  mdp::MatrixFreeOptions options;
  options.max_states = 1000;
  try {
    mdp::solve_matrix_free(game, options);
    ADD_FAILURE() << "no state limit";
  } catch (const ResourceError& e) {
    EXPECT_STREQ(e.what(),
                 "state limit: the model has more than 1000 reachable states (raise it with --max-states)");
  }
  options.max_states = 50'000'000;
  options.max_bytes = 4096;
  try {
    mdp::solve_matrix_free(game, options);
    ADD_FAILURE() << "no memory limit";
  } catch (const ResourceError& e) {
    EXPECT_NE(std::string(e.what()).find("memory limit: the matrix-free engine's reached set"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace sgplan::models
