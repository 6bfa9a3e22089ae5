// The label ids of a state graph's choices, stored in the narrowest width that holds the largest:
// one byte while there are fewer than 255 labels (robot-monster's moves, Pig's roll and hold),
// two below 65,535, four beyond. "No label" (kNoLabel) is the width's largest value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>

#include "core/huge_page_allocator.hpp"

namespace sgplan::mdp {

template <class Id>
class LabelColumn {
 public:
  static constexpr Id kNone = std::numeric_limits<Id>::max();

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  std::size_t bytes_per_entry() const { return width_; }
  std::size_t memory_bytes() const { return size_ * width_; }

  Id operator[](std::size_t c) const {
    switch (width_) {
      case 1:
        return widen(narrow8_[c]);
      case 2:
        return widen(narrow16_[c]);
      default:
        return wide_[c];
    }
  }

  // Takes the ids (kNone for none), narrowing them; `ids` is left empty.
  void assign(BigVector<Id>&& ids) {
    Id largest = 0;
    for (Id id : ids) largest = id != kNone && id > largest ? id : largest;
    *this = LabelColumn();
    size_ = ids.size();
    if (largest < std::numeric_limits<std::uint8_t>::max()) {
      width_ = 1;
      narrow8_.reserve(size_);
      for (Id id : ids) narrow8_.push_back(id == kNone ? UINT8_MAX : static_cast<std::uint8_t>(id));
    } else if (largest < std::numeric_limits<std::uint16_t>::max()) {
      width_ = 2;
      narrow16_.reserve(size_);
      for (Id id : ids) narrow16_.push_back(id == kNone ? UINT16_MAX : static_cast<std::uint16_t>(id));
    } else {
      width_ = sizeof(Id);
      wide_ = std::move(ids);
    }
    ids = {};
  }

 private:
  template <class Narrow>
  static Id widen(Narrow id) {
    return id == std::numeric_limits<Narrow>::max() ? kNone : static_cast<Id>(id);
  }

  std::size_t size_ = 0;
  std::size_t width_ = sizeof(Id);
  BigVector<std::uint8_t> narrow8_;
  BigVector<std::uint16_t> narrow16_;
  BigVector<Id> wide_;
};

}  // namespace sgplan::mdp
