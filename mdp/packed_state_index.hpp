// Maps packed states (64-bit keys) to dense state indices while a graph is explored.
//
// Two layouts: when the model promises its keys lie below a small bound, a flat array indexed by
// the key (4 bytes per possible key, no hashing, the fastest); otherwise an open-addressing hash
// table with linear probing (12 bytes per slot, at most 70% full), since std::unordered_map costs
// several times the memory and Boost 1.74 has no flat map.
#pragma once

#include <cstdint>
#include <vector>

#include "core/huge_page_allocator.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

class PackedStateIndex {
 public:
  // Dense when bound is non-zero and at most kDenseLimit.
  static constexpr std::uint64_t kDenseLimit = std::uint64_t{1} << 28;
  explicit PackedStateIndex(std::uint64_t bound = 0);

  // Returns the index of `key`, inserting it with index `next` if absent (then `inserted`).
  StateIndex find_or_insert(std::uint64_t key, StateIndex next, bool& inserted);
  // The index of `key`, or kNoState when it is absent.
  StateIndex find(std::uint64_t key) const;
  bool dense() const { return dense_; }
  std::size_t memory_bytes() const;

 private:
  void grow();

  bool dense_ = false;
  BigVector<StateIndex> slots_;    // dense: index + 1 per key (0 = absent); hashed: the index
  BigVector<std::uint64_t> keys_;  // hashed only; kEmpty marks a free slot
  std::size_t size_ = 0;
  std::uint64_t mask_ = 0;
};

}  // namespace sgplan::mdp
