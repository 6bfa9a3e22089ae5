// Answers a PRISM property (properties.hpp) on a PRISM-language model: the target (and, for
// phi U psi, the states where phi fails) become terminal, the graph is explored from the initial
// state and solved with sound bounds (interval iteration; backward induction for a step bound).
// G phi is answered through its dual, P(G phi) = 1 - P(F !phi), with the optimisation reversed.
// A bound query P ~ b compares the right extremum with b: for >= and > the one the other side can
// force lowest (Pmin in an mdp, the coalition maximising in an smg), for <= and < the highest.
// An unbounded Pmax of an mdp or dtmc whose graph exceeds max_states is answered 1 where a policy
// reaching the target almost surely is found without the graph (mdp/almost_sure_search.hpp); its
// `states` are then the states that policy was proven on.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

#include "mdp/methods.hpp"
#include "mdp/solution.hpp"
#include "models/prism_language/compiled_model.hpp"
#include "models/prism_language/properties.hpp"

namespace sgplan::models::prism_language {

struct AnswerOptions {
  double epsilon = 1e-6;
  std::uint64_t max_states = 50'000'000;     // the graph's states, or the search's explored states
  std::uint64_t max_iterations = 1'000'000;  // sweeps, or the search's paths
  // Bounded RTDP from the initial state (mdp/bounded_rtdp.hpp) instead of the whole graph.
  bool search_from_start = false;
  mdp::PartialMethod partial_method = mdp::PartialMethod::BoundedRtdp;
  std::uint64_t seed = 1;
  std::optional<std::chrono::steady_clock::time_point> deadline;
};

struct PropertyAnswer {
  double value = 0.0;  // the probability at the initial state (its bounds' midpoint when not exact)
  double lower = 0.0, upper = 1.0;
  bool sound = true;
  std::optional<bool> truth;  // P ~ b: whether it holds (decided by the bounds)
  bool maximized = true;      // which extremum was computed (for the report)
  std::size_t states = 0, transitions = 0;
  std::uint64_t deadlocks = 0;
  mdp::SolveStatus status = mdp::SolveStatus::Converged;
  std::uint64_t iterations = 0;
  double build_seconds = 0.0;          // the model compiled, explored and its graph built
  bool by_almost_sure_search = false;  // answered 1 by the almost-sure search, without the graph
  bool by_search_from_start = false;   // answered by a search from the start: states are the explored ones
};

// InputError on a property sgplan does not answer (its reason), a step bound that is not a
// non-negative int, or anything the model's own errors say; ResourceError past max_states.
PropertyAnswer answer_property(const PrismModel& model, const ConstantOverrides& constants,
                               const Property& property, const AnswerOptions& options = {});

}  // namespace sgplan::models::prism_language
