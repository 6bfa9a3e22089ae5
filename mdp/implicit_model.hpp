// The implicit model: a game given by its rules rather than by a list of states (docs/DESIGN.md).
// One interface serves the graph builder (build_graph.hpp) and the tree searchers (search/), so the
// same model can be solved both ways and the answers compared.
//
//   State initial() const;
//   Owner owner(const State&) const;                 // Max, Min, Chance, Terminal
//   double terminal_value(const State&) const;       // in [0, 1]: 1 success, 0 failure
//   void for_each_choice(const State&, F f) const;   // f(LabelId, std::span<const Outcome<State>>)
//   std::uint64_t pack(const State&) const;          // injective: equal keys mean equal states
//   State unpack(std::uint64_t) const;
//   std::string label_name(LabelId) const;           // a choice label's text
//
// Optional: `std::uint64_t packed_bound() const` promises every key is below the bound; when the
// bound is small the builder indexes states with a flat array instead of a hash table.
// Chance states offer exactly one choice, whose outcomes are the distribution; outcomes may repeat
// a successor (the builder adds their probabilities).
#pragma once

#include <concepts>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "mdp/owner.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

template <class State>
struct Outcome {
  double probability;
  State state;
};

namespace detail {
template <class State>
struct ChoiceSink {
  void operator()(LabelId, std::span<const Outcome<State>>) const {}
};
}  // namespace detail

template <class M>
concept ImplicitModel = requires(const M& m, const typename M::State& s, std::uint64_t key, LabelId label) {
  { m.initial() } -> std::same_as<typename M::State>;
  { m.owner(s) } -> std::same_as<Owner>;
  { m.terminal_value(s) } -> std::convertible_to<double>;
  { m.pack(s) } -> std::same_as<std::uint64_t>;
  { m.unpack(key) } -> std::same_as<typename M::State>;
  { m.label_name(label) } -> std::convertible_to<std::string>;
  m.for_each_choice(s, detail::ChoiceSink<typename M::State>{});
};

template <class M>
concept HasPackedBound = requires(const M& m) {
  { m.packed_bound() } -> std::convertible_to<std::uint64_t>;
};

// The model's packed bound, or 0 when it promises none.
template <class M>
std::uint64_t packed_bound_of(const M& model) {
  if constexpr (HasPackedBound<M>) {
    return model.packed_bound();
  } else {
    return 0;
  }
}

// Optional: `std::uint64_t exact_denominator() const` promises that every probability the model
// emits is a multiple of 1/D (build_graph.hpp recovers the exact rationals from it).
template <class M>
concept HasExactDenominator = requires(const M& m) {
  { m.exact_denominator() } -> std::convertible_to<std::uint64_t>;
};

// Optional: `static constexpr bool kConcurrentExpansion = true` promises that the const members
// may run on several threads at once (no caches or scratch buffers behind const), so the builder
// may expand states on several threads (BuildOptions::threads, parallel_build.hpp).
template <class M>
concept ConcurrentExpansion = requires {
  requires M::kConcurrentExpansion;
};

// The model's label names 0..max_label, the graph's label table.
template <ImplicitModel M>
std::vector<std::string> label_table(const M& model, LabelId max_label) {
  std::vector<std::string> labels;
  labels.reserve(max_label + 1);
  for (LabelId l = 0; l <= max_label; ++l) labels.push_back(model.label_name(l));
  return labels;
}

}  // namespace sgplan::mdp
