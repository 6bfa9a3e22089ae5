// Generators of explicit game trees (game_tree.hpp) for the tests and the benchmarks: complete
// uniform minimax trees with given leaf values (Knuth and Moore's setting), leaf values that make
// the generation order the worst one for alpha-beta, and seeded random expectiminimax trees.
// Everything is a pure function of its arguments (std::mt19937_64 with the given seed), so a test or
// a benchmark names its trees by their seeds.
#pragma once

#include <cstdint>
#include <vector>

#include "search/game_tree.hpp"

namespace sgplan::search {

// A complete tree of branching b and depth d: Max at the root, Max and Min alternating, b^d
// leaves whose utilities are `leaf_values` from left to right.
GameTree uniform_tree(std::uint32_t branching, std::uint32_t depth, const std::vector<double>& leaf_values);

// b^d distinct values 0 .. b^d - 1 in a random order.
std::vector<double> shuffled_leaf_values(std::uint32_t branching, std::uint32_t depth, std::uint64_t seed);

// Leaf values under which every Max position's children come in increasing order and every Min
// position's in decreasing order, each child's whole subtree lying above (Max) or below (Min) its
// earlier siblings': every window then contains every value below it, nothing is ever cut, and
// alpha-beta in generation order scores all b^d leaves (the worst case of Knuth and Moore).
std::vector<double> pessimal_leaf_values(std::uint32_t branching, std::uint32_t depth);

struct RandomTreeSpec {
  std::uint32_t depth = 6;          // plies; positions at this depth are terminal
  std::uint32_t min_branching = 2;  // moves of a Max or Min position
  std::uint32_t max_branching = 4;
  std::uint32_t min_outcomes = 2;  // outcomes of a chance position
  std::uint32_t max_outcomes = 4;
  double terminal_share = 0.1;    // chance that a non-root position ends early
  std::int32_t value_range = 16;  // utilities are integers in [-value_range, value_range]
  // Probabilities k/16 (dyadic: all the searches' arithmetic is then exact) or random weights
  // normalized (1/3 and the like: equal up to rounding).
  bool dyadic = true;
  // Regular *-minimax trees (Ballard): Max, chance, Min, chance, ... Otherwise every position's
  // owner is drawn at random (chance included, never twice in a row).
  bool regular = true;
  bool with_chance = true;  // false: a minimax tree (Max and Min alternate)
};

GameTree random_tree(std::uint64_t seed, const RandomTreeSpec& spec);

}  // namespace sgplan::search
