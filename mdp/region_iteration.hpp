// Interval iteration on one region of a state graph: the engine behind the `interval` method (the
// region is every undecided state) and the `topological` method (one region per strongly connected
// component, successors first). Values outside the region are read, never written.
//
// Two monotone iterations run side by side with Gauss-Seidel sweeps:
//   lower, from 0 on the region: the least fixed point from below; every iterate is <= the value.
//   upper, from 1 on the region: stays >= the value; converges once end components are collapsed.
// Every update is clamped (lower never decreases, upper never increases), so the bounds are sound
// at every moment: every backup is rounded outward (outward_rounding.hpp), lower bounds down and
// upper bounds up, so they hold in floating point too. The region is done when upper - lower <=
// epsilon at all its states.
//
// Slow regions. A region still open after SolveOptions::sweeps_before_direct sweeps (a component
// that mixes slowly: a self-loop of probability 0.9999999 needs 10^8 sweeps) and not larger than
// SolveOptions::direct_limit states is solved directly, by policy iteration and certificates
// (direct_solve.hpp), as Storm's topological solver solves components by a linear solve; sweeps
// resume only where the certificates leave a gap.
//
// MDP regions (no Min states, or no Max states). The maximal end components of the region are
// collapsed for both iterations: a component's value is the best value among its exits (Haddad and
// Monmege, TCS 2018). With Min states only there is nothing to collapse: prob0 already removed every
// state from which Min could keep the play away from success, and with it every end component, so
// the fixed point is unique.
//
// Game regions (Max and Min). Collapsing end components is not sound when Min can leave them, so
// the upper bound comes from a fixed Min strategy: for any Min strategy sigma, the value of the MDP
// where Min plays sigma is >= the game's value; its upper iteration with collapsed end components
// converges to it from above. Sigma is greedy for the current lower bound; as the lower bound
// converges, the greedy strategy becomes optimal (for the reachability minimizer a strategy greedy
// for the true value is optimal, since the value is a fixed point of the sigma-MDP's operator and that
// MDP's value is its least fixed point), and the sigma-MDP's value meets the game's. Each round starts
// the sigma-MDP's upper iteration from 1 and the region keeps the least upper bound of all rounds.
// (Kelmendi, Kraemer, Kretinsky, Weininger, CAV 2018, deflate end components instead; fixing
// sigma costs a restart per strategy change but needs no further argument for soundness.)
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "mdp/end_components.hpp"
#include "mdp/progress_throttle.hpp"
#include "mdp/solution.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

class RegionIteration {
 public:
  // lower and upper hold the current bounds for every state; region states are overwritten.
  // known_ends: the maximal end components of the positive states when the graph has no Min state
  // (from the precomputation; null otherwise). In an MDP every end component has one value, so
  // each of them lies inside or outside any region of undecided states and can be reused as is.
  RegionIteration(const StateGraph& graph, const Predecessors& predecessors, std::vector<double>& lower,
                  std::vector<double>& upper, const SolveOptions& options,
                  const EndComponentFinder* known_ends = nullptr);

  // Solves one region (no duplicates; any order). Iterations accumulate over calls.
  SolveStatus solve(std::span<const StateIndex> region);

  std::uint64_t iterations() const { return iterations_; }
  std::uint64_t strategy_rounds() const { return rounds_; }
  std::size_t end_components() const { return end_components_; }
  double last_gap() const { return last_gap_; }
  // Time spent in sweeps and the transitions they read (for throughput figures).
  double sweep_seconds() const { return sweep_seconds_; }
  // Seconds in the end-component decompositions the engine made itself (the known ones excluded).
  double end_component_seconds() const { return own_ends_ ? own_ends_->seconds() : 0.0; }
  // Regions solved directly after sweeps proved slow, their policy evaluations, how many of them
  // the certificates did not close (those went on with sweeps), and the time they took.
  std::size_t direct_regions() const { return direct_regions_; }
  std::uint64_t direct_evaluations() const { return direct_evaluations_; }
  std::size_t direct_failures() const { return direct_failures_; }
  double direct_seconds() const { return direct_seconds_; }
  std::uint64_t transitions_swept() const { return transitions_swept_; }

 private:
  struct SweepResult {
    double gap = 0.0;     // largest upper - lower after the sweep
    double change = 0.0;  // largest change of a bound
  };

  static constexpr std::uint64_t kUnlimited = ~std::uint64_t{0};

  SolveStatus iterate(std::span<const StateIndex> region, bool has_max, bool has_min, bool first_time);
  SolveStatus solve_mdp(std::span<const StateIndex> region, bool collapse, bool count_ends);
  void solve_directly(std::span<const StateIndex> region);
  double region_gap(std::span<const StateIndex> region) const;
  SolveStatus solve_game(std::span<const StateIndex> region);
  SweepResult sweep_mdp(std::span<const StateIndex> units);
  SweepResult sweep_game(std::span<const StateIndex> states, bool lower_only);
  // The same over the graph's arrays as read for its probability width (region_iteration.cpp).
  template <class A>
  SweepResult sweep_mdp(const A& arrays, std::span<const StateIndex> units);
  template <class A>
  SweepResult sweep_game(const A& arrays, std::span<const StateIndex> states, bool lower_only);
  template <class A>
  bool choose_min_strategy(const A& arrays, std::span<const StateIndex> states);
  double game_gap(std::span<const StateIndex> states) const;
  bool choose_min_strategy(std::span<const StateIndex> states);
  void account(std::chrono::steady_clock::time_point start, std::uint64_t entries);
  // Counts a sweep; returns false when a limit, the sweep budget (paused_) or the callback says stop.
  bool tick(double gap, SolveStatus& status);

  const StateGraph& graph_;
  std::vector<double>& lower_;
  std::vector<double>& upper_;
  const SolveOptions& options_;
  EndComponentFinder& own_ends();  // created on first use: games and graphs without known_ends

  const Predecessors& predecessors_;
  const EndComponentFinder* known_ends_;
  std::unique_ptr<EndComponentFinder> own_ends_;
  const EndComponentFinder* ends_ = nullptr;  // the decomposition the sweeps use; null: none
  std::vector<ChoiceIndex> min_strategy_;     // per state; used in game regions
  std::vector<double> best_upper_;            // per region position; game regions
  std::vector<StateIndex> units_;
  std::uint64_t iterations_ = 0;
  std::uint64_t rounds_ = 0;
  std::size_t end_components_ = 0;
  double last_gap_ = 0.0;
  ProgressThrottle progress_{options_.progress};
  double sweep_seconds_ = 0.0;
  std::uint64_t transitions_swept_ = 0;
  std::uint64_t budget_ = kUnlimited;  // sweeps left before a direct solve
  bool paused_ = false;                // the budget ran out
  std::size_t direct_regions_ = 0;
  std::uint64_t direct_evaluations_ = 0;
  std::size_t direct_failures_ = 0;
  double direct_seconds_ = 0.0;
};

}  // namespace sgplan::mdp
