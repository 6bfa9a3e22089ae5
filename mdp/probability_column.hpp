// The probabilities of a state graph's entries, pooled: a model has far fewer distinct
// probabilities than transitions (the open 5x5 robot-monster grid has 4.4 million transitions and
// a handful of values), so each entry stores a one- or two-byte index into a table of the distinct
// doubles instead of the double itself. The doubles are kept bit for bit: pooling rounds nothing,
// and a pooled column reads back exactly what was stored.
//
// Widths: 8-bit indices while there are at most 256 distinct values, 16-bit up to 65,536, plain
// doubles beyond (a model with many distinct probabilities, or pooling switched off). The column
// starts narrow and widens itself as values arrive, so a build never holds more than the final
// width (plus the one copy while widening).
//
// Hot loops do not call operator[] (it branches on the width); they call visit() once with a
// generic lambda, which receives a reader (Plain or Pooled<I>) whose operator[] has no branch.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/huge_page_allocator.hpp"

namespace sgplan::mdp {

class ProbabilityColumn {
 public:
  enum class Width : std::uint8_t { Index8, Index16, Plain };

  // Entry e's probability is p[e].
  struct Plain {
    const double* p;
    double operator[](std::size_t e) const { return p[e]; }
  };
  // Entry e's probability is values[index[e]].
  template <class Index>
  struct Pooled {
    const Index* index;
    const double* values;
    double operator[](std::size_t e) const { return values[index[e]]; }
  };

  // `pooled` false: plain doubles from the start (for comparisons and benchmarks).
  explicit ProbabilityColumn(bool pooled = true) : width_(pooled ? Width::Index8 : Width::Plain) {}

  std::size_t size() const { return size_; }
  Width width() const { return width_; }
  // The distinct values, in order of first appearance; empty for a plain column.
  const std::vector<double>& values() const { return values_; }
  // Bytes per entry and in all (indices or doubles, plus the table).
  std::size_t bytes_per_entry() const;
  std::size_t memory_bytes() const;

  // Calls f(reader) with the reader of this column's width and returns what f returns.
  template <class F>
  decltype(auto) visit(F&& f) const {
    switch (width_) {
      case Width::Index8:
        return f(Pooled<std::uint8_t>{index8_.data(), values_.data()});
      case Width::Index16:
        return f(Pooled<std::uint16_t>{index16_.data(), values_.data()});
      case Width::Plain:
        break;
    }
    return f(Plain{plain_.data()});
  }

  // Entry e's probability; branches on the width (loops over many entries use visit).
  double operator[](std::size_t e) const {
    return visit([e](auto p) { return p[e]; });
  }

  // The same entries in a column pooled or not (the table is rebuilt in order of first appearance).
  ProbabilityColumn recoded(bool pooled) const;

  // Entry for entry the same doubles, bit for bit, whatever the two widths.
  bool operator==(const ProbabilityColumn& other) const;

  // Building: appends one entry. Amortised constant time; a repeated value costs a table probe.
  void push_back(double p);
  void reserve(std::size_t n);
  // Ends building: drops the lookup table (entries can still be appended; they rebuild it).
  void finish();

 private:
  // The index of p in values_, added if new; widens the column when the table outgrows it.
  std::uint32_t intern(double p);
  void widen_to(Width width);

  Width width_;
  std::size_t size_ = 0;
  std::vector<double> values_;
  BigVector<std::uint8_t> index8_;
  BigVector<std::uint16_t> index16_;
  BigVector<double> plain_;
  // Bits of a double -> its index in values_; a small direct-mapped cache in front of the map,
  // since consecutive entries mostly repeat a few values.
  std::unordered_map<std::uint64_t, std::uint32_t> lookup_;
  static constexpr std::size_t kCacheSlots = 64;
  struct CacheSlot {
    std::uint64_t bits = 0;
    std::uint32_t index = UINT32_MAX;  // UINT32_MAX: empty
  };
  std::array<CacheSlot, kCacheSlots> cache_{};
};

}  // namespace sgplan::mdp
