#include "models/extensive_form/number.hpp"

#include <charconv>
#include <limits>

namespace sgplan::models::extensive_form {

bool fits_double(const Rational& r) {
  static const Rational kLargest(std::numeric_limits<double>::max());
  return abs_value(r) <= kLargest;
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

}  // namespace sgplan::models::extensive_form
