// The game tree value type and its builder: prefix order, children, subtree ranges, payoffs that
// add up along paths, the labelling rules, and the size limits.
#include <gtest/gtest.h>

#include "core/errors.hpp"
#include "models/extensive_form/game_tree_builder.hpp"
#include "models/extensive_form/labels.hpp"
#include "tests/models/extensive_form/test_support.hpp"

namespace sgplan::models::extensive_form {
namespace {

using testing::q;

// P1 chooses L or R. L: chance x (1/3) or y (2/3); x pays o1 = (1, 2), y pays nothing.
// R: P2's node carries o2 = (10, 0); then a pays o1 again, b nothing.
GameTree small_tree() {
  GameTreeBuilder b({"P1", "P2"});
  const InfosetId a = b.add_infoset(0, 1, "A", {"L", "R"});
  const InfosetId bset = b.add_infoset(1, 1, "B", {"a", "b"});
  const std::uint32_t e = b.add_chance_event(1, "coin", {"x", "y"}, {q("1/3"), q("2/3")});
  const std::uint32_t o1 = b.add_outcome(1, "o1", {q("1"), q("2")});
  const std::uint32_t o2 = b.add_outcome(2, "o2", {q("10"), q("0")});
  b.add_decision(a);
  b.add_chance(e);
  b.add_terminal(o1);
  b.add_terminal();
  b.add_decision(bset, o2, "R node");
  b.add_terminal(o1);
  b.add_terminal();
  return b.finalize();
}

TEST(GameTree, PrefixOrderChildrenAndSubtrees) {
  const GameTree t = small_tree();
  ASSERT_EQ(t.num_nodes(), 7u);
  EXPECT_EQ(t.num_decision_nodes(), 2u);
  EXPECT_EQ(t.num_chance_nodes(), 1u);
  EXPECT_EQ(t.num_terminals(), 4u);
  EXPECT_EQ(std::vector<NodeId>(t.children(0).begin(), t.children(0).end()), (std::vector<NodeId>{1, 4}));
  EXPECT_EQ(std::vector<NodeId>(t.children(1).begin(), t.children(1).end()), (std::vector<NodeId>{2, 3}));
  EXPECT_EQ(std::vector<NodeId>(t.children(4).begin(), t.children(4).end()), (std::vector<NodeId>{5, 6}));
  EXPECT_EQ(t.subtree_end(0), 7u);
  EXPECT_EQ(t.subtree_end(1), 4u);
  EXPECT_EQ(t.subtree_end(4), 7u);
  EXPECT_EQ(t.subtree_end(2), 3u);
  EXPECT_EQ(t.parent(5), 4u);
  EXPECT_EQ(t.incoming_action(6), 1u);
  EXPECT_EQ(t.depth(6), 2u);
  EXPECT_EQ(t.max_depth(), 2u);
  EXPECT_EQ(t.node_name(4), "R node");
  EXPECT_EQ(t.node_name(0), "");
  EXPECT_EQ(t.terminal_node(2), 5u);
  EXPECT_EQ(t.terminal_index(6), 3u);
  EXPECT_EQ(t.terminal_index(4), kNone);
  EXPECT_TRUE(t.perfect_information());  // every set has one node
}

TEST(GameTree, PayoffsAddUpAlongThePath) {
  const GameTree t = small_tree();
  auto pay = [&](std::size_t z) {
    return std::vector<Rational>(t.terminal_payoffs(z).begin(), t.terminal_payoffs(z).end());
  };
  EXPECT_EQ(pay(0), (std::vector<Rational>{1, 2}));
  EXPECT_EQ(pay(1), (std::vector<Rational>{0, 0}));
  EXPECT_EQ(pay(2), (std::vector<Rational>{11, 2}));  // o2 at the inner node plus o1 at the leaf
  EXPECT_EQ(pay(3), (std::vector<Rational>{10, 0}));
}

TEST(GameTree, PathsInWords) {
  const GameTree t = small_tree();
  const auto path = path_to(t, 3);
  ASSERT_EQ(path.size(), 2u);
  EXPECT_EQ(describe_move(t, path[0].first, path[0].second), "P1:L");
  EXPECT_EQ(describe_move(t, path[1].first, path[1].second), "chance:y");
  EXPECT_EQ(t.find_player("P2"), std::optional<PlayerId>(1));
  EXPECT_EQ(t.find_player("P3"), std::nullopt);
  EXPECT_EQ(t.find_infoset(1, "B"), std::optional<InfosetId>(1));
}

TEST(Numbers, ExactDecimalText) {
  EXPECT_EQ(to_string(Rational(0)), "0");
  EXPECT_EQ(to_string(q("-15")), "-15");
  EXPECT_EQ(to_string(q("4/6")), "2/3");
  EXPECT_EQ(to_string(Rational(BigInt("1000000000000000000000001"), BigInt(3))),
            "1000000000000000000000001/3");
  EXPECT_EQ(to_string(Rational(BigInt("-1000000000000000000"))), "-1000000000000000000");
  EXPECT_EQ(to_string(Rational(BigInt("123456789012345678901234567890"),
                               BigInt("1000000000000000000000000000007"))),
            "123456789012345678901234567890/1000000000000000000000000000007");
  EXPECT_TRUE(fits_json_number(BigInt(1) << 53));
  EXPECT_FALSE(fits_json_number((BigInt(1) << 53) + 1));
}

TEST(Labels, KeysForEmptyAndRepeatedNames) {
  EXPECT_EQ(unique_keys({"a", "b"}), (std::vector<std::string>{"a", "b"}));
  // Repeated and empty names get "#k"; a name equal to a generated key yields and is generated too.
  EXPECT_EQ(unique_keys({"a", "", "a", "#2"}), (std::vector<std::string>{"#1", "#2", "#3", "#4"}));
}

TEST(Labels, InfosetLabelsFollowTheGambitRule) {
  EXPECT_EQ(infoset_labels("P", {"x", "", "x", "y", "P:5"}, {1, 2, 3, 4, 7}),
            (std::vector<std::string>{"P:1", "P:2", "P:3", "y", "P:5"}));
  // "P:2" is the generated label of the unnamed set number 2, so the set named "P:2" yields.
  EXPECT_EQ(infoset_labels("P", {"P:2", ""}, {1, 2}), (std::vector<std::string>{"P:1", "P:2"}));
  EXPECT_EQ(infoset_labels("", {"", ""}, {4, 9}), (std::vector<std::string>{":4", ":9"}));
}

TEST(GameTreeBuilder, NodeLimitIsCheckedBeforeTheNodeIsStored) {
  GameTreeBuilder b({"P"}, TreeLimits{3, 100});
  const InfosetId h = b.add_infoset(0, 1, "", {"a", "b", "c"});
  b.add_decision(h);
  b.add_terminal();
  b.add_terminal();
  try {
    b.add_terminal();
    FAIL() << "expected a ResourceError";
  } catch (const ResourceError& e) {
    EXPECT_STREQ(e.what(), "game tree nodes: 4 exceeds the limit of 3 (raise it with --max-nodes)");
  }
  EXPECT_EQ(b.num_nodes(), 3u);
}

TEST(GameTreeBuilder, DepthLimit) {
  GameTreeBuilder b({"P"}, TreeLimits{100, 2});
  const InfosetId h = b.add_infoset(0, 1, "", {"a"});
  b.add_decision(h);
  b.add_decision(h);
  b.add_decision(h);  // depth 2: the deepest allowed
  try {
    b.add_decision(h);
    FAIL() << "expected a ResourceError";
  } catch (const ResourceError& e) {
    EXPECT_STREQ(e.what(), "game tree depth: 3 exceeds the limit of 2 (raise it with --max-depth)");
  }
}

TEST(GameTreeBuilder, IncompleteTreeIsABug) {
  GameTreeBuilder b({"P"});
  const InfosetId h = b.add_infoset(0, 1, "", {"a", "b"});
  b.add_decision(h);
  b.add_terminal();
  EXPECT_FALSE(b.complete());
  EXPECT_EQ(b.open_node(), 0u);
  EXPECT_EQ(b.missing_children(), 1u);
  EXPECT_THROW(b.finalize(), std::logic_error);
}

}  // namespace
}  // namespace sgplan::models::extensive_form
