// The packed-key index (mdp/packed_state_index.hpp) against std::unordered_map: both layouts give
// every key one index for good, across the hashed table's growth, with the extreme keys, and refuse
// what they cannot hold (a key past the dense bound; the hashed table's reserved key).
#include "mdp/packed_state_index.hpp"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <unordered_map>

namespace sgplan::mdp {
namespace {

void check_against_map(PackedStateIndex& index, const std::vector<std::uint64_t>& keys) {
  std::unordered_map<std::uint64_t, StateIndex> reference;
  for (std::uint64_t key : keys) {
    bool inserted = false;
    const auto next = static_cast<StateIndex>(reference.size());
    const StateIndex got = index.find_or_insert(key, next, inserted);
    const auto [it, fresh] = reference.emplace(key, next);
    ASSERT_EQ(inserted, fresh) << key;
    ASSERT_EQ(got, it->second) << key;
  }
}

TEST(PackedStateIndex, DenseLayoutMatchesAMap) {
  PackedStateIndex index(1000);
  EXPECT_TRUE(index.dense());
  std::mt19937_64 rng(1);
  std::vector<std::uint64_t> keys{0, 999};
  for (int i = 0; i < 5000; ++i) keys.push_back(rng() % 1000);
  check_against_map(index, keys);
  bool inserted = false;
  EXPECT_THROW(index.find_or_insert(1000, 0, inserted), std::logic_error);
}

TEST(PackedStateIndex, HashedLayoutMatchesAMapAcrossGrowth) {
  for (const std::uint64_t bound : {std::uint64_t{0}, PackedStateIndex::kDenseLimit + 1}) {
    PackedStateIndex index(bound);
    EXPECT_FALSE(index.dense());
    const std::size_t before = index.memory_bytes();
    std::mt19937_64 rng(2);
    std::vector<std::uint64_t> keys{0, 1, ~std::uint64_t{0} - 1};
    // Far past the first table (1,024 slots): many doublings, with repeats and clustered keys.
    for (int i = 0; i < 200'000; ++i) {
      keys.push_back(i % 3 == 0   ? rng()
                     : i % 3 == 1 ? static_cast<std::uint64_t>(i) << 20
                                  : keys[rng() % keys.size()]);
    }
    check_against_map(index, keys);
    EXPECT_GT(index.memory_bytes(), before);
    bool inserted = false;
    EXPECT_THROW(index.find_or_insert(~std::uint64_t{0}, 0, inserted), std::logic_error);
  }
}

}  // namespace
}  // namespace sgplan::mdp
