// Alpha-beta: Knuth and Moore's leaf counts on complete uniform trees (perfect ordering exactly
// b^ceil(d/2) + b^floor(d/2) - 1, the worst ordering b^d), and on random trees the exact value and
// the first best move in generation order, whatever the ordering, the table or iterative deepening.
// The reference is GameTree::values(), a backward pass over the explicit tree.
#include "search/alphabeta.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "search/expectiminimax.hpp"
#include "search/random_tree.hpp"
#include "tests/support/game_conformance.hpp"

namespace sgplan::search {
namespace {

std::uint64_t ipow(std::uint64_t b, std::uint32_t e) {
  std::uint64_t r = 1;
  while (e-- > 0) r *= b;
  return r;
}

std::uint64_t knuth_moore(std::uint64_t b, std::uint32_t d) {
  return ipow(b, (d + 1) / 2) + ipow(b, d / 2) - 1;
}

AlphaBetaOptions no_table() {
  AlphaBetaOptions o;
  o.table_entries = 0;
  return o;
}

// Orders a tree position's moves by the children's true values: perfect (best first) or the worst.
auto perfect_order(const std::vector<double>& values) {
  return order_by_score([&values](const TreeGame&, const TreeGame::Move& child) { return values[child]; });
}
auto worst_order(const std::vector<double>& values) {
  return order_by_score([&values](const TreeGame&, const TreeGame::Move& child) { return -values[child]; });
}

// The first child (in generation order) of the root whose value is the root's.
std::uint32_t first_best_child(const GameTree& tree, const std::vector<double>& values) {
  for (std::uint32_t i = 0; i < tree.child_count(0); ++i) {
    if (values[tree.first_child(0) + i] == values[0]) return i;
  }
  return kNoMoveIndex;
}

TEST(AlphaBeta, KnuthMooreLeafCountWithPerfectOrdering) {
  int trees = 0;
  for (std::uint32_t b = 2; b <= 5; ++b) {
    for (std::uint32_t d = 1; d <= 7 && ipow(b, d) <= 80000; ++d) {
      for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        GameTree tree = uniform_tree(b, d, shuffled_leaf_values(b, d, seed * 1000 + b * 10 + d));
        const std::vector<double> values = tree.values();
        TreeGame game(tree);
        auto r = alphabeta(game, no_table(), ConstantEvaluation{}, perfect_order(values));
        EXPECT_EQ(r.value, values[0]);
        EXPECT_EQ(r.counters.leaves, knuth_moore(b, d)) << "b=" << b << " d=" << d;
        ++trees;
      }
    }
  }
  EXPECT_GT(trees, 40);
}

TEST(AlphaBeta, WorstOrderingScoresEveryLeaf) {
  for (std::uint32_t b = 2; b <= 4; ++b) {
    for (std::uint32_t d = 1; d <= 7 && ipow(b, d) <= 20000; ++d) {
      GameTree tree = uniform_tree(b, d, pessimal_leaf_values(b, d));
      const std::vector<double> values = tree.values();
      TreeGame game(tree);
      auto worst = alphabeta(game, no_table());  // generation order is the worst order here
      EXPECT_EQ(worst.value, values[0]);
      EXPECT_EQ(worst.counters.leaves, ipow(b, d)) << "b=" << b << " d=" << d;
      auto sorted_worst = alphabeta(game, no_table(), ConstantEvaluation{}, worst_order(values));
      EXPECT_EQ(sorted_worst.counters.leaves, ipow(b, d));
      // The same tree, perfectly ordered, needs only the minimal tree.
      auto best = alphabeta(game, no_table(), ConstantEvaluation{}, perfect_order(values));
      EXPECT_EQ(best.value, values[0]);
      EXPECT_EQ(best.counters.leaves, knuth_moore(b, d));
      EXPECT_EQ(best.best_index, worst.best_index);
    }
  }
}

TEST(AlphaBeta, AnyOrderingLiesBetweenTheBounds) {
  const std::uint32_t b = 4, d = 6;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    GameTree tree = uniform_tree(b, d, shuffled_leaf_values(b, d, seed));
    TreeGame game(tree);
    auto r = alphabeta(game, no_table());
    EXPECT_EQ(r.value, tree.values()[0]);
    EXPECT_GE(r.counters.leaves, knuth_moore(b, d));
    EXPECT_LE(r.counters.leaves, ipow(b, d));
  }
}

TEST(AlphaBeta, RandomTreesExactValueAndFirstBestMoveUnderEveryOrdering) {
  RandomTreeSpec spec;
  spec.with_chance = false;
  spec.depth = 7;
  spec.value_range = 3;  // many ties: the tie rule matters
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    GameTree tree = random_tree(seed, spec);
    const std::vector<double> values = tree.values();
    const std::uint32_t first_best = first_best_child(tree, values);
    TreeGame game(tree);
    AlphaBetaOptions with_table;
    with_table.table_entries = 1 << 10;
    AlphaBetaOptions deepening = with_table;
    deepening.iterative_deepening = true;
    AlphaBetaOptions bounded = no_table();
    bounded.lower_bound = -spec.value_range;
    bounded.upper_bound = spec.value_range;
    const auto results = {alphabeta(game, no_table()),
                          alphabeta(game, with_table),
                          alphabeta(game, deepening),
                          alphabeta(game, bounded),
                          alphabeta(game, no_table(), ConstantEvaluation{}, perfect_order(values)),
                          alphabeta(game, no_table(), ConstantEvaluation{}, worst_order(values)),
                          alphabeta(game, deepening, ConstantEvaluation{}, worst_order(values))};
    for (const auto& r : results) {
      EXPECT_EQ(r.value, values[0]) << "seed " << seed;
      EXPECT_TRUE(r.exact);
      if (tree.child_count(0) > 0) {
        EXPECT_EQ(r.best_index, first_best) << "seed " << seed;
        ASSERT_TRUE(r.best_move.has_value());
        EXPECT_EQ(*r.best_move, tree.first_child(0) + first_best);
      }
      EXPECT_EQ(r.counters.rule_violations, 0u);
    }
  }
}

