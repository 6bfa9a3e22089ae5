// Graph precomputation for reachability objectives: the states whose optimal value is exactly 0
// and exactly 1, found by graph algorithms alone (no numerics), as in PRISM's Prob0/Prob1
// algorithms generalized to turn-based stochastic games (Chatterjee, Jurdzinski, Henzinger,
// "Quantitative stochastic parity games", SODA 2004, for the almost-sure part).
//
// "Success" is a terminal of value 1; terminals with a value in (0, 1) count as positive.
//   value 0: Max cannot reach a positive terminal with positive probability. Computed as the
//            complement of the attractor where Max and chance need one successor that leads on and
//            Min must lead on with every choice.
//   value 1: Max can reach a success terminal almost surely. In games, the greatest fixed point
//            over X of the least fixed point over Y: a state joins Y if (Max) some choice, (Min)
//            every choice, (chance) its choice has its whole support in X and a successor in Y;
//            linear time per round. With one player only, a single backward pass suffices (for
//            Max after collapsing end components; see qualitative.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "mdp/predecessors.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

struct QualitativeSets {
  std::vector<std::uint8_t> zero;  // per state: optimal value is exactly 0
  std::vector<std::uint8_t> one;   // per state: optimal value is exactly 1
  std::size_t zero_count = 0;
  std::size_t one_count = 0;
};

// `ends`, when given, receives the maximal end components of the positive non-terminal states that
// the one-player (Max) computation finds; it is left empty for games and Min-only models.
class EndComponentFinder;
QualitativeSets qualitative_analysis(const StateGraph& graph, const Predecessors& predecessors,
                                     EndComponentFinder* ends = nullptr);

// Backward breadth-first ranks toward `goal`: rank 0 on goal states; a Max or Chance state is
// ranked r + 1 through its first allowed choice with a successor of rank r; a Min state once every
// allowed choice of its has a ranked successor. States that never get a rank keep kUnranked.
// `via[s]` is the choice that ranked a Max or Chance state (kNoChoice otherwise). For Max this is
// the choice that makes progress; choice_allowed may be null (all allowed).
inline constexpr std::uint32_t kUnranked = 0xffffffffu;
struct Ranking {
  std::vector<std::uint32_t> rank;
  std::vector<ChoiceIndex> via;
};
Ranking rank_toward(const StateGraph& graph, const Predecessors& predecessors,
                    const std::vector<std::uint8_t>& goal, const std::uint8_t* choice_allowed);

}  // namespace sgplan::mdp
