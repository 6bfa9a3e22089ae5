// Certificates that turn candidate values of a region (from policy iteration, or any guess) into
// sound bounds in floating point: one Bellman step, rounded outward (outward_rounding.hpp), shows
// that the candidate lies on the right side of the value. The idea is the verification phase of
// optimistic value iteration (Hartmanns and Kaminski, "Optimistic Value Iteration", CAV 2020),
// here for turn-based stochastic games and with outward rounding.
//
// Lower: with Max's strategy pi fixed, let A be the positive attractor (region_attractor.hpp).
//   Outside A the candidate is set to 0. Inside A, if l(s) <= G(l)(s) for every state, where G is
//   the game's operator with Max playing pi (Min minimizing over all its choices), then l is below
//   the value: in the MDP that pi leaves to Min there is no end component inside A, so G has a
//   unique fixed point there, every post-fixed point lies below it, and that fixed point is the
//   value of pi, which is at most the value of the game.
// Upper: with Min's strategy sigma fixed and the end components of the MDP it leaves to Max
//   collapsed (end_components.hpp; a collapsed component takes the best exit of its members), if
//   F(u)(s) <= u(s) everywhere then u is above the least fixed point of that MDP's operator (by
//   Knaster-Tarski every pre-fixed point is), which is sigma's value, at least the game's value.
//   Without the collapse the check could never pass on a component whose staying choices have
//   several entries: outward rounding inflates such a sum above itself.
// A candidate that fails the check at some states is lowered (raised) there to the rounded
// backup and checked again, up to `max_rounds` sweeps; success means a whole sweep changed nothing,
// so every state was checked against the final vector.
#pragma once

#include <cstdint>
#include <vector>

#include "mdp/end_components.hpp"
#include "mdp/region_system.hpp"

namespace sgplan::mdp {

// `profile`: local choices; Max's are pi. `candidate`: per local state, replaced by the certified
// lower bound (true) or left in an unspecified state (false). Exits read `outside_lower`.
bool certify_lower(const RegionSystem& system, const std::vector<std::uint32_t>& profile,
                   const double* outside_lower, std::vector<double>& candidate, unsigned max_rounds);

// `profile`: local choices; Min's are sigma. `ends`: the end components of the region's states with
// Min fixed to sigma (EndComponentFinder::decompose with the min strategy), or null when the caller
// knows there are none worth collapsing. `candidate` as above, for the upper bound.
bool certify_upper(const RegionSystem& system, const std::vector<std::uint32_t>& profile,
                   const EndComponentFinder* ends, const double* outside_upper,
                   std::vector<double>& candidate, unsigned max_rounds);

}  // namespace sgplan::mdp
