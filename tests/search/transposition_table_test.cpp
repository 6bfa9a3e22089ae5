// The game-tree transposition table's replacement (core/table_probe.hpp with its policy): a key's
// own entry, else an empty one, else the smaller draft of the bucket (the first on equal drafts);
// a hit that the new search gives no move keeps its old one. The searchers' node counts depend on
// exactly this.
#include "search/transposition_table.hpp"

#include <gtest/gtest.h>

namespace sgplan::testing {
namespace {

using namespace search;

TEST(TranspositionTable, ReplacesTheSmallerDraftAndKeepsAHitsMove) {
  TranspositionTable t(2);  // one bucket of two
  ASSERT_EQ(t.capacity(), 2u);
  t.store(10, 0.5, Bound::Exact, 3, false, 1);
  t.store(20, 0.25, Bound::Lower, 5, false, 2);
  EXPECT_EQ(t.size(), 2u);
  t.store(30, 1.0, Bound::Exact, 4, false, 3);  // replaces 10 (draft 3)
  EXPECT_EQ(t.probe(10), nullptr);
  ASSERT_NE(t.probe(20), nullptr);
  ASSERT_NE(t.probe(30), nullptr);
  t.store(40, 1.0, Bound::Exact, 4, false, 4);  // drafts 5 and 4: replaces 30
  EXPECT_EQ(t.probe(30), nullptr);
  ASSERT_NE(t.probe(40), nullptr);
  t.store(50, 1.0, Bound::Exact, 9, false, 5);  // drafts 5, 4: replaces 40
  EXPECT_EQ(t.probe(40), nullptr);
  EXPECT_EQ(t.size(), 2u);
  // A hit keeps its best move when the new search found none.
  t.store(20, 0.75, Bound::Exact, 6, true, kNoMoveIndex);
  ASSERT_NE(t.probe(20), nullptr);
  EXPECT_EQ(t.probe(20)->move, 2u);
  EXPECT_EQ(t.probe(20)->draft, 6u);
}

TEST(TranspositionTable, DisabledTableMissesAndIgnoresStores) {
  TranspositionTable t(0);
  EXPECT_FALSE(t.enabled());
  t.store(1, 1.0, Bound::Exact, 1, true, 0);
  EXPECT_EQ(t.probe(1), nullptr);
  EXPECT_EQ(t.size(), 0u);
}

}  // namespace
}  // namespace sgplan::testing
