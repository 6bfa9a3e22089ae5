#include "search/lambda/dfpn_table.hpp"

#include <algorithm>

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

}  // namespace

ProofNumberTable::ProofNumberTable(std::size_t mib) {
  slots_.assign(slot_count(mib, sizeof(Slot)), Slot{});
  mask_ = slots_.size() - 1;
}

ProofNumbers ProofNumberTable::get(std::uint64_t key, ProofNumbers unknown) const {
  const Slot& s = slots_[index_of(key, mask_)];
  return s.key == key ? s.numbers : unknown;
}

void ProofNumberTable::put(std::uint64_t key, ProofNumbers numbers) {
  Slot& s = slots_[index_of(key, mask_)];
  s.key = key;
  s.numbers = numbers;
}

void ProofNumberTable::clear() {
  std::fill(slots_.begin(), slots_.end(), Slot{});
}

ChildCache::ChildCache(std::size_t mib) {
  slots_.assign(slot_count(mib, sizeof(Slot)), Slot{});
  mask_ = slots_.size() - 1;
}

const ChildCache::Slot* ChildCache::get(std::uint64_t key) const {
  const Slot& s = slots_[index_of(key, mask_)];
  return s.key == key ? &s : nullptr;
}

void ChildCache::put(std::uint64_t key, const MoveList& children, const MoveSet& zone) {
  if (children.size() > kMaxChildren) return;
  Slot& s = slots_[index_of(key, mask_)];
  s.key = key;
  s.count = static_cast<std::uint16_t>(children.size());
  std::copy(children.begin(), children.end(), s.moves.begin());
  s.zone = zone;
}

void ChildCache::clear() {
  std::fill(slots_.begin(), slots_.end(), Slot{});
}

}  // namespace sgplan::search::lambda
