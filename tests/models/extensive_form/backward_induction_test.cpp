// Backward induction on games of perfect information: hand-solved games (from Gambit's test bed
// and configs/), ties, outcomes on inner nodes, chance, the refusal for imperfect information, and
// an independent check of subgame perfection by one-shot deviations.
#include "models/extensive_form/backward_induction.hpp"

#include <gtest/gtest.h>

#include "models/extensive_form/efg_format.hpp"
#include "tests/models/extensive_form/test_support.hpp"

namespace sgplan::models::extensive_form {
namespace {

using testing::q;

// The payoff vector of the subgame at n when everybody follows `plans` (a recursive evaluator,
// independent of the bottom-up pass).
std::vector<Rational> subgame_value(const GameTree& t, NodeId n, const std::vector<PurePlan>& plans) {
  std::vector<Rational> v(t.num_players(), Rational(0));
  if (t.kind(n) == NodeKind::Chance) {
    const auto& probs = t.chance_events()[t.chance_event(n)].probabilities;
    for (std::uint32_t a = 0; a < probs.size(); ++a) {
      const auto c = subgame_value(t, t.child(n, a), plans);
      for (std::size_t p = 0; p < v.size(); ++p) v[p] += probs[a] * c[p];
    }
  } else if (t.kind(n) == NodeKind::Decision) {
    const Infoset& h = t.infoset_data(t.infoset(n));
    v = subgame_value(t, t.child(n, plans[h.player][h.index_in_player]), plans);
  }
  if (t.outcome(n) != kNone) {
    for (std::size_t p = 0; p < v.size(); ++p) v[p] += t.outcomes()[t.outcome(n)].payoffs[p];
  }
  return v;
}

// Subgame perfection by the one-shot deviation principle: at no decision node does the owner
// gain by changing only that node's action.
void expect_subgame_perfect(const GameTree& t, const SubgamePerfectEquilibrium& spe) {
  for (NodeId n = 0; n < t.num_nodes(); ++n) {
    if (t.kind(n) != NodeKind::Decision) continue;
    const Infoset& h = t.infoset_data(t.infoset(n));
    const Rational best = subgame_value(t, n, spe.plans)[h.player];
    for (std::uint32_t a = 0; a < h.actions.size(); ++a) {
      auto deviation = spe.plans;
      deviation[h.player][h.index_in_player] = a;
      EXPECT_LE(subgame_value(t, n, deviation)[h.player], best) << h.label << " action " << h.actions[a];
    }
  }
  EXPECT_EQ(subgame_value(t, 0, spe.plans), spe.value);
}

std::vector<std::string> tie_labels(const GameTree& t, const SubgamePerfectEquilibrium& spe) {
  std::vector<std::string> out;
  for (InfosetId h : spe.ties) out.push_back(t.infoset_data(h).label);
  return out;
}

TEST(BackwardInduction, Centipede) {
  const GameTree t = testing::config("centipede.yaml");
  const auto spe = backward_induction(t);
  EXPECT_EQ(spe.value, (std::vector<Rational>{1, 0}));
  EXPECT_EQ(spe.plans, (std::vector<PurePlan>{{0, 0}, {0, 0}}));  // stop everywhere
  EXPECT_TRUE(spe.ties.empty());
  expect_subgame_perfect(t, spe);
}

TEST(BackwardInduction, GambitWinLoseGames) {
  SGPLAN_REQUIRE_CASES();
  // Player 2 moves first: after a, player 1 takes R (1, -1) since L lets 2 answer r; after b,
  // player 1 takes L (1, -1). Player 2 loses either way and keeps a (a tie).
  for (const char* file : {"tests/two_player_perfect_info_win_lose.efg",
                           "tests/two_player_perfect_info_win_lose_with_nonterm_outcomes.efg"}) {
    SCOPED_TRACE(file);
    const GameTree t = testing::gambit(file);
    const auto spe = backward_induction(t);
    EXPECT_EQ(spe.value, (std::vector<Rational>{1, -1}));
    EXPECT_EQ(spe.plans[0], (PurePlan{1, 0}));  // R after a, L after b
    EXPECT_EQ(spe.plans[1], (PurePlan{0, 1}));  // a; r after a-L
    EXPECT_EQ(tie_labels(t, spe), (std::vector<std::string>{"2:1"}));
    expect_subgame_perfect(t, spe);
  }
}

TEST(BackwardInduction, ChanceAndTies) {
  SGPLAN_REQUIRE_CASES();
  // a leads to a chance move after which player 2 gets 2 whatever it does: worth -2 to player 1;
  // b gives -1. Player 2's two sets are ties.
  const GameTree t = testing::gambit("tests/perfect_info_with_chance.efg");
  const auto spe = backward_induction(t);
  EXPECT_EQ(spe.value, (std::vector<Rational>{-1, 1}));
  EXPECT_EQ(spe.plans[0], (PurePlan{1}));
  EXPECT_EQ(tie_labels(t, spe), (std::vector<std::string>{"2:1", "2:2"}));
  expect_subgame_perfect(t, spe);

  const GameTree three = testing::gambit("tests/3_player_perfect_info_1_move_each.efg");
  const auto s3 = backward_induction(three);
  EXPECT_EQ(s3.value, (std::vector<Rational>{1, 1, 1}));
  EXPECT_EQ(s3.plans[2], (PurePlan{0}));
  EXPECT_EQ(tie_labels(three, s3), (std::vector<std::string>{"Player 1:1", "Player 2:1"}));
  expect_subgame_perfect(three, s3);
}

TEST(BackwardInduction, EveryPerfectInformationGambitGameIsSubgamePerfect) {
  SGPLAN_REQUIRE_CASES();
  std::size_t solved = 0;
  for (const std::string& path : testing::gambit_files(".efg")) {
    const GameTree t = efg::read_efg_file(path);
    if (!t.perfect_information() || t.num_nodes() > 5000) continue;
    SCOPED_TRACE(path);
    expect_subgame_perfect(t, backward_induction(t));
    ++solved;
  }
  EXPECT_GT(solved, 10u);
}

TEST(BackwardInduction, RefusesImperfectInformation) {
  const GameTree t = testing::config("repeated-pd.yaml");
  EXPECT_EQ(testing::input_error([&] { backward_induction(t); }),
            "backward induction needs a game of perfect information, but information set 'round1' of player "
            "'column' has 2 nodes");
}

}  // namespace
}  // namespace sgplan::models::extensive_form
