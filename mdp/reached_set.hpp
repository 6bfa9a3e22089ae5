// The set of reached packed states of a model whose keys lie below a bound, as one bit per key,
// with a rank directory so that a reached key's index (how many reached keys are smaller) costs
// two loads and a popcount: the matrix-free engine's whole state index (matrix_free.hpp). One bit
// per possible key plus four bytes per 64 keys, whatever the transitions.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "core/huge_page_allocator.hpp"

namespace sgplan::mdp {

class ReachedSet {
 public:
  explicit ReachedSet(std::uint64_t bound) : bound_(bound), words_((bound + 63) / 64, 0) {}

  std::uint64_t bound() const { return bound_; }
  // Adds key (below the bound); returns whether it was new. Not after finish().
  bool insert(std::uint64_t key) {
    std::uint64_t& word = words_[key >> 6];
    const std::uint64_t bit = std::uint64_t{1} << (key & 63);
    const bool added = (word & bit) == 0;
    word |= bit;
    return added;
  }
  bool contains(std::uint64_t key) const {
    return key < bound_ && ((words_[key >> 6] >> (key & 63)) & 1) != 0;
  }

  // Builds the rank directory; the set is fixed afterwards.
  void finish() {
    rank_.assign(words_.size() + 1, 0);
    std::uint64_t count = 0;
    for (std::size_t w = 0; w < words_.size(); ++w) {
      rank_[w] = static_cast<std::uint32_t>(count);
      count += static_cast<std::uint64_t>(std::popcount(words_[w]));
    }
    rank_[words_.size()] = static_cast<std::uint32_t>(count);
    size_ = count;
  }
  std::uint64_t size() const { return size_; }
  // The index of a reached key among the reached keys in increasing order (after finish()).
  std::uint32_t index_of(std::uint64_t key) const {
    const std::uint64_t below = words_[key >> 6] & ((std::uint64_t{1} << (key & 63)) - 1);
    return rank_[key >> 6] + static_cast<std::uint32_t>(std::popcount(below));
  }
  // Calls f(key, index) for every reached key in increasing order (after finish()).
  template <class F>
  void for_each(F&& f) const {
    std::uint32_t index = 0;
    for (std::size_t w = 0; w < words_.size(); ++w) {
      for (std::uint64_t bits = words_[w]; bits != 0; bits &= bits - 1) {
        f((static_cast<std::uint64_t>(w) << 6) + static_cast<std::uint64_t>(std::countr_zero(bits)), index++);
      }
    }
  }
  // The same in decreasing order.
  template <class F>
  void for_each_reversed(F&& f) const {
    std::uint32_t index = static_cast<std::uint32_t>(size_);
    for (std::size_t w = words_.size(); w-- > 0;) {
      for (std::uint64_t bits = words_[w]; bits != 0;) {
        const int top = 63 - std::countl_zero(bits);
        bits &= ~(std::uint64_t{1} << top);
        f((static_cast<std::uint64_t>(w) << 6) + static_cast<std::uint64_t>(top), --index);
      }
    }
  }
  std::size_t memory_bytes() const {
    return words_.capacity() * sizeof(std::uint64_t) + rank_.capacity() * sizeof(std::uint32_t);
  }
  // The bytes a set over `bound` keys takes, for the limits checked before allocating.
  static std::uint64_t bytes_for(std::uint64_t bound) { return (bound + 63) / 64 * 12 + 8; }

 private:
  std::uint64_t bound_;
  BigVector<std::uint64_t> words_;
  BigVector<std::uint32_t> rank_;
  std::uint64_t size_ = 0;
};

}  // namespace sgplan::mdp
