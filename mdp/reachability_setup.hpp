// The common start of every eventual-success solver: the graph precomputation of the states with
// value exactly 0 and 1 (qualitative.hpp), the initial bounds (terminals at their value, decided
// states at 0 or 1, the rest, the "maybe" states, at [0, 1]), and the list of maybe states that
// the numerical methods iterate over.
#pragma once

#include <memory>
#include <vector>

#include "mdp/end_components.hpp"
#include "mdp/predecessors.hpp"
#include "mdp/qualitative.hpp"
#include "mdp/solution.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

struct ReachabilitySetup {
  explicit ReachabilitySetup(const StateGraph& graph);

  // Seconds spent on the predecessor lists and on the precomputation (end components included).
  double predecessor_seconds = 0.0;
  double qualitative_seconds = 0.0;
  // Writes those seconds into a solver's stats, and the end components' seconds: those of the
  // precomputation's decomposition plus `engine_end_component_seconds` (decompositions the solver
  // made itself).
  void record_times(SolverStats& stats, double engine_end_component_seconds = 0.0) const;
  Predecessors predecessors;
  // The maximal end components of the positive states when the graph has Max and no Min states
  // (null otherwise); region_iteration.hpp reuses them instead of decomposing again.
  std::unique_ptr<EndComponentFinder> ends;
  QualitativeSets sets;
  std::vector<StateIndex> maybe;
  std::vector<double> lower;
  std::vector<double> upper;
};

}  // namespace sgplan::mdp
