// Moves, fixed-capacity move lists and move sets: the vocabulary the boards (Go, Go-Moku) and the
// lambda searches share, in core/ so that a board does not depend on a search library.
//
// A move is a small integer below the game's move_limit() (at most kMaxMoves: a 19x19 board's 361
// points fit); kPass is the null move and kNoMove "none". A MoveSet is a bitset over moves. Lambda
// search uses it for relevancy zones (Thomsen 2000, section on relevancy): the set of moves whose
// playing by the defender could change the outcome of a proof; every other defender move leaves
// the proof valid. MoveList is a list on the stack (no allocation in the search loops).
// Invariants: every stored move is < kMaxMoves; a MoveList never exceeds its capacity (push_back
// asserts).
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>

namespace sgplan {

using Move = std::uint16_t;
inline constexpr std::size_t kMaxMoves = 384;
inline constexpr Move kPass = 0xFFFE;
inline constexpr Move kNoMove = 0xFFFF;

class MoveSet {
 public:
  static constexpr std::size_t kWords = kMaxMoves / 64;

  static MoveSet all() {
    MoveSet s;
    s.words_.fill(~std::uint64_t{0});
    return s;
  }

  void insert(Move m) {
    assert(m < kMaxMoves);
    words_[m >> 6] |= std::uint64_t{1} << (m & 63);
  }
  void erase(Move m) {
    assert(m < kMaxMoves);
    words_[m >> 6] &= ~(std::uint64_t{1} << (m & 63));
  }
  bool contains(Move m) const { return m < kMaxMoves && ((words_[m >> 6] >> (m & 63)) & 1) != 0; }
  bool empty() const {
    for (std::uint64_t w : words_) {
      if (w != 0) return false;
    }
    return true;
  }
  std::size_t size() const {
    std::size_t n = 0;
    for (std::uint64_t w : words_) n += static_cast<std::size_t>(std::popcount(w));
    return n;
  }
  bool is_all() const {
    for (std::uint64_t w : words_) {
      if (w != ~std::uint64_t{0}) return false;
    }
    return true;
  }
  void clear() { words_.fill(0); }

  MoveSet& operator|=(const MoveSet& o) {
    for (std::size_t i = 0; i < kWords; ++i) words_[i] |= o.words_[i];
    return *this;
  }
  MoveSet& operator&=(const MoveSet& o) {
    for (std::size_t i = 0; i < kWords; ++i) words_[i] &= o.words_[i];
    return *this;
  }
  // Removes every member of o.
  MoveSet& operator-=(const MoveSet& o) {
    for (std::size_t i = 0; i < kWords; ++i) words_[i] &= ~o.words_[i];
    return *this;
  }
  friend MoveSet operator|(MoveSet a, const MoveSet& b) { return a |= b; }
  friend MoveSet operator&(MoveSet a, const MoveSet& b) { return a &= b; }
  bool operator==(const MoveSet&) const = default;

  // Calls f(move) for every member, in increasing order.
  template <class F>
  void for_each(F&& f) const {
    for (std::size_t i = 0; i < kWords; ++i) {
      std::uint64_t w = words_[i];
      while (w != 0) {
        const int bit = std::countr_zero(w);
        f(static_cast<Move>(i * 64 + static_cast<std::size_t>(bit)));
        w &= w - 1;
      }
    }
  }

  const std::array<std::uint64_t, kWords>& words() const { return words_; }

 private:
  std::array<std::uint64_t, kWords> words_{};
};

class MoveList {
 public:
  void push_back(Move m) {
    assert(size_ < kMaxMoves);
    items_[size_++] = m;
  }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](std::size_t i) const { return items_[i]; }
  Move& operator[](std::size_t i) { return items_[i]; }
  const Move* begin() const { return items_.data(); }
  const Move* end() const { return items_.data() + size_; }
  Move* begin() { return items_.data(); }
  Move* end() { return items_.data() + size_; }
  bool contains(Move m) const {
    for (std::size_t i = 0; i < size_; ++i) {
      if (items_[i] == m) return true;
    }
    return false;
  }
  // Moves m to the front, keeping the order of the others; false when absent.
  bool move_to_front(Move m) {
    for (std::size_t i = 0; i < size_; ++i) {
      if (items_[i] == m) {
        for (std::size_t j = i; j > 0; --j) items_[j] = items_[j - 1];
        items_[0] = m;
        return true;
      }
    }
    return false;
  }
  void truncate(std::size_t n) {
    if (n < size_) size_ = static_cast<std::uint16_t>(n);
  }

 private:
  std::array<Move, kMaxMoves> items_;
  std::uint16_t size_ = 0;
};

}  // namespace sgplan
