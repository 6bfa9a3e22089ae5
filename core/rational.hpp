// Exact numbers shared by every layer: Rational (boost::multiprecision::cpp_rational, arbitrary
// precision) and its conversions. Models parse probabilities into it ("0.3" is 3/10), the exact
// solvers compute with it (mdp/exact/), and reports print it as "p/q".
// Conversions: to_double is Boost's conversion, which rounds to the nearest double (checked on
// random and huge fractions in tests/mdp/exact_test.cpp); from_double is exact (every finite double
// is a dyadic rational).
#pragma once

#include <boost/multiprecision/cpp_int.hpp>
#include <cmath>
#include <cstdint>
#include <string>

namespace sgplan {

using Rational = boost::multiprecision::cpp_rational;
using BigInt = boost::multiprecision::cpp_int;

inline double to_double(const Rational& r) {
  return static_cast<double>(r);
}

// The exact value of a finite double.
inline Rational from_double(double x) {
  if (x == 0.0) return Rational(0);
  int exponent = 0;
  const double mantissa = std::frexp(x, &exponent);  // x = mantissa 2^exponent, 0.5 <= |m| < 1
  const auto scaled = static_cast<std::int64_t>(std::ldexp(mantissa, 53));
  exponent -= 53;
  BigInt power = 1;
  power <<= (exponent < 0 ? -exponent : exponent);
  return exponent >= 0 ? Rational(BigInt(scaled) * power) : Rational(BigInt(scaled), power);
}

// "p/q", or "p" for an integer.
inline std::string to_string(const Rational& r) {
  std::string out = boost::multiprecision::numerator(r).str();
  if (boost::multiprecision::denominator(r) != 1) out += "/" + boost::multiprecision::denominator(r).str();
  return out;
}

}  // namespace sgplan
