// The positive attractor of a region (region_system.hpp) with Max's choices fixed: the local
// states from which Max (playing `profile`) and chance reach an exit of positive value, whatever
// Min does. A Max or chance state joins when its one choice is hit, a Min state when all its
// choices are; a choice is hit when it has an exit of positive value or a successor in the
// attractor. Backward search, linear in the region's entries.
// Outside it, Min can keep the play away from every positive exit forever (so Max's strategy is
// worth 0 there); inside it, no end component of the MDP that `profile` leaves to Min exists (the
// first member of one to join would have joined through a choice leaving it), which is what
// makes lower-bound certificates sound (bound_certificate.hpp).
#pragma once

#include <cstdint>
#include <vector>

#include "mdp/region_system.hpp"

namespace sgplan::mdp {

struct RegionAttractor {
  std::vector<std::uint8_t> in;   // per local state
  std::vector<std::uint8_t> hit;  // per local choice
};

RegionAttractor positive_attractor(const RegionSystem& system, const double* outside,
                                   const std::vector<std::uint32_t>& profile);

}  // namespace sgplan::mdp
