// Evaluation of a fixed profile on a region (region_system.hpp): every local state follows one
// choice, the region becomes a Markov chain that exits to states of known value, and the value of
// each state is the expected value at the exit. Floating point; the callers certify what they use
// (bound_certificate.hpp), so this solver aims at accuracy, not at a guarantee.
//
//   1. A graph search decides the states that cannot reach an exit of positive value: value 0,
//      exactly, with no numerics (the precision defect of the old evaluation started here).
//   2. The rest is transient, so I - P restricted to it is non-singular; it is solved one strongly
//      connected component of the chain at a time, successors first. The diagonal 1 - p(self) is
//      computed as the sum of the other probabilities of the choice (exits included), never as a
//      subtraction from 1: a self-loop of 0.9999999 keeps its 1e-7 of exits exact to the last bit.
//   3. A component of one state is one division; larger ones use Eigen's sparse LU up to
//      `direct_limit` states, and BiCGSTAB with a diagonal preconditioner beyond (its memory is that
//      of the matrix; the LU of a component of a million states fills in beyond any budget, and an
//      incomplete LU's ordering alone cost more than the iterations on the robot-monster chains).
// With `want_steps`, the same systems also give the expected number of jumps until the play leaves
// the positive states, counting the moves of the chain with its self-loops removed (a state that
// stays with probability 0.9999999 makes one jump, not 10^7 steps): the certificates scale their
// perturbations by it and eliminate self-loops the same way.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mdp/region_system.hpp"

namespace sgplan::mdp {

struct ChainSolveLimits {
  std::size_t direct_limit = 20'000;    // component size up to which sparse LU is used
  std::uint32_t iterative_max = 5'000;  // BiCGSTAB iterations per component
  double iterative_tolerance = 1e-13;   // relative residual BiCGSTAB must reach
};

struct ChainSolution {
  std::vector<double> value;           // per local state, in [0, 1]
  std::vector<double> steps;           // expected jumps to leave the positive states (want_steps)
  std::vector<std::uint8_t> positive;  // the state can reach an exit of positive value
  bool ok = true;                      // false: a component could not be solved (see failure)
  std::string failure;
  std::size_t lu_components = 0;
  std::size_t iterative_components = 0;
};

// profile[i]: the local choice of local state i (chance states: their only choice). `outside` is
// indexed by graph state and gives the exits' values.
// `guess`, when given, holds a previous solution (value and steps per local state) that the
// iterative solver starts from: policy iteration changes a few choices per round.
ChainSolution solve_chain(const RegionSystem& system, const std::vector<std::uint32_t>& profile,
                          const double* outside, bool want_steps, const ChainSolveLimits& limits = {},
                          const ChainSolution* guess = nullptr);

}  // namespace sgplan::mdp
