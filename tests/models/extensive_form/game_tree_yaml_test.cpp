// The `model: game-tree` YAML schema: the poker example equals Gambit's file, aliases reuse
// subtrees, payoffs on inner nodes add up, and every error names its position.
#include "models/extensive_form/game_tree_yaml.hpp"

#include <gtest/gtest.h>

#include "core/errors.hpp"
#include "tests/models/extensive_form/test_support.hpp"

namespace sgplan::models::extensive_form {
namespace {

using testing::q;

GameTree yaml_tree(const std::string& text) {
  return efg::load_game_tree_yaml(models::formats::YamlDocument::load_string(text, "tree.yaml"));
}

std::string yaml_error(const std::string& text) {
  return testing::input_error([&] { yaml_tree(text); });
}

TEST(GameTreeYaml, PokerMatchesGambitsFile) {
  SGPLAN_REQUIRE_CASES();
  const GameTree a = testing::config("poker.yaml");
  const GameTree b = testing::gambit("tests/stripped_down_poker.efg");
  ASSERT_EQ(a.num_nodes(), b.num_nodes());
  for (NodeId n = 0; n < a.num_nodes(); ++n) {
    ASSERT_EQ(a.kind(n), b.kind(n));
    EXPECT_EQ(a.parent(n), b.parent(n));
    if (a.kind(n) == NodeKind::Decision) {
      EXPECT_EQ(a.infoset_data(a.infoset(n)).label, b.infoset_data(b.infoset(n)).label);
      EXPECT_EQ(a.infoset_data(a.infoset(n)).actions, b.infoset_data(b.infoset(n)).actions);
      EXPECT_EQ(a.owner(n), b.owner(n));
    }
    if (a.kind(n) == NodeKind::Chance) {
      EXPECT_EQ(a.chance_events()[a.chance_event(n)].probabilities,
                b.chance_events()[b.chance_event(n)].probabilities);
      EXPECT_EQ(a.chance_events()[a.chance_event(n)].actions, b.chance_events()[b.chance_event(n)].actions);
    }
  }
  for (std::size_t z = 0; z < a.num_terminals(); ++z) {
    EXPECT_EQ(std::vector<Rational>(a.terminal_payoffs(z).begin(), a.terminal_payoffs(z).end()),
              std::vector<Rational>(b.terminal_payoffs(z).begin(), b.terminal_payoffs(z).end()));
  }
}

TEST(GameTreeYaml, AliasesInnerPayoffsAndGeneratedLabels) {
  const GameTree t = yaml_tree(R"(model: game-tree
title: t
comment: c
players: [A, B]
root:
  player: A
  name: start
  payoff: [1, 0]
  moves:
    l: &reply
      player: B
      infoset: B sees nothing
      moves:
        x: {payoff: [0, 1], outcome: win}
        y: {payoff: [1/2, -0.25]}
    r: *reply
)");
  EXPECT_EQ(t.title(), "t");
  EXPECT_EQ(t.comment(), "c");
  EXPECT_EQ(t.num_nodes(), 7u);
  EXPECT_EQ(t.node_name(0), "start");
  EXPECT_EQ(t.infoset_data(t.infoset(0)).label, "A:1");  // no `infoset`: a set of its own
  const Infoset& b = t.infoset_data(*t.find_infoset(1, "B sees nothing"));
  EXPECT_EQ(b.nodes.size(), 2u);
  EXPECT_EQ(t.terminal_payoffs(0)[0], 1);
  EXPECT_EQ(t.terminal_payoffs(0)[1], 1);
  EXPECT_EQ(t.terminal_payoffs(3)[0], q("3/2"));
  EXPECT_EQ(t.terminal_payoffs(3)[1], q("-1/4"));
  EXPECT_EQ(t.outcomes()[t.outcome(2)].name, "win");
  EXPECT_EQ(t.outcomes().size(), 3u);  // identical payoffs share one outcome
}

TEST(GameTreeYaml, ErrorsNamePositionFoundAndExpected) {
  const std::string head = "model: game-tree\nplayers: [A, B]\nroot:\n";
  EXPECT_EQ(
      yaml_error(head + "  payof: [1, 2]\n"),
      "tree.yaml:4:3: unknown key 'payof' in a tree node (expected player, infoset, chance, moves, payoff, "
      "outcome or name)");
  EXPECT_EQ(yaml_error(head + "  player: A\n  moves: {x: {}}\n"),
            "tree.yaml:5:14: a leaf needs `payoff` (one number per player), or `moves` to continue");
  EXPECT_EQ(yaml_error(head + "  player: C\n  moves: {x: {payoff: [1, 2]}}\n"),
            "tree.yaml:4:11: unknown player 'C' (expected one of: A, B)");
  EXPECT_EQ(yaml_error(head + "  payoff: [1]\n"),
            "tree.yaml:4:11: expected 2 payoffs (one per player), found 1");
  EXPECT_EQ(yaml_error(head + "  payoff: [1, x]\n"),
            "tree.yaml:4:15: expected a payoff (an integer, a decimal or a fraction p/q), found 'x'");
  EXPECT_EQ(
      yaml_error(head + "  chance: {h: 1/2, t: 1/3}\n  moves: {h: {payoff: [0, 0]}, t: {payoff: [0, 0]}}\n"),
      "tree.yaml:4:11: the chance probabilities sum to 5/6, expected 1");
  EXPECT_EQ(
      yaml_error(head + "  chance: {t: 1/2, h: 1/2}\n  moves: {h: {payoff: [0, 0]}, t: {payoff: [0, 0]}}\n"),
      "tree.yaml:4:12: the actions of `chance` must be those of `moves`, in the same order: expected 'h', "
      "found 't'");
  EXPECT_EQ(yaml_error(head + "  chance: {h: 1}\n  moves: {h: {payoff: [0, 0]}, t: {payoff: [0, 0]}}\n"),
            "tree.yaml:4:11: `chance` gives no probability for action 't' of `moves`");
  EXPECT_EQ(yaml_error(head + "  chance: {h: 1}\n  player: A\n  moves: {h: {payoff: [0, 0]}}\n"),
            "tree.yaml:5:11: a node is either a chance node (`chance`) or a decision node (`player`)");
  EXPECT_EQ(yaml_error(head + "  moves: {h: {payoff: [0, 0]}}\n"),
            "tree.yaml:4:3: a node with `moves` needs `player` (a decision node) or `chance`");
  EXPECT_EQ(yaml_error(head + "  player: A\n  moves: {}\n"),
            "tree.yaml:5:10: expected `moves` as a non-empty map from action names to child nodes");
  EXPECT_EQ(
      yaml_error(head +
                 "  chance: {h: 1/2, t: 1/2}\n  moves:\n"
                 "    h: {player: A, infoset: s, moves: {x: {payoff: [0, 0]}, y: {payoff: [0, 0]}}}\n"
                 "    t: {player: A, infoset: s, moves: {x: {payoff: [0, 0]}, z: {payoff: [0, 0]}}}\n"),
      "tree.yaml:7:39: information set 's' of player 'A' offers [x, y] at 6:39, but this node offers [x, z] "
      "(every node of a set must offer the same actions in the same order)");
  EXPECT_EQ(
      yaml_error(head +
                 "  player: A\n  infoset: \"A:2\"\n  moves:\n    x: {player: A, moves: {y: {payoff: [0, "
                 "0]}}}\n"),
      "tree.yaml:5:12: information set label 'A:2' of player 'A' collides with the generated label of a set "
      "without `infoset`; choose another label");
  EXPECT_EQ(yaml_error(head + "  payoff: [0, 0]\n  player: A\n"),
            "tree.yaml:5:11: a node with `player` needs `moves` (one child per action)");
  EXPECT_EQ(yaml_error("model: game-tree\nplayers: [A, A]\nroot: {payoff: [0, 0]}\n"),
            "tree.yaml:2:14: player 'A' is listed twice");
  EXPECT_EQ(yaml_error("model: game-tree\nplayers: [A]\n"),
            "tree.yaml:1:1: missing key 'root' in a game-tree model");
}

TEST(GameTreeYaml, NodeLimit) {
  const std::string text =
      "model: game-tree\nplayers: [A]\nroot:\n  player: A\n  moves: {x: {payoff: [0]}, y: {payoff: [1]}}\n";
  EXPECT_EQ(
      efg::load_game_tree_yaml(models::formats::YamlDocument::load_string(text, "t.yaml"), TreeLimits{3, 10})
          .num_nodes(),
      3u);
  EXPECT_THROW(
      efg::load_game_tree_yaml(models::formats::YamlDocument::load_string(text, "t.yaml"), TreeLimits{2, 10}),
      ResourceError);
}

// Levels of anchored nodes whose two moves are the level below (once written, once an alias):
// `levels` levels unfold into 2^(levels + 2) - 1 nodes, 2^(levels + 1) of them leaves.
std::string alias_ladder(int levels) {
  std::string root = "{player: A, moves: {L: {payoff: [0]}, R: {payoff: [1]}}}";
  for (int k = 0; k < levels; ++k) {
    const std::string anchor = "a" + std::to_string(k);
    root = "{player: A, moves: {L: &" + anchor + " " + root + ", R: *" + anchor + "}}";
  }
  return "model: game-tree\nplayers: [A]\nroot: " + root + "\n";
}

// Fuzzer finding (reported/manual-alias-dag): 41 levels of aliases unfold into 2^42 - 1 nodes; the
// loader built 5 million of them (minutes) before the node limit stopped it. The unfolded size
// is now counted over the distinct YAML nodes first.
TEST(GameTreeYaml, AliasesAreCountedUnfoldedBeforeBuilding) {
  const auto load = [](const std::string& text, std::uint64_t max_nodes) {
    return efg::load_game_tree_yaml(models::formats::YamlDocument::load_string(text, "dag.yaml"),
                                    TreeLimits{max_nodes, 1000});
  };
  const GameTree t = load(alias_ladder(10), 4095);
  EXPECT_EQ(t.num_nodes(), 4095u);
  EXPECT_EQ(t.num_terminals(), 2048u);
  EXPECT_EQ(t.max_depth(), 11u);
  try {
    load(alias_ladder(10), 4094);
    ADD_FAILURE() << "no ResourceError";
  } catch (const ResourceError& e) {
    EXPECT_STREQ(
        e.what(),
        "game tree nodes: the tree unfolds (YAML aliases repeated) into 4095 nodes, more than the limit of "
        "4094 (raise it with --max-nodes)");
  }
  try {
    load(alias_ladder(41), TreeLimits{}.max_nodes);
    ADD_FAILURE() << "no ResourceError";
  } catch (const ResourceError& e) {
    EXPECT_STREQ(
        e.what(),
        "game tree nodes: the tree unfolds (YAML aliases repeated) into 8796093022207 nodes, more than "
        "the limit of 5000000 (raise it with --max-nodes)");
  }
  // Past 2^64 the count saturates.
  try {
    load(alias_ladder(70), TreeLimits{}.max_nodes);
    ADD_FAILURE() << "no ResourceError";
  } catch (const ResourceError& e) {
    EXPECT_NE(std::string(e.what()).find("into more than 18446744073709551615 nodes"), std::string::npos)
        << e.what();
  }
}

// yaml-cpp resolves an alias inside its own anchor's node to that node: a cycle, which the loader
// followed until the depth limit.
TEST(GameTreeYaml, AliasCycleIsAnInputError) {
  EXPECT_EQ(
      yaml_error("model: game-tree\nplayers: [A]\nroot: &a {player: A, moves: {L: *a, R: {payoff: [0]}}}\n"),
      "tree.yaml:3:7: this node contains itself through a YAML alias (a game tree cannot be cyclic)");
}

TEST(GameTreeYaml, PayoffsMustBeFiniteDoubles) {
  const std::string head = "model: game-tree\nplayers: [A, B]\nroot:\n";
  EXPECT_EQ(yaml_error(head + "  payoff: [1e400, 0]\n"),
            "tree.yaml:4:12: payoff 1e400 is beyond the range of a double (about 1.8e308): a payoff must be "
            "finite");
  EXPECT_EQ(
      yaml_error(head + "  payoff: [1e308, 0]\n  player: A\n  moves:\n    x: {payoff: [0, 0]}\n"
                        "    y: {payoff: [1e308, 0]}\n"),
      "tree.yaml:8:8: the payoff of this leaf (the sum of the payoffs on its path) is beyond the range of a "
      "double (about 1.8e308): a payoff must be finite");
}

// yaml-cpp refuses nesting past 500 levels with "bad file"; the message now says what the limit
// is. A game tree 240 levels deep (480 levels of YAML) loads.
TEST(GameTreeYaml, DeepNestingLoadsOrNamesTheParsersLimit) {
  const auto nested = [](int depth) {
    std::string root;
    for (int k = 0; k < depth; ++k) root += "{player: A, moves: {L: ";
    root += "{payoff: [1]}";
    for (int k = 0; k < depth; ++k) root += "}}";
    return "model: game-tree\nplayers: [A]\nroot: " + root + "\n";
  };
  const GameTree t = yaml_tree(nested(240));
  EXPECT_EQ(t.num_nodes(), 241u);
  EXPECT_EQ(t.max_depth(), 240u);
  const std::string error = yaml_error(nested(3000));
  EXPECT_EQ(error.rfind("tree.yaml:3:", 0), 0u) << error;
  EXPECT_NE(
      error.find(": YAML nesting too deep: more than 499 levels of nested maps and lists, the YAML parser's "
                 "limit (a deeper game tree can be written as a Gambit .efg file, which does not nest)"),
      std::string::npos)
      << error;
}

}  // namespace
}  // namespace sgplan::models::extensive_form
