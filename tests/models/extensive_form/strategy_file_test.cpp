// Strategy and profile files: what they accept, and the exact message of each mistake.
#include "models/extensive_form/strategy_file.hpp"

#include <gtest/gtest.h>

#include "tests/models/extensive_form/test_support.hpp"

namespace sgplan::models::extensive_form {
namespace {

using testing::q;

class StrategyFile : public ::testing::Test {
 protected:
  GameTree tree = testing::config("repeated-pd.yaml");
  std::vector<PlayerSequences> seqs = compute_sequences(tree);

  efg::LoadedStrategy strategy(const std::string& text, bool exact = false) {
    return efg::parse_strategy(models::formats::YamlDocument::load_string(text, "s.yaml"), tree, seqs,
                               {exact});
  }
  std::string error(const std::string& text, bool exact = false) {
    return testing::input_error([&] { strategy(text, exact); });
  }
  std::string profile_error(const std::string& text) {
    return testing::input_error(
        [&] { efg::parse_profile(models::formats::YamlDocument::load_string(text, "p.yaml"), tree, seqs); });
  }
};

TEST_F(StrategyFile, AcceptsPlansMixedAndBehaviouralStrategies) {
  const auto pure = strategy(
      "player: column\nplan: {round1: D, \"round2[C,C]\": C, \"round2[C,D]\": \"#1\", \"round2[D,C]\": D, "
      "\"round2[D,D]\": D}\n");
  EXPECT_TRUE(pure.pure);
  const auto& m = std::get<MixedStrategy<Rational>>(pure.strategy);
  EXPECT_EQ(m.player, 1u);
  EXPECT_EQ(m.plans, (std::vector<PurePlan>{{1, 0, 0, 1, 1}}));
  EXPECT_EQ(m.probabilities, (std::vector<Rational>{1}));

  // American spelling, actions left out are 0, and sets the player's own play never reaches may be
  // left out.
  const auto b = strategy(
      "player: row\nbehavioral:\n  round1: {C: 1}\n  \"round2[C,C]\": {C: 0.25, D: 3/4}\n"
      "  \"round2[C,D]\": {D: 1}\n");
  const auto& bs = std::get<BehaviouralStrategy<Rational>>(b.strategy);
  EXPECT_EQ(bs.probabilities[0], (std::vector<Rational>{1, 0}));
  EXPECT_EQ(bs.probabilities[1], (std::vector<Rational>{q("1/4"), q("3/4")}));
  EXPECT_TRUE(bs.probabilities[3].empty());

  // Decimals rounded to many places pass in floating point, not with --exact.
  const std::string thirds =
      "player: row\nmixed:\n  - plan: {round1: D, \"round2[D,C]\": C, \"round2[D,D]\": C}\n"
      "    probability: 0.3333333333\n"
      "  - plan: {round1: C, \"round2[C,C]\": C, \"round2[C,D]\": C}\n"
      "    probability: 0.6666666666\n";
  EXPECT_EQ(error(thirds), "");
  EXPECT_EQ(
      error(thirds, true),
      "s.yaml:3:3: the probabilities of the mixed strategy sum to 9999999999/10000000000, expected 1 exactly "
      "(--exact: write fractions such as 1/3)");
}

TEST_F(StrategyFile, Mistakes) {
  EXPECT_EQ(error("player: row\nplan: {round1: C, \"round2[C,X]\": D}\n"),
            "s.yaml:2:19: unknown information set 'round2[C,X]' of player 'row' (expected one of: round1, "
            "round2[C,C], round2[C,D], round2[D,C], round2[D,D])");
  EXPECT_EQ(error("player: row\nplan: {round1: E}\n"),
            "s.yaml:2:16: unknown action 'E' at information set 'round1' (expected one of: C, D)");
  EXPECT_EQ(
      error("player: row\nplan: {round1: C, \"round2[C,C]\": C}\n"),
      "s.yaml:2:7: the plan chooses no action at information set 'round2[C,D]', which its own choices reach "
      "(a reduced plan may leave out only the sets that its own choices exclude)");
  EXPECT_EQ(error("player: row\nmixed:\n  - plan: {round1: D, \"round2[D,C]\": C, \"round2[D,D]\": C}\n"
                  "    probability: 1/4\n  - plan: {round1: D, \"round2[D,C]\": D, \"round2[D,D]\": C}\n"
                  "    probability: 1/4\n"),
            "s.yaml:3:3: the probabilities of the mixed strategy sum to 1/2, expected 1");
  EXPECT_EQ(error("player: row\nmixed:\n  - plan: {round1: D, \"round2[D,C]\": C, \"round2[D,D]\": C}\n"
                  "    probability: 1/2\n  - plan: {round1: D, \"round2[D,C]\": C, \"round2[D,D]\": C}\n"
                  "    probability: 1/2\n"),
            "s.yaml:5:5: this plan is listed twice (first at 3:5)");
  EXPECT_EQ(error("player: row\nbehavioural: {round1: {C: 0.333333333333, D: 0.666666666666}, "
                  "\"round2[C,C]\": {C: 1}, "
                  "\"round2[C,D]\": {C: 1}, \"round2[D,C]\": {C: 1}, \"round2[D,D]\": {C: 1}}\n",
                  true),
            "s.yaml:2:23: the probabilities of information set 'round1' sum to 999999999999/1000000000000, "
            "expected 1 "
            "exactly (--exact: write fractions such as 1/3)");
  EXPECT_EQ(error("player: row\nbehavioural: {round1: {C: 1}}\n"),
            "s.yaml:2:14: the behavioural strategy gives no distribution at information set 'round2[C,C]', "
            "which the "
            "player's own play reaches with probability 1");
  EXPECT_EQ(error("player: row\nbehavioural: {round1: {C: -0.5, D: 1.5}}\n"),
            "s.yaml:2:27: a probability must be between 0 and 1, found '-0.5'");
  EXPECT_EQ(error("player: nobody\nplan: {round1: C}\n"),
            "s.yaml:1:9: unknown player 'nobody' (expected one of: row, column)");
  EXPECT_EQ(
      error("player: row\nmixed: []\nbehavioural: {}\n"),
      "s.yaml:3:14: a strategy is one of plan, mixed or behavioural; found both `mixed` and `behavioural`");
  EXPECT_EQ(error("player: row\n"),
            "s.yaml:1:1: expected `plan`, `mixed` or `behavioural` in a strategy file");
  EXPECT_EQ(error("player: row\nmixd: []\n"),
            "s.yaml:2:1: unknown key 'mixd' in a strategy file (expected player, plan, mixed, behavioural or "
            "behavioral)");
  EXPECT_EQ(error("player: row\nmixed:\n  - plan: {round1: C}\n    probability: 1\n    weight: 2\n"),
            "s.yaml:5:5: unknown key 'weight' in a mixed strategy entry (expected plan or probability)");
}

TEST_F(StrategyFile, Profiles) {
  const auto p =
      efg::parse_profile(models::formats::YamlDocument::load_string(
                             "profile:\n  column: {behavioural: {round1: {C: 1}, \"round2[C,C]\": {C: 1}, "
                             "\"round2[D,C]\": {C: 1}}}\n  row: {plan: {round1: C, \"round2[C,C]\": D, "
                             "\"round2[C,D]\": D}}\n",
                             "p.yaml"),
                         tree, seqs);
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(strategy_player(p[0].strategy), 0u);  // in player order, whatever the file's order
  EXPECT_TRUE(p[0].pure);
  EXPECT_FALSE(p[1].pure);
  EXPECT_EQ(profile_error("profile:\n  row: {plan: {round1: D, \"round2[D,C]\": D, \"round2[D,D]\": D}}\n"),
            "p.yaml:2:3: the profile has no strategy for player 'column' (expected one entry per player)");
  EXPECT_EQ(profile_error(
                "profile:\n  row: {plan: {round1: D, \"round2[D,C]\": D, \"round2[D,D]\": D}}\n  row: {}\n"),
            "p.yaml:3:3: player 'row' appears twice in the profile");
  EXPECT_EQ(profile_error("strategies: {}\n"),
            "p.yaml:1:1: unknown key 'strategies' in a profile file (expected profile)");
}

}  // namespace
}  // namespace sgplan::models::extensive_form
