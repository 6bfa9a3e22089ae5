// What a tree search counts: the work it did and the game-rule violations it met. One value type
// for every searcher (alpha-beta, expectiminimax, Star1, Star2), so their work can be compared.
//
//   nodes            positions entered: interior positions, leaves and table hits alike (the root
//                    included); Star2's probes enter a position again and count again
//   leaves           terminal positions scored plus positions evaluated at the depth limit (the
//                    quantity of Knuth and Moore's leaf-count theorem)
//   horizon_leaves   of the leaves, those scored by the evaluation at the depth limit
//   table_hits       positions answered by the transposition table without a search
//   rule_violations  Max or Min positions without a legal move, chance positions without
//                    outcomes, chance positions met by a search that allows none; the search goes on
//                    (hot loops never throw) and the caller treats a non-zero count as a game bug
#pragma once

#include <cstdint>

namespace sgplan::search {

struct SearchCounters {
  std::uint64_t nodes = 0;
  std::uint64_t leaves = 0;
  std::uint64_t horizon_leaves = 0;
  std::uint64_t table_hits = 0;
  std::uint64_t rule_violations = 0;

  SearchCounters& operator+=(const SearchCounters& o) {
    nodes += o.nodes;
    leaves += o.leaves;
    horizon_leaves += o.horizon_leaves;
    table_hits += o.table_hits;
    rule_violations += o.rule_violations;
    return *this;
  }
};

}  // namespace sgplan::search
