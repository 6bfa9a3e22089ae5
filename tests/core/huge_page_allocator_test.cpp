// The huge-page allocator: big buffers are 2 MiB-aligned mappings, small ones ordinary, and a
// vector that grows across the threshold keeps its contents.
#include "core/huge_page_allocator.hpp"

#include <gtest/gtest.h>

#include <cstdint>

namespace sgplan {
namespace {

TEST(HugePageAllocator, BigBuffersAreAlignedToAHugePageAndWritable) {
  HugePageAllocator<std::uint32_t> alloc;
  const std::size_t n = (3 * kHugePageBytes) / sizeof(std::uint32_t) + 5;  // not a multiple of 2 MiB
  std::uint32_t* p = alloc.allocate(n);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % kHugePageBytes, 0u);
  for (std::size_t i = 0; i < n; ++i) p[i] = static_cast<std::uint32_t>(i * 7);
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < n; ++i) sum += p[i];
  EXPECT_EQ(sum, 7 * (static_cast<std::uint64_t>(n) * (n - 1) / 2));
  alloc.deallocate(p, n);
}

TEST(HugePageAllocator, GrowingVectorKeepsItsContentsAcrossTheThreshold) {
  BigVector<std::uint64_t> v;
  const std::size_t n = 3 * kHugePageBytes / sizeof(std::uint64_t);  // crosses 2 MiB while growing
  for (std::size_t i = 0; i < n; ++i) v.push_back(i * i);
  ASSERT_EQ(v.size(), n);
  for (std::size_t i = 0; i < n; i += 997) ASSERT_EQ(v[i], i * i);
  EXPECT_EQ(v.back(), (n - 1) * (n - 1));
  BigVector<std::uint64_t> copy = v;
  EXPECT_EQ(copy, v);
  v.clear();
  v.shrink_to_fit();
  EXPECT_EQ(copy.back(), (n - 1) * (n - 1));
}

TEST(HugePageAllocator, SmallBuffersComeFromOperatorNew) {
  HugePageAllocator<char> alloc;
  char* p = alloc.allocate(100);
  p[0] = 'a';
  p[99] = 'z';
  EXPECT_EQ(p[0] + p[99], 'a' + 'z');
  alloc.deallocate(p, 100);
}

}  // namespace
}  // namespace sgplan
