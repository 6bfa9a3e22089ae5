// Repeated games compiled into trees: the two-round prisoners' dilemma of the issue, the node
// count formula, non-square and three-player stage games, discounting, the size limit and the
// YAML loader's errors.
#include "models/extensive_form/repeated_game.hpp"

#include <gtest/gtest.h>

#include "core/errors.hpp"
#include "models/extensive_form/plans.hpp"
#include "models/extensive_form/realization.hpp"
#include "models/extensive_form/repeated_game_yaml.hpp"
#include "models/extensive_form/strategy_file.hpp"
#include "tests/models/extensive_form/test_support.hpp"

namespace sgplan::models::extensive_form {
namespace {

using testing::q;

RepeatedGameSpec prisoners_dilemma(std::uint32_t rounds) {
  RepeatedGameSpec s;
  s.players = {"row", "column"};
  s.actions = {{"C", "D"}, {"C", "D"}};
  s.stage_payoffs = {{3, 3}, {0, 4}, {4, 0}, {1, 1}};  // CC, CD, DC, DD
  s.rounds = rounds;
  return s;
}

std::vector<std::string> labels(const GameTree& t, PlayerId p) {
  std::vector<std::string> out;
  for (InfosetId h : t.player(p).infosets) out.push_back(t.infoset_data(h).label);
  return out;
}

// Plan of the issue's notation (first round; round 2 after CC, CD, DC, DD).
PurePlan plan(const std::string& actions) {
  PurePlan p;
  for (char c : actions) p.push_back(c == 'C' ? 0 : 1);
  return p;
}

TEST(RepeatedGame, TwoRoundPrisonersDilemmaSizes) {
  const GameTree t = testing::config("repeated-pd.yaml");
  EXPECT_EQ(t.num_nodes(), 31u);
  EXPECT_EQ(t.num_terminals(), 16u);
  EXPECT_EQ(t.num_decision_nodes(), 15u);
  const std::vector<std::string> expected{"round1", "round2[C,C]", "round2[C,D]", "round2[D,C]",
                                          "round2[D,D]"};
  EXPECT_EQ(labels(t, 0), expected);
  EXPECT_EQ(labels(t, 1), expected);
  for (const Infoset& h : t.infosets()) {
    EXPECT_EQ(h.actions, (std::vector<std::string>{"C", "D"}));
    EXPECT_EQ(h.nodes.size(), h.player == 0 ? 1u : 2u) << h.label;  // column does not see row's move
  }
  const auto seqs = compute_sequences(t);
  for (PlayerId p = 0; p < 2; ++p) {
    const BigInt plans = count_plans(t, p);
    EXPECT_EQ(plans, 32);
    // Free parameters: a mixed strategy is a point of the 31-simplex; a behavioural one has one
    // free probability per two-action set.
    EXPECT_EQ(plans - 1, 31);
    std::size_t behavioural = 0;
    for (InfosetId h : t.player(p).infosets) behavioural += t.infoset_data(h).actions.size() - 1;
    EXPECT_EQ(behavioural, 5u);
    EXPECT_EQ(*count_reduced_plans(t, seqs[p]), 8);
    EXPECT_TRUE(seqs[p].perfect_recall());
  }
}

TEST(RepeatedGame, ThePurePairOfTheIssue) {
  // (C; C,D,D,D) for row against (D; C,C,D,D) for column: round 1 is (C, D), paying (0, 4); in
  // round 2 after (C, D) row plays D and column C, paying (4, 0). Total (4, 4).
  const GameTree t = testing::config("repeated-pd.yaml");
  const auto seqs = compute_sequences(t);
  const std::vector<Strategy<Rational>> profile{pure_strategy<Rational>(0, plan("CCDDD")),
                                                pure_strategy<Rational>(1, plan("DCCDD"))};
  const auto r = realize(t, seqs, profile);
  std::size_t reached = kNone;
  for (std::size_t z = 0; z < t.num_terminals(); ++z) {
    if (r.probability[z] != 0) {
      EXPECT_EQ(reached, kNone) << "a pure profile without chance reaches one history";
      reached = z;
      EXPECT_EQ(r.probability[z], 1);
    }
  }
  ASSERT_NE(reached, kNone);
  std::vector<std::string> moves;
  for (const auto& [node, action] : path_to(t, t.terminal_node(reached)))
    moves.push_back(describe_move(t, node, action));
  EXPECT_EQ(moves, (std::vector<std::string>{"row:C", "column:D", "row:D", "column:C"}));
  EXPECT_EQ(r.expected_payoff, (std::vector<Rational>{4, 4}));
  EXPECT_EQ(std::vector<Rational>(t.terminal_payoffs(reached).begin(), t.terminal_payoffs(reached).end()),
            (std::vector<Rational>{4, 4}));

  // The same through the profile file of the README.
  const auto loaded =
      efg::load_profile_file(testing::source_dir() + "/configs/strategies/pd-pure-pair.yaml", t, seqs);
  ASSERT_EQ(loaded.size(), 2u);
  EXPECT_TRUE(loaded[0].pure && loaded[1].pure);
  std::vector<Strategy<Rational>> from_file{loaded[0].strategy, loaded[1].strategy};
  EXPECT_EQ(realize(t, seqs, from_file).probability, r.probability);
}

TEST(RepeatedGame, NodeCountFormulaMatchesTheBuiltTree) {
  struct Case {
    std::vector<std::vector<std::string>> actions;
    std::uint32_t rounds;
    std::size_t nodes, terminals, sets_per_player;
  };
  const std::vector<Case> cases{
      {{{"C", "D"}, {"C", "D"}}, 1, 7, 4, 1},
      {{{"C", "D"}, {"C", "D"}}, 2, 31, 16, 5},
      {{{"C", "D"}, {"C", "D"}}, 3, 127, 64, 21},
      {{{"T", "M", "B"}, {"L", "R"}}, 2, 64, 36, 7},          // D = 1 + 3, M = 6: 4 * 7 + 36
      {{{"a", "b"}, {"a", "b"}, {"a", "b"}}, 2, 127, 64, 9},  // D = 1 + 2 + 4, M = 8: 7 * 9 + 64
  };
  for (const Case& c : cases) {
    RepeatedGameSpec s;
    for (std::size_t p = 0; p < c.actions.size(); ++p) {
      std::string name(1, 'p');
      name += std::to_string(p + 1);
      s.players.push_back(name);
    }
    s.actions = c.actions;
    std::size_t joint = 1;
    for (const auto& a : c.actions) joint *= a.size();
    s.stage_payoffs.assign(joint, std::vector<Rational>(c.actions.size(), Rational(1)));
    s.rounds = c.rounds;
    const GameTree t = build_repeated_game(s);
    EXPECT_EQ(repeated_game_node_count(s), c.nodes);
    EXPECT_EQ(t.num_nodes(), c.nodes);
    EXPECT_EQ(t.num_terminals(), c.terminals);
    const auto seqs = compute_sequences(t);
    for (PlayerId p = 0; p < t.num_players(); ++p) {
      EXPECT_EQ(t.player(p).infosets.size(), c.sets_per_player);
      EXPECT_TRUE(seqs[p].perfect_recall());
    }
    // Every leaf pays the number of rounds (stage payoff 1 each round).
    for (std::size_t z = 0; z < t.num_terminals(); ++z) EXPECT_EQ(t.terminal_payoffs(z)[0], c.rounds);
  }
}

TEST(RepeatedGame, NonSquareAndThreePlayerLabels) {
  RepeatedGameSpec s;
  s.players = {"row", "column"};
  s.actions = {{"T", "M", "B"}, {"L", "R"}};
  s.stage_payoffs.assign(6, {0, 0});
  s.rounds = 3;
  const GameTree t = build_repeated_game(s);
  EXPECT_EQ(t.player(0).infosets.size(), 1u + 6u + 36u);
  EXPECT_EQ(count_plans(t, 0), boost::multiprecision::pow(BigInt(3), 43));
  EXPECT_EQ(count_plans(t, 1), boost::multiprecision::pow(BigInt(2), 43));
  EXPECT_TRUE(t.find_infoset(0, "round2[M,R]").has_value());
  EXPECT_TRUE(t.find_infoset(1, "round3[B,L;T,R]").has_value());
  EXPECT_FALSE(t.find_infoset(1, "round3[L,B;T,R]").has_value());
  // Column's round-3 set after (B,L;T,R) holds the three nodes after row's three current moves.
  EXPECT_EQ(t.infoset_data(*t.find_infoset(1, "round3[B,L;T,R]")).nodes.size(), 3u);

  RepeatedGameSpec three;
  three.players = {"a", "b", "c"};
  three.actions = {{"x", "y"}, {"x", "y"}, {"x", "y"}};
  three.stage_payoffs.assign(8, {0, 0, 0});
  three.rounds = 2;
  const GameTree t3 = build_repeated_game(three);
  const auto h = t3.find_infoset(2, "round2[x,y,x]");
  ASSERT_TRUE(h.has_value());
  EXPECT_EQ(t3.infoset_data(*h).nodes.size(), 4u);  // c sees neither a's nor b's current move
  EXPECT_EQ(t3.infoset_data(*t3.find_infoset(1, "round1")).nodes.size(), 2u);
}

TEST(RepeatedGame, DiscountedTotals) {
  RepeatedGameSpec s = prisoners_dilemma(3);
  s.discount = q("1/2");
  const GameTree t = build_repeated_game(s);
  // The first leaf is (C,C) three times: 3 + 3/2 + 3/4; the last is (D,D) three times: 1 + 1/2 + 1/4.
  EXPECT_EQ(t.terminal_payoffs(0)[0], q("21/4"));
  EXPECT_EQ(t.terminal_payoffs(t.num_terminals() - 1)[1], q("7/4"));
  // (C,D) then (D,C) then (D,D): actions 0 1, 1 0, 1 1, the 27th leaf (binary 011011) in prefix
  // order; row gets 0 + 4/2 + 1/4.
  EXPECT_EQ(t.terminal_payoffs(27)[0], q("9/4"));
  EXPECT_EQ(t.terminal_payoffs(27)[1], q("4") + q("0") + q("1/4"));
}

TEST(RepeatedGame, SizeLimitIsCheckedBeforeBuilding) {
  const RepeatedGameSpec s = prisoners_dilemma(30);  // about 1.5e18 nodes
  try {
    build_repeated_game(s, TreeLimits{1'000'000, 1'000'000});
    FAIL() << "expected a ResourceError";
  } catch (const ResourceError& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.rfind("game tree nodes: ", 0), 0u) << message;
    EXPECT_NE(message.find("exceeds the limit of 1000000 (raise it with --max-nodes)"), std::string::npos)
        << message;
  }
  EXPECT_EQ(repeated_game_node_count(s), BigInt(3) * ((boost::multiprecision::pow(BigInt(4), 30) - 1) / 3) +
                                             boost::multiprecision::pow(BigInt(4), 30));
}

std::string yaml_error(const std::string& text) {
  return testing::input_error(
      [&] { efg::load_repeated_game(models::formats::YamlDocument::load_string(text, "rg.yaml")); });
}

TEST(RepeatedGameYaml, ErrorsNamePositionFoundAndExpected) {
  const std::string head =
      "model: repeated-game\nrounds: 2\nplayers: [row, column]\nactions: {row: [C, D], column: [C, D]}\n";
  EXPECT_EQ(yaml_error(head + "payoffs:\n  C C: [3, 3]\n  C D: [0, 4]\n  D C: [4, 0]\n"),
            "rg.yaml:6:3: `payoffs` has no entry for the joint action 'D D' (every joint action needs one)");
  EXPECT_EQ(yaml_error(head + "payoffs:\n  C E: [3, 3]\n"),
            "rg.yaml:6:3: unknown action 'E' of player 'column' in 'C E'");
  EXPECT_EQ(
      yaml_error(head + "payoffs:\n  C: [3, 3]\n"),
      "rg.yaml:6:3: expected a joint action of 2 actions (one per player, in order and separated by spaces), "
      "found 'C'");
  EXPECT_EQ(yaml_error(head + "payoffs:\n  C C: [3]\n"),
            "rg.yaml:6:8: expected a list of 2 payoffs (one per player) for 'C C'");
  EXPECT_EQ(
      yaml_error(head + "payof: {}\n"),
      "rg.yaml:5:1: unknown key 'payof' in a repeated-game model (expected model, title, rounds, players, "
      "actions, payoffs or discount)");
  EXPECT_EQ(
      yaml_error("model: repeated-game\nrounds: 0\nplayers: [a]\nactions: {a: [x]}\npayoffs: {x: [1]}\n"),
      "rg.yaml:2:9: rounds 0 is out of range (expected 1 to 1000000)");
  EXPECT_EQ(
      yaml_error(
          "model: repeated-game\nrounds: 1\nplayers: [a]\nactions: {a: [x, \"y z\"]}\npayoffs: {x: [1]}\n"),
      "rg.yaml:4:18: action 'y z' contains a space or one of , ; [ ] (they separate actions in labels)");
  EXPECT_EQ(
      yaml_error(
          "model: repeated-game\nrounds: 1\nplayers: [a, b]\nactions: {a: [x]}\npayoffs: {x x: [1, 1]}\n"),
      "rg.yaml:4:10: `actions` gives no actions for player 'b'");
  EXPECT_EQ(yaml_error(head + "payoffs: {C C: [1, 1], C D: [1, 1], D C: [1, 1], D D: [1, 1]}\ndiscount: 2\n"),
            "rg.yaml:6:11: expected a discount factor in (0, 1], found '2'");
}

// A payoff beyond the range of a double printed as inf; so did stage payoffs adding up past it.
TEST(RepeatedGameYaml, PayoffsMustBeFiniteDoubles) {
  const std::string head = "model: repeated-game\nplayers: [a]\nactions: {a: [x]}\n";
  EXPECT_EQ(yaml_error(head + "rounds: 1\npayoffs: {x: [1e400]}\n"),
            "rg.yaml:5:15: payoff 1e400 is beyond the range of a double (about 1.8e308): a payoff must be "
            "finite");
  EXPECT_EQ(yaml_error(head + "rounds: 2\npayoffs: {x: [1e308]}\n"),
            "rg.yaml:5:10: over the rounds, the stage payoffs add up beyond the range of a double (about "
            "1.8e308): a payoff must be finite");
  EXPECT_EQ(yaml_error(head + "rounds: 1\npayoffs: {x: [1e308]}\n"), "");
}

}  // namespace
}  // namespace sgplan::models::extensive_form
