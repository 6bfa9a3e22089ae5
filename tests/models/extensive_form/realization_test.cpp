// Realization probabilities and expected payoffs, with the published facts about stripped-down
// poker (Reiley, Urbancic & Walker 2008; ../shared/cases/gambit/SOURCE.md): in equilibrium Alice
// bets with the King, bets with the Queen with probability 1/3, and Bob calls with probability
// 2/3. The test checks those facts by the equilibrium conditions, exactly.
#include "models/extensive_form/realization.hpp"

#include <gtest/gtest.h>

#include "models/extensive_form/kuhn.hpp"
#include "models/extensive_form/strategy_file.hpp"
#include "tests/models/extensive_form/test_support.hpp"

namespace sgplan::models::extensive_form {
namespace {

using testing::q;

void check_poker(const GameTree& t) {
  const auto seqs = compute_sequences(t);
  ASSERT_EQ(t.num_players(), 2u);
  const PlayerId alice = *t.find_player("Alice"), bob = *t.find_player("Bob");
  const auto profile_file = efg::load_profile_file(
      testing::source_dir() + "/configs/strategies/poker-equilibrium.yaml", t, seqs, {true});
  const std::vector<Strategy<Rational>> equilibrium{profile_file[0].strategy, profile_file[1].strategy};
  const auto r = realize(t, seqs, equilibrium);
  // King-Bet-Call, King-Bet-Fold, King-Fold, Queen-Bet-Call, Queen-Bet-Fold, Queen-Fold.
  EXPECT_EQ(r.probability, (std::vector<Rational>{q("1/3"), q("1/6"), 0, q("1/9"), q("1/18"), q("1/3")}));
  EXPECT_EQ(r.expected_payoff, (std::vector<Rational>{q("1/3"), q("-1/3")}));

  // Alice's four pure plans against Bob's 2/3: (Bet, Bet) and (Bet, Fold) earn 1/3, the plans that
  // fold the King earn -1: no deviation gains, and her equilibrium mixes two best replies.
  const std::vector<std::pair<PurePlan, Rational>> alice_values{
      {{0, 0}, q("1/3")}, {{0, 1}, q("1/3")}, {{1, 0}, -1}, {{1, 1}, -1}};
  for (const auto& [plan, value] : alice_values) {
    const std::vector<Strategy<Rational>> deviation{pure_strategy<Rational>(alice, plan), equilibrium[bob]};
    EXPECT_EQ(realize(t, seqs, deviation).expected_payoff[alice], value);
  }
  // Bob is indifferent between calling and folding against Alice's strategy: both give -1/3.
  for (const PurePlan& plan : std::vector<PurePlan>{{0}, {1}}) {
    const std::vector<Strategy<Rational>> deviation{equilibrium[alice], pure_strategy<Rational>(bob, plan)};
    EXPECT_EQ(realize(t, seqs, deviation).expected_payoff[bob], q("-1/3"));
  }
  // Alice's behavioural strategy as a mixed one: (Bet, Bet) 1/3 and (Bet, Fold) 2/3.
  const auto alice_mixed =
      behavioural_to_mixed(t, seqs[alice], std::get<BehaviouralStrategy<Rational>>(equilibrium[alice]))
          .strategy;
  EXPECT_EQ(alice_mixed.plans, (std::vector<PurePlan>{{0, 0}, {0, 1}}));
  EXPECT_EQ(alice_mixed.probabilities, (std::vector<Rational>{q("1/3"), q("2/3")}));
  // A profile mixing a mixed and a behavioural strategy realizes the same distribution.
  const std::vector<Strategy<Rational>> mixed_profile{alice_mixed, equilibrium[bob]};
  EXPECT_EQ(realize(t, seqs, mixed_profile).probability, r.probability);
  // Floating point agrees.
  std::vector<Strategy<double>> in_doubles{strategy_cast<double>(equilibrium[0]),
                                           strategy_cast<double>(equilibrium[1])};
  const auto rd = realize(t, seqs, in_doubles);
  EXPECT_NEAR(rd.expected_payoff[alice], 1.0 / 3.0, 1e-15);
  for (std::size_t z = 0; z < r.probability.size(); ++z) {
    EXPECT_NEAR(rd.probability[z], static_cast<double>(r.probability[z]), 1e-15);
  }
}

TEST(Realization, StrippedDownPokerFromGambit) {
  SGPLAN_REQUIRE_CASES();
  check_poker(testing::gambit("tests/stripped_down_poker.efg"));
}

TEST(Realization, StrippedDownPokerFromYaml) {
  check_poker(testing::config("poker.yaml"));
}

TEST(Realization, ChanceProbabilitiesMultiplyAlongPaths) {
  const GameTree t = testing::efg(R"(EFG 2 R "c" { "P" }
c "" 1 "" { "a" 1/3 "b" 2/3 } 0
c "" 2 "" { "x" 1/4 "y" 3/4 } 0
t "" 0
t "" 0
p "" 1 1 "" { "u" "v" } 0
t "" 0
c "" 2 "" { "x" 1/4 "y" 3/4 } 0
t "" 0
t "" 0
)");
  EXPECT_EQ(chance_probabilities<Rational>(t),
            (std::vector<Rational>{q("1/12"), q("1/4"), q("2/3"), q("1/6"), q("1/2")}));
  const auto seqs = compute_sequences(t);
  const std::vector<Strategy<Rational>> profile{BehaviouralStrategy<Rational>{0, {{q("1/5"), q("4/5")}}}};
  const auto r = realize(t, seqs, profile);
  EXPECT_EQ(r.probability, (std::vector<Rational>{q("1/12"), q("1/4"), q("2/15"), q("2/15"), q("2/5")}));
  Rational total = 0;
  for (const Rational& p : r.probability) total += p;
  EXPECT_EQ(total, 1);
}

}  // namespace
}  // namespace sgplan::models::extensive_form
