#include "models/formats/probability.hpp"

#include <cctype>

namespace sgplan::models::formats {

namespace {

using boost::multiprecision::cpp_int;

// Digits only, at least one.
std::optional<cpp_int> parse_digits(std::string_view s) {
  if (s.empty() || s.size() > 400) return std::nullopt;
  cpp_int v = 0;
  for (char ch : s) {
    if (!std::isdigit(static_cast<unsigned char>(ch))) return std::nullopt;
    v = v * 10 + (ch - '0');
  }
  return v;
}

// [+-]digits[.digits][e[+-]digits] or [+-].digits[...]
std::optional<Rational> parse_decimal(std::string_view s) {
  bool negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  std::string_view mantissa = s, exponent;
  if (auto e = s.find_first_of("eE"); e != std::string_view::npos) {
    mantissa = s.substr(0, e);
    exponent = s.substr(e + 1);
    if (exponent.empty()) return std::nullopt;
  }
  std::string_view whole = mantissa, fraction;
  if (auto dot = mantissa.find('.'); dot != std::string_view::npos) {
    whole = mantissa.substr(0, dot);
    fraction = mantissa.substr(dot + 1);
  }
  if (whole.empty() && fraction.empty()) return std::nullopt;
  std::string digits = std::string(whole) + std::string(fraction);
  auto numerator = parse_digits(digits);
  if (!numerator) return std::nullopt;
  long exp10 = -static_cast<long>(fraction.size());
  if (!exponent.empty()) {
    bool exp_negative = false;
    if (exponent[0] == '+' || exponent[0] == '-') {
      exp_negative = exponent[0] == '-';
      exponent.remove_prefix(1);
    }
    if (exponent.empty() || exponent.size() > 4) return std::nullopt;
    auto e = parse_digits(exponent);
    if (!e) return std::nullopt;
    long value = static_cast<long>(*e);
    exp10 += exp_negative ? -value : value;
  }
  if (exp10 < -400 || exp10 > 400) return std::nullopt;
  cpp_int scale = 1;
  for (long i = 0; i < (exp10 < 0 ? -exp10 : exp10); ++i) scale *= 10;
  Rational r = exp10 < 0 ? Rational(*numerator, scale) : Rational(*numerator * scale);
  return negative ? Rational(-r) : r;
}

}  // namespace

std::optional<Probability> parse_probability(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  std::optional<Rational> r;
  if (auto slash = text.find('/'); slash != std::string_view::npos) {
    std::string_view num = text.substr(0, slash), den = text.substr(slash + 1);
    bool negative = false;
    if (!num.empty() && (num[0] == '-' || num[0] == '+')) {
      negative = num[0] == '-';
      num.remove_prefix(1);
    }
    auto n = parse_digits(num);
    auto d = parse_digits(den);
    if (!n || !d || *d == 0) return std::nullopt;
    r = Rational(*n, *d);
    if (negative) r = -*r;
  } else {
    r = parse_decimal(text);
  }
  if (!r) return std::nullopt;
  return Probability{*r, static_cast<double>(*r)};
}

bool sums_to_one(const Rational& sum) {
  Rational diff = sum - 1;
  if (diff < 0) diff = -diff;
  return diff <= Rational(1, 1000000000);
}

}  // namespace sgplan::models::formats
