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
#include "tests/models/packed_games.hpp"
#include "tests/support/thread_exchange.hpp"

namespace sgplan::models {
namespace {

namespace fs = std::filesystem;
const fs::path kSource = SGPLAN_SOURCE_DIR;
constexpr double kEpsilon = 1e-9;

template <class Game>
void expect_same_answer(const Game& game, const std::string& what) {
  SCOPED_TRACE(what);
  const testing::StoredAnswer stored = testing::stored_answer(game, kEpsilon);
  mdp::DistributedOptions options;
  options.epsilon = kEpsilon;
  for (int ranks : {1, 2, 3}) {
    SCOPED_TRACE(std::to_string(ranks) + " ranks");
    const std::vector<mdp::DistributedResult> results = sgplan::testing::run_on_ranks<mdp::DistributedResult>(
        ranks, [&](mdp::Exchange& exchange) { return mdp::solve_distributed(game, options, exchange); });
    const mdp::DistributedResult& r = results[0];
    EXPECT_EQ(r.states, stored.states);
    EXPECT_EQ(r.terminals, stored.terminals);
    EXPECT_EQ(r.zero_states, stored.zero_states);
    EXPECT_EQ(r.status, mdp::SolveStatus::Converged);
    EXPECT_LE(r.upper - r.lower, kEpsilon);
    EXPECT_LE(r.lower, stored.upper);
    EXPECT_LE(stored.lower, r.upper);
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

TEST(Distributed, RobotMonsterConfigsGiveTheStoredEnginesAnswer) {
  testing::for_each_robot_monster_config(
      kSource, [](const auto& game, const std::string& name) { expect_same_answer(game, name); });
}

TEST(Distributed, NimPigAndTheFormulaGameGiveTheStoredEnginesAnswer) {
  testing::for_each_small_packed_game(
      [](const auto& game, const std::string& name) { expect_same_answer(game, name); });
}

}  // namespace
}  // namespace sgplan::models
