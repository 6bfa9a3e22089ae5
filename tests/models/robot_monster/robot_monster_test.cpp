// The robot-monster game: exact counts and values on maps solved by hand, the conventions for
// monster moves, the bounds on sizes, graph solution vs tree search, simulation.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "mdp/build_graph.hpp"
#include "mdp/finite_horizon.hpp"
#include "mdp/reachability.hpp"
#include "mdp/simulation.hpp"
#include "models/robot_monster/robot_monster_kind.hpp"
#include "search/expectimax.hpp"

namespace sgplan::models::robot_monster {
namespace {

RobotMonsterConfig config_from(const std::string& yaml) {
  return load_robot_monster_config(formats::YamlDocument::load_string(yaml, "test.yaml"));
}

mdp::BuiltGraph build(const RobotMonsterGame& game) {
  return mdp::build_graph(game);
}

double solve_value(const mdp::StateGraph& g, mdp::Method method = mdp::Method::Interval) {
  mdp::SolveOptions o;
  o.method = method;
  o.epsilon = 1e-12;
  return mdp::solve_reachability(g, o).value(g.initial_state());
}

// 1x2 map, no monsters, robots in the two rooms. By hand: R(0,1) has 4 joint moves: stay/stay to
// M(0,1), B west or A east to a meeting (two success terminals, (0,0) and (1,1)), and the swap to
// M(1,0), which is not a meeting; R(1,0) mirrors it. States: R(0,1), M(0,1), the two terminals,
// M(1,0), R(1,0) = 6; choices 4 + 4 + 1 + 1 = 10, one successor each; the value is 1.
TEST(RobotMonster, TwoRoomsNoMonstersCountsByHand) {
  RobotMonsterGame game(config_from("model: robot-monster\nmap: |\n  ..\nrobots: [[0, 0], [0, 1]]\n"));
  mdp::BuiltGraph b = build(game);
  EXPECT_EQ(b.graph.num_states(), 6u);
  EXPECT_EQ(b.graph.num_choices(), 10u);
  EXPECT_EQ(b.graph.num_transitions(), 10u);
  EXPECT_EQ(b.graph.count_owner(mdp::Owner::Max), 2u);
  EXPECT_EQ(b.graph.count_owner(mdp::Owner::Chance), 2u);
  EXPECT_EQ(b.graph.count_owner(mdp::Owner::Terminal), 2u);
  EXPECT_EQ(solve_value(b.graph), 1.0);
  // The swap leads to a non-terminal state.
  bool swapped_state = false;
  for (mdp::StateIndex s = 0; s < b.graph.num_states(); ++s) {
    if (game.describe(b.packed[s]) == "robots (0,1) (0,0), robots to move") swapped_state = true;
  }
  EXPECT_TRUE(swapped_state);
}

TEST(RobotMonster, OneRoomWithEveryoneFailsAtOnce) {
  RobotMonsterGame game(config_from(
      "model: robot-monster\nmap: |\n  .\nrobots: [[0, 0], [0, 0]]\nmonsters: [[0, 0], [0, 0]]\n"));
  mdp::BuiltGraph b = build(game);
  EXPECT_EQ(b.graph.num_states(), 1u);
  EXPECT_TRUE(b.graph.is_terminal(0));
  EXPECT_EQ(solve_value(b.graph), 0.0);  // failure has priority over the meeting
}

// 1x4 corridor, robots at both ends, a monster between them: the robots can never meet without
// stepping on the monster or being stepped on (swapping with a monster is impossible, they move in
// different half-turns), so the value is 0, found by the graph precomputation alone.
TEST(RobotMonster, CorridorWithMonsterBetweenIsLost) {
  RobotMonsterGame game(
      config_from("model: robot-monster\nmap: |\n  ....\nrobots: [[0, 0], [0, 3]]\nmonsters: [[0, 1]]\n"));
  mdp::BuiltGraph b = build(game);
  mdp::Solution s = mdp::solve_interval(b.graph, {});
  EXPECT_EQ(s.lower[0], 0.0);
  EXPECT_EQ(s.upper[0], 0.0);
  EXPECT_EQ(s.iterations, 0u);
}

// 2x3 open map, robots in the top corners, the monster between them (top middle, room 1).
// By hand, legal moves: the monster has three destinations (0, 2, 4), 1/3 each.
//   stay,stay: caught with 2/3; with 1/3 it goes to 4 and the robots meet in 1 at once: 1/3.
//   S,S: the robots go to the bottom corners, out of reach; the monster goes to 0 or 2 (2/3) and
//        they meet in 4 at once, or to 4 (1/3): the mirror image of the start. Never caught: V = 1.
// With attempted moves the monster also stays with 1/4 (its north is blocked): stay,stay gives
// 1/4 (to 4) + 1/4 (stays: back to the start, value 1) = 1/2, and S,S still gives 1.
TEST(RobotMonster, TwoByThreeByHand) {
  for (const char* moves : {"legal", "attempted"}) {
    RobotMonsterGame game(
        config_from(std::string("model: robot-monster\nmap: |\n  ...\n  ...\n") +
                    "robots: [[0, 0], [0, 2]]\nmonsters: [[0, 1]]\nmonster_moves: " + moves + "\n"));
    mdp::BuiltGraph b = build(game);
    const mdp::StateGraph& g = b.graph;
    for (mdp::Method m : {mdp::Method::Interval, mdp::Method::Policy, mdp::Method::Topological}) {
      mdp::SolveOptions o;
      o.method = m;
      mdp::Solution s = mdp::solve_reachability(g, o);
      EXPECT_EQ(s.value(0), 1.0);
      EXPECT_EQ(g.choice_label(s.policy[0]), "S,S");
      std::map<std::string, double> choice_value;
      std::vector<double> v(g.num_states());
      for (mdp::StateIndex t = 0; t < g.num_states(); ++t) v[t] = s.value(t);
      for (mdp::ChoiceIndex c = g.first_choice(0); c < g.end_choice(0); ++c) {
        choice_value[g.choice_label(c)] = g.expectation(c, v);
      }
      const double stay = std::string(moves) == "legal" ? 1.0 / 3.0 : 0.5;
      EXPECT_NEAR(choice_value["stay,stay"], stay, 1e-12) << moves;
      EXPECT_EQ(choice_value["S,S"], 1.0);
      EXPECT_EQ(choice_value["E,stay"], 0.0);  // A steps onto the monster
    }
  }
}

// The two conventions on a dead end: a monster whose only free neighbour is east.
TEST(RobotMonster, LegalAndAttemptedMovesOnADeadEnd) {
  const std::string map = "model: robot-monster\nmap: |\n  ...#\n  ##..\nrobots: [[1, 3], [1, 2]]\n";
  // Monsters at (0,0) (dead end: east only) and (0,1) (west and east).
  for (const char* moves : {"legal", "attempted"}) {
    RobotMonsterConfig c = config_from(map + "monsters: [[0, 0], [0, 1]]\nmonster_moves: " + moves + "\n");
    RobotMonsterGame game(c);
    // Find the first monsters-to-move state reached by the robots staying.
    RobotMonsterGame::State start = game.initial();
    RobotMonsterGame::State after_stay = 0;
    game.for_each_choice(start, [&](mdp::LabelId label, std::span<const mdp::Outcome<std::uint64_t>> o) {
      if (game.label_name(label) == "stay,stay") after_stay = o[0].state;
    });
    ASSERT_FALSE(game.robots_to_move(after_stay));
    std::map<std::pair<std::uint32_t, std::uint32_t>, double> dist;
    game.for_each_choice(after_stay,
                         [&](mdp::LabelId, std::span<const mdp::Outcome<std::uint64_t>> outcomes) {
                           for (const auto& o : outcomes)
                             dist[{game.room_of(o.state, 2), game.room_of(o.state, 3)}] += o.probability;
                         });
    // Rooms: (0,0)=0, (0,1)=1, (0,2)=2, (1,2)=3, (1,3)=4.
    if (std::string(moves) == "legal") {
      // Monster 1: to room 1 surely. Monster 2: to 0 or 2, 1/2 each.
      EXPECT_EQ(dist.size(), 2u);
      EXPECT_DOUBLE_EQ((dist[{1, 0}]), 0.5);
      EXPECT_DOUBLE_EQ((dist[{1, 2}]), 0.5);
    } else {
      // Monster 1: east 1/4, stays 3/4. Monster 2: west 1/4, east 1/4, stays 1/2 (N and S blocked).
      EXPECT_EQ(dist.size(), 6u);
      EXPECT_DOUBLE_EQ((dist[{1, 0}]), 1.0 / 16);
      EXPECT_DOUBLE_EQ((dist[{1, 2}]), 1.0 / 16);
      EXPECT_DOUBLE_EQ((dist[{1, 1}]), 1.0 / 8);
      EXPECT_DOUBLE_EQ((dist[{0, 0}]), 3.0 / 16);
      EXPECT_DOUBLE_EQ((dist[{0, 2}]), 3.0 / 16);
      EXPECT_DOUBLE_EQ((dist[{0, 1}]), 3.0 / 8);
    }
  }
}

const char* kSmallMaps[] = {
    "model: robot-monster\nmap: |\n  ....\n  .#..\n  ....\nrobots: [[0, 0], [2, 3]]\nmonsters: [[0, 3], [2, "
    "0]]\n",
    "model: robot-monster\nmap: |\n  ...\n  .#.\n  ...\nrobots: [[0, 0], [2, 2]]\nmonsters: [[1, "
    "0]]\nmonster_moves: attempted\n",
    "model: robot-monster\nmap: |\n  ....\n  ....\n  ....\nrobots: [[0, 0], [2, 3]]\nmonsters: [[0, 3], [2, "
    "0]]\n"
    "monster_behaviour: adversarial\n",
    "model: robot-monster\nmap: |\n  .....\n  .#.#.\n  .....\nrobots: [[0, 0], [2, 4]]\nmonsters: [[0, 4], "
    "[2, 0]]\n",
    "model: robot-monster\nmap: |\n  ..#..\n  .....\nrobots: [[0, 0], [0, 4], [1, 2]]\nmonsters: [[1, 0]]\n",
};

// Every state is one of rooms^agents positions times two markers; at most 25 joint robot moves and
// 16 monster outcomes (two robots, two monsters).
TEST(RobotMonster, SizesStayWithinTheBounds) {
  for (const char* yaml : kSmallMaps) {
    RobotMonsterGame game(config_from(yaml));
    mdp::BuiltGraph b = build(game);
    EXPECT_LE(b.graph.num_states(), game.packed_bound());
    std::set<std::uint64_t> keys(b.packed.begin(), b.packed.end());
    EXPECT_EQ(keys.size(), b.packed.size());
    if (game.robots() == 2 && game.monsters() == 2) {
      for (mdp::StateIndex s = 0; s < b.graph.num_states(); ++s) {
        if (b.graph.owner(s) == mdp::Owner::Max) {
          EXPECT_LE(b.graph.num_choices(s), 25u);
        }
        if (b.graph.owner(s) == mdp::Owner::Chance) {
          EXPECT_LE(b.graph.end_entry(b.graph.first_choice(s)) - b.graph.first_entry(b.graph.first_choice(s)),
                    16u);
        }
      }
    }
  }
}

// The tree search on the implicit model equals the graph's k-step backup for every k up to 12.
TEST(RobotMonster, TreeSearchEqualsGraphFiniteHorizon) {
  for (const char* yaml : kSmallMaps) {
    RobotMonsterGame game(config_from(yaml));
    mdp::BuiltGraph b = build(game);
    for (std::uint32_t k = 0; k <= 12; ++k) {
      mdp::Solution fh = mdp::solve_finite_horizon(b.graph, k, {});
      search::ExpectimaxOptions o;
      o.depth = k;
      search::ExpectimaxResult r = search::expectimax(game, game.initial(), o);
      EXPECT_NEAR(r.value, fh.lower[0], 1e-12) << yaml << " k=" << k;
      if (k > 0) {
        EXPECT_GT(r.nodes, 0u);
      }
    }
  }
}

// Longer horizons approach the eventual value from below.
TEST(RobotMonster, HorizonValuesIncreaseToTheEventualValue) {
  RobotMonsterGame game(config_from(kSmallMaps[0]));
  mdp::BuiltGraph b = build(game);
  const double eventual = solve_value(b.graph);
  double previous = 0.0;
  for (std::uint32_t k = 0; k <= 400; k += 20) {
    const double v = mdp::solve_finite_horizon(b.graph, k, {}).lower[0];
    EXPECT_GE(v, previous - 1e-15);
    EXPECT_LE(v, eventual + 1e-9);
    previous = v;
  }
  EXPECT_NEAR(previous, eventual, 1e-6);
}

// Simulating the extracted policy agrees with the computed value: the estimate over 20000 runs lies
// within 4.5 standard errors (a fixed seed makes the test deterministic).
TEST(RobotMonster, SimulationAgreesWithTheValue) {
  for (const char* yaml : {kSmallMaps[0], kSmallMaps[1], kSmallMaps[3]}) {
    RobotMonsterGame game(config_from(yaml));
    mdp::BuiltGraph b = build(game);
    mdp::Solution s = mdp::solve_interval(b.graph, {});
    mdp::SimulationOptions so;
    so.runs = 20000;
    so.seed = 12345;
    mdp::SimulationResult r = mdp::simulate(b.graph, s.policy, so);
    const double v = s.value(0);
    const double se = std::sqrt(std::max(v * (1 - v), 1e-4) / static_cast<double>(so.runs));
    EXPECT_NEAR(r.estimate, v, 4.5 * se + (s.upper[0] - s.lower[0])) << yaml;
    EXPECT_EQ(r.truncated, 0u);
  }
}

// Adversarial monsters: no chance left, so the value is 0 or 1 and the attractor gives it exactly.
TEST(RobotMonster, AdversarialIsWinOrLose) {
  RobotMonsterGame game(config_from(kSmallMaps[2]));
  mdp::BuiltGraph b = build(game);
  ASSERT_TRUE(mdp::is_deterministic_win_lose(b.graph));
  mdp::Solution a = mdp::solve_attractor(b.graph, {});
  mdp::Solution i = mdp::solve_interval(b.graph, {});
  for (mdp::StateIndex s = 0; s < b.graph.num_states(); ++s) EXPECT_EQ(a.lower[s], i.lower[s]);
}

}  // namespace
}  // namespace sgplan::models::robot_monster
