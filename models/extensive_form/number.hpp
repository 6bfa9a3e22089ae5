// Numbers in game trees. Payoffs and chance probabilities are stored as exact rationals
// (boost::multiprecision::cpp_rational), exactly as a file writes them: "1/3" is one third and
// "0.3" is 3/10. Strategies are computed in one of two arithmetic types, chosen by the caller:
// double (the default) or Rational (`--exact`), so a conversion round trip can be exact. Counts
// that can exceed 64 bits (pure plans: a product over information sets) are BigInt (cpp_int).
//
// The helpers below are the only places that convert between the two arithmetic types.
#pragma once

#include <cstdint>
#include <string>

#include "core/rational.hpp"
#include "models/extensive_form/efg_namespace.hpp"

namespace sgplan::models::extensive_form {

// Rational and BigInt are core's (core/rational.hpp); so are to_double and to_string of a Rational.
using sgplan::to_double;
using sgplan::to_string;

template <class T>
T from_rational(const Rational& r);
template <>
inline double from_rational<double>(const Rational& r) {
  return static_cast<double>(r);
}
template <>
inline Rational from_rational<Rational>(const Rational& r) {
  return r;
}

inline double to_double(double x) {
  return x;
}

inline double abs_value(double x) {
  return x < 0 ? -x : x;
}
inline Rational abs_value(const Rational& r) {
  return r < 0 ? Rational(-r) : r;
}

inline bool is_zero(double x) {
  return x == 0.0;
}
inline bool is_zero(const Rational& r) {
  return r == 0;
}

// Whether |r| is at most the largest finite double, so that r converts to a finite double (a
// payoff must: 1e400 would print as inf). Decided exactly, in rational arithmetic.
bool fits_double(const Rational& r);

// The shortest decimal that reads back as the same double ("0.1", "0.3333333333333333").
std::string to_string(double x);

// A count as a decimal string ("1,024" style grouping is the CLI's business).
inline std::string to_string(const BigInt& n) {
  return n.str();
}
// Whether a count is exactly representable as a JSON number in every reader (<= 2^53).
bool fits_json_number(const BigInt& n);
// Saturating conversion for limit checks.
std::uint64_t saturate_u64(const BigInt& n);

}  // namespace sgplan::models::extensive_form
