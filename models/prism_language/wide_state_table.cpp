#include "models/prism_language/wide_state_table.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/errors.hpp"

namespace sgplan::models::prism_language {

WideStateTable::WideStateTable(std::uint32_t width) : width_(std::max<std::uint32_t>(width, 1)) {
  slots_.assign(1024, 0);
  mask_ = slots_.size() - 1;
}

std::uint64_t WideStateTable::hash(const std::uint64_t* w) const {
  // A multiply-xorshift mix per word (the finaliser of SplitMix64), chained.
  std::uint64_t h = 0x9e3779b97f4a7c15ULL;
  for (std::uint32_t k = 0; k < width_; ++k) {
    std::uint64_t x = w[k] + h;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    h = x ^ (x >> 31);
  }
  return h;
}

std::uint64_t WideStateTable::intern(const std::uint64_t* w) {
  std::uint64_t i = hash(w) & mask_;
  while (slots_[i] != 0) {
    const std::uint64_t id = slots_[i] - 1;
    if (std::equal(w, w + width_, &words_[id * width_])) return id;
    i = (i + 1) & mask_;
  }
  const std::uint64_t id = size();
  if (id + 1 >= std::uint64_t{0xffffffff})
    throw ResourceError("more than 4 billion states of more than 64 bits each");
  words_.insert(words_.end(), w, w + width_);
  slots_[i] = static_cast<std::uint32_t>(id + 1);
  if (2 * (id + 1) > slots_.size()) grow();
  return id;
}

void WideStateTable::grow() {
  std::vector<std::uint32_t> old(slots_.size() * 2, 0);
  old.swap(slots_);
  mask_ = slots_.size() - 1;
  for (const std::uint32_t s : old) {
    if (s == 0) continue;
    std::uint64_t i = hash(&words_[(s - 1) * static_cast<std::uint64_t>(width_)]) & mask_;
    while (slots_[i] != 0) i = (i + 1) & mask_;
    slots_[i] = s;
  }
}

std::size_t WideStateTable::memory_bytes() const {
  return words_.capacity() * sizeof(std::uint64_t) + slots_.capacity() * sizeof(std::uint32_t);
}

}  // namespace sgplan::models::prism_language
