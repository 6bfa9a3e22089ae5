// The lambda table and move sets: the monotone lookups (a proof answers deeper and
// higher-order queries, a failure shallower and lower-order ones, an order above depth - 1 is
// depth - 1), replacement within a bucket (shallow failures go first), zones kept with proofs.
#include "search/lambda/lambda_table.hpp"

#include <gtest/gtest.h>

#include "core/move_set.hpp"

namespace sgplan::testing {
namespace {

using namespace search::lambda;

TEST(LambdaTable, ProofsAndFailuresAnswerMonotoneQueries) {
  LambdaTable t(1);
  MoveSet zone;
  zone.insert(3);
  zone.insert(200);
  t.store_proof(42, 1, 5, 7, zone);
  const LambdaEntry* e = t.probe(42);
  ASSERT_NE(e, nullptr);
  EXPECT_TRUE(e->proves(1, 5));
  EXPECT_TRUE(e->proves(2, 9));
  EXPECT_FALSE(e->proves(0, 5));
  EXPECT_FALSE(e->proves(1, 4));
  EXPECT_EQ(e->best, 7);
  EXPECT_EQ(e->zone, zone);
  // A worse proof does not replace a better one; a shallower one does.
  t.store_proof(42, 2, 7, 9, MoveSet::all());
  EXPECT_EQ(t.probe(42)->best, 7);
  t.store_proof(42, 2, 3, 11, MoveSet{});
  EXPECT_EQ(t.probe(42)->best, 11);
  EXPECT_TRUE(t.probe(42)->proves(2, 3));

  t.store_failure(99, 2, 6);
  e = t.probe(99);
  ASSERT_NE(e, nullptr);
  EXPECT_TRUE(e->refutes(2, 6));
  EXPECT_TRUE(e->refutes(1, 6));
  EXPECT_TRUE(e->refutes(0, 3));
  EXPECT_FALSE(e->refutes(3, 6));
  EXPECT_FALSE(e->refutes(2, 7));
  // Depth 3 allows order 2 at most: a failure of order 2 at depth 3 answers order 5 at depth 3.
  t.store_failure(100, 2, 3);
  EXPECT_TRUE(t.probe(100)->refutes(5, 3));
  EXPECT_FALSE(t.probe(100)->refutes(5, 4));
  EXPECT_EQ(t.probe(12345), nullptr);
}

TEST(LambdaTable, ReplacementKeepsTheTableBounded) {
  LambdaTable t(1);
  const std::size_t capacity = t.capacity();
  for (std::uint64_t k = 1; k <= 4 * capacity; ++k) t.store_failure(k * 0x9e3779b97f4a7c15ULL, 1, 1);
  EXPECT_EQ(t.used(), capacity);
  EXPECT_EQ(t.replacements(), 3 * capacity);
  t.clear();
  EXPECT_EQ(t.used(), 0u);
}

TEST(LambdaTable, ReplacementGivesUpShallowFailuresFirst) {
  LambdaTable t(1);
  const std::size_t capacity = t.capacity();
  t.store_proof(1, 1, 3, 5, MoveSet{});
  t.store_failure(2, 1, 9);
  // Four times the capacity of shallow failures: every bucket overflows many times, and each
  // overflow gives up a shallow failure, never the proof or the deep failure.
  for (std::uint64_t k = 3; k < 4 * capacity; ++k) t.store_failure(k * 0x9e3779b97f4a7c15ULL, 1, 2);
  EXPECT_LE(t.used(), capacity);
  EXPECT_GT(t.replacements(), 2 * capacity);
  ASSERT_NE(t.probe(1), nullptr);
  EXPECT_TRUE(t.probe(1)->proves(1, 3));
  EXPECT_EQ(t.probe(1)->best, 5);
  ASSERT_NE(t.probe(2), nullptr);
  EXPECT_TRUE(t.probe(2)->refutes(1, 9));
}

TEST(MoveSetTest, Operations) {
  MoveSet a, b;
  a.insert(0);
  a.insert(63);
  a.insert(64);
  a.insert(383);
  b.insert(64);
  b.insert(100);
  EXPECT_EQ(a.size(), 4u);
  EXPECT_EQ((a & b).size(), 1u);
  EXPECT_EQ((a | b).size(), 5u);
  MoveSet c = a;
  c -= b;
  EXPECT_FALSE(c.contains(64));
  EXPECT_TRUE(c.contains(383));
  std::vector<Move> seen;
  a.for_each([&](Move m) { seen.push_back(m); });
  EXPECT_EQ(seen, (std::vector<Move>{0, 63, 64, 383}));
  EXPECT_TRUE(MoveSet::all().is_all());
  EXPECT_EQ(MoveSet::all().size(), kMaxMoves);
  MoveList list;
  for (Move m : {5, 6, 7}) list.push_back(m);
  EXPECT_TRUE(list.move_to_front(7));
  EXPECT_EQ(list[0], 7);
  EXPECT_EQ(list[1], 5);
  EXPECT_FALSE(list.move_to_front(9));
}

}  // namespace
}  // namespace sgplan::testing
