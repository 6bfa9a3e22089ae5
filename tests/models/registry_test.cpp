// The registry of model kinds (models/registry.hpp): the built-in table, how a file is
// recognised, the refusals between families, and a toy kind (tests/models/toy_walk/) added the
// way docs/adding.md says, then loaded, built, solved and searched end to end against its closed
// form.
#include "models/registry.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "mdp/finite_horizon.hpp"
#include "mdp/reachability.hpp"
#include "tests/models/toy_walk/toy_walk.hpp"

namespace sgplan::models {
namespace {

// One folder per process: ctest runs each test in a process of its own, in parallel, and several
// write a file of the same name with different contents.
std::string write_file(const std::string& name, const std::string& text) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("sgplan_registry_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / name).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

std::string input_error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.detail();
  }
  return "no InputError";
}

TEST(Registry, BuiltinKindsInTheirOrderWithTheirFamilies) {
  const ModelRegistry& r = ModelRegistry::builtin();
  std::vector<std::string> names;
  for (const ModelKind& k : r.kinds()) names.push_back(k.name);
  EXPECT_EQ(names, (std::vector<std::string>{"explicit", "robot-monster", "nim", "formula-game", "pig",
                                             "repeated-game", "game-tree", "gomoku", "phutball", "prism",
                                             "prism-language", "jani", "ppddl", "efg", "renju-case"}));
  for (const ModelKind& k : r.kinds()) {
    switch (k.family) {
      case ModelFamily::StateGraph:
        EXPECT_TRUE(k.load_graph && !k.load_tree && !k.load_position) << k.name;
        EXPECT_FALSE(k.capabilities.default_method.empty()) << k.name;
        break;
      case ModelFamily::GameTree:
        EXPECT_TRUE(!k.load_graph && k.load_tree && !k.load_position) << k.name;
        break;
      case ModelFamily::ThreatPosition:
        // A Go-Moku position for `lambda` or a Phutball one for `threats`: one loader of the two.
        EXPECT_TRUE(!k.load_graph && !k.load_tree &&
                    (k.load_position ? !k.load_phutball : static_cast<bool>(k.load_phutball)))
            << k.name;
        break;
    }
    EXPECT_FALSE(k.summary.empty()) << k.name;
  }
  EXPECT_EQ(r.find("pig")->family, ModelFamily::StateGraph);
  EXPECT_EQ(r.find("efg")->family, ModelFamily::GameTree);
  EXPECT_EQ(r.find("renju-case")->family, ModelFamily::ThreatPosition);
  EXPECT_EQ(r.find("chess"), nullptr);
}

TEST(Registry, RecognisesByExtensionWithoutReadingTheFile) {
  // A .tra or .efg file is the format's reader's to open: recognising it reads nothing, so a
  // missing file is reported by that reader, with its own message.
  EXPECT_EQ(ModelRegistry::builtin().open("/nonexistent/m.tra").kind().name, "prism");
  EXPECT_EQ(ModelRegistry::builtin().open("/nonexistent/g.efg").kind().name, "efg");
  EXPECT_EQ(ModelRegistry::builtin().open("/nonexistent/g.efg").text(), "");
}

TEST(Registry, RecognisesYamlKindsAndReadsTheFileOnce) {
  const std::string path = write_file("nim.yaml", "model: nim\nheaps: [1, 2]\n");
  const ModelFile file = ModelRegistry::builtin().open(path);
  EXPECT_EQ(file.kind().name, "nim");
  EXPECT_EQ(file.text(), "model: nim\nheaps: [1, 2]\n");
  EXPECT_EQ(file.yaml().root()["heaps"].size(), 2u);
  // The loader reads from the opened file: removing the file after opening changes nothing.
  std::filesystem::remove(path);
  const auto model = ModelRegistry::builtin().load_graph(file, {});
  EXPECT_EQ(model->kind(), "nim");
  EXPECT_EQ(model->default_method(), "alphabeta");
}

TEST(Registry, RefusesUnknownKindsListingTheYamlKindsInOrder) {
  const std::string path = write_file("chess.yaml", "model: chess\n");
  try {
    ModelRegistry::builtin().open(path);
    ADD_FAILURE() << "no InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.detail(),
              "unknown model kind 'chess' (expected explicit, robot-monster, nim, formula-game, pig, "
              "repeated-game, game-tree, gomoku or phutball)");
    EXPECT_EQ(e.location().line, 1);
    EXPECT_EQ(e.location().column, 8);
  }
  EXPECT_EQ(input_error_of([] { ModelRegistry::builtin().open("/nonexistent/m.yaml"); }),
            "cannot open the file");
  EXPECT_NE(
      input_error_of([] { ModelRegistry::builtin().open("/nonexistent/m.nfg"); }).find("normal form is not"),
      std::string::npos);
}

TEST(Registry, EachFamilysLoaderRefusesTheOthers) {
  const ModelRegistry& r = ModelRegistry::builtin();
  const std::string tree = write_file("tree.yaml",
                                      "model: game-tree\nplayers: [A]\nroot: {player: A, infoset: a, moves: "
                                      "{l: {payoff: [1]}, r: {payoff: [0]}}}\n");
  EXPECT_EQ(
      input_error_of([&] { r.load_graph(tree, {}); }),
      "a game tree (extensive form) has no state graph: use sgplan info, strategy or export --format efg");
  const std::string nim = write_file("nim2.yaml", "model: nim\nheaps: [1]\n");
  EXPECT_EQ(input_error_of([&] { r.load_game_tree(nim, {}); }),
            "model kind 'nim' is not a game tree (expected a Gambit .efg file, `model: game-tree` or "
            "`model: repeated-game`)");
  const std::string gomoku = write_file("g.yaml", "model: gomoku\nattacker: x\nboard: |\n  . . . . .\n");
  EXPECT_EQ(input_error_of([&] { r.load_graph(gomoku, {}); }),
            "model kind 'gomoku' is a threat-search position, not a state graph (use sgplan lambda)");
}

