// A fixed-size transposition table for depth-first game-tree search: it remembers, per position
// hash, a value together with what the value means (exact, a lower bound after a fail high, an
// upper bound after a fail low), the depth it was searched to (the draft), and the index of the
// best move in the position's generation order (tried first when the position comes back).
//
// Layout: a power-of-two array of two-entry buckets; the bucket comes from a mixed hash, the entry
// keeps the full 64-bit key, so two positions collide only when the game's hashes are equal (the
// games in sgplan hash injectively). Storing replaces the entry with the same key, else an empty
// one, else the one with the smaller draft (depth-preferred replacement, as in chess programs).
// Depth-limited values are defined by their depth (the evaluation at the limit is part of the
// value), so an entry answers only a search of exactly its draft, unless it is `solved`: no
// evaluation at the depth limit influenced it, every line ended at a terminal within the draft, and
// the value holds for any depth from the draft up. (A deeper entry is not reused for a shallower
// search, as chess programs do: that would change the depth-limited value the searchers promise.)
// A table built with zero entries is disabled: probes miss and stores are ignored.
// Never throws after construction (the hot loops probe and store).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace sgplan::search {

enum class Bound : std::uint8_t { Exact, Lower, Upper };

inline constexpr std::uint32_t kNoMoveIndex = std::numeric_limits<std::uint32_t>::max();

struct TableEntry {
  std::uint64_t key = 0;
  double value = 0.0;
  std::uint32_t draft = 0;
  std::uint32_t move = kNoMoveIndex;  // index in the generation order, or kNoMoveIndex
  Bound bound = Bound::Exact;
  bool solved = false;  // valid for every depth >= draft
  bool occupied = false;

  bool answers(std::uint32_t depth) const { return solved ? depth >= draft : depth == draft; }
  // True when the entry settles a search of `depth` steps with window (alpha, beta).
  bool settles(std::uint32_t depth, double alpha, double beta) const {
    if (!answers(depth)) return false;
    return bound == Bound::Exact || (bound == Bound::Lower && value >= beta) ||
           (bound == Bound::Upper && value <= alpha);
  }
};

class TranspositionTable {
 public:
  // Holds at most `max_entries` entries (rounded down to a power of two, at least 2); 0 disables.
  explicit TranspositionTable(std::size_t max_entries);

  bool enabled() const { return !entries_.empty(); }
  const TableEntry* probe(std::uint64_t key) const;
  void store(std::uint64_t key, double value, Bound bound, std::uint32_t draft, bool solved,
             std::uint32_t move);
  void clear();

  std::size_t capacity() const { return entries_.size(); }
  std::size_t size() const { return size_; }
  std::size_t memory_bytes() const { return entries_.size() * sizeof(TableEntry); }

 private:
  std::size_t bucket(std::uint64_t key) const;

  std::vector<TableEntry> entries_;
  std::size_t mask_ = 0;  // over buckets
  std::size_t size_ = 0;
};

}  // namespace sgplan::search
