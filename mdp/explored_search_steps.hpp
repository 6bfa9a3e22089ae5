// The steps the searches from the initial state share (bounded_rtdp.hpp, labelled_goal_search.hpp):
// which choice to follow from an explored state, and how to grow the explored part where the
// answer most likely depends on it.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>

#include "mdp/bounded_rtdp.hpp"
#include "mdp/explored_game.hpp"

namespace sgplan::mdp {

// Values closer than this are tied (outward rounding of sums of a few terms).
inline constexpr double kTie = 1e-12;

// The choice a path follows from expanded state s: Max the largest upper bound, Min the smallest
// lower bound, chance its only one. Values within `tie` count as tied (outward rounding, and the
// precision of the solver that refines the explored part, can make a choice that loops back look
// a little better than an equal way out, forever); a sure self-loop is never chosen while another
// choice exists (it leads nowhere new).
// Ties go to the first tied choice unless `random_ties`: the search then commits to one candidate
// strategy and explores only what it reaches (on QVBS triangle-tireworld.441, about a thousand
// states against tens of millions when every tie is drawn at random, as Brazdil et al. do). A
// search draws at random once its path has closed a loop: a fixed order could keep choosing a
// "wait" that ties with an unexplored way out and never look at the way out.
ChoiceIndex exploring_choice(const ExploredGame& g, StateIndex s, bool random_ties, double tie,
                             std::mt19937_64& rng);

// Expands, up to `budget` states, the frontier states most likely to be met under the strategies
// the searches follow (exploring_choice without random ties; every successor of a chance move),
// most probable first: a best-first search from the initial state on the largest product of
// probabilities along a path, passing only through states whose gap exceeds `through`, and going
// on through the states it expands. This is the envelope expansion of heuristic search (AO*, LAO*;
// FRET-pi grows its envelope the same way): sampled paths meet a frontier state about as often as
// its probability, so on a random walk such as QVBS consensus they would take millions of steps to
// reach every state the answer depends on. `expand_state` expands one state (false at the state
// limit). Returns the number expanded, or nullopt at the state limit.
std::optional<std::size_t> expand_likely_frontier(const ExploredGame& g, double through, std::size_t budget,
                                                  std::mt19937_64& rng,
                                                  const std::function<bool(StateIndex)>& expand_state);

// What both searches do around their paths: the explored game and the counters, expanding a state,
// the stop tests, and the pass over the explored part (steps 4 and 5 of bounded_rtdp.hpp).
class SearchRun {
 public:
  SearchRun(std::uint64_t initial_key, Owner initial_owner, double initial_value, const Expander& expand,
            const BrtdpOptions& options);
  ExploredGame& game() { return out_.game; }
  BrtdpResult& result() { return out_; }
  std::mt19937_64& rng() { return rng_; }
  const BrtdpOptions& options() const { return options_; }

  // Expands s and backs it up once, so its bounds say what its successors already tell; false at
  // the state limit (nothing changed then).
  bool expand(StateIndex s);
  // Before each path: the status to stop with (converged or decided, a path, time or progress
  // limit), or nullopt to go on.
  std::optional<SolveStatus> stop_before_path();
  // Whether a pass is due after `backups` backups since the last one: their work then matches the
  // last pass's, about (sweeps + 2) passes over the explored part, so neither half starves.
  bool pass_due(std::uint64_t backups) const;
  // Solves the explored part (ExploredGame::refine_on_explored_part), then expands the likeliest
  // frontier states, up to a quarter of the explored part. `progressed`: a bound tightened or a
  // state was expanded. Returns a status to stop with: the state limit, or converged when the
  // bounds are epsilon apart with nothing left to expand (a bound query left undecided).
  std::optional<SolveStatus> pass(bool& progressed);
  BrtdpResult finish(SolveStatus status);

 private:
  const Expander& expand_;
  const BrtdpOptions& options_;
  std::chrono::steady_clock::time_point start_;
  BrtdpResult out_;
  std::mt19937_64 rng_;
  Expansion expansion_;
  std::uint64_t last_sweeps_ = 0;
};

}  // namespace sgplan::mdp
