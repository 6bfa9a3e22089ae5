#include "mdp/packed_state_index.hpp"

#include <stdexcept>

#include "core/hash.hpp"

namespace sgplan::mdp {

namespace {
constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
}  // namespace

PackedStateIndex::PackedStateIndex(std::uint64_t bound) {
  if (bound > 0 && bound <= kDenseLimit) {
    dense_ = true;
    slots_.assign(bound, 0);
  } else {
    keys_.assign(1024, kEmpty);
    slots_.assign(1024, 0);
    mask_ = 1023;
  }
}

std::size_t PackedStateIndex::memory_bytes() const {
  return slots_.capacity() * sizeof(StateIndex) + keys_.capacity() * sizeof(std::uint64_t);
}

StateIndex PackedStateIndex::find_or_insert(std::uint64_t key, StateIndex next, bool& inserted) {
  if (dense_) {
    if (key >= slots_.size()) throw std::logic_error("packed state key beyond the model's bound");
    StateIndex& slot = slots_[key];
    inserted = slot == 0;
    if (inserted) slot = next + 1;
    return slot - 1;
  }
  if (key == kEmpty) throw std::logic_error("packed state key 2^64 - 1 is reserved");
  std::uint64_t i = mix64(key) & mask_;
  for (;;) {
    if (keys_[i] == key) {
      inserted = false;
      return slots_[i];
    }
    if (keys_[i] == kEmpty) break;
    i = (i + 1) & mask_;
  }
  keys_[i] = key;
  slots_[i] = next;
  inserted = true;
  if (++size_ * 10 > keys_.size() * 7) grow();
  return next;
}

StateIndex PackedStateIndex::find(std::uint64_t key) const {
  if (dense_) {
    if (key >= slots_.size()) return kNoState;
    return slots_[key] == 0 ? kNoState : slots_[key] - 1;
  }
  if (key == kEmpty) return kNoState;
  for (std::uint64_t i = mix64(key) & mask_;; i = (i + 1) & mask_) {
    if (keys_[i] == key) return slots_[i];
    if (keys_[i] == kEmpty) return kNoState;
  }
}

void PackedStateIndex::grow() {
  BigVector<std::uint64_t> old_keys(keys_.size() * 2, kEmpty);
  BigVector<StateIndex> old_slots(slots_.size() * 2, 0);
  old_keys.swap(keys_);
  old_slots.swap(slots_);
  mask_ = keys_.size() - 1;
  for (std::size_t j = 0; j < old_keys.size(); ++j) {
    if (old_keys[j] == kEmpty) continue;
    std::uint64_t i = mix64(old_keys[j]) & mask_;
    while (keys_[i] != kEmpty) i = (i + 1) & mask_;
    keys_[i] = old_keys[j];
    slots_[i] = old_slots[j];
  }
}

}  // namespace sgplan::mdp
