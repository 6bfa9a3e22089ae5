// Bounded real-time dynamic programming with sound bounds: the value of eventual success at the
// initial state of an implicit game (MDP or turn-based stochastic game) without building its graph.
//
// The search keeps a lower and an upper bound for the states it has met (ExploredGame,
// explored_game.hpp) and runs simulated paths from the initial state (McMahan, Likhachev and Gordon,
// "Bounded real-time dynamic programming", ICML 2005; for reachability with end components Brazdil,
// Chatterjee, Chmelik, Forejt, Kretinsky, Kwiatkowska, Parker and Ujma, ATVA 2014; for stochastic
// games Kelmendi, Kramer, Kretinsky and Weininger, CAV 2018):
//   1. At each state of a path (expanded when first met), take the choice that matters for the gap:
//      Max the largest upper bound, Min the smallest lower bound, chance its only one (ties: the
//      first until the path closes a loop, then at random; see bounded_rtdp.cpp).
//   2. Pick the next state at random, each successor weighted by probability times its bound gap
//      (upper - lower); end the path at a terminal, where the weighted gap is below the initial
//      state's gap divided by tau, or after max_path_length steps.
//   3. Back up both bounds along the path, last state first.
//   4. Now and then (once the backups since the last time match the cost of the last time, about
//      (sweeps + 2) passes over the explored part, so that neither half starves the other; and
//      after 64 paths in a row changed no bound), solve the explored part as a graph by interval
//      iteration, unexpanded states taken as failures for the lower bounds and as successes for
//      the upper ones (ExploredGame::refine_on_explored_part). That solver collapses end
//      components (MDPs) and deflates them (games); without it the upper bound stays stuck
//      wherever the play can loop.
//   5. Right after, expand up to a quarter of the explored part's size in frontier states, the most
//      probable first under the strategies of step 1 (envelope expansion, as in AO*, LAO* and
//      FRET-pi): on a random walk such as QVBS consensus, paths reach a rare frontier state about
//      as often as its probability, and this is what lets the search finish there (K=16: from
//      over 100 s to 0.3 s).
// A path also ends at a state whose own gap is below the initial gap divided by tau (its choices
// may tie on the upper bound with one that is not yet settled; the state itself is).
// It stops when upper - lower <= epsilon at the initial state (or, for a bound query, when the
// bounds decide it: BrtdpOptions::decided), or as Stalled after 1,024 paths in a row changed no
// bound and no frontier state was left to expand. Every bound is sound at every moment (outward
// rounding, moves only inward), so the answer of a search stopped at a limit (explored states,
// time, paths) holds too, only wider.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "mdp/explored_game.hpp"
#include "mdp/implicit_model.hpp"
#include "mdp/methods.hpp"
#include "mdp/solution.hpp"

namespace sgplan::mdp {

struct BrtdpOptions {
  // Which search: bounded RTDP (this file) or the labelled goal-probability search
  // (labelled_goal_search.hpp); both take these options and give this result.
  PartialMethod method = PartialMethod::BoundedRtdp;
  double epsilon = 1e-6;                  // stop when upper - lower <= epsilon at the initial state
  std::uint64_t max_states = 50'000'000;  // known states (expanded or on the frontier)
  std::uint64_t max_paths = ~std::uint64_t{0};
  std::uint64_t seed = 1;                // the successor sampling; the same seed, the same run
  double tau = 10.0;                     // end a path where the weighted gap < initial gap / tau
  std::uint64_t max_path_length = 1000;  // steps before a path is cut (and end components looked for)
  bool refine = true;  // step 4; false only to show the upper bound stalling on end components (tests)
  std::optional<std::chrono::steady_clock::time_point> deadline;
  ProgressCallback progress;  // Progress::iterations counts paths
  // Set for a bound query (P>=b): stop once this says the bounds at the initial state decide it,
  // past epsilon while frontier states remain (a bound of 0 or 1 is decided only by a proof).
  std::function<bool(double lower, double upper)> decided;
};

struct BrtdpResult {
  explicit BrtdpResult(ExploredGame explored) : game(std::move(explored)) {}
  double lower = 0.0, upper = 1.0;  // at the initial state
  SolveStatus status = SolveStatus::Converged;
  std::uint64_t paths = 0;
  std::uint64_t steps = 0;  // states visited by all paths together
  std::uint64_t backups = 0;
  std::uint64_t refinements = 0;  // passes of step 4 over the explored part
  // What the passes' solver found (summed over passes): end components collapsed, states with
  // value 0 (upper bounds) and with value 1 (lower bounds).
  std::uint64_t end_components = 0;
  std::uint64_t zero_states = 0;
  std::uint64_t one_states = 0;
  std::uint64_t longest_path = 0;
  std::uint64_t solved_states = 0;  // labelled solved (labelled_goal_search.hpp only)
  double seconds = 0.0;
  ExploredGame game;  // the explored part with its bounds, for policies and reports
};

// Expands state s of `game` (fills the expansion with its choices); the template front below
// writes it for a model.
using Expander = std::function<void(const ExploredGame& game, StateIndex s, Expansion& out)>;

// The search itself, on any expander. `initial`: the initial state's key, owner and value.
BrtdpResult bounded_rtdp(std::uint64_t initial_key, Owner initial_owner, double initial_value,
                         const Expander& expand, const BrtdpOptions& options);

template <ImplicitModel M>
BrtdpResult bounded_rtdp(const M& model, const BrtdpOptions& options) {
  using State = typename M::State;
  const State start = model.initial();
  const Owner owner = model.owner(start);
  const Expander expand = [&model](const ExploredGame& game, StateIndex s, Expansion& out) {
    out.clear();
    model.for_each_choice(model.unpack(game.key(s)),
                          [&](LabelId label, std::span<const Outcome<State>> outcomes) {
                            out.labels.push_back(label);
                            for (const Outcome<State>& o : outcomes) {
                              if (!(o.probability > 0.0)) continue;
                              ExpandedOutcome x;
                              x.key = model.pack(o.state);
                              x.probability = o.probability;
                              if (game.find(x.key) == kNoState) {
                                x.owner = model.owner(o.state);
                                if (x.owner == Owner::Terminal)
                                  x.terminal_value = model.terminal_value(o.state);
                              }
                              out.outcomes.push_back(x);
                            }
                            out.offsets.push_back(out.outcomes.size());
                          });
  };
  return bounded_rtdp(model.pack(start), owner, owner == Owner::Terminal ? model.terminal_value(start) : 0.0,
                      expand, options);
}

}  // namespace sgplan::mdp
