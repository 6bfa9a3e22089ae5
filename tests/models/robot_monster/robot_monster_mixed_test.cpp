// A behaviour per monster (`monster_behaviour: [adversarial, random]`): the mixed game against its
// PRISM-language encoding (the anchor script's PRISM-games smg, read and solved by sgplan's PRISM
// reader), the all-alike lists against the shorthand (the same graph, entry for entry), a tiny grid
// solved by hand, the shape of a mixed monsters' state, tree search against the graph's finite
// horizon, the order of values between the behaviours, the reachable-state bound, and the loader's
// errors.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "core/errors.hpp"
#include "mdp/build_graph.hpp"
#include "mdp/exact_solve.hpp"
#include "mdp/finite_horizon.hpp"
#include "mdp/reachability.hpp"
#include "models/registry.hpp"
#include "models/robot_monster/robot_monster_bound.hpp"
#include "models/robot_monster/robot_monster_kind.hpp"
#include "search/expectimax.hpp"
#include "tests/support/same_graph.hpp"

namespace sgplan::models::robot_monster {
namespace {

namespace fs = std::filesystem;
const fs::path kSource = SGPLAN_SOURCE_DIR;

RobotMonsterConfig config_from(const std::string& yaml) {
  return load_robot_monster_config(formats::YamlDocument::load_string(yaml, "test.yaml"));
}

// The message of the InputError that loading `yaml` throws ("" when it loads).
std::string load_error(const std::string& yaml) {
  try {
    config_from(yaml);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

mdp::Solution solve(const mdp::StateGraph& g) {
  mdp::SolveOptions o;
  o.epsilon = 1e-12;
  return mdp::solve_reachability(g, o);
}

// The exact value of the initial state: strategy iteration in rationals from interval iteration's
// strategies (sgplan solve --exact).
Rational exact_value(const RobotMonsterGame& game) {
  mdp::BuildOptions b;
  b.keep_exact = true;
  const mdp::BuiltGraph built = mdp::build_graph(game, b);
  const mdp::ExactSolution e = mdp::solve_exact(built.graph, solve(built.graph).policy);
  return e.value[built.graph.initial_state()];
}

// The tiny grid solved by hand below: robots A (0,1) and B (2,2), monster 1 (0,2), monster 2 (2,1).
const std::string kHandGrid =
    "model: robot-monster\nmap: |\n  #...\n  ....\n  ...#\nrobots: [[0, 1], [2, 2]]\n"
    "monsters: [[0, 2], [2, 1]]\n";

// Small maps for the comparisons; two monsters each (the anchor script's shape: two robots, two
// monsters, legal moves), one without walls, one with, one where a monster starts in a dead end.
const std::vector<std::string> kTwoMonsterMaps{
    kHandGrid,
    "model: robot-monster\nmap: |\n  ....\n  .#..\n  ....\nrobots: [[0, 0], [2, 3]]\nmonsters: [[0, 3], [2, "
    "0]]\n",
    "model: robot-monster\nmap: |\n  ...#\n  ##..\n  ....\nrobots: [[2, 0], [1, 3]]\nmonsters: [[0, 0], [2, "
    "2]]\n",
};

// ---------------------------------------------------------------------------------------------
// The PRISM-language encoding.

struct LoadedGraph {
  mdp::BuiltGraph built;
  mdp::Solution solution;
};

LoadedGraph load_and_solve(const fs::path& file, const LoadOptions& options) {
  const auto model = load_graph_model(file.string(), options);
  LoadedGraph out{model->build({}), {}};
  out.solution = solve(out.built.graph);
  return out;
}

LoadOptions prism_options() {
  LoadOptions o;
  o.target_label = "\"success\"";
  o.coalition = "robots";
  return o;
}

// The YAML model and the PRISM encoding have the same reachable states: every position of the four
// agents with the turn (the encoding's `turn`, sgplan's marker bit). They differ in what a game
// over looks like: sgplan ends the game at a success (value 1) or a failure (value 0) terminal; the
// encoding keeps a `[] done -> true` self-loop, which sgplan's PRISM reader turns into a terminal
// where the target label holds and into a robots' state with one self-loop choice where it does
// not. So the encoding has every failure as one more Max state, choice and transition; the
// monsters' states (Min, or chance in sgplan where every monster wanders and a Min state with one
// choice in the smg) match one for one. The values agree to the solvers' precision.
void expect_same_game(const LoadedGraph& yaml, const LoadedGraph& prism, const std::string& what) {
  SCOPED_TRACE(what);
  const mdp::StateGraph& y = yaml.built.graph;
  const mdp::StateGraph& p = prism.built.graph;
  std::size_t successes = 0, failures = 0;
  for (mdp::StateIndex s = 0; s < y.num_states(); ++s) {
    if (!y.is_terminal(s)) continue;
    (y.terminal_value(s) == 1.0 ? successes : failures) += 1;
  }
  EXPECT_EQ(p.num_states(), y.num_states());
  EXPECT_EQ(p.count_owner(mdp::Owner::Terminal), successes);
  EXPECT_EQ(p.count_owner(mdp::Owner::Max), y.count_owner(mdp::Owner::Max) + failures);
  EXPECT_EQ(p.count_owner(mdp::Owner::Min) + p.count_owner(mdp::Owner::Chance),
            y.count_owner(mdp::Owner::Min) + y.count_owner(mdp::Owner::Chance));
  EXPECT_EQ(p.num_choices(), y.num_choices() + failures);
  EXPECT_EQ(p.num_transitions(), y.num_transitions() + failures);
  EXPECT_GT(failures, 0u);
  EXPECT_TRUE(yaml.solution.sound);
  EXPECT_TRUE(prism.solution.sound);
  EXPECT_NEAR(yaml.solution.value(y.initial_state()), prism.solution.value(p.initial_state()), 1e-9);
  // The sound bounds of each contain the other's value.
  EXPECT_LE(yaml.solution.lower[y.initial_state()], prism.solution.upper[p.initial_state()] + 1e-12);
  EXPECT_LE(prism.solution.lower[p.initial_state()], yaml.solution.upper[y.initial_state()] + 1e-12);
}

// The shipped mixed config against the encoding the anchor script wrote for it, kept under tests/
// so that this runs on every machine.
TEST(RobotMonsterMixed, ShippedConfigEqualsItsSavedPrismEncoding) {
  const LoadedGraph yaml = load_and_solve(kSource / "configs/robot-monster-mixed.yaml", {});
  const LoadedGraph prism =
      load_and_solve(kSource / "tests/models/robot_monster/data/robot-monster-mixed.prism", prism_options());
  expect_same_game(yaml, prism, "configs/robot-monster-mixed.yaml");
}

// Runs the anchor script on `config`; false (with the reason) where it cannot run here.
bool run_anchor_script(const fs::path& config, const std::string& mode, const fs::path& out,
                       std::string& why) {
  const fs::path script = kSource / ".." / "shared" / "anchors" / "robot_monster_to_prism.py";
  if (!fs::exists(script)) {
    why = "the anchor script is absent: " + script.string();
    return false;
  }
  const fs::path err = out.string() + ".err";
  const std::string command = "python3 '" + script.string() + "' '" + config.string() +
                              "' --type smg --mode " + mode + " > '" + out.string() + "' 2> '" +
                              err.string() + "'";
  if (std::system(command.c_str()) != 0) {
    std::ifstream in(err);
    std::stringstream text;
    text << in.rdbuf();
    why = "python3 could not run the anchor script (python3 or PyYAML missing?): " + text.str();
    return false;
  }
  return true;
}

// The anchor script's encoding of each small map, in each of its three modes, against the YAML
// with the same behaviours (its mixed mode: the first monster hunts, the second wanders).
TEST(RobotMonsterMixed, EqualsTheAnchorScriptsPrismEncoding) {
  const fs::path dir = fs::temp_directory_path() / ("sgplan_rm_mixed_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::vector<std::string> configs = kTwoMonsterMaps;
  {
    std::ifstream in(kSource / "configs/robot-monster-mixed.yaml");
    std::stringstream text;
    text << in.rdbuf();
    configs.push_back(text.str().substr(0, text.str().find("\nmonster_behaviour:") + 1));
  }
  const std::vector<std::pair<std::string, std::string>> modes{
      {"mixed", "[adversarial, random]"}, {"adversarial", "adversarial"}, {"random", "random"}};
  int compared = 0;
  std::string why;
  for (std::size_t i = 0; i < configs.size(); ++i) {
    for (const auto& [mode, behaviour] : modes) {
      const fs::path yaml = dir / ("map" + std::to_string(i) + "-" + mode + ".yaml");
      std::ofstream(yaml) << configs[i] << "monster_behaviour: " << behaviour << "\n";
      const fs::path prism = dir / ("map" + std::to_string(i) + "-" + mode + ".prism");
      if (!run_anchor_script(yaml, mode, prism, why)) break;
      expect_same_game(load_and_solve(yaml, {}), load_and_solve(prism, prism_options()),
                       configs[i] + "monster_behaviour: " + behaviour);
      ++compared;
    }
  }
  fs::remove_all(dir);
  if (compared == 0) GTEST_SKIP() << why;
  EXPECT_EQ(compared, static_cast<int>(configs.size() * modes.size())) << why;
}

// ---------------------------------------------------------------------------------------------
// The lists with every monster alike are the shorthand.

TEST(RobotMonsterMixed, AllAlikeListsAreTheShorthand) {
  std::vector<std::string> maps = kTwoMonsterMaps;
  maps.push_back(
      "model: robot-monster\nmap: |\n  ...\n  .#.\n  ...\nrobots: [[0, 0], [2, 2]]\nmonsters: [[1, 0]]\n"
      "monster_moves: attempted\n");
  maps.push_back(
      "model: robot-monster\nmap: |\n  ..#.\n  ....\nrobots: [[0, 0], [0, 3]]\nmonsters: [[1, 0], [0, 1], "
      "[1, "
      "3]]\nmonster_moves: attempted\n");
  for (const std::string& map : maps) {
    const std::size_t monsters = config_from(map).monsters.size();
    for (const char* behaviour : {"random", "adversarial"}) {
      std::string list = "[";
      for (std::size_t j = 0; j < monsters; ++j) list += std::string(j ? ", " : "") + behaviour;
      list += "]";
      SCOPED_TRACE(map + "monster_behaviour: " + list);
      const RobotMonsterGame shorthand(config_from(map + "monster_behaviour: " + behaviour + "\n"));
      const RobotMonsterGame listed(config_from(map + "monster_behaviour: " + list + "\n"));
      const mdp::BuiltGraph a = mdp::build_graph(shorthand);
      const mdp::BuiltGraph b = mdp::build_graph(listed);
      sgplan::testing::expect_same_built_graph(a, b);
      const mdp::Solution sa = solve(a.graph), sb = solve(b.graph);
      EXPECT_EQ(sa.lower, sb.lower);
      EXPECT_EQ(sa.upper, sb.upper);
      EXPECT_EQ(sa.policy, sb.policy);
    }
  }
  // Without the key the monsters wander: the same as the shorthand `random`.
  sgplan::testing::expect_same_built_graph(
      mdp::build_graph(RobotMonsterGame(config_from(kHandGrid))),
      mdp::build_graph(RobotMonsterGame(config_from(kHandGrid + "monster_behaviour: random\n"))));
}

// ---------------------------------------------------------------------------------------------
// A tiny grid solved by hand.
//
//     c0 c1 c2 c3      A, B robots; 1 monster 1 (hunts in the mixed game); 2 monster 2 (wanders)
//   r0 #  A  1  .
//   r1 .  .  .  .
//   r2 .  2  B  #
//
// A's steps: S to (1,1), or E onto monster 1 (caught); B's: N to (1,2), or W onto monster 2. Monster
// 1 steps S (1,2), E (0,3) or W (0,1); monster 2 N (1,1), E (2,2) or W (2,0). The robots' four
// joint moves that do not walk onto a monster:
//   stay,stay  A (0,1), B (2,2): monster 1 can step onto A.
//   S,stay     A (1,1), B (2,2): monster 2 lands on A or B with 2/3; with 1/3 it steps W to (2,0),
//              and then (2,1) is free and next to both robots: they meet there (monster 1, wherever it
//              went, is not in it). Exactly 1/3, whatever monster 1 does.
//   stay,N     A (0,1), B (1,2): both next to monster 1, which can step onto either; monster 2 cannot
//              reach them. With monster 1 stepping E to (0,3) (1/3 when it wanders), (0,2) is free
//              and next to both (monster 2 cannot reach it): they meet. Exactly the probability
//              that monster 1 steps away.
//   S,N        A (1,1), B (1,2), side by side: caught if monster 1 steps S (onto B) or monster 2 N
//              (onto A); otherwise they meet at once on their next move.
// Their worth under each behaviour, in that order, and the game's value, the best of the four:
//   [adversarial, random]  0 (1 steps W onto A), 1/3, 0 (1 steps onto A or B), 0 (1 steps S onto B)
//                          -> 1/3, by S,stay
//   [random, adversarial]  0 (2 steps E onto B), 0 (2 steps N onto A), 1/3 (1 steps E with 1/3),
//                          0 (2 steps N onto A) -> 1/3, by stay,N
//   random                 < 4/9 (A survives monster 1 with 2/3 and B monster 2 with 2/3, and no
//                          meeting is sure after that), 1/3, 1/3, (2/3)(2/3) = 4/9 -> 4/9, by S,N
//   adversarial            0, 0, 0, 0 -> 0
// The hunter changes the robots' plan: where it hunts, they keep out of its reach.
TEST(RobotMonsterMixed, TinyGridByHand) {
  const std::vector<std::tuple<std::string, Rational, std::string>> cases{
      {"[adversarial, random]", Rational(1, 3), "S,stay"},
      {"[random, adversarial]", Rational(1, 3), "stay,N"},
      {"random", Rational(4, 9), "S,N"},
      {"adversarial", Rational(0), ""},
  };
  for (const auto& [behaviour, value, first] : cases) {
    SCOPED_TRACE(behaviour);
    const RobotMonsterGame game(config_from(kHandGrid + "monster_behaviour: " + behaviour + "\n"));
    EXPECT_EQ(exact_value(game), value);
    const mdp::BuiltGraph built = mdp::build_graph(game);
    const mdp::Solution s = solve(built.graph);
    EXPECT_NEAR(s.value(0), static_cast<double>(value), 1e-12);
    // The hand analysis's best first move is the only one worth the value (where it is positive).
    if (!first.empty()) {
      std::vector<double> v(built.graph.num_states());
      for (mdp::StateIndex t = 0; t < v.size(); ++t) v[t] = s.value(t);
      for (mdp::ChoiceIndex c = built.graph.first_choice(0); c < built.graph.end_choice(0); ++c) {
        const double worth = built.graph.expectation(c, v);
        if (built.graph.choice_label(c) == first) {
          EXPECT_NEAR(worth, static_cast<double>(value), 1e-12);
        } else {
          EXPECT_LT(worth, static_cast<double>(value) - 1e-6) << built.graph.choice_label(c);
        }
      }
    }
  }
}

// The monsters' state after S,stay in the mixed hand grid: a Min state whose choices are monster
// 1's three steps, each a distribution over monster 2's three, 1/3 apiece.
TEST(RobotMonsterMixed, AMixedMonstersStateIsTheHuntersChoiceThenTheWanderersChance) {
  const RobotMonsterGame game(config_from(kHandGrid + "monster_behaviour: [adversarial, random]\n"));
  EXPECT_EQ(game.behaviour_of(0), MonsterBehaviour::Adversarial);
  EXPECT_EQ(game.behaviour_of(1), MonsterBehaviour::Random);
  RobotMonsterGame::State after = 0;
  bool found = false;
  game.for_each_choice(game.initial(),
                       [&](mdp::LabelId label, std::span<const mdp::Outcome<std::uint64_t>> o) {
                         if (game.label_name(label) != "S,stay") return;
                         ASSERT_EQ(o.size(), 1u);
                         after = o[0].state;
                         found = true;
                       });
  ASSERT_TRUE(found);
  EXPECT_EQ(game.owner(after), mdp::Owner::Min);
  EXPECT_EQ(game.describe(after), "robots (1,1) (2,2), monsters (0,2) (2,1), monsters to move");
  const GridMap& map = game.config().map;
  const auto room = [&](int r, int c) { return map.room_at(r, c); };
  // Monster 1's step per label; monster 2's rooms with their probabilities, the same under each.
  const std::map<std::string, std::uint32_t> hunter{{"monsters S,random", room(1, 2)},
                                                    {"monsters E,random", room(0, 3)},
                                                    {"monsters W,random", room(0, 1)}};
  const std::map<std::uint32_t, double> wanderer{
      {room(1, 1), 1.0 / 3}, {room(2, 2), 1.0 / 3}, {room(2, 0), 1.0 / 3}};
  std::size_t choices = 0;
  game.for_each_choice(after, [&](mdp::LabelId label, std::span<const mdp::Outcome<std::uint64_t>> outcomes) {
    ++choices;
    const std::string name = game.label_name(label);
    ASSERT_TRUE(hunter.count(name)) << name;
    std::map<std::uint32_t, double> seen;
    for (const auto& o : outcomes) {
      EXPECT_EQ(game.room_of(o.state, 2), hunter.at(name)) << name;
      EXPECT_EQ(game.room_of(o.state, 0), room(1, 1));  // the robots stay where they are
      EXPECT_EQ(game.room_of(o.state, 1), room(2, 2));
      EXPECT_TRUE(game.robots_to_move(o.state));
      seen[game.room_of(o.state, 3)] += o.probability;
    }
    EXPECT_EQ(seen, wanderer) << name;
  });
  EXPECT_EQ(choices, 3u);
}

// ---------------------------------------------------------------------------------------------
// Tree search, the order of the behaviours' values, the bound.

// Expectimax on the implicit model equals the graph's k-step backward induction, where a Min choice
// and its random outcome are one step.
TEST(RobotMonsterMixed, TreeSearchEqualsGraphFiniteHorizon) {
  for (const std::string& map : kTwoMonsterMaps) {
    for (const char* behaviour : {"[adversarial, random]", "[random, adversarial]"}) {
      SCOPED_TRACE(map + behaviour);
      const RobotMonsterGame game(config_from(map + "monster_behaviour: " + behaviour + "\n"));
      const mdp::BuiltGraph b = mdp::build_graph(game);
      for (std::uint32_t k = 0; k <= 10; ++k) {
        search::ExpectimaxOptions o;
        o.depth = k;
        EXPECT_NEAR(search::expectimax(game, game.initial(), o).value,
                    mdp::solve_finite_horizon(b.graph, k, {}).lower[0], 1e-12)
            << "k=" << k;
      }
    }
  }
}

// A monster that hunts instead of wandering replaces an average over its steps by their minimum, so
// no state's value can rise: all hunting <= each mixed list <= all wandering, state by state (the
// four games have the same states: the same steps are possible).
TEST(RobotMonsterMixed, HuntingNeverHelpsTheRobots) {
  for (const std::string& map : kTwoMonsterMaps) {
    // Per behaviour, the value of each state by its packed key (the builds number states in the
    // order they meet them, which the order of the choices changes).
    std::vector<std::map<std::uint64_t, double>> values;
    for (const char* behaviour :
         {"adversarial", "[adversarial, random]", "[random, adversarial]", "random"}) {
      const RobotMonsterGame game(config_from(map + "monster_behaviour: " + behaviour + "\n"));
      const mdp::BuiltGraph b = mdp::build_graph(game);
      const mdp::Solution s = solve(b.graph);
      std::map<std::uint64_t, double> v;
      for (mdp::StateIndex t = 0; t < b.graph.num_states(); ++t) v[b.packed[t]] = s.value(t);
      values.push_back(std::move(v));
    }
    std::size_t strict = 0;
    for (const auto& [key, all_hunting] : values[0]) {
      ASSERT_TRUE(values[1].count(key) && values[2].count(key) && values[3].count(key)) << map;
      for (std::size_t mixed : {1, 2}) {
        EXPECT_LE(all_hunting, values[mixed][key] + 1e-9) << map << " state " << key;
        EXPECT_LE(values[mixed][key], values[3][key] + 1e-9) << map << " state " << key;
        strict += values[mixed][key] < values[3][key] - 1e-6;
      }
    }
    for (std::size_t i = 1; i < 4; ++i) EXPECT_EQ(values[i].size(), values[0].size()) << map;
    EXPECT_GT(strict, 0u) << map;  // the hunter matters somewhere
  }
}

// The proven lower bound on the reachable states holds for lists too (random maps and lists).
TEST(RobotMonsterMixed, ReachableLowerBoundHoldsForLists) {
  std::mt19937 rng(2024);
  int positive = 0;
  for (int round = 0; round < 80; ++round) {
    const int rows = 2 + static_cast<int>(rng() % 2), columns = 2 + static_cast<int>(rng() % 3);
    std::string map;
    std::vector<std::pair<int, int>> free;
    for (int r = 0; r < rows; ++r) {
      map += "  ";
      for (int c = 0; c < columns; ++c) {
        const bool wall = rng() % 6 == 0;
        map += wall ? '#' : '.';
        if (!wall) free.emplace_back(r, c);
      }
      map += "\n";
    }
    if (free.size() < 2) continue;
    const auto position = [&] {
      const auto [r, c] = free[rng() % free.size()];
      return "[" + std::to_string(r) + ", " + std::to_string(c) + "]";
    };
    std::string yaml =
        "model: robot-monster\nmap: |\n" + map + "robots: [" + position() + ", " + position() + "]\n";
    const std::size_t monsters = 2 + rng() % 2;
    std::string where = "monsters: [", list = "monster_behaviour: [";
    for (std::size_t j = 0; j < monsters; ++j) {
      where += (j ? ", " : "") + position();
      list += std::string(j ? ", " : "") + (rng() % 2 ? "adversarial" : "random");
    }
    yaml += where + "]\n" + list + "]\n";
    if (rng() % 2) yaml += "monster_moves: attempted\n";
    SCOPED_TRACE(yaml);
    const RobotMonsterGame game(config_from(yaml));
    const std::uint64_t bound = robot_monster_reachable_lower_bound(game);
    EXPECT_LE(bound, mdp::build_graph(game).graph.num_states());
    positive += bound > 0;
  }
  EXPECT_GT(positive, 15);
}

// ---------------------------------------------------------------------------------------------
// The loader.

TEST(RobotMonsterMixed, LoaderErrorsNameThePlaceAndWhatWasExpected) {
  const std::string two =
      "model: robot-monster\nmap: |\n  ....\nrobots: [[0, 0], [0, 3]]\nmonsters: [[0, 1], [0, 2]]\n";
  EXPECT_EQ(load_error(two + "monster_behaviour: [adversarial, random, random]\n"),
            "test.yaml:6:20: expected one monster_behaviour per monster (2 monsters), found a list of 3");
  EXPECT_EQ(load_error(two + "monster_behaviour: [adversarial]\n"),
            "test.yaml:6:20: expected one monster_behaviour per monster (2 monsters), found a list of 1");
  EXPECT_EQ(load_error("model: robot-monster\nmap: |\n  ....\nrobots: [[0, 0], [0, 3]]\nmonster_behaviour: "
                       "[random]\n"),
            "test.yaml:5:20: expected one monster_behaviour per monster (0 monsters), found a list of 1");
  EXPECT_EQ(load_error(two + "monster_behaviour: [adversarial, clever]\n"),
            "test.yaml:6:34: unknown monster_behaviour 'clever' (expected random or adversarial)");
  EXPECT_EQ(
      load_error(two + "monster_behaviour: {first: adversarial}\n"),
      "test.yaml:6:20: expected monster_behaviour as random or adversarial (every monster), or a list of "
      "them with one per monster");
  EXPECT_EQ(load_error(two + "monster_behaviour: [[adversarial], random]\n"),
            "test.yaml:6:21: expected monster_behaviour, found a list");
  // The shorthand and a list together: yaml-cpp would keep the first silently.
  EXPECT_EQ(load_error(two + "monster_behaviour: random\nmonster_behaviour: [adversarial, random]\n"),
            "test.yaml:7:1: key 'monster_behaviour' is given twice in a robot-monster model (first at 6:1)");
  EXPECT_EQ(load_error(
                two + "monster_behaviour: [adversarial, random]\nmonster_moves: legal\nmonsters: [[0, 1]]\n"),
            "test.yaml:8:1: key 'monsters' is given twice in a robot-monster model (first at 5:1)");
  // An empty list with no monsters is the default; so is a one-monster list for one monster.
  EXPECT_EQ(
      load_error("model: robot-monster\nmap: |\n  ....\nrobots: [[0, 0], [0, 3]]\nmonster_behaviour: []\n"),
      "");
  EXPECT_EQ(config_from(two + "monster_behaviour: [random, adversarial]\n").behaviours,
            (std::vector<MonsterBehaviour>{MonsterBehaviour::Random, MonsterBehaviour::Adversarial}));
}

// The game itself refuses a list of the wrong length (a caller that skips the loader).
TEST(RobotMonsterMixed, TheGameRefusesAListOfTheWrongLength) {
  RobotMonsterConfig config = config_from(kHandGrid);
  config.behaviours = {MonsterBehaviour::Adversarial};
  EXPECT_THROW(RobotMonsterGame{config}, std::invalid_argument);
}

}  // namespace
}  // namespace sgplan::models::robot_monster
