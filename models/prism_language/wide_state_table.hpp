// States wider than one 64-bit word, interned: each distinct state (a fixed number of words) gets
// the next id, and the id is the state everywhere else (the builder's packed key, the search's
// state). Open addressing with linear probing over ids (4 bytes a slot, at most half full); the
// words of all states lie in one array, `width` words per state.
#pragma once

#include <cstdint>
#include <vector>

namespace sgplan::models::prism_language {

class WideStateTable {
 public:
  explicit WideStateTable(std::uint32_t width = 1);

  // The id of the state with these words, a new one if it was not here. The pointer returned by
  // words() may move when a new state is interned: copy the words first.
  std::uint64_t intern(const std::uint64_t* words);
  const std::uint64_t* words(std::uint64_t id) const { return &words_[id * width_]; }
  std::uint32_t width() const { return width_; }
  std::uint64_t size() const { return words_.size() / width_; }
  std::size_t memory_bytes() const;

 private:
  std::uint64_t hash(const std::uint64_t* words) const;
  void grow();

  std::uint32_t width_;
  std::vector<std::uint64_t> words_;
  std::vector<std::uint32_t> slots_;  // id + 1; 0 is free
  std::uint64_t mask_ = 0;
};

}  // namespace sgplan::models::prism_language
