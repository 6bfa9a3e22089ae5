// Probabilities as users write them: decimals ("0.3", ".5", "1e-3") or exact fractions ("1/3").
// Parsed into an exact rational (decimals are exact rationals too: 0.3 = 3/10), so that a
// distribution's sum can be checked exactly, and into the nearest double for the solvers.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/rational.hpp"

namespace sgplan::models::formats {

using sgplan::Rational;
using sgplan::to_string;

struct Probability {
  Rational exact;
  double value = 0.0;
};

// Returns nullopt when `text` is not a number of one of the accepted forms; the sign is kept, so
// callers can report a negative probability as such.
std::optional<Probability> parse_probability(std::string_view text);

// Whether an exact sum is close enough to 1: within 1e-9, so that decimals rounded to many places
// (0.3333333333333333 three times) are accepted while 0.33 + 0.33 + 0.33 is not.
bool sums_to_one(const Rational& sum);

}  // namespace sgplan::models::formats
