// An allocator for the big arrays of a state graph and its solvers: an allocation of 2 MiB or
// more is mapped on its own, 2 MiB-aligned, and marked for transparent huge pages
// (madvise(MADV_HUGEPAGE), which Debian's kernels honour in their default `madvise` mode); a
// smaller one comes from operator new as usual.
//
// Why: building and analysing a graph touches every page of arrays of tens to thousands of MiB
// once, and each first touch of a 4 KiB page is a page fault. On a virtual machine a fault costs
// microseconds (the guest's interrupt handling), and on this project's development machine the
// faults took more time than the work: the open 5x5 robot-monster grid (383,117 states, 4.4
// million transitions) built in 0.71 s with 4 KiB pages and 0.24 s with huge pages (medians of
// five runs, the README's "Where a solve's time goes"). A 2 MiB page is one fault instead of 512.
//
// Memory is given back to the system when the array is freed (munmap), not kept by malloc (a cache
// of freed mappings for the solver's phases was tried and measured no faster). If the kernel has
// no huge page to give, the mapping simply stays on small pages.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <new>
#include <vector>

namespace sgplan {

inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

// The raw functions behind the allocator; `bytes` must be the same in both calls.
inline void* allocate_big(std::size_t bytes) {
  if (bytes < kHugePageBytes) return ::operator new(bytes);
  const std::size_t rounded = (bytes + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
  // Map one huge page more than needed and trim both ends, so the start is 2 MiB-aligned.
  const std::size_t mapped = rounded + kHugePageBytes;
  void* raw = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  const auto base = reinterpret_cast<std::uintptr_t>(raw);
  const std::uintptr_t aligned = (base + kHugePageBytes - 1) & ~(std::uintptr_t{kHugePageBytes} - 1);
  if (aligned > base) ::munmap(raw, aligned - base);
  const std::uintptr_t end = base + mapped, used_end = aligned + rounded;
  if (end > used_end) ::munmap(reinterpret_cast<void*>(used_end), end - used_end);
  void* p = reinterpret_cast<void*>(aligned);
#ifdef MADV_HUGEPAGE
  ::madvise(p, rounded, MADV_HUGEPAGE);  // advice only: small pages if it is refused
#endif
  return p;
}

inline void free_big(void* p, std::size_t bytes) noexcept {
  if (p == nullptr) return;
  if (bytes < kHugePageBytes) {
    ::operator delete(p);
    return;
  }
  ::munmap(p, (bytes + kHugePageBytes - 1) & ~(kHugePageBytes - 1));
}

template <class T>
struct HugePageAllocator {
  using value_type = T;
  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    if (n > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_array_new_length();
    return static_cast<T*>(allocate_big(n * sizeof(T)));
  }
  void deallocate(T* p, std::size_t n) noexcept { free_big(p, n * sizeof(T)); }

  template <class U>
  bool operator==(const HugePageAllocator<U>&) const noexcept {
    return true;
  }
};

// A std::vector whose big buffers live on huge pages.
template <class T>
using BigVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace sgplan
