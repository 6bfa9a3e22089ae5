#include "mdp/probability_column.hpp"

#include <algorithm>
#include <bit>

#include "core/hash.hpp"

namespace sgplan::mdp {

std::size_t ProbabilityColumn::bytes_per_entry() const {
  switch (width_) {
    case Width::Index8:
      return 1;
    case Width::Index16:
      return 2;
    case Width::Plain:
      break;
  }
  return sizeof(double);
}

std::size_t ProbabilityColumn::memory_bytes() const {
  return size_ * bytes_per_entry() + values_.size() * sizeof(double);
}

bool ProbabilityColumn::operator==(const ProbabilityColumn& other) const {
  if (size_ != other.size_) return false;
  return visit([&](auto a) {
    return other.visit([&](auto b) {
      for (std::size_t e = 0; e < size_; ++e) {
        if (std::bit_cast<std::uint64_t>(a[e]) != std::bit_cast<std::uint64_t>(b[e])) return false;
      }
      return true;
    });
  });
}

ProbabilityColumn ProbabilityColumn::recoded(bool pooled) const {
  ProbabilityColumn out(pooled);
  out.reserve(size_);
  visit([&](auto p) {
    for (std::size_t e = 0; e < size_; ++e) out.push_back(p[e]);
  });
  out.finish();
  return out;
}

void ProbabilityColumn::reserve(std::size_t n) {
  switch (width_) {
    case Width::Index8:
      index8_.reserve(n);
      break;
    case Width::Index16:
      index16_.reserve(n);
      break;
    case Width::Plain:
      plain_.reserve(n);
      break;
  }
}

void ProbabilityColumn::finish() {
  lookup_ = {};
  cache_ = {};
}

std::uint32_t ProbabilityColumn::intern(double p) {
  const auto bits = std::bit_cast<std::uint64_t>(p);
  CacheSlot& slot = cache_[mix64(bits) % kCacheSlots];
  if (slot.index != UINT32_MAX && slot.bits == bits) return slot.index;
  if (lookup_.empty()) {
    // After finish() (or a copy): rebuild the map from the table.
    for (std::uint32_t i = 0; i < values_.size(); ++i)
      lookup_.emplace(std::bit_cast<std::uint64_t>(values_[i]), i);
  }
  auto [it, added] = lookup_.try_emplace(bits, static_cast<std::uint32_t>(values_.size()));
  if (added) values_.push_back(p);
  slot = {bits, it->second};
  return it->second;
}

void ProbabilityColumn::widen_to(Width width) {
  if (width == Width::Index16) {
    index16_.reserve(std::max(index8_.capacity(), size_ + 1));
    index16_.assign(index8_.begin(), index8_.end());
    index8_ = {};
  } else {
    plain_.reserve(std::max(std::max(index8_.capacity(), index16_.capacity()), size_ + 1));
    plain_.clear();
    if (width_ == Width::Index8) {
      for (std::uint8_t i : index8_) plain_.push_back(values_[i]);
    } else {
      for (std::uint16_t i : index16_) plain_.push_back(values_[i]);
    }
    index8_ = {};
    index16_ = {};
    values_ = {};
    lookup_ = {};
    cache_ = {};
  }
  width_ = width;
}

void ProbabilityColumn::push_back(double p) {
  if (width_ == Width::Plain) {
    plain_.push_back(p);
    ++size_;
    return;
  }
  const std::uint32_t i = intern(p);
  if (width_ == Width::Index8 && i > UINT8_MAX) widen_to(Width::Index16);
  if (width_ == Width::Index16 && i > UINT16_MAX) widen_to(Width::Plain);
  switch (width_) {
    case Width::Index8:
      index8_.push_back(static_cast<std::uint8_t>(i));
      break;
    case Width::Index16:
      index16_.push_back(static_cast<std::uint16_t>(i));
      break;
    case Width::Plain:
      plain_.push_back(p);
      break;
  }
  ++size_;
}

}  // namespace sgplan::mdp