TEST(Registry, AddRefusesDuplicatesAndEntriesWithoutTheirLoader) {
  ModelRegistry r = ModelRegistry::builtin();
  EXPECT_THROW(r.add(ModelRegistry::builtin().kinds()[0]), std::logic_error);  // the same name
  ModelKind tra = ModelRegistry::builtin().kinds()[0];
  tra.name = "other-prism";
  tra.extensions = {".tra"};
  EXPECT_THROW(r.add(tra), std::logic_error);  // an extension that belongs to prism
  ModelKind empty;
  empty.name = "empty";
  EXPECT_THROW(r.add(empty), std::logic_error);  // a state graph kind without load_graph
  EXPECT_EQ(r.kinds().size(), ModelRegistry::builtin().kinds().size());
}

// The toy kind, added as a new game is: one entry in a registry, nothing else.
class ToyKind : public ::testing::Test {
 protected:
  void SetUp() override {
    registry_ = ModelRegistry::builtin();
    registry_.add(toy_walk::toy_walk_kind());
  }
  ModelRegistry registry_;
};

TEST_F(ToyKind, IsRecognisedAndListedBesideTheBuiltinKinds) {
  const std::string path =
      write_file("walk.yaml", "model: toy-walk\nlength: 10\nstart: 3\ncoins: [0.4, 0.6]\n");
  EXPECT_EQ(registry_.open(path).kind().name, "toy-walk");
  EXPECT_EQ(registry_.yaml_names().back(), "toy-walk");
  // The built-in registry is untouched: there the kind is unknown.
  EXPECT_NE(
      input_error_of([&] { ModelRegistry::builtin().open(path); }).find("unknown model kind 'toy-walk'"),
      std::string::npos);
}

TEST_F(ToyKind, SolvesToTheGamblersRuinClosedForm) {
  const std::string path =
      write_file("walk.yaml", "model: toy-walk\nlength: 10\nstart: 3\ncoins: [0.4, 0.6]\n");
  const auto model = registry_.load_graph(path, {});
  EXPECT_EQ(model->kind(), "toy-walk");
  const mdp::BuiltGraph built = model->build({});
  EXPECT_EQ(built.graph.num_states(), 11u);      // positions 0..10
  EXPECT_EQ(built.graph.num_choices(), 9u * 2);  // two coins at each inner position
  EXPECT_EQ(built.graph.num_transitions(), 9u * 2 * 2);
  mdp::SolveOptions options;
  options.method = mdp::Method::Interval;
  options.epsilon = 1e-12;
  const mdp::Solution solution = mdp::solve_reachability(built.graph, options);
  const mdp::StateIndex s0 = built.graph.initial_state();
  const double r = 0.4 / 0.6;
  const double exact = (1.0 - std::pow(r, 3)) / (1.0 - std::pow(r, 10));
  EXPECT_LE(solution.lower[s0], exact + 1e-12);
  EXPECT_GE(solution.upper[s0], exact - 1e-12);
  EXPECT_NEAR(solution.value(s0), exact, 1e-10);
  EXPECT_EQ(model->state_name(built, s0), "at 3");
  EXPECT_EQ(model->render(built, solution, s0), "...@.......\n");  // the toy's render_state hook
  EXPECT_TRUE(model->report(built, solution).empty());             // no report_tables hook
}

TEST_F(ToyKind, TreeSearchAgreesWithTheFiniteHorizonAndRefusesNoHorizon) {
  const std::string path =
      write_file("walk.yaml", "model: toy-walk\nlength: 4\nstart: 2\ncoins: [0.3, 0.5]\n");
  const auto model = registry_.load_graph(path, {});
  TreeSearchRequest request;
  request.method = "expectimax";
  EXPECT_EQ(input_error_of([&] { model->tree_search(request); }),
            "the toy walk has endless plays: tree search needs --horizon K");
  // Within 2 steps from the middle of 0..4 the walker wins only by two heads of the fair coin.
  request.depth = 2;
  const auto result = model->tree_search(request);
  ASSERT_TRUE(result.has_value());
  EXPECT_DOUBLE_EQ(result->value, 0.25);
  EXPECT_EQ(result->best_choice, "coin2");
  const mdp::BuiltGraph built = model->build({});
  mdp::SolveOptions options;
  const mdp::Solution horizon = mdp::solve_finite_horizon(built.graph, 2, options);
  EXPECT_DOUBLE_EQ(horizon.value(built.graph.initial_state()), 0.25);
}

TEST_F(ToyKind, BadInputNamesTheFileLineAndColumn) {
  const std::string path =
      write_file("bad.yaml", "model: toy-walk\nlength: 10\nstart: 3\ncoins: [0.4, 1.5]\n");
  try {
    registry_.load_graph(path, {});
    ADD_FAILURE() << "no InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.location().file, path);
    EXPECT_EQ(e.location().line, 4);
    EXPECT_EQ(e.location().column, 14);
  }
}

}  // namespace
}  // namespace sgplan::models
