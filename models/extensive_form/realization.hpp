// Realization probabilities (Kuhn 1953; von Stengel 1996's realization plans).
//
// The probability that play ends in terminal history z under a profile factors into chance's part
// and one part per player: rho(z) = chance(z) * prod_i w_i(s_i(z)), where s_i(z) is player i's
// own sequence on the path to z (sequences.hpp) and w_i is i's sequence weight:
//   behavioural: w(empty) = 1, w(s + (h, a)) = w(s) * b(h)(a) (a set visited twice on one path,
//                as by an absent-minded player, multiplies twice: each visit draws afresh);
//   mixed:       w(s) = total probability of the plans that follow every move of s.
// This holds with or without perfect recall, so it also measures what the conversions would get
// wrong where Kuhn's theorem does not apply. Expected payoffs are sum_z rho(z) u(z).
//
// Realization equivalence of two strategies of player i (the --check): for every pure plan
// profile p of the others, rho(z) = chance(z) * w_i(s_i(z)) * prod_j [p_j follows s_j(z)], so the
// largest difference over all those profiles and histories is the largest
// chance(z) * |w_i(s_i(z)) - w'_i(s_i(z))| over the histories z that some plan of every other
// player follows. check_realization_equivalence computes that without enumerating the profiles
// (the tests compare it with a brute-force enumeration).
#pragma once

#include <vector>

#include "models/extensive_form/efg_namespace.hpp"
#include "models/extensive_form/game_tree.hpp"
#include "models/extensive_form/sequences.hpp"
#include "models/extensive_form/strategy.hpp"

namespace sgplan::models::extensive_form {

template <class T>
std::vector<T> sequence_weights(const GameTree& tree, const PlayerSequences& seqs,
                                const Strategy<T>& strategy);

// Per terminal history: the product of the chance probabilities on its path.
template <class T>
std::vector<T> chance_probabilities(const GameTree& tree);

template <class T>
struct Realization {
  std::vector<T> probability;      // per terminal history
  std::vector<T> expected_payoff;  // per player
};

// `profile` holds one strategy per player, in player order.
template <class T>
Realization<T> realize(const GameTree& tree, const std::vector<PlayerSequences>& seqs,
                       const std::vector<Strategy<T>>& profile);

template <class T>
struct EquivalenceCheck {
  T max_difference{0};
  std::size_t worst_terminal = kNone;  // a terminal history where the largest difference occurs
  std::size_t terminals_compared = 0;  // histories that some pure profile of the others reaches
  BigInt opponent_profiles = 1;        // pure plan profiles of the other players
};

template <class T>
EquivalenceCheck<T> check_realization_equivalence(const GameTree& tree,
                                                  const std::vector<PlayerSequences>& seqs,
                                                  const Strategy<T>& a, const Strategy<T>& b);

}  // namespace sgplan::models::extensive_form
