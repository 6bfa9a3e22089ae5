// A fixed-size array of trivially copyable entries whose every byte starts at zero, from
// std::calloc: a large allocation comes from fresh pages the kernel zeroes on first touch, so a
// 256 MiB table of which a small search touches a few pages costs those pages, not 256 MiB of
// writes (a std::vector would write every entry up front). The tables that use it (the lambda
// table, df-pn's proof numbers and child cache) mark an empty entry by key 0 and write a whole
// entry when they claim one, so all-zero bytes are their empty state.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <span>
#include <type_traits>

namespace sgplan {

template <class T>
class ZeroedArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "ZeroedArray holds plain entries whose all-zero bytes are a valid value");

 public:
  ZeroedArray() = default;
  // Throws std::bad_alloc when the memory is not there.
  explicit ZeroedArray(std::size_t size) : data_(allocate(size)), size_(size) {}

  std::size_t size() const { return size_; }
  T& operator[](std::size_t i) { return data_.get()[i]; }
  const T& operator[](std::size_t i) const { return data_.get()[i]; }
  std::span<T> span() { return {data_.get(), size_}; }
  std::span<const T> span() const { return {data_.get(), size_}; }
  // Every byte back to zero.
  void clear() {
    if (size_ > 0) std::memset(static_cast<void*>(data_.get()), 0, size_ * sizeof(T));
  }

 private:
  struct Free {
    void operator()(T* p) const { std::free(p); }
  };
  static T* allocate(std::size_t size) {
    if (size == 0) return nullptr;
    void* p = std::calloc(size, sizeof(T));
    if (p == nullptr) throw std::bad_alloc();
    return static_cast<T*>(p);
  }

  std::unique_ptr<T, Free> data_;
  std::size_t size_ = 0;
};

}  // namespace sgplan
