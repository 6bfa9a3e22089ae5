#include "mdp/offset_column.hpp"

#include <algorithm>
#include <stdexcept>

namespace sgplan::mdp {

std::size_t OffsetColumn::upper_bound(std::uint32_t value) const {
  // The last block whose base is <= value holds the answer's predecessor, if any element does.
  const auto block_it = std::upper_bound(base_.begin(), base_.end(), value);
  if (block_it == base_.begin()) return 0;
  const std::size_t block = static_cast<std::size_t>(block_it - base_.begin()) - 1;
  std::size_t lo = block << kBlockBits;
  std::size_t hi = std::min(size_, lo + kBlock);
  // Within the block: the first element > value, or the next block's start (its base is > value).
  const Reader r = reader();
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (r[mid] <= value) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

bool OffsetColumn::operator==(const OffsetColumn& other) const {
  if (size_ != other.size_) return false;
  const Reader a = reader(), b = other.reader();
  for (std::size_t i = 0; i < size_; ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

void OffsetColumn::reserve(std::size_t n) {
  base_.reserve((n + kBlock - 1) >> kBlockBits);
  distance_.reserve((n << shift_) + kPadding);
}

void OffsetColumn::push_back(std::uint32_t offset) {
  if (size_ > 0 && offset < back()) throw std::invalid_argument("OffsetColumn: offsets must not decrease");
  if ((size_ & (kBlock - 1)) == 0) base_.push_back(offset);
  const std::uint32_t distance = offset - base_.back();
  if (distance > mask_) widen_to(distance <= 0xFFFFu ? 1 : 2);
  // The new distance's bytes replace the padding; writing all four keeps the bytes past it zero,
  // since the distance's bytes beyond the width are zero.
  const std::size_t at = size_ << shift_;
  distance_.resize(at + (std::size_t{1} << shift_) + kPadding);
  store_word(distance_.data() + at, distance);
  ++size_;
}

void OffsetColumn::widen_to(unsigned shift) {
  const Reader old = reader();
  BigVector<std::uint8_t> wider;
  wider.reserve(std::max(distance_.capacity() >> shift_ << shift, size_ << shift) + kPadding);
  wider.resize((size_ << shift) + kPadding, 0);
  for (std::size_t i = 0; i < size_; ++i) {
    store_word(wider.data() + (i << shift), old[i] - base_[i >> kBlockBits]);
  }
  distance_ = std::move(wider);
  shift_ = shift;
  mask_ = mask_of(shift);
}

}  // namespace sgplan::mdp
