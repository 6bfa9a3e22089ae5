#include "search/lambda/dfpn_table.hpp"

#include <algorithm>
#include <span>
#include <utility>

#include "core/table_probe.hpp"

namespace sgplan::search::lambda {

namespace {

std::size_t slot_count(std::size_t mib, std::size_t slot_bytes) {
  const std::size_t bytes = std::max<std::size_t>(mib, 1) << 20;
  std::size_t n = 1;
  while (n * 2 * slot_bytes <= bytes) n *= 2;
  return n;
}

std::size_t index_of(std::uint64_t key, std::size_t mask) {
  std::uint64_t x = key ^ (key >> 29);
  x *= 0xbf58476d1ce4e5b9ULL;
  return static_cast<std::size_t>(x >> 23) & mask;
}

// Both tables are direct-mapped: the cluster of core/table_probe.hpp is one slot, which a key
// holds when the keys are equal (a slot never written holds key 0) and which a store always
// overwrites.
struct DirectMapped {
  std::uint64_t key;
  template <class Slot>
  bool hit(const Slot& s) const {
    return s.key == key;
  }
  template <class Slot>
  bool empty(const Slot& s) const {
    return s.key == 0;
  }
  template <class Slot>
  int worth(const Slot&) const {
    return 0;
  }
};

// Key 0 marks a slot never written (all-zero bytes), so a position whose key is 0 is kept as 1.
std::uint64_t stored_key(std::uint64_t key) {
  return key == 0 ? 1 : key;
}

template <ProbeFor kFor, class Slot>
ProbeResult<Slot> probe_slot(std::span<Slot> slots, std::size_t mask, std::uint64_t key) {
  return probe_cluster<kFor>(slots.subspan(index_of(key, mask), 1), DirectMapped{key});
}

}  // namespace

ProofNumberTable::ProofNumberTable(std::size_t mib) {
  slots_ = ZeroedArray<Slot>(slot_count(mib, sizeof(Slot)));
  mask_ = slots_.size() - 1;
}

ProofNumbers ProofNumberTable::get(std::uint64_t key, ProofNumbers unknown) const {
  key = stored_key(key);
  const auto p = probe_slot<ProbeFor::kFind>(std::as_const(slots_).span(), mask_, key);
  return p.found ? p.entry->numbers : unknown;
}

void ProofNumberTable::put(std::uint64_t key, ProofNumbers numbers) {
  key = stored_key(key);
  Slot& s = *probe_slot<ProbeFor::kFindOrReplace>(slots_.span(), mask_, key).entry;
  s.key = key;
  s.numbers = numbers;
}

void ProofNumberTable::clear() {
  slots_.clear();
}

ChildCache::ChildCache(std::size_t mib) {
  slots_ = ZeroedArray<Slot>(slot_count(mib, sizeof(Slot)));
  mask_ = slots_.size() - 1;
}

const ChildCache::Slot* ChildCache::get(std::uint64_t key) const {
  key = stored_key(key);
  const auto p = probe_slot<ProbeFor::kFind>(std::as_const(slots_).span(), mask_, key);
  return p.found ? p.entry : nullptr;
}

void ChildCache::put(std::uint64_t key, const MoveList& children, const MoveSet& zone) {
  if (children.size() > kMaxChildren) return;
  key = stored_key(key);
  Slot& s = *probe_slot<ProbeFor::kFindOrReplace>(slots_.span(), mask_, key).entry;
  s.key = key;
  s.count = static_cast<std::uint16_t>(children.size());
  std::copy(children.begin(), children.end(), s.moves.begin());
  s.zone = zone;
}

void ChildCache::clear() {
  slots_.clear();
}

}  // namespace sgplan::search::lambda
