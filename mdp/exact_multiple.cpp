#include <cmath>
#include <stdexcept>

#include "mdp/build_graph.hpp"

namespace sgplan::mdp {

Rational exact_multiple(double p, std::uint64_t denominator) {
  // p D is at most D, and p has a relative error of a few units, so p D errs by far less than 1/2
  // as long as D stays below 2^40: the nearest integer is the numerator.
  if (denominator == 0 || denominator > (std::uint64_t{1} << 40)) {
    throw std::logic_error("exact denominator " + std::to_string(denominator) + " out of range");
  }
  const double scaled = p * static_cast<double>(denominator);
  const double numerator = std::nearbyint(scaled);
  const Rational exact(BigInt(static_cast<std::uint64_t>(numerator)), BigInt(denominator));
  if (!(numerator >= 1.0) || std::abs(scaled - numerator) > 1e-6) {
    throw std::logic_error("probability " + std::to_string(p) + " is not a multiple of 1/" +
                           std::to_string(denominator) + " as the model promised");
  }
  return exact;
}

}  // namespace sgplan::mdp
