// core/table_probe.hpp on toy clusters, and through the tables that use it: a hit anywhere in the
// cluster (after an empty entry too), a miss that takes the first empty entry, a miss in a full
// cluster that takes the entry of least worth (the first of equals), and a lookup that never asks
// for the worth. The tables' own policies are tested with the tables (tests/search/
// transposition_table_test.cpp, tests/search/lambda/lambda_table_test.cpp).
#include "core/table_probe.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <span>

namespace sgplan::testing {
namespace {

struct Toy {
  std::uint64_t key = 0;  // 0: empty
  int worth = 0;
};

struct ToyPolicy {
  std::uint64_t key;
  int* worth_calls = nullptr;
  bool hit(const Toy& e) const { return e.key == key; }
  bool empty(const Toy& e) const { return e.key == 0; }
  int worth(const Toy& e) const {
    if (worth_calls != nullptr) ++*worth_calls;
    return e.worth;
  }
};

TEST(TableProbe, HitAnywhereInTheCluster) {
  std::array<Toy, 4> c{{{0, 0}, {7, 5}, {9, 1}, {0, 0}}};
  const auto p = probe_cluster<ProbeFor::kFindOrReplace>(std::span<Toy>(c), ToyPolicy{9});
  EXPECT_TRUE(p.found);
  EXPECT_EQ(p.entry, &c[2]);  // behind an empty entry: still the hit
  const auto q = probe_cluster<ProbeFor::kFind>(std::span<const Toy>(c), ToyPolicy{7});
  EXPECT_TRUE(q.found);
  EXPECT_EQ(q.entry, &c[1]);
}

TEST(TableProbe, MissTakesTheFirstEmptyEntry) {
  std::array<Toy, 4> c{{{3, 0}, {0, 0}, {5, 0}, {0, 0}}};
  const auto p = probe_cluster<ProbeFor::kFindOrReplace>(std::span<Toy>(c), ToyPolicy{8});
  EXPECT_FALSE(p.found);
  EXPECT_EQ(p.entry, &c[1]);  // before any occupied entry, even one of worth 0
}

TEST(TableProbe, MissInAFullClusterReplacesTheLeastWorth) {
  std::array<Toy, 4> c{{{1, 4}, {2, 2}, {3, 9}, {4, 2}}};
  const auto p = probe_cluster<ProbeFor::kFindOrReplace>(std::span<Toy>(c), ToyPolicy{8});
  EXPECT_FALSE(p.found);
  EXPECT_EQ(p.entry, &c[1]);           // worth 2, the first of the two
  std::array<Toy, 1> one{{{5, 100}}};  // direct-mapped: the one slot
  const auto d = probe_cluster<ProbeFor::kFindOrReplace>(std::span<Toy>(one), ToyPolicy{6});
  EXPECT_FALSE(d.found);
  EXPECT_EQ(d.entry, &one[0]);
}

TEST(TableProbe, LookupNeverAsksForTheWorth) {
  std::array<Toy, 4> c{{{1, 4}, {2, 2}, {3, 9}, {4, 2}}};
  int calls = 0;
  const auto p = probe_cluster<ProbeFor::kFind>(std::span<const Toy>(c), ToyPolicy{8, &calls});
  EXPECT_FALSE(p.found);
  EXPECT_EQ(p.entry, nullptr);
  EXPECT_EQ(calls, 0);
}

}  // namespace
}  // namespace sgplan::testing
