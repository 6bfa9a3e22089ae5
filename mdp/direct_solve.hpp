// Solving a region directly instead of by sweeps: policy iteration on the region with its exits at
// their current bounds (region_policy_iteration.hpp), then certificates that turn the candidate
// values into sound bounds (bound_certificate.hpp). Used where sweeps are slow: a slowly mixing
// component (a self-loop of probability 0.9999999 needs 10^8 sweeps for six digits and one
// division here), and the `policy` method.
//
// 1. Policy iteration with exits at their lower bounds gives values x, strategies and the expected
//    steps h of the final chain. The lower candidate is x - delta h: perturbed by delta per step,
//    so that the strict inequalities the certificate needs hold on transient states.
// 2. The same with exits at their upper bounds (skipped when every exit is decided, as in the
//    `policy` method, where both bounds of every exit agree); the upper candidate is x + delta h.
// 3. Each candidate is certified; delta starts at a few units of rounding and grows sixteen-fold
//    per failed attempt, up to a width the caller's epsilon would accept.
// Certified bounds only tighten the caller's: lower = max(lower, certified), upper likewise. The
// region's states get no bound from a failed certificate; the caller keeps iterating.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "mdp/chain_solve.hpp"
#include "mdp/end_components.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

struct DirectSolveOptions {
  double epsilon = 1e-6;  // the widest gap worth certifying
  std::uint64_t max_evaluations = 100'000;
  std::function<bool(std::uint64_t)> keep_going;  // after each evaluation; false stops
  ChainSolveLimits limits;
  unsigned certificate_rounds = 64;
};

struct DirectSolveResult {
  bool lower_certified = false;
  bool upper_certified = false;
  bool stopped = false;  // keep_going or max_evaluations ended policy iteration first
  std::uint64_t evaluations = 0;
  std::string failure;  // why a certificate or an evaluation failed, for notes
  // Per region position: the strategies' choices (graph choice indices; kNoChoice at chance).
  std::vector<ChoiceIndex> strategy;
};

// `region`: undecided states; `ends`: an end-component finder over this graph (its decomposition is
// cleared on return); `min_strategy`: scratch indexed by state (num_states entries), overwritten on
// the region's Min states. lower/upper hold bounds for every state and are tightened on the region.
DirectSolveResult solve_region_directly(const StateGraph& graph, std::span<const StateIndex> region,
                                        std::vector<double>& lower, std::vector<double>& upper,
                                        EndComponentFinder& ends, std::vector<ChoiceIndex>& min_strategy,
                                        const DirectSolveOptions& options);

}  // namespace sgplan::mdp
