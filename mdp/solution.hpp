// What a reachability or finite-horizon solver returns: bounds per state, a policy for both
// players, and how the computation ended. A value type; solvers never print.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

enum class Method {
  Interval,        // interval iteration, Gauss-Seidel sweeps, sound bounds (default)
  ValueIteration,  // plain Jacobi value iteration from below; stops on a small change: no guarantee
  GaussSeidel,     // plain Gauss-Seidel value iteration from below; no guarantee
  Topological,     // interval iteration per strongly connected component, successors first
  Policy,          // policy (strategy) iteration with exact evaluation by sparse LU
  Attractor,       // deterministic games with 0/1 terminals: backward induction, exact
  Horizon,         // success within SolveOptions::horizon steps: backward induction (finite_horizon.hpp)
};

enum class SolveStatus {
  Converged,       // sound methods: upper - lower <= epsilon everywhere; exact methods: done
  SmallChange,     // plain value iteration: a sweep changed less than epsilon (no error bound)
  IterationLimit,  // max_iterations sweeps (or policy evaluations) were done first
  TimeLimit,       // the deadline passed first
  Stalled,         // floating point made no further progress; the bounds hold but are wider
  Aborted,         // the progress callback asked to stop
  StateLimit,      // a search that explores as it goes met its limit of states (bounded_rtdp.hpp)
};

// Whether a status means the requested precision was reached (Converged, or SmallChange, which is
// all plain value iteration ever promises). The CLI exits with 3 on the others.
inline bool reached_target(SolveStatus status) {
  return status == SolveStatus::Converged || status == SolveStatus::SmallChange;
}

std::string_view to_string(Method method);
std::string_view to_string(SolveStatus status);
bool method_from_string(std::string_view text, Method& out);

struct Progress {
  std::uint64_t iterations = 0;
  double gap = 1.0;             // largest upper - lower (sound methods) or last change (plain VI)
  const char* unit = "sweeps";  // what `iterations` counts
};
// Called now and then during long solves; returning false aborts the solve.
using ProgressCallback = std::function<bool(const Progress&)>;

struct SolveOptions {
  Method method = Method::Interval;
  double epsilon = 1e-6;                       // absolute precision on every state's value
  std::uint64_t max_iterations = 100'000'000;  // sweeps (or policy improvements)
  // Method::Horizon: the number of steps (a move of either player or of chance is one); required
  // there, ignored by the eventual-success methods.
  std::optional<std::uint32_t> horizon;
  // Games: iterate the lower bound alone until it settles before fixing Min's first strategy
  // (region_iteration.hpp). Off, the first strategy comes from the initial bounds and more
  // strategy rounds follow; the answer is the same.
  bool game_warmup = true;
  // Stop with TimeLimit once this moment has passed (checked after every sweep or evaluation).
  std::optional<std::chrono::steady_clock::time_point> deadline;
  // Regions still open after sweeps_before_direct sweeps and of at most direct_limit states are
  // solved directly (region_iteration.hpp).
  bool direct_solves = true;
  std::uint64_t sweeps_before_direct = 256;
  std::size_t direct_limit = 200'000;
  // Policy evaluation: components of the chain up to this many states are solved by sparse LU,
  // larger ones by BiCGSTAB (chain_solve.hpp).
  std::size_t lu_limit = 20'000;
  ProgressCallback progress;
  // Threads for the parts whose result does not depend on the order of work (the policy
  // extraction's per-state passes); the answer, bounds and policy are the same for every count.
  unsigned threads = 1;
};

// What particular solvers report about how they ran, beside the answer every solver gives
// (Solution); zero where the solver that ran does no such thing.
struct SolverStats {
  std::size_t components = 0;       // strongly connected components solved (topological)
  std::size_t direct_regions = 0;   // regions solved by policy iteration and certificates
  std::size_t direct_failures = 0;  // of those, how many certificates left a gap
  std::uint64_t evaluations = 0;    // policy evaluations (policy method and direct solves)
  double sweep_seconds = 0.0;       // time in value-iteration sweeps (interval, topological, vi, gs)
  // The phases of the eventual-success solvers (sgplan solve --profile): predecessor lists, the
  // precomputation of the value-0 and value-1 states, the end-component decompositions (those of
  // the precomputation, in MDPs, lie inside its seconds; those the interval engine makes for a
  // region lie outside every other phase), and the policy's extraction.
  double predecessor_seconds = 0.0;
  double qualitative_seconds = 0.0;
  double end_component_seconds = 0.0;
  double policy_seconds = 0.0;
  std::uint64_t transitions_swept = 0;  // transitions those sweeps read
};

struct Solution {
  Method method = Method::Interval;
  SolveStatus status = SolveStatus::Converged;
  // True when lower <= value <= upper is guaranteed at every state, in floating point too (the
  // bounds are rounded outward). Plain value iteration still gives a sound lower bound, but no
  // upper one: its `upper` is all ones and `sound` is false.
  bool sound = true;
  bool exact = false;  // lower == upper is the value itself (attractor; exact rational methods)
  std::vector<double> lower;
  std::vector<double> upper;
  // Per state: the chosen choice (a global choice index) at Max and Min states, kNoChoice at
  // others. For a horizon the choice is the one for the first step.
  std::vector<ChoiceIndex> policy;
  std::uint64_t iterations = 0;
  std::size_t zero_states = 0;  // found by the graph precomputation
  std::size_t one_states = 0;
  std::size_t end_components = 0;
  std::string note;   // how bounds were obtained where that needs saying
  SolverStats stats;  // what the particular solver adds about how it ran

  double value(StateIndex s) const { return sound ? 0.5 * (lower[s] + upper[s]) : lower[s]; }
};

}  // namespace sgplan::mdp
