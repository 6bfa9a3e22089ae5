// Four bytes at an arbitrary address read and written as a little-endian 32-bit word: the packed
// columns (offset_column.hpp, target_column.hpp) keep 1- to 4-byte numbers back to back and read
// any of them with one unaligned load and a mask.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

namespace sgplan::mdp {

inline std::uint32_t load_word(const std::uint8_t* at) {
  std::uint32_t word;
  std::memcpy(&word, at, sizeof word);
  if constexpr (std::endian::native == std::endian::big) word = __builtin_bswap32(word);
  return word;
}

inline void store_word(std::uint8_t* at, std::uint32_t word) {
  if constexpr (std::endian::native == std::endian::big) word = __builtin_bswap32(word);
  std::memcpy(at, &word, sizeof word);
}

}  // namespace sgplan::mdp
