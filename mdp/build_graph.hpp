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
// 16 outcomes each), memory runs out long before the state limit (BuildGuard, build_options.hpp).
// A deadline is checked at the same points, so a model too big to build in the time given stops
// with a ResourceError naming the flag.
//
// With options.threads > 1 a model that allows it (ConcurrentExpansion) is built by
// parallel_build.hpp instead: the same graph, state for state and entry for entry.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/errors.hpp"
#include "mdp/build_in_progress.hpp"
#include "mdp/build_options.hpp"
#include "mdp/implicit_model.hpp"
#include "mdp/parallel_build.hpp"
#include "mdp/state_graph_builder.hpp"

namespace sgplan::mdp {
// The exact probability behind a double that a model with denominator D computed: round(p D) / D.
// Throws std::logic_error when p is not within a few units of rounding of that multiple of 1/D,
// which would break the model's promise (implicit_model.hpp).
Rational exact_multiple(double p, std::uint64_t denominator);
}  // namespace sgplan::mdp

namespace sgplan::mdp {

template <ImplicitModel M>
BuiltGraph build_graph(const M& model, const BuildOptions& options = {}) {
  if constexpr (ConcurrentExpansion<M>) {
    if (options.threads > 1 && !options.keep_exact) return build_graph_in_parallel(model, options);
  }
  using State = typename M::State;
  BuildInProgress build(options, packed_bound_of(model));
  StateGraphBuilder& builder = build.builder();

  std::uint64_t denominator = 0;
  if (options.keep_exact) {
    if constexpr (HasExactDenominator<M>) {
      denominator = model.exact_denominator();
    } else {
      throw InputError("this model kind offers no exact probabilities (--exact and --certify need them)");
    }
  }
  build.number(model.pack(model.initial()));
  builder.set_initial(0);
  for (std::size_t i = 0; i < build.states(); ++i) {
    const State state = model.unpack(build.key(i));
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
        build.note_label(label);
        for (const Outcome<State>& o : outcomes) {
          const StateIndex t = build.number(model.pack(o.state));
          if (denominator == 0) {
            builder.add_entry(t, o.probability);
          } else {
            builder.add_exact_entry(t, exact_multiple(o.probability, denominator));
          }
        }
      });
    }
    if ((i & 0xff) == 0xff) build.check_limits();
    if (options.progress && (i & 0xfffff) == 0xfffff) options.progress(build.states(), i + 1);
  }
  return finish_build(model, build, 1);
}

}  // namespace sgplan::mdp
