// Non-decreasing 32-bit offsets (a compressed sparse row's starts: where each choice's entries
// begin, where each state's choices begin), stored as a 32-bit base per block of 16 offsets and,
// per offset, its distance from its block's base in the narrowest width that holds every distance:
// one byte while no block spans more than 255, two up to 65,535, four beyond. Offset i is
//
//   base[i / 16] + distance[i]
//
// so a reader costs one extra load from an array 16 times smaller than the offsets, which stays in
// cache. Why 16: robot-monster's choices have at most 16 entries, so 15 of them span at most 240
// and the row starts fit one byte (1.25 bytes per choice with the base); with blocks of 64 they
// need two (2.06). Nothing is rounded: every offset reads back exactly. The column starts at one
// byte and widens itself when a distance outgrows it, so a build holds no more than the final width.
//
// Reading costs no branch whatever the width: a reader loads four bytes at the distance's place and
// masks off what belongs to the next ones (the column keeps three zero bytes of padding after the
// last distance), so the hot loops are compiled once, not once per width.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/huge_page_allocator.hpp"
#include "mdp/little_endian_word.hpp"

namespace sgplan::mdp {

class OffsetColumn {
 public:
  static constexpr unsigned kBlockBits = 4;
  static constexpr std::size_t kBlock = std::size_t{1} << kBlockBits;

  struct Reader {
    const std::uint32_t* base;
    const std::uint8_t* distance;
    unsigned shift;  // log2 of the width
    std::uint32_t mask;
    std::uint32_t operator[](std::size_t i) const {
      return base[i >> kBlockBits] + (load_word(distance + (i << shift)) & mask);
    }
  };

  OffsetColumn() : distance_(kPadding, 0) {}

  std::size_t size() const { return size_; }
  // Bytes per stored distance (1, 2 or 4) and in all (distances, padding and bases).
  std::size_t distance_bytes() const { return std::size_t{1} << shift_; }
  std::size_t memory_bytes() const { return distance_.size() + base_.size() * sizeof(std::uint32_t); }

  Reader reader() const { return {base_.data(), distance_.data(), shift_, mask_}; }
  std::uint32_t operator[](std::size_t i) const { return reader()[i]; }
  std::uint32_t back() const { return (*this)[size_ - 1]; }

  // The first i with offset i > value (size() if none), as std::upper_bound over the offsets.
  std::size_t upper_bound(std::uint32_t value) const;

  // Offset for offset equal, whatever the two widths.
  bool operator==(const OffsetColumn& other) const;

  // Appends an offset; it must not be below the last one (checked: std::invalid_argument).
  void push_back(std::uint32_t offset);
  void reserve(std::size_t n);

 private:
  static constexpr std::size_t kPadding = sizeof(std::uint32_t) - 1;
  void widen_to(unsigned shift);
  static std::uint32_t mask_of(unsigned shift) {
    return shift >= 2 ? ~std::uint32_t{0} : (std::uint32_t{1} << (8u << shift)) - 1;
  }

  std::size_t size_ = 0;
  unsigned shift_ = 0;
  std::uint32_t mask_ = mask_of(0);
  BigVector<std::uint32_t> base_;
  BigVector<std::uint8_t> distance_;  // size_ << shift_ bytes, then kPadding zero bytes
};

}  // namespace sgplan::mdp
