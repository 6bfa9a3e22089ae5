#include "models/formats/prism_number.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

namespace sgplan::models::formats {

std::string prism_double_text(double x, int significant) {
  if (significant < 1) throw std::invalid_argument("prism_double_text: precision below 1");
  if (std::isnan(x)) return "NaN";  // Java's %g writes NaN and Infinity so
  if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
  if (x == 0.0) return std::signbit(x) ? "-0" : "0";
  std::string out = std::signbit(x) ? "-" : "";
  // The shortest decimal that reads back as x: d.ddddde[+-]XX.
  char buffer[64];
  const auto [end, ec] =
      std::to_chars(buffer, buffer + sizeof buffer, std::fabs(x), std::chars_format::scientific);
  if (ec != std::errc()) throw std::logic_error("prism_double_text: to_chars failed");
  const std::string text(buffer, end);
  const std::size_t e = text.find('e');
  std::string digits;
  for (std::size_t i = 0; i < e; ++i)
    if (text[i] != '.') digits += text[i];
  int exponent = std::atoi(text.c_str() + e + 1);  // x = d.ddd * 10^exponent

  // Rounded half up to `significant` digits (Java's FormattedFloatingDecimal.applyPrecision looks
  // at the first dropped digit only).
  const auto keep = static_cast<std::size_t>(significant);
  if (digits.size() > keep) {
    const bool up = digits[keep] >= '5';
    digits.resize(keep);
    if (up) {
      std::size_t i = keep;
      while (i > 0 && digits[i - 1] == '9') digits[--i] = '0';
      if (i == 0) {
        digits.insert(digits.begin(), '1');
        digits.pop_back();
        ++exponent;
      } else {
        ++digits[i - 1];
      }
    }
  }
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();  // PRISM strips them

  if (exponent < -4 || exponent >= significant) {
    out += digits[0];
    if (digits.size() > 1) out += "." + digits.substr(1);
    const int magnitude = std::abs(exponent);
    out += exponent < 0 ? "e-" : "e+";
    if (magnitude < 10) out += '0';
    return out + std::to_string(magnitude);
  }
  if (exponent < 0) return out + "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
  const auto whole = static_cast<std::size_t>(exponent) + 1;
  if (digits.size() <= whole) return out + digits + std::string(whole - digits.size(), '0');
  return out + digits.substr(0, whole) + "." + digits.substr(whole);
}

}  // namespace sgplan::models::formats
