#include "search/transposition_table.hpp"

#include "core/hash.hpp"

namespace sgplan::search {

TranspositionTable::TranspositionTable(std::size_t max_entries) {
  if (max_entries == 0) return;
  std::size_t n = 2;
  while (n * 2 <= max_entries) n *= 2;
  entries_.resize(n);
  mask_ = n / 2 - 1;
}

std::size_t TranspositionTable::bucket(std::uint64_t key) const {
  return 2 * static_cast<std::size_t>(mix64(key) & mask_);
}

const TableEntry* TranspositionTable::probe(std::uint64_t key) const {
  if (entries_.empty()) return nullptr;
  const std::size_t b = bucket(key);
  for (std::size_t i = b; i < b + 2; ++i) {
    if (entries_[i].occupied && entries_[i].key == key) return &entries_[i];
  }
  return nullptr;
}

void TranspositionTable::store(std::uint64_t key, double value, Bound bound, std::uint32_t draft, bool solved,
                               std::uint32_t move) {
  if (entries_.empty()) return;
  const std::size_t b = bucket(key);
  TableEntry* slot = nullptr;
  for (std::size_t i = b; i < b + 2 && slot == nullptr; ++i) {
    if (entries_[i].occupied && entries_[i].key == key) slot = &entries_[i];
  }
  for (std::size_t i = b; i < b + 2 && slot == nullptr; ++i) {
    if (!entries_[i].occupied) slot = &entries_[i];
  }
  if (slot == nullptr) slot = entries_[b].draft <= entries_[b + 1].draft ? &entries_[b] : &entries_[b + 1];
  if (!slot->occupied) ++size_;
  // A same-key entry keeps its best move when the new search found none.
  if (move == kNoMoveIndex && slot->occupied && slot->key == key) move = slot->move;
  *slot = TableEntry{key, value, draft, move, bound, solved, true};
}

void TranspositionTable::clear() {
  for (TableEntry& e : entries_) e = TableEntry{};
  size_ = 0;
}

}  // namespace sgplan::search
