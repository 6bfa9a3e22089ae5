// The working memory of the df-pn searcher, beside the shared lambda table (lambda_table.hpp):
// proof and disproof numbers of unsettled nodes, and a cache of generated children.
//
// Proof numbers depend on the order and depth a node is searched at, so both tables key a node by
// salted_key(hash, order, depth). Settled nodes (proven or failed) are not kept here but in the
// shared LambdaTable, where the alpha-beta searcher sees them too. Children generation in
// lambda search runs sub-searches (threat tests, lower-order refutations), and df-pn re-enters a
// node many times; the child cache keeps the lambda moves of a node (and, at defender nodes, the
// zone of the moves already refuted) so a re-entry costs a lookup. Both tables are fixed-size,
// direct-mapped (core/table_probe.hpp over a cluster of one slot); a collision overwrites, which
// costs time, never correctness. Unknown numbers read as (1, 1).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/move_set.hpp"
#include "core/zeroed_array.hpp"

namespace sgplan::search::lambda {

inline constexpr std::uint32_t kInfinity = 1u << 30;

inline std::uint32_t saturating_add(std::uint32_t a, std::uint32_t b) {
  const std::uint64_t s = std::uint64_t{a} + b;
  return s >= kInfinity ? kInfinity : static_cast<std::uint32_t>(s);
}

inline std::uint64_t salted_key(std::uint64_t key, int order, int depth) {
  std::uint64_t salt = (static_cast<std::uint64_t>(order) << 8 | static_cast<std::uint64_t>(depth)) + 1;
  salt *= 0xd6e8feb86659fd93ULL;
  salt ^= salt >> 32;
  return key ^ salt ^ 0x5bd1e995u;
}

struct ProofNumbers {
  std::uint32_t pn = 1;
  std::uint32_t dn = 1;
};

// The child a df-pn node follows (Nagai 2002), the same rule at both kinds of node with the two
// numbers swapped: an OR node follows its child of least proof number and sums the disproof
// numbers; an AND node follows its child of least disproof number and sums the proof numbers.
struct ChildChoice {
  std::uint32_t least = kInfinity;   // the followed number, least over the children
  std::uint32_t second = kInfinity;  // the next least (the followed child's threshold)
  std::uint32_t sum = 0;             // the other number, summed (saturating)
  std::uint32_t best_other = 0;      // the followed child's other number
  std::size_t best = 0;              // the followed child: the first of the least
};

inline ChildChoice choose_child(std::span<const ProofNumbers> children, std::size_t count,
                                std::uint32_t ProofNumbers::*followed, std::uint32_t ProofNumbers::*other) {
  ChildChoice c;
  for (std::size_t i = 0; i < count; ++i) {
    const ProofNumbers& child = children[i];
    c.sum = saturating_add(c.sum, child.*other);
    if (child.*followed < c.least) {
      c.second = c.least;
      c.least = child.*followed;
      c.best = i;
      c.best_other = child.*other;
    } else if (child.*followed < c.second) {
      c.second = child.*followed;
    }
  }
  return c;
}

class ProofNumberTable {
 public:
  explicit ProofNumberTable(std::size_t mib);
  ProofNumbers get(std::uint64_t key, ProofNumbers unknown = ProofNumbers{}) const;
  void put(std::uint64_t key, ProofNumbers numbers);
  void clear();

 private:
  struct Slot {
    std::uint64_t key = 0;
    ProofNumbers numbers;
  };
  ZeroedArray<Slot> slots_;  // all-zero bytes: empty (key 0)
  std::size_t mask_ = 0;
};

class ChildCache {
 public:
  static constexpr std::size_t kMaxChildren = 96;
  struct Slot {
    std::uint64_t key = 0;
    std::uint16_t count = 0;
    std::array<Move, kMaxChildren> moves{};
    MoveSet zone;
  };

  explicit ChildCache(std::size_t mib);
  // The children of `key`, or nullptr.
  const Slot* get(std::uint64_t key) const;
  // Ignored when there are more than kMaxChildren children.
  void put(std::uint64_t key, const MoveList& children, const MoveSet& zone);
  void clear();

 private:
  ZeroedArray<Slot> slots_;  // all-zero bytes: empty (key 0)
  std::size_t mask_ = 0;
};

}  // namespace sgplan::search::lambda
