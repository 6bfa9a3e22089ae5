// The target states of a state graph's entries, each in as many bytes as the largest target
// needs: two while every target is below 65,536, three below 2^24 (16.7 million states: the open
// 7x7 and 8x8 robot-monster grids), four beyond. The open 7x7 grid's 81.6 million entries take
// 245 MB instead of 327.
//
// Entry e's target is the little-endian number in bytes [e * width, e * width + width): a reader
// loads four bytes there and masks off what belongs to the next entry, so reading costs no branch
// and one mask whatever the width (the column keeps three zero bytes of padding after the last
// entry so the load never leaves it). The width is the column's, not the reader's type, so the
// hot loops are compiled once for every width.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>

#include "core/huge_page_allocator.hpp"
#include "mdp/little_endian_word.hpp"

namespace sgplan::mdp {

class TargetColumn {
 public:
  struct Reader {
    const std::uint8_t* bytes;
    std::size_t width;
    std::uint32_t mask;
    std::uint32_t operator[](std::size_t e) const { return load_word(bytes + e * width) & mask; }
  };

  // The targets of an entry range (one choice's, one state's), as a forward range.
  class Range {
   public:
    class iterator {
     public:
      using iterator_category = std::forward_iterator_tag;
      using value_type = std::uint32_t;
      using difference_type = std::ptrdiff_t;
      using pointer = void;
      using reference = std::uint32_t;
      iterator() = default;
      iterator(Reader r, std::size_t e) : r_(r), e_(e) {}
      std::uint32_t operator*() const { return r_[e_]; }
      iterator& operator++() {
        ++e_;
        return *this;
      }
      iterator operator++(int) {
        iterator old = *this;
        ++e_;
        return old;
      }
      bool operator==(const iterator& other) const { return e_ == other.e_; }

     private:
      Reader r_{};
      std::size_t e_ = 0;
    };

    Range(Reader r, std::size_t first, std::size_t end) : r_(r), first_(first), end_(end) {}
    iterator begin() const { return {r_, first_}; }
    iterator end() const { return {r_, end_}; }
    std::size_t size() const { return end_ - first_; }
    std::uint32_t operator[](std::size_t i) const { return r_[first_ + i]; }

   private:
    Reader r_;
    std::size_t first_, end_;
  };

  TargetColumn() : bytes_(kPadding, 0) {}

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  std::size_t width() const { return width_; }
  std::size_t memory_bytes() const { return bytes_.size(); }

  Reader reader() const { return {bytes_.data(), width_, mask_}; }
  std::uint32_t operator[](std::size_t e) const { return reader()[e]; }
  Range range(std::size_t first, std::size_t end) const { return {reader(), first, end}; }

  // Building: appends targets, widening the column when one does not fit.
  void push_back(std::uint32_t target) { append({&target, 1}); }
  void append(std::span<const std::uint32_t> targets);
  void reserve(std::size_t n) { bytes_.reserve(n * width_ + kPadding); }

  bool operator==(const TargetColumn& other) const;

 private:
  static constexpr std::size_t kPadding = sizeof(std::uint32_t) - 1;
  void widen_to(std::size_t width);
  static std::uint32_t mask_of(std::size_t width) {
    return width >= 4 ? ~std::uint32_t{0} : (std::uint32_t{1} << (8 * width)) - 1;
  }

  std::size_t size_ = 0;
  std::size_t width_ = 2;
  std::uint32_t mask_ = mask_of(2);
  BigVector<std::uint8_t> bytes_;  // size_ * width_ bytes, then kPadding zero bytes
};

}  // namespace sgplan::mdp
