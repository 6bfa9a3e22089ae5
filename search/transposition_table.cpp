#include "search/transposition_table.hpp"

#include "core/hash.hpp"
#include "core/table_probe.hpp"

namespace sgplan::search {

namespace {

// The table's policy for core/table_probe.hpp: an entry is empty until it is occupied; a full
// bucket gives up the entry of the smaller draft, the first one on equal drafts
// (depth-preferred replacement).
struct Policy {
  std::uint64_t key;
  bool hit(const TableEntry& e) const { return e.occupied && e.key == key; }
  bool empty(const TableEntry& e) const { return !e.occupied; }
  std::uint32_t worth(const TableEntry& e) const { return e.draft; }
};

constexpr std::size_t kBucket = 2;

}  // namespace

TranspositionTable::TranspositionTable(std::size_t max_entries) {
  if (max_entries == 0) return;
  std::size_t n = 2;
  while (n * 2 <= max_entries) n *= 2;
  entries_.resize(n);
  mask_ = n / 2 - 1;
}

std::size_t TranspositionTable::bucket(std::uint64_t key) const {
  return kBucket * static_cast<std::size_t>(mix64(key) & mask_);
}

const TableEntry* TranspositionTable::probe(std::uint64_t key) const {
  if (entries_.empty()) return nullptr;
  const auto p = probe_cluster<ProbeFor::kFind>(
      std::span<const TableEntry>(entries_).subspan(bucket(key), kBucket), Policy{key});
  return p.found ? p.entry : nullptr;
}

void TranspositionTable::store(std::uint64_t key, double value, Bound bound, std::uint32_t draft, bool solved,
                               std::uint32_t move) {
  if (entries_.empty()) return;
  const auto p = probe_cluster<ProbeFor::kFindOrReplace>(
      std::span<TableEntry>(entries_).subspan(bucket(key), kBucket), Policy{key});
  TableEntry* slot = p.entry;
  if (!slot->occupied) ++size_;
  // A same-key entry keeps its best move when the new search found none.
  if (move == kNoMoveIndex && p.found) move = slot->move;
  *slot = TableEntry{key, value, draft, move, bound, solved, true};
}

void TranspositionTable::clear() {
  for (TableEntry& e : entries_) e = TableEntry{};
  size_ = 0;
}

}  // namespace sgplan::search
