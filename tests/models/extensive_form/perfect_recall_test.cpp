// Perfect recall per player (Kuhn 1953), absent-mindedness (Piccione & Rubinstein 1997), and
// the sequence trie the conversions run on.
#include <gtest/gtest.h>

#include "models/extensive_form/sequences.hpp"
#include "tests/models/extensive_form/test_support.hpp"

namespace sgplan::models::extensive_form {
namespace {

using testing::efg;

// P1 forgets information (not an own action): chance is seen at the first move and forgotten.
const char* kForgetsChance = R"(EFG 2 R "forgets chance" { "P1" }
c "" 1 "" { "h" 1/2 "t" 1/2 } 0
p "" 1 1 "saw h" { "a" "b" } 0
p "" 1 3 "later" { "x" "y" } 0
t "" 0
t "" 0
t "" 0
p "" 1 2 "saw t" { "a" "b" } 0
p "" 1 3 "later" { "x" "y" } 0
t "" 0
t "" 0
t "" 0
)";

TEST(PerfectRecall, TwoStagePrisonersDilemmaHasIt) {
  const GameTree t = testing::config("repeated-pd.yaml");
  const auto seqs = compute_sequences(t);
  for (const auto& s : seqs) {
    EXPECT_TRUE(s.perfect_recall());
    EXPECT_EQ(s.size(), 11u);  // the empty sequence and two moves at each of five sets
  }
  // Column's round-2 set after (C,D) extends column's round-1 move D.
  const PlayerSequences& col = seqs[1];
  const std::uint32_t k = t.infoset_data(*t.find_infoset(1, "round2[C,D]")).index_in_player;
  const std::uint32_t parent = col.infoset_sequences(k)[0];
  EXPECT_EQ(t.infoset_data(col.infoset(parent)).label, "round1");
  EXPECT_EQ(col.action(parent), 1u);
  EXPECT_EQ(describe_sequence(t, col, col.move_sequence(k, 0)), "round1=D, round2[C,D]=C");
}

TEST(PerfectRecall, AbsentMindedDriver) {
  const GameTree t = efg(testing::kAbsentMindedDriver);
  const auto seqs = compute_sequences(t);
  ASSERT_FALSE(seqs[0].perfect_recall());
  const RecallViolation& v = *seqs[0].violation();
  EXPECT_TRUE(v.absent_minded);
  EXPECT_EQ(v.first, 0u);
  EXPECT_EQ(v.second, 1u);
  EXPECT_EQ(v.message,
            "player 'Driver' is absent-minded at information set 'exit?': the node reached by [Driver:B] "
            "lies below "
            "another node of the same set, so the player forgets having been there");
  // The path B, E needs B at the set and then E at the same set: no pure plan follows it.
  EXPECT_FALSE(seqs[0].feasible(seqs[0].terminal_sequence(1)));
  EXPECT_TRUE(seqs[0].feasible(seqs[0].terminal_sequence(0)));
  EXPECT_EQ(seqs[0].infoset_sequences(0).size(), 2u);
}

TEST(PerfectRecall, ForgetfulPlayerAndAPlayerWhoRemembers) {
  const GameTree t = efg(testing::kForgetfulPlayer);
  const auto seqs = compute_sequences(t);
  ASSERT_FALSE(seqs[0].perfect_recall());
  EXPECT_FALSE(seqs[0].violation()->absent_minded);
  EXPECT_EQ(
      seqs[0].violation()->message,
      "player 'P1' forgets at information set 'second': one node is reached after first=R [path: P1:R], "
      "another after first=L [path: P1:L]");
  EXPECT_TRUE(seqs[1].perfect_recall());  // P2 never moves twice on a path
}

TEST(PerfectRecall, ForgettingInformationIsAlsoAViolation) {
  const GameTree t = efg(kForgetsChance);
  const auto seqs = compute_sequences(t);
  ASSERT_FALSE(seqs[0].perfect_recall());
  EXPECT_EQ(
      seqs[0].violation()->message,
      "player 'P1' forgets at information set 'later': one node is reached after saw h=a [path: chance:h, "
      "P1:a], another after saw t=a [path: chance:t, P1:a]");
}

TEST(PerfectRecall, GambitNotPerfectRecallFiles) {
  SGPLAN_REQUIRE_CASES();
  EXPECT_FALSE(compute_sequences(testing::gambit("tests/not_perfect_recall.efg"))[0].perfect_recall());
  EXPECT_TRUE(compute_sequences(testing::gambit("tests/perfect_recall.efg"))[0].perfect_recall());
  const auto am = compute_sequences(testing::gambit("catalog/journals_geb_gilboa1997_fig1.efg"));
  EXPECT_TRUE(am[0].violation()->absent_minded);
  const auto w = compute_sequences(testing::gambit("catalog/journals_geb_wichardt2008.efg"));
  EXPECT_FALSE(w[0].perfect_recall());
  EXPECT_FALSE(w[0].violation()->absent_minded);
  EXPECT_TRUE(w[1].perfect_recall());
  for (const auto& s : compute_sequences(testing::gambit("contrib/e13.efg"))) EXPECT_TRUE(s.perfect_recall());
  for (const auto& s : compute_sequences(testing::gambit("tests/stripped_down_poker.efg")))
    EXPECT_TRUE(s.perfect_recall());
}

}  // namespace
}  // namespace sgplan::models::extensive_form
