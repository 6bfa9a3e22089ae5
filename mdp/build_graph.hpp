// Explores an implicit model (implicit_model.hpp) breadth-first from its initial state and compiles
// it into a StateGraph: state i of the graph is the i-th state discovered, so the initial state is
// 0 and indices grow with the distance from it.
//
// Steps: 1. index the initial state; 2. take the next unprocessed state in index order, ask the
// model for its owner and choices; 3. look every successor up (packed key -> index), numbering new
// ones as they appear; 4. append the state's choices to the builder, which merges repeated
// successors and validates each distribution.
// The state count is checked before each new state is numbered: the build stops with a
// ResourceError before it passes options.max_states. Memory is checked as the graph grows (every
// 256 states expanded): where the states are big (robot-monster states have up to 25 choices or
// 16 outcomes each), memory runs out long before the state limit, and the build stops with a
// ResourceError once it holds half the memory that was available when it started (the other
// half is room for the arrays' next growth and for the solver). A deadline is checked at the same
// points, so a model too big to build in the time given stops with a ResourceError naming the flag.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/memory.hpp"
#include "mdp/implicit_model.hpp"
#include "mdp/packed_state_index.hpp"
#include "mdp/state_graph_builder.hpp"

namespace sgplan::mdp {
// The exact probability behind a double that a model with denominator D computed: round(p D) / D.
// Throws std::logic_error when p is not within a few units of rounding of that multiple of 1/D,
// which would break the model's promise (implicit_model.hpp).
Rational exact_multiple(double p, std::uint64_t denominator);
}  // namespace sgplan::mdp

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
};

struct BuiltGraph {
  StateGraph graph;
  std::vector<std::uint64_t> packed;  // packed[s]: the model's key of state s
  double seconds = 0.0;
  std::size_t index_bytes = 0;  // peak memory of the packed-state index
  bool dense_index = false;
};

template <ImplicitModel M>
BuiltGraph build_graph(const M& model, const BuildOptions& options = {}) {
  using State = typename M::State;
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t bound = 0;
  if constexpr (HasPackedBound<M>) bound = model.packed_bound();
  PackedStateIndex index(bound);
  BuiltGraph out;
  StateGraphBuilder builder;
  builder.set_pooling(options.pool_probabilities);
  std::vector<std::uint64_t>& packed = out.packed;
  LabelId max_label = 0;
  bool any_label = false;

  std::uint64_t denominator = 0;
  if (options.keep_exact) {
    if constexpr (HasExactDenominator<M>) {
      denominator = model.exact_denominator();
    } else {
      throw InputError("this model kind offers no exact probabilities (--exact and --certify need them)");
    }
  }
  auto number = [&](std::uint64_t key) -> StateIndex {
    bool inserted = false;
    StateIndex s = index.find_or_insert(key, static_cast<StateIndex>(packed.size()), inserted);
    if (inserted) {
      if (packed.size() >= options.max_states) {
        throw ResourceError("state limit: the model has more than " + std::to_string(options.max_states) +
                            " reachable states (raise it with " + options.limit_flag + ")");
      }
      packed.push_back(key);
    }
    return s;
  };

  const std::uint64_t available = options.max_bytes != 0 ? 0 : available_memory_bytes();
  const std::uint64_t max_bytes = options.max_bytes != 0 ? options.max_bytes : available / 2;
  auto check_memory = [&] {
    const std::uint64_t bytes =
        builder.memory_bytes() + packed.capacity() * sizeof(std::uint64_t) + index.memory_bytes();
    if (max_bytes == 0 || bytes <= max_bytes) return;
    const std::string limit = options.max_bytes != 0
                                  ? "the limit of " + std::to_string(max_bytes >> 20) + " MiB"
                                  : "half the memory available when the build started (" +
                                        std::to_string(max_bytes >> 20) + " MiB of " +
                                        std::to_string(available >> 20) + ")";
    throw ResourceError("memory limit: the state graph holds " + std::to_string(bytes >> 20) + " MiB after " +
                        std::to_string(packed.size()) + " states and is still growing, past " + limit +
                        "; free memory, or use a smaller model");
  };

  auto check_deadline = [&] {
    if (!options.deadline || std::chrono::steady_clock::now() <= *options.deadline) return;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    char took[32];
    std::snprintf(took, sizeof took, "%.1f", seconds);
    throw ResourceError("time limit: the state graph has " + std::to_string(packed.size()) +
                        " states after " + took + " s of building and is still growing (raise it with " +
                        options.time_flag + ")");
  };

  number(model.pack(model.initial()));
  builder.set_initial(0);
  for (std::size_t i = 0; i < packed.size(); ++i) {
    const State state = model.unpack(packed[i]);
    const Owner owner = model.owner(state);
    const double terminal = owner == Owner::Terminal ? model.terminal_value(state) : 0.0;
    if (denominator == 0) {
      builder.add_state(owner, terminal);
    } else {
      builder.add_exact_state(owner, from_double(terminal));
    }
    if (owner != Owner::Terminal) {
      model.for_each_choice(state, [&](LabelId label, std::span<const Outcome<State>> outcomes) {
        builder.add_choice(label);
        if (label != kNoLabel) {
          any_label = true;
          max_label = std::max(max_label, label);
        }
        for (const Outcome<State>& o : outcomes) {
          const StateIndex t = number(model.pack(o.state));
          if (denominator == 0) {
            builder.add_entry(t, o.probability);
          } else {
            builder.add_exact_entry(t, exact_multiple(o.probability, denominator));
          }
        }
      });
    }
    if ((i & 0xff) == 0xff) {
      check_memory();
      check_deadline();
    }
    if (options.progress && (i & 0xfffff) == 0xfffff) options.progress(packed.size(), i + 1);
  }
  if (any_label) {
    std::vector<std::string> labels;
    labels.reserve(max_label + 1);
    for (LabelId l = 0; l <= max_label; ++l) labels.push_back(model.label_name(l));
    builder.set_label_table(std::move(labels));
  }
  out.index_bytes = index.memory_bytes();
  out.dense_index = index.dense();
  out.graph = builder.finalize();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace sgplan::mdp
