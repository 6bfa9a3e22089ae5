// How big the formula game is (formula_game.hpp), in exact big integers
// (boost::multiprecision::cpp_int), from closed forms; enumeration checks them where it can.
//
// n variables, without flips (the turn follows from the number of assigned variables):
//   depth       n plies, every play
//   histories   n! 2^n complete plays: an order of the variables and a value for each
//   states      3^n partial assignments (all reachable)
//   tree nodes  sum_{k=0..n} n!/(n-k)! 2^k histories of every length (the game tree's nodes)
//   edges       sum_{k=0..n-1} C(n,k) 2^k * 2(n-k) moves between reachable states
// With flips a state also records who assigned each variable and who moves:
//   state bound 2 * 5^n
//   reachable   with a and b the counts of A's and B's variables, u = n - a - b, and
//               m(a,b) = n!/(a! b! u!) 2^(a+b) assignments of that shape:
//                 nothing assigned, A to move; one A variable, B to move;
//                 a, b >= 1 with u >= 1, either player to move (flips balance the move counts);
//                 u = 0 (game over), A to move when B has at least 2 variables (its first and its
//                 last moves were assignments), B to move when A has at least 2; and for n <= 2
//                 the plays without room for a flip (n = 1: x assigned by A; n = 2: one each)
//   edges       2u + (the mover's own variables) moves from each non-terminal state
//   plays       unbounded from n = 3 on (assign, assign, then flip back and forth); for n <= 2
//               no flip is ever possible and the finite counts hold.
// Why these shapes: moves alternate A, B, A, ...; a player's first move must be an assignment (it
// owns nothing to flip); flips need an unassigned variable left (the game ends at u = 0). Any
// other shape and turn is reached by padding with flips. tests/models/formula_game_test.cpp
// compares every count with an enumeration for n = 1..7.
#pragma once

#include <cstdint>

#include "core/rational.hpp"

namespace sgplan::models::formula {

struct FormulaGameCounts {
  std::uint32_t variables = 0;
  bool flips = false;
  bool finite = true;  // every play ends; depth, histories and tree_nodes are meaningful
  BigInt depth;
  BigInt histories;
  BigInt tree_nodes;
  BigInt states;            // 3^n partial assignments
  BigInt states_bound;      // flips: 2 * 5^n (0 without flips)
  BigInt reachable_states;  // of the game graph the solver builds
  BigInt reachable_edges;
};

FormulaGameCounts count_formula_game(std::uint32_t variables, bool flips);

}  // namespace sgplan::models::formula
