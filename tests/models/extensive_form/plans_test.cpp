// Pure plans and reduced plans: exact counts, enumeration, validity, the limit checked before
// enumerating, and an independent count of reduced plans by grouping full plans.
#include "models/extensive_form/plans.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "core/errors.hpp"
#include "models/extensive_form/efg_format.hpp"
#include "tests/models/extensive_form/test_support.hpp"

namespace sgplan::models::extensive_form {
namespace {

// Reduced plans counted the slow way: group the full plans by their choices at the sets they
// reach; each group is one reduced plan.
std::size_t reduced_by_grouping(const GameTree& t, const PlayerSequences& seqs) {
  std::set<PurePlan> groups;
  for_each_plan(t, seqs.player(), {}, 1'000'000, [&](const PurePlan& p) {
    const auto reached = reached_sets(t, seqs, p);
    PurePlan r = p;
    for (std::size_t k = 0; k < r.size(); ++k) {
      if (reached[k] == 0) r[k] = kUnspecified;
    }
    groups.insert(r);
  });
  return groups.size();
}

TEST(Plans, RepeatedPrisonersDilemma) {
  const GameTree t = testing::config("repeated-pd.yaml");
  const auto seqs = compute_sequences(t);
  std::vector<PurePlan> full;
  for_each_plan(t, 0, {}, 100, [&](const PurePlan& p) { full.push_back(p); });
  ASSERT_EQ(full.size(), 32u);
  EXPECT_EQ(full.front(), (PurePlan{0, 0, 0, 0, 0}));
  EXPECT_EQ(full[1], (PurePlan{0, 0, 0, 0, 1}));  // the last set varies fastest
  EXPECT_EQ(full.back(), (PurePlan{1, 1, 1, 1, 1}));
  EXPECT_EQ(std::set<PurePlan>(full.begin(), full.end()).size(), 32u);

  std::vector<PurePlan> reduced;
  for_each_reduced_plan(t, seqs[0], {}, 100, [&](const PurePlan& p) { reduced.push_back(p); });
  ASSERT_EQ(reduced.size(), 8u);
  const std::uint32_t u = kUnspecified;
  EXPECT_EQ(reduced.front(), (PurePlan{0, 0, 0, u, u}));
  EXPECT_EQ(reduced.back(), (PurePlan{1, u, u, 1, 1}));
  EXPECT_EQ(plan_to_string(t, 0, reduced.back()), "D * * D D");
  for (const PurePlan& p : reduced) EXPECT_EQ(first_unspecified_reached(t, seqs[0], p), kNone);
  // Every full plan agrees with exactly one reduced plan where that one is specified.
  for (const PurePlan& f : full) {
    int matches = 0;
    for (const PurePlan& r : reduced) {
      bool agree = true;
      for (std::size_t k = 0; k < r.size(); ++k) agree = agree && (r[k] == kUnspecified || r[k] == f[k]);
      matches += agree ? 1 : 0;
    }
    EXPECT_EQ(matches, 1);
  }
  EXPECT_EQ(reduced_by_grouping(t, seqs[0]), 8u);
  // A plan that leaves out a set its own choices reach is not a reduced plan.
  EXPECT_EQ(first_unspecified_reached(t, seqs[0], PurePlan{0, 0, u, u, u}), 2u);
}

TEST(Plans, LimitIsCheckedBeforeEnumerating) {
  const GameTree t = testing::config("repeated-pd.yaml");
  const auto seqs = compute_sequences(t);
  int calls = 0;
  try {
    for_each_plan(t, 0, {}, 31, [&](const PurePlan&) { ++calls; });
    FAIL() << "expected a ResourceError";
  } catch (const ResourceError& e) {
    EXPECT_STREQ(e.what(),
                 "pure plans of player 'row': 32 exceeds the limit of 31 (raise it with --max-plans)");
  }
  try {
    for_each_reduced_plan(t, seqs[1], {}, 7, [&](const PurePlan&) { ++calls; });
    FAIL() << "expected a ResourceError";
  } catch (const ResourceError& e) {
    EXPECT_STREQ(e.what(),
                 "reduced plans of player 'column': 8 exceeds the limit of 7 (raise it with --max-plans)");
  }
  EXPECT_EQ(calls, 0);
}

TEST(Plans, SupportRestrictsTheEnumeration) {
  const GameTree t = testing::config("repeated-pd.yaml");
  const auto seqs = compute_sequences(t);
  // round1 only C: the round-2 sets after D are never reached.
  const ActionSupport support{{0}, {0, 1}, {1}, {0, 1}, {0, 1}};
  EXPECT_EQ(count_plans(t, 0, support), 8);
  EXPECT_EQ(*count_reduced_plans(t, seqs[0], support), 2);
  std::vector<PurePlan> reduced;
  for_each_reduced_plan(t, seqs[0], support, 10, [&](const PurePlan& p) { reduced.push_back(p); });
  const std::uint32_t u = kUnspecified;
  EXPECT_EQ(reduced, (std::vector<PurePlan>{{0, 0, 1, u, u}, {0, 1, 1, u, u}}));
  // An empty support at a reached set leaves no plan.
  EXPECT_EQ(*count_reduced_plans(t, seqs[0], ActionSupport{{0}, {}, {1}, {0}, {0}}), 0);
  int calls = 0;
  for_each_reduced_plan(t, seqs[0], ActionSupport{{0}, {}, {1}, {0}, {0}}, 10,
                        [&](const PurePlan&) { ++calls; });
  EXPECT_EQ(calls, 0);
}

TEST(Plans, ImperfectRecallReducedPlansByExploration) {
  // The absent-minded driver: B (then B again) or E; two reduced plans, as two full ones.
  const GameTree driver = testing::efg(
      "EFG 2 R \"d\" { \"D\" }\np \"\" 1 1 \"x\" { \"B\" \"E\" } 0\np \"\" 1 1 \"x\" { \"B\" \"E\" } 0\n"
      "t \"\" 0\nt \"\" 0\nt \"\" 0\n");
  const auto seqs = compute_sequences(driver);
  EXPECT_EQ(*count_reduced_plans(driver, seqs[0]), 2);
  EXPECT_EQ(reduced_by_grouping(driver, seqs[0]), 2u);
  EXPECT_EQ(count_reduced_plans(driver, seqs[0], {}, 1), std::nullopt);  // over the budget
}

TEST(Plans, ReducedCountsAgreeWithGroupingOnGambitGames) {
  SGPLAN_REQUIRE_CASES();
  std::size_t games = 0, imperfect = 0;
  for (const std::string& path : testing::gambit_files(".efg")) {
    const GameTree t = efg::read_efg_file(path);
    const auto seqs = compute_sequences(t);
    for (PlayerId p = 0; p < t.num_players(); ++p) {
      if (count_plans(t, p) > 20'000) continue;
      SCOPED_TRACE(path + " player " + t.player(p).key);
      const auto count = count_reduced_plans(t, seqs[p]);
      ASSERT_TRUE(count.has_value());
      EXPECT_EQ(*count, reduced_by_grouping(t, seqs[p]));
      std::size_t listed = 0;
      for_each_reduced_plan(t, seqs[p], {}, 1'000'000, [&](const PurePlan& r) {
        ++listed;
        EXPECT_EQ(first_unspecified_reached(t, seqs[p], r), kNone);
      });
      EXPECT_EQ(listed, *count);
      imperfect += seqs[p].perfect_recall() ? 0 : 1;
    }
    ++games;
  }
  EXPECT_GT(games, 150u);
  EXPECT_GT(imperfect, 10u);
}

TEST(Plans, GambitFactsAboutTheTwoStagePrisonersDilemma) {
  SGPLAN_REQUIRE_CASES();
  // ../shared/cases/gambit/SOURCE.md: 5 sets per player, 32 full plans each, 8 reduced.
  const GameTree t = testing::gambit("contrib/e13.efg");
  const auto seqs = compute_sequences(t);
  for (PlayerId p = 0; p < 2; ++p) {
    EXPECT_EQ(t.player(p).infosets.size(), 5u);
    EXPECT_EQ(count_plans(t, p), 32);
    EXPECT_EQ(*count_reduced_plans(t, seqs[p]), 8);
  }
}

}  // namespace
}  // namespace sgplan::models::extensive_form
