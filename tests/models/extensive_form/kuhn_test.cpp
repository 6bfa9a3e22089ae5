// Kuhn's conversions: hand-solved cases, exact round trips, random mixed and behavioural
// strategies on every Gambit game with perfect recall checked for realization equivalence by two
// independent algorithms, the unreached rules, and the refusals without perfect recall together
// with a numerical demonstration of why they are needed.
#include "models/extensive_form/kuhn.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "models/extensive_form/efg_format.hpp"
#include "models/extensive_form/realization.hpp"
#include "models/extensive_form/strategy_file.hpp"
#include "tests/models/extensive_form/test_support.hpp"

namespace sgplan::models::extensive_form {
namespace {

using testing::efg;
using testing::q;

// ---- An independent realization computation: a plain recursive walk of the tree. ----
// Probability of each terminal when player `i` plays `s` (mixed or behavioural) and every other
// player j plays the pure plan others[j].
void walk(const GameTree& t, NodeId n, const Rational& p, PlayerId i, const BehaviouralStrategy<Rational>* b,
          const PurePlan* own_plan, const std::vector<PurePlan>& others, std::vector<Rational>& out) {
  if (p == 0) return;
  switch (t.kind(n)) {
    case NodeKind::Terminal:
      out[t.terminal_index(n)] += p;
      return;
    case NodeKind::Chance: {
      const auto& probs = t.chance_events()[t.chance_event(n)].probabilities;
      for (std::uint32_t a = 0; a < probs.size(); ++a)
        walk(t, t.child(n, a), p * probs[a], i, b, own_plan, others, out);
      return;
    }
    case NodeKind::Decision: {
      const Infoset& h = t.infoset_data(t.infoset(n));
      if (h.player == i && b != nullptr) {
        for (std::uint32_t a = 0; a < h.actions.size(); ++a) {
          walk(t, t.child(n, a), p * b->probabilities[h.index_in_player][a], i, b, own_plan, others, out);
        }
        return;
      }
      const PurePlan& plan = h.player == i ? *own_plan : others[h.player];
      const std::uint32_t a = plan[h.index_in_player];
      ASSERT_NE(a, kUnspecified) << "a plan reached a set it leaves unspecified";
      walk(t, t.child(n, a), p, i, b, own_plan, others, out);
      return;
    }
  }
}

std::vector<Rational> walk_realization(const GameTree& t, const Strategy<Rational>& s,
                                       const std::vector<PurePlan>& others) {
  std::vector<Rational> out(t.num_terminals(), Rational(0));
  const PlayerId i = strategy_player(s);
  if (const auto* b = std::get_if<BehaviouralStrategy<Rational>>(&s)) {
    walk(t, 0, Rational(1), i, b, nullptr, others, out);
    return out;
  }
  const auto& m = std::get<MixedStrategy<Rational>>(s);
  for (std::size_t k = 0; k < m.plans.size(); ++k)
    walk(t, 0, m.probabilities[k], i, nullptr, &m.plans[k], others, out);
  return out;
}

// The largest realization difference over every pure plan profile of the other players, by
// enumerating them; nullopt when there are too many.
std::optional<Rational> brute_force_difference(const GameTree& t, const Strategy<Rational>& a,
                                               const Strategy<Rational>& b) {
  const PlayerId i = strategy_player(a);
  BigInt profiles = 1;
  for (PlayerId j = 0; j < t.num_players(); ++j) {
    if (j != i) profiles *= count_plans(t, j);
  }
  if (profiles > 3000 || t.num_terminals() > 500) return std::nullopt;
  std::vector<std::vector<PurePlan>> plans(t.num_players());
  for (PlayerId j = 0; j < t.num_players(); ++j) {
    if (j == i) {
      plans[j].push_back(PurePlan(t.player(j).infosets.size(), 0));
    } else {
      for_each_plan(t, j, {}, 100'000, [&](const PurePlan& p) { plans[j].push_back(p); });
    }
  }
  Rational worst = 0;
  std::vector<std::size_t> index(t.num_players(), 0);
  while (true) {
    std::vector<PurePlan> others;
    for (PlayerId j = 0; j < t.num_players(); ++j) others.push_back(plans[j][index[j]]);
    const auto ra = walk_realization(t, a, others);
    const auto rb = walk_realization(t, b, others);
    for (std::size_t z = 0; z < ra.size(); ++z) worst = std::max(worst, abs_value(Rational(ra[z] - rb[z])));
    std::size_t j = 0;
    while (j < index.size() && ++index[j] == plans[j].size()) index[j++] = 0;
    if (j == index.size()) break;
  }
  return worst;
}

std::vector<std::vector<Rational>> dist(const BehaviouralStrategy<Rational>& b) {
  return b.probabilities;
}

// ---- Hand-solved conversions. ----

TEST(Kuhn, MixedToBehaviouralByHand) {
  const GameTree t = testing::config("repeated-pd.yaml");
  const auto seqs = compute_sequences(t);
  const auto loaded = efg::load_strategy_file(testing::source_dir() + "/configs/strategies/pd-row-mixed.yaml",
                                              t, seqs, {true});
  const auto& m = std::get<MixedStrategy<Rational>>(loaded.strategy);
  ASSERT_EQ(m.plans.size(), 4u);
  const auto r = mixed_to_behavioural(t, seqs[0], m);
  // Plans: (C; C,D,D,D), (C; D,D,C,D), (D; C,C,C,D), (D; *,*,D,D), 1/4 each.
  const Rational h = q("1/2");
  EXPECT_EQ(dist(r.strategy), (std::vector<std::vector<Rational>>{{h, h}, {h, h}, {0, 1}, {h, h}, {0, 1}}));
  EXPECT_TRUE(r.unreached.empty());
  const auto check = check_realization_equivalence<Rational>(t, seqs, m, r.strategy);
  EXPECT_EQ(check.max_difference, 0);
  EXPECT_EQ(check.terminals_compared, 16u);
  EXPECT_EQ(check.opponent_profiles, 32);
  EXPECT_EQ(brute_force_difference(t, m, r.strategy), Rational(0));
}

TEST(Kuhn, UnreachedSetsFollowTheRule) {
  const GameTree t = testing::config("repeated-pd.yaml");
  const auto seqs = compute_sequences(t);
  // Always C in round 1: the round-2 sets after D are unreached by row's own play.
  const MixedStrategy<Rational> m{0, {{0, 0, 1, 0, 0}, {0, 1, 1, 1, 1}}, {q("1/3"), q("2/3")}};
  const auto uniform = mixed_to_behavioural(t, seqs[0], m);
  EXPECT_EQ(uniform.unreached, (std::vector<std::uint32_t>{3, 4}));
  EXPECT_EQ(uniform.strategy.probabilities[1], (std::vector<Rational>{q("1/3"), q("2/3")}));
  EXPECT_EQ(uniform.strategy.probabilities[3], (std::vector<Rational>{q("1/2"), q("1/2")}));
  ConversionOptions zero;
  zero.unreached = UnreachedRule::Zero;
  const auto zeroed = mixed_to_behavioural(t, seqs[0], m, zero);
  EXPECT_EQ(zeroed.strategy.probabilities[4], (std::vector<Rational>{0, 0}));
  // Both are realization-equivalent to the mixed strategy: the rule only fills unreached sets.
  EXPECT_EQ(check_realization_equivalence<Rational>(t, seqs, m, uniform.strategy).max_difference, 0);
  EXPECT_EQ(check_realization_equivalence<Rational>(t, seqs, m, zeroed.strategy).max_difference, 0);
  // Back to mixed: reduced plans never need the unreached sets; full plans take them uniform, and
  // refuse the zero rule.
  ConversionOptions reduced;
  reduced.plans = PlanForm::Reduced;
  const auto back = behavioural_to_mixed(t, seqs[0], zeroed.strategy, reduced);
  EXPECT_EQ(back.strategy.plans, (std::vector<PurePlan>{{0, 0, 1, kUnspecified, kUnspecified},
                                                        {0, 1, 1, kUnspecified, kUnspecified}}));
  EXPECT_EQ(back.strategy.probabilities, (std::vector<Rational>{q("1/3"), q("2/3")}));
  EXPECT_EQ(back.unreached, (std::vector<std::uint32_t>{3, 4}));
  ConversionOptions full_zero;
  full_zero.unreached = UnreachedRule::Zero;
  EXPECT_EQ(
      testing::input_error([&] { behavioural_to_mixed(t, seqs[0], zeroed.strategy, full_zero); }),
      "behavioural strategy of player 'row' has no distribution at information set 'round2[D,C]', and full "
      "plans need one there: use --unreached uniform, or ask for reduced plans");
  const auto full = behavioural_to_mixed(t, seqs[0], zeroed.strategy);
  EXPECT_EQ(full.strategy.plans.size(), 8u);  // 2 at round2[C,C] times 2 x 2 at the unreached sets
  EXPECT_EQ(full.strategy.probabilities[0], q("1/12"));
  EXPECT_EQ(check_realization_equivalence<Rational>(t, seqs, m, full.strategy).max_difference, 0);
}

TEST(Kuhn, BehaviouralToMixedByHand) {
  const GameTree t = testing::config("repeated-pd.yaml");
  const auto seqs = compute_sequences(t);
  const auto loaded = efg::load_strategy_file(
      testing::source_dir() + "/configs/strategies/pd-row-behavioural.yaml", t, seqs, {true});
  const auto& b = std::get<BehaviouralStrategy<Rational>>(loaded.strategy);
  const auto full = behavioural_to_mixed(t, seqs[0], b);
  ASSERT_EQ(full.strategy.plans.size(), 32u);
  EXPECT_EQ(full.strategy.plans[0], (PurePlan{0, 0, 0, 0, 0}));
  EXPECT_EQ(full.strategy.probabilities[0], q("1/2") * q("9/10") * q("1/10") * q("9/10") * q("1/10"));
  Rational sum = 0;
  for (const Rational& p : full.strategy.probabilities) sum += p;
  EXPECT_EQ(sum, 1);
  ConversionOptions reduced;
  reduced.plans = PlanForm::Reduced;
  const auto red = behavioural_to_mixed(t, seqs[0], b, reduced);
  ASSERT_EQ(red.strategy.plans.size(), 8u);
  EXPECT_EQ(red.strategy.plans[0], (PurePlan{0, 0, 0, kUnspecified, kUnspecified}));
  EXPECT_EQ(red.strategy.probabilities[0], q("9/200"));
  EXPECT_EQ(check_realization_equivalence<Rational>(t, seqs, b, full.strategy).max_difference, 0);
  EXPECT_EQ(check_realization_equivalence<Rational>(t, seqs, b, red.strategy).max_difference, 0);
  // Exact round trip: behavioural -> reduced mixed -> behavioural gives the same strategy back.
  EXPECT_EQ(dist(mixed_to_behavioural(t, seqs[0], red.strategy).strategy), dist(b));
  EXPECT_EQ(dist(mixed_to_behavioural(t, seqs[0], full.strategy).strategy), dist(b));
  // The limit is checked on the plans with positive probability, before listing them.
  ConversionOptions small;
  small.max_plans = 31;
  EXPECT_THROW(behavioural_to_mixed(t, seqs[0], b, small), ResourceError);
}

TEST(Kuhn, DoubleArithmeticAgreesWithExact) {
  const GameTree t = testing::config("repeated-pd.yaml");
  const auto seqs = compute_sequences(t);
  const auto loaded =
      efg::load_strategy_file(testing::source_dir() + "/configs/strategies/pd-row-behavioural.yaml", t, seqs);
  const auto& exact = std::get<BehaviouralStrategy<Rational>>(loaded.strategy);
  const auto b = strategy_cast<double>(exact);
  const auto m = behavioural_to_mixed(t, seqs[0], b).strategy;
  const auto back = mixed_to_behavioural(t, seqs[0], m).strategy;
  for (std::size_t k = 0; k < back.probabilities.size(); ++k) {
    for (std::size_t a = 0; a < 2; ++a) {
      EXPECT_NEAR(back.probabilities[k][a], static_cast<double>(exact.probabilities[k][a]), 1e-15);
    }
  }
  EXPECT_LT(check_realization_equivalence<double>(t, seqs, b, m).max_difference, 1e-15);
}

// ---- Random strategies on every Gambit game. ----

Rational random_weight(std::mt19937& rng) {
  return Rational(1 + static_cast<int>(rng() % 9));
}

TEST(Kuhn, RandomStrategiesOnGambitGamesAreRealizationEquivalent) {
  SGPLAN_REQUIRE_CASES();
  std::mt19937 rng(20240611);
  std::size_t conversions = 0, brute_forced = 0, games = 0;
  for (const std::string& path : testing::gambit_files(".efg")) {
    const GameTree t = efg::read_efg_file(path);
    const auto seqs = compute_sequences(t);
    bool used = false;
    for (PlayerId p = 0; p < t.num_players(); ++p) {
      if (!seqs[p].perfect_recall() || count_plans(t, p) > 4096) continue;
      SCOPED_TRACE(path + " player " + t.player(p).key);
      std::vector<PurePlan> full, reduced;
      for_each_plan(t, p, {}, 4096, [&](const PurePlan& x) { full.push_back(x); });
      for_each_reduced_plan(t, seqs[p], {}, 4096, [&](const PurePlan& x) { reduced.push_back(x); });
      for (int round = 0; round < 3; ++round) {
        // A random mixed strategy over up to 6 distinct full or reduced plans.
        const auto& pool = round == 1 ? reduced : full;
        MixedStrategy<Rational> m{p, {}, {}};
        Rational total = 0;
        std::set<std::size_t> picked;
        const std::size_t size = 1 + rng() % std::min<std::size_t>(6, pool.size());
        while (picked.size() < size) picked.insert(rng() % pool.size());
        for (std::size_t k : picked) {
          m.plans.push_back(pool[k]);
          m.probabilities.push_back(random_weight(rng));
          total += m.probabilities.back();
        }
        for (Rational& x : m.probabilities) x /= total;

        const auto b = mixed_to_behavioural(t, seqs[p], m).strategy;
        EXPECT_EQ(check_realization_equivalence<Rational>(t, seqs, m, b).max_difference, 0);
        ConversionOptions options;
        options.plans = round == 2 ? PlanForm::Full : PlanForm::Reduced;
        const auto m2 = behavioural_to_mixed(t, seqs[p], b, options).strategy;
        EXPECT_EQ(check_realization_equivalence<Rational>(t, seqs, b, m2).max_difference, 0);
        Rational sum = 0;
        for (const Rational& x : m2.probabilities) sum += x;
        EXPECT_EQ(sum, 1);
        // The round trip returns the same behavioural strategy at every set the player reaches.
        const auto b2 = mixed_to_behavioural(t, seqs[p], m2).strategy;
        const auto reach = own_reach(t, seqs[p], b);
        for (std::size_t k = 0; k < reach.size(); ++k) {
          if (reach[k] > 0) {
            EXPECT_EQ(b2.probabilities[k], b.probabilities[k]);
          }
        }
        // A second, independent algorithm: walk the tree against every pure profile of the others.
        if (const auto brute = brute_force_difference(t, m, b)) {
          EXPECT_EQ(*brute, 0);
          ++brute_forced;
        }
        // Floating point: the same conversion, within rounding.
        const auto md = strategy_cast<double>(m);
        const auto bd = mixed_to_behavioural(t, seqs[p], md).strategy;
        EXPECT_LT(check_realization_equivalence<double>(t, seqs, md, bd).max_difference, 1e-12);
        conversions += 1;
        used = true;
      }
    }
    games += used ? 1 : 0;
  }
  EXPECT_GT(games, 140u);
  EXPECT_GT(conversions, 800u);
  EXPECT_GT(brute_forced, 500u);
}

// ---- Without perfect recall: refusal, and why. ----

TEST(Kuhn, RefusesWithoutPerfectRecall) {
  const GameTree t = efg(testing::kForgetfulPlayer);
  const auto seqs = compute_sequences(t);
  const MixedStrategy<Rational> m{0, {{0, 0}, {1, 1}}, {q("1/2"), q("1/2")}};
  try {
    mixed_to_behavioural(t, seqs[0], m);
    FAIL() << "expected a RecallError";
  } catch (const RecallError& e) {
    EXPECT_STREQ(
        e.what(),
        "cannot convert a mixed strategy into a behavioural one for player 'P1': the player does not have "
        "perfect recall (player 'P1' forgets at information set 'second': one node is reached after "
        "first=R [path: P1:R], another after first=L [path: P1:L]); Kuhn's theorem needs perfect recall, and "
        "without it the two kinds of strategy are not realization-equivalent in general");
  }
  const BehaviouralStrategy<Rational> b{0, {{q("1/2"), q("1/2")}, {q("1/2"), q("1/2")}}};
  EXPECT_THROW(behavioural_to_mixed(t, seqs[0], b), RecallError);
  // Player 2 has perfect recall: its conversions go ahead.
  const MixedStrategy<Rational> m2{1, {{0}, {1}}, {q("1/4"), q("3/4")}};
  EXPECT_EQ(mixed_to_behavioural(t, seqs[1], m2).strategy.probabilities[0],
            (std::vector<Rational>{q("1/4"), q("3/4")}));
}

TEST(Kuhn, WhyForgettingBreaksMixedToBehavioural) {
  // (R, r) or (L, l) with 1/2 each: the mixed strategy correlates the two moves, so P1 plays
  // R-then-r or L-then-l. Kuhn's formula gives 1/2, 1/2 at each set, which also plays R-then-l and
  // L-then-r: each reached with 1/4, where the mixed strategy never goes.
  const GameTree t = efg(testing::kForgetfulPlayer);
  const auto seqs = compute_sequences(t);
  const MixedStrategy<Rational> m{0, {{0, 0}, {1, 1}}, {q("1/2"), q("1/2")}};
  ConversionOptions unchecked;
  unchecked.require_perfect_recall = false;
  const auto b = mixed_to_behavioural(t, seqs[0], m, unchecked).strategy;
  EXPECT_EQ(dist(b), (std::vector<std::vector<Rational>>{{q("1/2"), q("1/2")}, {q("1/2"), q("1/2")}}));
  const auto check = check_realization_equivalence<Rational>(t, seqs, m, b);
  EXPECT_EQ(check.max_difference, q("1/4"));
  EXPECT_EQ(brute_force_difference(t, m, b), q("1/4"));
  // Against T, the mixed strategy gets 1/2 (-1) + 1/2 (1) = 0 for P1; the behavioural one also
  // reaches the two -5 histories: 1/4 (-1) + 1/4 (-5) + 1/4 (-5) + 1/4 (1) = -5/2.
  const std::vector<Strategy<Rational>> with_mixed{m, pure_strategy<Rational>(1, {1})};
  const std::vector<Strategy<Rational>> with_behavioural{b, pure_strategy<Rational>(1, {1})};
  EXPECT_EQ(realize(t, seqs, with_mixed).expected_payoff[0], 0);
  EXPECT_EQ(realize(t, seqs, with_behavioural).expected_payoff[0], q("-5/2"));
}

TEST(Kuhn, WhyAbsentMindednessBreaksBehaviouralToMixed) {
  // The absent-minded driver continues (B) with probability p at each exit: he gets home (payoff
  // 1) with p^2, far (4) with p(1-p), near (0) with 1-p: 4p - 3p^2, 4/3 at p = 2/3. Every pure plan
  // exits at the first exit or never: a mixed strategy earns at most 1.
  const GameTree t = efg(testing::kAbsentMindedDriver);
  const auto seqs = compute_sequences(t);
  const BehaviouralStrategy<Rational> b{0, {{q("2/3"), q("1/3")}}};
  const std::vector<Strategy<Rational>> behavioural{b};
  const auto rb = realize(t, seqs, behavioural);
  EXPECT_EQ(rb.probability, (std::vector<Rational>{q("4/9"), q("2/9"), q("1/3")}));
  EXPECT_EQ(rb.expected_payoff[0], q("4/3"));
  ConversionOptions unchecked;
  unchecked.require_perfect_recall = false;
  const auto m = behavioural_to_mixed(t, seqs[0], b, unchecked).strategy;
  EXPECT_EQ(m.probabilities, (std::vector<Rational>{q("2/3"), q("1/3")}));
  const std::vector<Strategy<Rational>> mixed{m};
  const auto rm = realize(t, seqs, mixed);
  EXPECT_EQ(rm.probability, (std::vector<Rational>{q("2/3"), 0, q("1/3")}));
  EXPECT_EQ(rm.expected_payoff[0], q("2/3"));
  EXPECT_EQ(check_realization_equivalence<Rational>(t, seqs, b, m).max_difference, q("2/9"));
  EXPECT_EQ(brute_force_difference(t, b, m), q("2/9"));
  // The best mixed strategy: the better pure plan, B (home, 1).
  for (const PurePlan& p : std::vector<PurePlan>{{0}, {1}}) {
    const std::vector<Strategy<Rational>> pure{pure_strategy<Rational>(0, p)};
    EXPECT_LE(realize(t, seqs, pure).expected_payoff[0], 1);
  }
  EXPECT_THROW(behavioural_to_mixed(t, seqs[0], b), RecallError);
}

TEST(Kuhn, TheGambitCatalogShowsTheSameFailures) {
  SGPLAN_REQUIRE_CASES();
  ConversionOptions unchecked;
  unchecked.require_perfect_recall = false;
  // Wichardt (2008): the correlated mixed strategy (R, r) / (L, l) has no behavioural equivalent.
  const GameTree w = testing::gambit("catalog/journals_geb_wichardt2008.efg");
  const auto ws = compute_sequences(w);
  const MixedStrategy<Rational> m{0, {{0, 0}, {1, 1}}, {q("1/2"), q("1/2")}};
  const auto b = mixed_to_behavioural(w, ws[0], m, unchecked).strategy;
  EXPECT_EQ(check_realization_equivalence<Rational>(w, ws, m, b).max_difference, q("1/4"));
  EXPECT_EQ(brute_force_difference(w, m, b), q("1/4"));
  EXPECT_THROW(mixed_to_behavioural(w, ws[0], m), RecallError);
  // Gilboa (1997), the absent-minded driver: continuing with probability 2/3 earns 4/3, while no
  // mixed strategy earns more than 1.
  const GameTree d = testing::gambit("catalog/journals_geb_gilboa1997_fig1.efg");
  const auto ds = compute_sequences(d);
  const BehaviouralStrategy<Rational> drive{0, {{q("2/3"), q("1/3")}}};
  const std::vector<Strategy<Rational>> profile{drive};
  EXPECT_EQ(realize(d, ds, profile).expected_payoff[0], q("4/3"));
  Rational best_pure = -1;
  for_each_plan(d, 0, {}, 10, [&](const PurePlan& p) {
    const std::vector<Strategy<Rational>> pure{pure_strategy<Rational>(0, p)};
    best_pure = std::max(best_pure, realize(d, ds, pure).expected_payoff[0]);
  });
  EXPECT_EQ(best_pure, 1);
  EXPECT_THROW(behavioural_to_mixed(d, ds[0], drive), RecallError);
}

TEST(Kuhn, GambitImperfectRecallFilesAreRefused) {
  SGPLAN_REQUIRE_CASES();
  std::size_t refused = 0;
  for (const std::string& path : testing::gambit_files(".efg")) {
    const GameTree t = efg::read_efg_file(path);
    const auto seqs = compute_sequences(t);
    for (PlayerId p = 0; p < t.num_players(); ++p) {
      if (seqs[p].perfect_recall()) continue;
      const MixedStrategy<Rational> m{p, {PurePlan(t.player(p).infosets.size(), 0)}, {Rational(1)}};
      EXPECT_THROW(mixed_to_behavioural(t, seqs[p], m), RecallError) << path;
      ++refused;
    }
  }
  EXPECT_GT(refused, 10u);
}

}  // namespace
}  // namespace sgplan::models::extensive_form
