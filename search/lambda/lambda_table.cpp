#include "search/lambda/lambda_table.hpp"

#include <algorithm>

#include "core/table_probe.hpp"

namespace sgplan::search::lambda {

namespace {

constexpr std::size_t kBucket = 4;

std::size_t bucket_index(std::uint64_t key, std::size_t mask) {
  std::uint64_t x = key ^ (key >> 31);
  x *= 0x9e3779b97f4a7c15ULL;
  return static_cast<std::size_t>(x >> 17) & mask;
}

int value_of(const LambdaEntry& e) {
  int v = e.has_proof() ? 512 + e.proof_depth : 0;
  for (std::uint8_t d : e.failed) v = std::max(v, static_cast<int>(d));
  return v;
}

// The table's policy for core/table_probe.hpp: key 0 marks an empty entry (a stored key 0 is
// stored as 1), and a full bucket gives up its least valuable entry.
struct Policy {
  std::uint64_t key;
  bool hit(const LambdaEntry& e) const { return e.key == key; }
  bool empty(const LambdaEntry& e) const { return e.key == 0; }
  int worth(const LambdaEntry& e) const { return value_of(e); }
};

}  // namespace

LambdaTable::LambdaTable(std::size_t mib) {
  const std::size_t bytes = std::max<std::size_t>(mib, 1) << 20;
  std::size_t buckets = 1;
  while (buckets * 2 * kBucket * sizeof(LambdaEntry) <= bytes) buckets *= 2;
  entries_ = ZeroedArray<LambdaEntry>(buckets * kBucket);
  bucket_mask_ = buckets - 1;
}

std::span<const LambdaEntry> LambdaTable::bucket(std::uint64_t key) const {
  return entries_.span().subspan(bucket_index(key, bucket_mask_) * kBucket, kBucket);
}

std::span<LambdaEntry> LambdaTable::bucket(std::uint64_t key) {
  return entries_.span().subspan(bucket_index(key, bucket_mask_) * kBucket, kBucket);
}

const LambdaEntry* LambdaTable::probe(std::uint64_t key) const {
  if (key == 0) key = 1;
  const ProbeResult<const LambdaEntry> p = probe_cluster<ProbeFor::kFind>(bucket(key), Policy{key});
  return p.found ? p.entry : nullptr;
}

LambdaEntry& LambdaTable::slot_for(std::uint64_t key) {
  const ProbeResult<LambdaEntry> p = probe_cluster<ProbeFor::kFindOrReplace>(bucket(key), Policy{key});
  if (p.found) return *p.entry;
  LambdaEntry* victim = p.entry;
  if (victim->key == 0) {
    ++used_;
  } else {
    ++replacements_;
  }
  *victim = LambdaEntry{};
  victim->key = key;
  return *victim;
}

void LambdaTable::store_proof(std::uint64_t key, int order, int depth, Move best, const MoveSet& zone) {
  if (key == 0) key = 1;
  LambdaEntry& e = slot_for(key);
  const bool better =
      !e.has_proof() || depth < e.proof_depth || (depth == e.proof_depth && order < e.proof_order);
  if (!better) return;
  e.proof_order = static_cast<std::uint8_t>(order);
  e.proof_depth = static_cast<std::uint8_t>(depth);
  e.best = best;
  e.zone = zone;
}

void LambdaTable::store_failure(std::uint64_t key, int order, int depth, Move refutation) {
  if (key == 0) key = 1;
  LambdaEntry& e = slot_for(key);
  auto& f = e.failed[static_cast<std::size_t>(order)];
  if (depth > f) f = static_cast<std::uint8_t>(depth);
  if (!e.has_proof() && refutation != kNoMove) e.best = refutation;
}

void LambdaTable::clear() {
  entries_.clear();
  used_ = 0;
  replacements_ = 0;
}

}  // namespace sgplan::search::lambda
