// Lambda search against its definitions (Thomsen 2000) on a k-in-a-row game without hints: both
// tree searchers, with and without the direct-threat checker and X-0-0, give exactly the answer
// of the literal transcription (reference_lambda.hpp) for every order and depth, the order and
// depth of the first proof included; plain alpha-beta agrees with brute force; lambda search never
// proves what plain alpha-beta to the same depth refutes, and equals it once the order reaches
// depth - 1 (k-in-a-row is monotone: an extra stone never hurts its owner, so a null move is never
// worse for the attacker than a real defender move); the direct-threat checker winning_k equals
// "wins within k + 1 moves".
#include <gtest/gtest.h>

#include "search/lambda/direct_threats.hpp"
#include "search/lambda/lambda_search.hpp"
#include "search/lambda/plain_alphabeta.hpp"
#include "tests/search/lambda/mnk_game.hpp"
#include "tests/search/lambda/reference_lambda.hpp"

namespace sgplan::testing {
namespace {

using namespace search::lambda;

struct Variant {
  Engine engine;
  int direct;
  bool x00;
  bool deepening;
};

const Variant kVariants[] = {
    {Engine::kAlphaBeta, 0, false, true}, {Engine::kAlphaBeta, 2, false, true},
    {Engine::kAlphaBeta, 2, true, true},  {Engine::kDfpn, 0, false, true},
    {Engine::kDfpn, 2, true, true},       {Engine::kAlphaBeta, 1, false, false},
    {Engine::kHybrid, 2, false, true},    {Engine::kHybrid, 0, true, false},
};

LambdaOptions options(int order, int depth, const Variant& v) {
  LambdaOptions o;
  o.max_order = order;
  o.max_depth = depth;
  o.engine = v.engine;
  o.direct_levels = v.direct;
  o.x00 = v.x00 ? X00::kBoth : X00::kOff;
  o.iterative_deepening = v.deepening;
  o.table_mib = 4;
  return o;
}

// The first (order, depth) the reference proves in the searchers' order (orders up, then depths).
bool reference_first(MnkGame& g, int max_order, int max_depth, int& order, int& depth) {
  ReferenceLambda<MnkGame> ref(g);
  for (int n = 0; n <= max_order; ++n) {
    for (int a = 1; a <= max_depth; ++a) {
      if (ref.attack(n, a)) {
        order = n;
        depth = a;
        return true;
      }
    }
  }
  return false;
}

TEST(LambdaDefinitions, SearchersMatchTheLiteralDefinitions) {
  int proofs = 0, checks = 0;
  for (int stones : {4, 6}) {
    auto positions = random_mnk_positions(5, 5, 4, stones, 12, 1000 + static_cast<std::uint64_t>(stones));
    for (MnkGame& g : positions) {
      for (int max_order = 0; max_order <= 3; ++max_order) {
        for (int max_depth = 1; max_depth <= 3; ++max_depth) {
          int order = -1, depth = -1;
          const bool expect = reference_first(g, max_order, max_depth, order, depth);
          for (const Variant& v : kVariants) {
            // With iterative deepening the first proof is the reference's first; without it, the
            // order is still the lowest and the depth is max_depth.
            const LambdaResult r = lambda_search(g, options(max_order, max_depth, v));
            ASSERT_EQ(r.proven, expect) << "order " << max_order << " depth " << max_depth;
            ASSERT_FALSE(r.budget_exhausted);
            if (expect) {
              EXPECT_EQ(r.order, order);
              EXPECT_EQ(r.depth, v.deepening || order == 0 ? depth : max_depth);
              ASSERT_FALSE(r.pv.empty());
              EXPECT_EQ(r.move, r.pv.front());
            }
            ++checks;
          }
          proofs += expect;
        }
      }
    }
  }
  EXPECT_EQ(checks, 2 * 12 * 4 * 3 * 8);
  EXPECT_GT(proofs, 24);  // the positions are neither all won nor all open
  EXPECT_LT(proofs, 2 * 12 * 4 * 3 - 24);
}

TEST(LambdaDefinitions, SearchersMatchTheDefinitionsFourMovesDeep) {
  int proofs = 0;
  for (MnkGame& g : random_mnk_positions(5, 5, 4, 4, 6, 4242)) {
    for (int max_order = 1; max_order <= 3; ++max_order) {
      int order = -1, depth = -1;
      const bool expect = reference_first(g, max_order, 4, order, depth);
      for (const Variant& v : kVariants) {
        const LambdaResult r = lambda_search(g, options(max_order, 4, v));
        ASSERT_EQ(r.proven, expect) << "order " << max_order;
        if (expect) {
          EXPECT_EQ(r.order, order);
          EXPECT_EQ(r.depth, v.deepening || order == 0 ? depth : 4);
        }
      }
      proofs += expect;
    }
  }
  EXPECT_GT(proofs, 3);
  EXPECT_LT(proofs, 15);
}

TEST(LambdaDefinitions, PrincipalVariationsReplayToTheGoal) {
  auto positions = random_mnk_positions(5, 5, 4, 6, 16, 99);
  int replayed = 0;
  for (MnkGame& g : positions) {
    for (const Variant& v : kVariants) {
      const LambdaResult r = lambda_search(g, options(2, 3, v));
      if (!r.proven) continue;
      int attacker_moves = 0;
      for (std::size_t i = 0; i < r.pv.size(); ++i) {
        ASSERT_TRUE(g.is_legal(r.pv[i]));
        ASSERT_FALSE(g.attacker_won() || g.defender_won());
        attacker_moves += g.attacker_to_move();
        g.play(r.pv[i]);
      }
      EXPECT_TRUE(g.attacker_won());
      EXPECT_LE(attacker_moves, r.depth);
      for (std::size_t i = 0; i < r.pv.size(); ++i) g.undo();
      ++replayed;
    }
  }
  EXPECT_GT(replayed, 20);
}

TEST(LambdaDefinitions, PlainAlphaBetaIsBruteForce) {
  for (MnkGame& g : random_mnk_positions(5, 5, 4, 6, 16, 7)) {
    for (int a = 1; a <= 3; ++a) {
      ReferenceLambda<MnkGame> ref(g);
      const bool expect = ref.win_within(a);
      const PlainResult r = plain_alphabeta(g, a, 100'000'000, 4);
      ASSERT_FALSE(r.budget_exhausted);
      EXPECT_EQ(r.proven, expect) << "depth " << a;
    }
  }
}

TEST(LambdaDefinitions, LambdaImpliesAlphaBetaAndEqualsItAtFullOrder) {
  int lambda_wins = 0, alphabeta_only = 0;
  for (MnkGame& g : random_mnk_positions(6, 6, 4, 6, 10, 31)) {
    for (int a = 1; a <= 3; ++a) {
      const PlainResult plain = plain_alphabeta(g, a, 100'000'000, 4);
      ASSERT_FALSE(plain.budget_exhausted);
      for (int n = 0; n <= 2; ++n) {
        for (Engine e : {Engine::kAlphaBeta, Engine::kDfpn, Engine::kHybrid}) {
          const LambdaResult r = lambda_search(g, options(n, a, Variant{e, 2, false, true}));
          if (r.proven) {
            EXPECT_TRUE(plain.proven) << "lambda proved a win alpha-beta refutes";
          }
          if (n >= a - 1) {
            EXPECT_EQ(r.proven, plain.proven) << "order " << n << " depth " << a;
          }
          lambda_wins += r.proven;
          alphabeta_only += plain.proven && !r.proven;
        }
      }
    }
  }
  EXPECT_GT(lambda_wins, 10);
  EXPECT_GT(alphabeta_only, 0);  // lower orders miss some wins: that is what orders are
}

TEST(LambdaDefinitions, DirectThreatsAreWinsWithinKPlusOneMoves) {
  for (MnkGame& g : random_mnk_positions(5, 5, 4, 6, 16, 5)) {
    for (int k = 0; k <= 2; ++k) {
      LambdaOptions o;
      LambdaTable table(1);
      MoveOrdering ordering;
      Budget budget(100'000'000, 0.0);
      SearchStats stats;
      SearchContext ctx(o, table, ordering, budget, stats);
      DirectThreats<MnkGame> direct(g, ctx);
      MoveSet zone;
      const Outcome r = direct.winning(k, zone);
      ReferenceLambda<MnkGame> ref(g);
      EXPECT_EQ(r == Outcome::kProven, ref.win_within(k + 1)) << "level " << k;
      if (r == Outcome::kProven) {
        EXPECT_TRUE(zone.is_all());  // no hints: whole-board zones
      }
    }
  }
}

TEST(LambdaDefinitions, NodeBudgetStopsCleanly) {
  auto positions = random_mnk_positions(6, 6, 4, 4, 1, 3);
  LambdaOptions o = options(3, 5, Variant{Engine::kAlphaBeta, 0, false, true});
  o.max_nodes = 50;
  const LambdaResult r = lambda_search(positions[0], o);
  EXPECT_TRUE(r.budget_exhausted);
  EXPECT_FALSE(r.proven);
  EXPECT_EQ(r.stats.nodes, 51u);        // the tick that found the budget spent counts
  EXPECT_EQ(positions[0].stones(), 4);  // every move taken back
  o.engine = Engine::kDfpn;
  const LambdaResult d = lambda_search(positions[0], o);
  EXPECT_TRUE(d.budget_exhausted);
  EXPECT_EQ(positions[0].stones(), 4);
}

}  // namespace
}  // namespace sgplan::testing
