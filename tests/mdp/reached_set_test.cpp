// The matrix-free engine's state index (mdp/reached_set.hpp): the rank of a reached key is the
// number of reached keys below it, and the walks up and down visit the keys in order with their
// ranks; checked against a sorted list of random keys.
#include "mdp/reached_set.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

namespace sgplan::mdp {
namespace {

TEST(ReachedSet, RanksAndWalksMatchASortedList) {
  std::mt19937_64 rng(11);
  const std::uint64_t bound = 100'003;  // not a multiple of 64
  ReachedSet set(bound);
  std::set<std::uint64_t> keys = {0, 63, 64, bound - 1};
  for (int i = 0; i < 20'000; ++i) keys.insert(rng() % bound);
  for (std::uint64_t k : keys) EXPECT_TRUE(set.insert(k));
  EXPECT_FALSE(set.insert(63));  // already in
  set.finish();
  ASSERT_EQ(set.size(), keys.size());
  std::uint32_t expected = 0;
  for (std::uint64_t k : keys) {
    ASSERT_TRUE(set.contains(k));
    ASSERT_EQ(set.index_of(k), expected++) << k;
  }
  EXPECT_FALSE(set.contains(1));
  EXPECT_FALSE(set.contains(bound));
  std::vector<std::uint64_t> up, down;
  set.for_each([&](std::uint64_t k, std::uint32_t i) {
    EXPECT_EQ(i, up.size());
    up.push_back(k);
  });
  set.for_each_reversed([&](std::uint64_t k, std::uint32_t i) {
    EXPECT_EQ(i, keys.size() - 1 - down.size());
    down.push_back(k);
  });
  EXPECT_EQ(up, std::vector<std::uint64_t>(keys.begin(), keys.end()));
  std::reverse(down.begin(), down.end());
  EXPECT_EQ(down, up);
  EXPECT_EQ(ReachedSet::bytes_for(bound), (bound + 63) / 64 * 12 + 8);
}

}  // namespace
}  // namespace sgplan::mdp
