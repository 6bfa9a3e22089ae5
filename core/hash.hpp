// A strong 64-bit mixer: the finalizer of SplitMix64 (Steele, Lea and Flood, "Fast splittable
// pseudorandom number generators", OOPSLA 2014). Hash tables keyed by packed states use it so that
// keys with structure (mixed-radix positions, small indices) spread over the buckets.
#pragma once

#include <cstdint>

namespace sgplan {

constexpr std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

// The SplitMix64 generator: advances `state` by the golden-ratio increment and mixes it. Fixed seeds
// give reproducible Zobrist keys without a <random> engine.
constexpr std::uint64_t splitmix64_next(std::uint64_t& state) {
  return mix64(state += 0x9e3779b97f4a7c15ULL);
}

}  // namespace sgplan
