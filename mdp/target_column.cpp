#include "mdp/target_column.hpp"

#include <algorithm>

namespace sgplan::mdp {

namespace {
std::size_t width_for(std::uint32_t target) {
  if (target < (1u << 16)) return 2;
  if (target < (1u << 24)) return 3;
  return 4;
}
}  // namespace

void TargetColumn::append(std::span<const std::uint32_t> targets) {
  std::uint32_t largest = 0;
  for (std::uint32_t t : targets) largest = std::max(largest, t);
  if (largest > mask_) widen_to(width_for(largest));
  const std::size_t at = size_ * width_;
  bytes_.resize(at + targets.size() * width_ + kPadding);
  // Each target's bytes replace the padding; writing all four keeps the bytes past it zero, since
  // a target's bytes beyond the width are zero.
  std::uint8_t* out = bytes_.data() + at;
  for (std::uint32_t t : targets) {
    store_word(out, t);
    out += width_;
  }
  size_ += targets.size();
}

void TargetColumn::widen_to(std::size_t width) {
  const Reader old = reader();
  BigVector<std::uint8_t> wider;
  wider.reserve(std::max(bytes_.capacity() / width_ * width, size_ * width) + kPadding);
  wider.resize(size_ * width + kPadding, 0);
  for (std::size_t e = 0; e < size_; ++e) {
    store_word(wider.data() + e * width, old[e]);
  }
  bytes_ = std::move(wider);
  width_ = width;
  mask_ = mask_of(width);
}

bool TargetColumn::operator==(const TargetColumn& other) const {
  if (size_ != other.size_) return false;
  const Reader a = reader(), b = other.reader();
  for (std::size_t e = 0; e < size_; ++e) {
    if (a[e] != b[e]) return false;
  }
  return true;
}

}  // namespace sgplan::mdp
