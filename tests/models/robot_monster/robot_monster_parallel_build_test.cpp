// The parallel build (mdp/parallel_build.hpp) gives every robot-monster configuration the graph
// the one-thread build gives it, entry for entry and with the same state numbering, for 2, 3 and
// 8 threads; and the counts are the ones the README and the bench models state.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "mdp/build_graph.hpp"
#include "models/robot_monster/robot_monster_kind.hpp"
#include "tests/support/same_graph.hpp"

namespace sgplan::models::robot_monster {
namespace {

namespace fs = std::filesystem;
const fs::path kSource = SGPLAN_SOURCE_DIR;

RobotMonsterGame game_from(const fs::path& file) {
  return RobotMonsterGame(load_robot_monster_config(formats::YamlDocument::load_file(file.string())));
}

TEST(RobotMonsterParallelBuild, EverySmallConfigIsBuiltTheSameOnEveryThreadCount) {
  for (const char* name :
       {"robot-monster-tiny.yaml", "robot-monster-one-room.yaml", "robot-monster-ring.yaml",
        "robot-monster-adversarial.yaml", "robot-monster-mixed.yaml"}) {
    SCOPED_TRACE(name);
    const mdp::BuiltGraph one =
        sgplan::testing::expect_same_graph_for_every_thread_count(game_from(kSource / "configs" / name));
    EXPECT_GT(one.graph.num_states(), 0u);
  }
}

// Many windows of blocks (383,117 states: a dozen windows of 2^15 states), so blocks meet
// successors numbered by an earlier block of the same window and by earlier windows.
TEST(RobotMonsterParallelBuild, TheOpenFiveByFiveGridIsBuiltTheSame) {
  const mdp::BuiltGraph one = sgplan::testing::expect_same_graph_for_every_thread_count(
      game_from(kSource / "tools/bench/models/robot-monster-open5.yaml"), {2, 5});
  EXPECT_EQ(one.graph.num_states(), 383'117u);
}

// The limits refuse the same way: the state limit names the same count and flag.
TEST(RobotMonsterParallelBuild, TheStateLimitIsTheSameMessage) {
  const RobotMonsterGame game = game_from(kSource / "tools/bench/models/robot-monster-open5.yaml");
  for (unsigned threads : {1u, 2u}) {
    mdp::BuildOptions options;
    options.threads = threads;
    options.max_states = 100'000;
    try {
      mdp::build_graph(game, options);
      ADD_FAILURE() << "no state limit with " << threads << " threads";
    } catch (const ResourceError& e) {
      EXPECT_STREQ(
          e.what(),
          "state limit: the model has more than 100000 reachable states (raise it with --max-states)");
    }
  }
}

}  // namespace
}  // namespace sgplan::models::robot_monster
