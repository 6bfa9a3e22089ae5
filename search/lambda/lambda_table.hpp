// The lambda table (the transposition table of lambda search; not search/transposition_table.hpp,
// the game-tree searches' one): what is known about a position, shared by the alpha-beta and the
// df-pn searchers and by their threat sub-searches.
//
// Keyed by the game's hash (position and side to move). An entry holds
//   a proof:    proven with a lambda tree of order proof_order within proof_depth attacker moves,
//               the first move (attacker nodes) and the proof's relevancy zone;
//   failures:   failed[k] = d means "order k finds no proof within d attacker moves"; d =
//               kEveryDepth: at any depth (a search that met no depth limit, track_depth_cuts).
// Both are monotone, and lookups use it: a proof of order o and depth d answers every query of
// order >= o and depth >= d; a failure at order k and depth d answers every query of order <= k
// and depth <= d (a lambda tree of lower order or depth is also one of higher; Thomsen 2000).
// Entries live in buckets of four, probed once by core/table_probe.hpp; a key's own entry, else
// the bucket's first empty one, else its least valuable entry is replaced (failures before
// proofs, shallow before deep; the first of equals). A lost entry costs time, never correctness.
// The memory is allocated once, up front, from a size in MiB.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/move_set.hpp"
#include "core/zeroed_array.hpp"
#include "search/lambda/lambda_options.hpp"

namespace sgplan::search::lambda {

struct LambdaEntry {
  static constexpr std::uint8_t kNone = 0xFF;
  static constexpr std::uint8_t kEveryDepth = 0xFF;  // a failure depth beyond every depth limit
  std::uint64_t key = 0;
  std::uint8_t proof_order = kNone;
  std::uint8_t proof_depth = kNone;
  Move best = kNoMove;
  std::array<std::uint8_t, kMaxOrder + 1> failed{};
  MoveSet zone;

  // A lambda tree of depth d is at most of order d - 1, so a query (order, depth) is the query
  // (min(order, depth - 1), depth).
  bool has_proof() const { return proof_order != kNone; }
  bool proves(int order, int depth) const {
    return has_proof() && proof_order <= order && proof_depth <= depth;
  }
  bool refutes(int order, int depth) const {
    for (int k = std::max(0, std::min(order, depth - 1)); k <= kMaxOrder; ++k) {
      if (failed[static_cast<std::size_t>(k)] >= depth) return true;
    }
    return false;
  }
  // A failure at order `order` or above that no depth would turn into a proof.
  bool refutes_at_every_depth(int order) const {
    for (int k = std::max(0, order); k <= kMaxOrder; ++k) {
      if (failed[static_cast<std::size_t>(k)] == kEveryDepth) return true;
    }
    return false;
  }
};

class LambdaTable {
 public:
  // At least one bucket; `mib` is the memory in MiB (rounded down to a power-of-two entry count).
  explicit LambdaTable(std::size_t mib);

  // The entry of `key`, or nullptr.
  const LambdaEntry* probe(std::uint64_t key) const;
  void store_proof(std::uint64_t key, int order, int depth, Move best, const MoveSet& zone);
  void store_failure(std::uint64_t key, int order, int depth, Move refutation = kNoMove);
  void clear();

  std::size_t capacity() const { return entries_.size(); }
  std::size_t used() const { return used_; }
  std::uint64_t replacements() const { return replacements_; }
  static std::size_t entry_bytes() { return sizeof(LambdaEntry); }

 private:
  std::span<const LambdaEntry> bucket(std::uint64_t key) const;
  std::span<LambdaEntry> bucket(std::uint64_t key);
  LambdaEntry& slot_for(std::uint64_t key);

  ZeroedArray<LambdaEntry> entries_;  // all-zero bytes: empty (key 0)
  std::size_t bucket_mask_ = 0;
  std::size_t used_ = 0;
  std::uint64_t replacements_ = 0;
};

}  // namespace sgplan::search::lambda
