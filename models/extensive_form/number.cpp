#include "models/extensive_form/number.hpp"

#include <charconv>
#include <limits>
#include <vector>

namespace sgplan::efg {

namespace {

// Decimal digits of an integer, 18 at a time (cpp_int::str() trips a GCC 12 -Wrestrict false
// positive when inlined at -O3).
std::string decimal(BigInt n) {
  if (n == 0) return "0";
  const bool negative = n < 0;
  if (negative) n = -n;
  static const BigInt kChunk = BigInt(1'000'000'000'000'000'000ULL);
  std::vector<std::uint64_t> chunks;
  while (n > 0) {
    BigInt quotient, remainder;
    boost::multiprecision::divide_qr(n, kChunk, quotient, remainder);
    chunks.push_back(static_cast<std::uint64_t>(remainder));
    n = quotient;
  }
  std::string out = negative ? "-" : "";
  out += std::to_string(chunks.back());
  for (std::size_t i = chunks.size() - 1; i-- > 0;) {
    const std::string part = std::to_string(chunks[i]);
    out.append(18 - part.size(), '0');
    out += part;
  }
  return out;
}

}  // namespace

bool fits_double(const Rational& r) {
  static const Rational kLargest(std::numeric_limits<double>::max());
  return abs_value(r) <= kLargest;
}

std::string to_string(const Rational& r) {
  std::string out = decimal(boost::multiprecision::numerator(r));
  if (boost::multiprecision::denominator(r) != 1) {
    out += '/';
    out += decimal(boost::multiprecision::denominator(r));
  }
  return out;
}

std::string to_string(double x) {
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, x);
  if (ec != std::errc()) return "nan";
  return std::string(buffer, end);
}

bool fits_json_number(const BigInt& n) {
  static const BigInt kLimit = BigInt(1) << 53;
  return n <= kLimit && n >= -kLimit;
}

std::uint64_t saturate_u64(const BigInt& n) {
  if (n < 0) return 0;
  if (n > std::numeric_limits<std::uint64_t>::max()) return std::numeric_limits<std::uint64_t>::max();
  return static_cast<std::uint64_t>(n);
}

}  // namespace sgplan::efg