TEST(AlphaBeta, DepthLimitUsesTheEvaluationLikePlainMinimax) {
  RandomTreeSpec spec;
  spec.with_chance = false;
  spec.depth = 8;
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    GameTree tree = random_tree(seed, spec);
    const std::vector<double> values = tree.values();
    TreeGame game(tree);
    // An evaluation that is a deterministic function of the node (not its true value).
    auto eval = [](const TreeGame& g) { return static_cast<double>(g.node() % 7) - 3.0; };
    for (std::uint32_t depth = 0; depth <= 5; ++depth) {
      ExpectiminimaxOptions plain_options;
      plain_options.depth = depth;
      auto plain = expectiminimax(game, plain_options, eval);
      AlphaBetaOptions o;
      o.depth = depth;
      o.table_entries = 1 << 12;
      auto ab = alphabeta(game, o, eval);
      EXPECT_EQ(ab.value, plain.value) << "seed " << seed << " depth " << depth;
      EXPECT_EQ(ab.best_index, plain.best_index);
      if (plain.exact) {
        EXPECT_TRUE(ab.exact);  // alpha-beta may prune every horizon position away, not add one
      }
      o.iterative_deepening = true;
      auto deepening = alphabeta(game, o, eval);
      EXPECT_EQ(deepening.value, plain.value);
      EXPECT_EQ(deepening.best_index, plain.best_index);
    }
    // With the exact values as the evaluation, any depth gives the true value.
    AlphaBetaOptions o;
    o.depth = 2;
    auto r = alphabeta(game, o, [&values](const TreeGame& g) { return values[g.node()]; });
    EXPECT_EQ(r.value, values[0]);
  }
}

TEST(AlphaBeta, IterativeDeepeningStopsWhenTheValueIsExact) {
  GameTree tree = uniform_tree(3, 4, shuffled_leaf_values(3, 4, 7));
  TreeGame game(tree);
  AlphaBetaOptions o;
  o.iterative_deepening = true;
  auto r = alphabeta(game, o);
  EXPECT_TRUE(r.exact);
  EXPECT_EQ(r.depth, 4u);  // depths 1..3 end at the horizon; 4 reaches every terminal
  EXPECT_EQ(r.iterations, 4u);
  EXPECT_EQ(r.value, tree.values()[0]);
}

TEST(AlphaBeta, KnownBoundsStopAtAWin) {
  // Max to move with three children; the second wins outright (value 1 = the upper bound).
  GameTree tree;
  tree.add_root(Owner::Max);
  const auto first = tree.add_children(0, 3, Owner::Min);
  tree.set_utility(first + 1, 1.0);
  tree.set_owner(first + 1, Owner::Terminal);
  const auto a = tree.add_children(first, 2, Owner::Terminal);
  tree.set_utility(a, 0.0);
  tree.set_utility(a + 1, 1.0);
  const auto c = tree.add_children(first + 2, 2, Owner::Terminal);
  tree.set_utility(c, 1.0);
  tree.set_utility(c + 1, 1.0);
  TreeGame game(tree);
  AlphaBetaOptions o = no_table();
  auto unbounded = alphabeta(game, o);
  o.lower_bound = 0.0;
  o.upper_bound = 1.0;
  auto bounded = alphabeta(game, o);
  EXPECT_EQ(unbounded.value, 1.0);
  EXPECT_EQ(bounded.value, 1.0);
  EXPECT_EQ(bounded.best_index, 1u);
  EXPECT_EQ(unbounded.best_index, 1u);
  EXPECT_LT(bounded.counters.leaves, unbounded.counters.leaves);
  // Bounded: the first child is cut after its leaf 0 (0 = the lower bound), then the win ends it.
  EXPECT_EQ(bounded.counters.leaves, 2u);
  EXPECT_EQ(unbounded.counters.leaves, 4u);
}

TEST(AlphaBeta, ChancePositionIsARuleViolationNotACrash) {
  GameTree tree;
  tree.add_root(Owner::Chance);
  const auto first = tree.add_children(0, 2, Owner::Terminal);
  tree.set_utility(first, 1.0);
  TreeGame game(tree);
  auto r = alphabeta(game, no_table(), ConstantEvaluation{0.25});
  EXPECT_EQ(r.counters.rule_violations, 1u);
  EXPECT_EQ(r.value, 0.25);
}

TEST(TreeGame, PassesTheConformanceSuite) {
  RandomTreeSpec spec;
  spec.regular = false;
  spec.dyadic = false;
  GameTree tree = random_tree(5, spec);
  const std::size_t checked = testing::check_game_conformance(TreeGame(tree), 11, 50, 100, -16, 16);
  EXPECT_GT(checked, 100u);
}

}  // namespace
}  // namespace sgplan::search
