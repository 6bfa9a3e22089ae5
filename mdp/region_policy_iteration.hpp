// Policy (strategy) iteration in floating point on a region (region_system.hpp) whose exits have
// known values: the engine of the `policy` method and of the direct solves of slowly converging
// regions in interval and topological iteration. Its values are candidates; bound_certificate.hpp
// turns them into sound bounds.
//
// Hoffman and Karp's scheme for turn-based stochastic games, reduced to ordinary policy iteration
// when one player is absent: Max's strategy pi is improved in an outer loop; for each pi, Min's best
// response is found by an inner policy iteration on the MDP that pi leaves. Every evaluation is a
// chain solve (chain_solve.hpp). A player switches only to a choice better by more than a rounding
// margin, so the loops end.
// Why it ends at the optimum: Max's evaluated values are those of a real strategy (<= the value),
// and at the end they are a fixed point of the game's operator (>= its least fixed point, the
// value). Min's inner loop first fixes the states where Min can keep the play away from every
// positive exit against pi (a graph search), at a choice that does so; on the remaining states no
// end component is left, the operator has a unique fixed point, and the inner loop converges to
// Min's best response.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "mdp/chain_solve.hpp"
#include "mdp/region_system.hpp"

namespace sgplan::mdp {

struct RegionPolicyOptions {
  std::uint64_t max_evaluations = 100'000;
  // Called after every evaluation with the evaluations so far; returning false stops the loop.
  std::function<bool(std::uint64_t)> keep_going;
  ChainSolveLimits limits;
};

struct RegionPolicyResult {
  std::vector<double> value;           // per local state: the last evaluation
  std::vector<double> steps;           // expected steps of that evaluation's chain
  std::vector<std::uint32_t> profile;  // per local state: the local choice of both players
  std::uint64_t evaluations = 0;
  bool converged = false;  // no player could improve
  bool ok = true;          // false: an evaluation failed (failure says why)
  std::string failure;
};

RegionPolicyResult region_policy_iteration(const RegionSystem& system, const double* outside,
                                           const RegionPolicyOptions& options,
                                           const std::vector<std::uint32_t>* start = nullptr);

// The local states where Min, against Max's choices in `profile`, can keep the play away from every
// exit of positive value forever; Min's choice there is set to one that does (in `profile`).
std::vector<std::uint8_t> fix_min_avoiders(const RegionSystem& system, const double* outside,
                                           std::vector<std::uint32_t>& profile);

}  // namespace sgplan::mdp
