#include "models/formula/formula_count.hpp"

#include <vector>

namespace sgplan::models::formula {

namespace {

BigInt power(std::uint32_t base, std::uint32_t exponent) {
  BigInt r = 1;
  for (std::uint32_t i = 0; i < exponent; ++i) r *= base;
  return r;
}

// Reachable with flips: is the shape (a, b) with `b_to_move` reachable in a game of n variables?
bool reachable_shape(std::uint32_t n, std::uint32_t a, std::uint32_t b, bool b_to_move) {
  const std::uint32_t u = n - a - b;
  if (a == 0 && b == 0) return !b_to_move;
  if (b == 0) return a == 1 && b_to_move;  // B has not moved yet (and cannot without a variable)
  if (a == 0) return false;                // A's first move assigned something
  if (u > 0) return true;
  // Game over: the last move was an assignment by the player not to move.
  if (!b_to_move) return b >= 2 || (n == 2 && a == 1 && b == 1);
  return a >= 2;
}

}  // namespace

FormulaGameCounts count_formula_game(std::uint32_t n, bool flips) {
  FormulaGameCounts c;
  c.variables = n;
  c.flips = flips;
  std::vector<BigInt> factorial(n + 1, BigInt(1));
  for (std::uint32_t i = 1; i <= n; ++i) factorial[i] = factorial[i - 1] * i;
  c.states = power(3, n);
  c.finite = !flips || n <= 2;
  if (c.finite) {
    c.depth = n;
    c.histories = factorial[n] * power(2, n);
    for (std::uint32_t k = 0; k <= n; ++k) c.tree_nodes += factorial[n] / factorial[n - k] * power(2, k);
  }
  if (!flips) {
    c.reachable_states = c.states;
    for (std::uint32_t k = 0; k < n; ++k) {
      c.reachable_edges += factorial[n] / (factorial[k] * factorial[n - k]) * power(2, k) * (2 * (n - k));
    }
    return c;
  }
  c.states_bound = 2 * power(5, n);
  for (std::uint32_t a = 0; a <= n; ++a) {
    for (std::uint32_t b = 0; a + b <= n; ++b) {
      const std::uint32_t u = n - a - b;
      const BigInt shapes = factorial[n] / (factorial[a] * factorial[b] * factorial[u]) * power(2, a + b);
      for (bool b_to_move : {false, true}) {
        if (!reachable_shape(n, a, b, b_to_move)) continue;
        c.reachable_states += shapes;
        if (u > 0) c.reachable_edges += shapes * (2 * u + (b_to_move ? b : a));
      }
    }
  }
  return c;
}

}  // namespace sgplan::models::formula
