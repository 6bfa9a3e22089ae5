// What a graph build is asked (BuildOptions), what it hands back (BuiltGraph), and the limits it
// checks while it runs (BuildGuard), shared by the one-thread and the parallel build
// (build_graph.hpp, parallel_build.hpp).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

struct BuildOptions {
  std::uint64_t max_states = 50'000'000;
  // Keep exact probabilities (StateGraph::has_exact) for the exact solvers. An implicit model
  // offers them by `std::uint64_t exact_denominator() const`: every probability it emits is a
  // multiple of 1/D, so the exact value is round(p D) / D (its double is within a few units of
  // rounding of it, and different multiples of 1/D lie far further apart). Terminal values are
  // taken as the doubles they are (0, 1, 1/2 in every such model).
  bool keep_exact = false;
  std::string limit_flag = "--max-states";  // named in the limit's error message
  // Called every 2^20 states with (states numbered, states processed); optional.
  std::function<void(std::size_t, std::size_t)> progress;
  // The most memory the build may hold, in bytes; 0: half of available_memory_bytes() at the start
  // (no check when that is unknown).
  std::uint64_t max_bytes = 0;
  // Stop (ResourceError naming time_flag) once this time has passed; none: no time limit.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  std::string time_flag = "--max-seconds";
  // Probabilities pooled (probability_column.hpp) or stored as plain doubles.
  bool pool_probabilities = true;
  // Threads that expand states, for models that allow it (ConcurrentExpansion, implicit_model.hpp)
  // and builds without exact numbers; the graph and its numbering are the same for every count.
  unsigned threads = 1;
};

struct BuiltGraph {
  StateGraph graph;
  std::vector<std::uint64_t> packed;  // packed[s]: the model's key of state s
  double seconds = 0.0;
  std::size_t index_bytes = 0;  // peak memory of the packed-state index
  bool dense_index = false;
  unsigned threads = 1;  // how many threads expanded states
};

// The state, memory and time limits of one build, each refused with a ResourceError that names
// the flag raising it. Memory: the build stops once it holds half the memory that was available
// when it started (the other half is room for the arrays' next growth and for the solver).
class BuildGuard {
 public:
  explicit BuildGuard(const BuildOptions& options);

  // Before numbering state number `states` (0-based): refuses it past options.max_states.
  void check_new_state(std::size_t states) const;
  // `bytes`: what the build holds after `states` states.
  void check_memory(std::uint64_t bytes, std::size_t states) const;
  void check_deadline(std::size_t states) const;
  double seconds() const;

 private:
  const BuildOptions& options_;
  std::chrono::steady_clock::time_point start_;
  std::uint64_t available_ = 0;
  std::uint64_t max_bytes_ = 0;
};

}  // namespace sgplan::mdp
