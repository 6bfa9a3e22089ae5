// Counts the states, choices and transitions reachable from an implicit model's initial state
// (mdp/implicit_model.hpp) without building the graph: a breadth-first search that keeps only the
// packed keys (PackedStateIndex), about a third of build_graph's memory. Used to check closed-form
// counts by enumeration. The state count is checked before each new state: ResourceError past
// max_states.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "mdp/implicit_model.hpp"
#include "mdp/packed_state_index.hpp"

namespace sgplan::mdp {

struct ReachableCount {
  std::uint64_t states = 0;
  std::uint64_t choices = 0;      // the moves of every reachable state
  std::uint64_t transitions = 0;  // (choice, outcome) pairs as the model lists them
  std::uint64_t terminals = 0;
};

template <ImplicitModel M>
ReachableCount count_reachable(const M& model, std::uint64_t max_states, const std::string& limit_flag) {
  PackedStateIndex index(packed_bound_of(model));
  std::vector<std::uint64_t> queue;
  auto visit = [&](std::uint64_t key) {
    bool inserted = false;
    index.find_or_insert(key, static_cast<StateIndex>(queue.size()), inserted);
    if (!inserted) return;
    if (queue.size() >= max_states) {
      throw ResourceError("state limit: more than " + std::to_string(max_states) +
                          " reachable states (raise it with " + limit_flag + ")");
    }
    queue.push_back(key);
  };
  ReachableCount out;
  visit(model.pack(model.initial()));
  for (std::size_t i = 0; i < queue.size(); ++i) {
    const auto state = model.unpack(queue[i]);
    if (model.owner(state) == Owner::Terminal) {
      ++out.terminals;
      continue;
    }
    model.for_each_choice(state, [&](LabelId, std::span<const Outcome<typename M::State>> outcomes) {
      ++out.choices;
      out.transitions += outcomes.size();
      for (const auto& o : outcomes) visit(model.pack(o.state));
    });
  }
  out.states = queue.size();
  return out;
}

}  // namespace sgplan::mdp
