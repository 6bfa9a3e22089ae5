// Star1 and Star2 against plain expectiminimax on many random trees: the same value (bit for bit
// with dyadic probabilities, where all the window arithmetic is exact; within rounding otherwise),
// the same first best move, and fewer nodes. The node ratios are printed (and recorded as test
// properties) for the report.
#include "search/star_minimax.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "search/expectiminimax.hpp"
#include "search/random_tree.hpp"

namespace sgplan::search {
namespace {

struct Totals {
  std::uint64_t plain = 0, star1 = 0, star2 = 0;
};

AlphaBetaOptions star_options(const RandomTreeSpec& spec, std::size_t table = 0) {
  AlphaBetaOptions o;
  o.table_entries = table;
  o.lower_bound = -spec.value_range;
  o.upper_bound = spec.value_range;
  return o;
}

// Star1 and Star2 run with a transposition table (Star2 probes a child's first move, then searches
// the child: the table keeps the probe's work) and in generation order, or with the moves
// perfectly ordered by their true values (`ordered`), where Star2's probes find the best bounds.
Totals compare_on_random_trees(const RandomTreeSpec& spec, std::uint64_t count, double tolerance,
                               bool ordered = false) {
  Totals t;
  for (std::uint64_t seed = 1; seed <= count; ++seed) {
    GameTree tree = random_tree(seed, spec);
    const std::vector<double> values = tree.values();
    TreeGame game(tree);
    auto plain = expectiminimax(game, {});
    auto by_value = order_by_score([&values](const TreeGame&, const TreeGame::Move& c) { return values[c]; });
    auto s1 = ordered ? star1(game, star_options(spec, 1 << 14), ConstantEvaluation{}, by_value)
                      : star1(game, star_options(spec, 1 << 14));
    auto s2 = ordered ? star2(game, star_options(spec, 1 << 14), ConstantEvaluation{}, by_value)
                      : star2(game, star_options(spec, 1 << 14));
    if (tolerance == 0.0) {
      EXPECT_EQ(plain.value, values[0]) << "seed " << seed;
      EXPECT_EQ(s1.value, plain.value) << "seed " << seed;
      EXPECT_EQ(s2.value, plain.value) << "seed " << seed;
    } else {
      EXPECT_NEAR(plain.value, values[0], tolerance) << "seed " << seed;
      EXPECT_NEAR(s1.value, plain.value, tolerance) << "seed " << seed;
      EXPECT_NEAR(s2.value, plain.value, tolerance) << "seed " << seed;
    }
    if (tolerance == 0.0) {
      EXPECT_EQ(s1.best_index, plain.best_index) << "seed " << seed;
      EXPECT_EQ(s2.best_index, plain.best_index) << "seed " << seed;
    }
    EXPECT_EQ(plain.counters.nodes, tree.size());  // no pruning, no table: every node
    EXPECT_LE(s1.counters.nodes, plain.counters.nodes) << "seed " << seed;
    EXPECT_EQ(s1.counters.rule_violations + s2.counters.rule_violations, 0u);
    t.plain += plain.counters.nodes;
    t.star1 += s1.counters.nodes;
    t.star2 += s2.counters.nodes;
  }
  return t;
}

void report(const char* name, const Totals& t) {
  const double r1 = static_cast<double>(t.star1) / static_cast<double>(t.plain);
  const double r2 = static_cast<double>(t.star2) / static_cast<double>(t.plain);
  std::printf("[ ratios   ] %s: plain %llu nodes, Star1 %.3f, Star2 %.3f of plain\n", name,
              static_cast<unsigned long long>(t.plain), r1, r2);
  ::testing::Test::RecordProperty(std::string(name) + "_star1_ratio", std::to_string(r1));
  ::testing::Test::RecordProperty(std::string(name) + "_star2_ratio", std::to_string(r2));
}

TEST(StarMinimax, RegularTreesSameValueFewerNodes) {
  RandomTreeSpec spec;
  spec.depth = 8;
  spec.terminal_share = 0.05;
  const Totals t = compare_on_random_trees(spec, 400, 0.0);
  report("regular", t);
  EXPECT_LT(t.star1, t.plain);
  EXPECT_LT(t.star2, t.star1);  // Ballard: probing pays on regular trees
}

TEST(StarMinimax, RegularTreesWellOrderedStar2PrunesMost) {
  RandomTreeSpec spec;
  spec.depth = 8;
  spec.terminal_share = 0.05;
  const Totals t = compare_on_random_trees(spec, 400, 0.0, true);
  report("regular-ordered", t);
  EXPECT_LT(t.star1, t.plain);
  EXPECT_LT(t.star2, t.star1);
}

TEST(StarMinimax, IrregularTreesSameValueFewerNodes) {
  RandomTreeSpec spec;
  spec.depth = 8;
  spec.regular = false;
  const Totals t = compare_on_random_trees(spec, 400, 0.0);
  report("irregular", t);
  EXPECT_LT(t.star1, t.plain);
  EXPECT_LT(t.star2, t.plain);
}

TEST(StarMinimax, NonDyadicProbabilitiesAgreeWithinRounding) {
  RandomTreeSpec spec;
  spec.depth = 8;
  spec.dyadic = false;
  const Totals t = compare_on_random_trees(spec, 300, 1e-9);
  report("non-dyadic", t);
  EXPECT_LT(t.star2, t.plain);
}

TEST(StarMinimax, DepthLimitAndTableAgreeWithPlainExpectiminimax) {
  RandomTreeSpec spec;
  spec.depth = 10;
  spec.max_branching = 3;
  spec.max_outcomes = 3;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    GameTree tree = random_tree(seed, spec);
    TreeGame game(tree);
    // An evaluation within [L, U]: a function of the node number.
    auto eval = [](const TreeGame& g) { return static_cast<double>(g.node() % 9) - 4.0; };
    for (std::uint32_t depth : {1u, 2u, 3u, 5u, 8u}) {
      ExpectiminimaxOptions po;
      po.depth = depth;
      auto plain = expectiminimax(game, po, eval);
      for (std::size_t table : {std::size_t{0}, std::size_t{1} << 12}) {
        AlphaBetaOptions o = star_options(spec, table);
        o.depth = depth;
        auto s1 = star1(game, o, eval);
        auto s2 = star2(game, o, eval);
        EXPECT_EQ(s1.value, plain.value) << "seed " << seed << " depth " << depth;
        EXPECT_EQ(s2.value, plain.value) << "seed " << seed << " depth " << depth;
        EXPECT_EQ(s2.best_index, plain.best_index);
        o.iterative_deepening = true;
        auto deepening = star2(game, o, eval);
        EXPECT_EQ(deepening.value, plain.value);
      }
    }
  }
}

TEST(StarMinimax, ChanceAtTheRoot) {
  // A chance root with outcomes 1/4, 3/4 over two Max positions.
  GameTree tree;
  tree.add_root(Owner::Chance);
  const auto first = tree.add_children(0, 2, Owner::Max);
  tree.set_probability(first, 0.25);
  tree.set_probability(first + 1, 0.75);
  const auto a = tree.add_children(first, 2, Owner::Terminal);
  tree.set_utility(a, 4);
  tree.set_utility(a + 1, -2);
  const auto b = tree.add_children(first + 1, 2, Owner::Terminal);
  tree.set_utility(b, -4);
  tree.set_utility(b + 1, 0);
  TreeGame game(tree);
  AlphaBetaOptions o;
  o.lower_bound = -4;
  o.upper_bound = 4;
  EXPECT_EQ(star2(game, o).value, 1.0);  // 1/4 * 4 + 3/4 * 0
  EXPECT_EQ(star1(game, o).value, 1.0);
  EXPECT_FALSE(star2(game, o).best_move.has_value());
}

// Win probabilities: utilities in [0, 1] (most of them exactly 0 or 1) and probabilities like 1/3
// that floating point cannot represent. Every value of every search lies in [0, 1] (a probability
// never comes out as -2.3e-17: reported/t4.yaml) and equals plain expectiminimax within rounding.
TEST(StarMinimax, ProbabilitiesStayInTheUnitInterval) {
  RandomTreeSpec spec;
  spec.depth = 7;
  spec.dyadic = false;
  spec.regular = false;
  spec.max_outcomes = 5;
  spec.value_range = 8;
  for (std::uint64_t seed = 1; seed <= 1500; ++seed) {
    GameTree tree = random_tree(seed, spec);
    // u in [-8, 8] to max(0, min(1, u / 4)): zero half of the time, one a quarter of the time.
    for (GameTree::NodeId n = 0; n < tree.size(); ++n) {
      if (tree.child_count(n) == 0) tree.set_utility(n, std::clamp(tree.utility(n) / 4.0, 0.0, 1.0));
    }
    TreeGame game(tree);
    for (std::uint32_t depth : {kNoDepthLimit, 3u, 5u}) {
      ExpectiminimaxOptions po;
      po.depth = depth;
      const double plain = expectiminimax(game, po).value;
      EXPECT_GE(plain, 0.0) << "seed " << seed;
      EXPECT_LE(plain, 1.0) << "seed " << seed;
      for (std::size_t table : {std::size_t{0}, std::size_t{1} << 12}) {
        AlphaBetaOptions o;
        o.depth = depth;
        o.table_entries = table;
        o.lower_bound = 0.0;
        o.upper_bound = 1.0;
        for (const double v : {star1(game, o).value, star2(game, o).value}) {
          EXPECT_GE(v, 0.0) << "seed " << seed << " depth " << depth;
          EXPECT_LE(v, 1.0) << "seed " << seed << " depth " << depth;
          EXPECT_NEAR(v, plain, 1e-12) << "seed " << seed << " depth " << depth;
        }
      }
    }
  }
}

TEST(StarMinimax, RefusesInfiniteBounds) {
  GameTree tree = random_tree(1, RandomTreeSpec{});
  TreeGame game(tree);
  EXPECT_THROW(star2(game, AlphaBetaOptions{}), std::invalid_argument);
}

}  // namespace
}  // namespace sgplan::search
