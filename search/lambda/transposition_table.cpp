#include "search/lambda/transposition_table.hpp"

#include <algorithm>

namespace sgplan::search::lambda {

namespace {

constexpr std::size_t kBucket = 4;

std::size_t bucket_index(std::uint64_t key, std::size_t mask) {
  std::uint64_t x = key ^ (key >> 31);
  x *= 0x9e3779b97f4a7c15ULL;
  return static_cast<std::size_t>(x >> 17) & mask;
}

int value_of(const TableEntry& e) {
  int v = e.has_proof() ? 512 + e.proof_depth : 0;
  for (std::uint8_t d : e.failed) v = std::max(v, static_cast<int>(d));
  return v;
}

}  // namespace

TranspositionTable::TranspositionTable(std::size_t mib) {
  const std::size_t bytes = std::max<std::size_t>(mib, 1) << 20;
  std::size_t buckets = 1;
  while (buckets * 2 * kBucket * sizeof(TableEntry) <= bytes) buckets *= 2;
  entries_.assign(buckets * kBucket, TableEntry{});
  bucket_mask_ = buckets - 1;
}

const TableEntry* TranspositionTable::probe(std::uint64_t key) const {
  if (key == 0) key = 1;
  const std::size_t base = bucket_index(key, bucket_mask_) * kBucket;
  for (std::size_t i = 0; i < kBucket; ++i) {
    const TableEntry& e = entries_[base + i];
    if (e.key == key) return &e;
  }
  return nullptr;
}

TableEntry& TranspositionTable::slot_for(std::uint64_t key) {
  const std::size_t base = bucket_index(key, bucket_mask_) * kBucket;
  TableEntry* victim = nullptr;
  for (std::size_t i = 0; i < kBucket; ++i) {
    TableEntry& e = entries_[base + i];
    if (e.key == key) return e;
    if (e.key == 0) {
      if (victim == nullptr || victim->key != 0) victim = &e;
    } else if (victim == nullptr || (victim->key != 0 && value_of(e) < value_of(*victim))) {
      victim = &e;
    }
  }
  if (victim->key == 0) {
    ++used_;
  } else {
    ++replacements_;
  }
  *victim = TableEntry{};
  victim->key = key;
  return *victim;
}

void TranspositionTable::store_proof(std::uint64_t key, int order, int depth, Move best,
                                     const MoveSet& zone) {
  if (key == 0) key = 1;
  TableEntry& e = slot_for(key);
  const bool better =
      !e.has_proof() || depth < e.proof_depth || (depth == e.proof_depth && order < e.proof_order);
  if (!better) return;
  e.proof_order = static_cast<std::uint8_t>(order);
  e.proof_depth = static_cast<std::uint8_t>(depth);
  e.best = best;
  e.zone = zone;
}

void TranspositionTable::store_failure(std::uint64_t key, int order, int depth, Move refutation) {
  if (key == 0) key = 1;
  TableEntry& e = slot_for(key);
  auto& f = e.failed[static_cast<std::size_t>(order)];
  if (depth > f) f = static_cast<std::uint8_t>(depth);
  if (!e.has_proof() && refutation != kNoMove) e.best = refutation;
}

void TranspositionTable::clear() {
  std::fill(entries_.begin(), entries_.end(), TableEntry{});
  used_ = 0;
  replacements_ = 0;
}

}  // namespace sgplan::search::lambda
