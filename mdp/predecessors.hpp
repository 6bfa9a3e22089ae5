// Predecessor lists of a StateGraph: for every state t, the choices with t in their support.
// The backward graph algorithms (qualitative.hpp, policy extraction) walk it from the targets.
// Memory: one 32-bit choice index per transition plus one per state and per choice.
#pragma once

#include <span>
#include <vector>

#include "core/huge_page_allocator.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

class Predecessors {
 public:
  explicit Predecessors(const StateGraph& graph);

  // The choices that reach t with positive probability (each listed once per entry).
  std::span<const ChoiceIndex> choices_into(StateIndex t) const {
    return {choice_.data() + offset_[t], offset_[t + 1] - offset_[t]};
  }
  StateIndex state_of(ChoiceIndex c) const { return choice_state_[c]; }
  const BigVector<StateIndex>& choice_states() const { return choice_state_; }

 private:
  BigVector<std::uint32_t> offset_;
  BigVector<ChoiceIndex> choice_;
  BigVector<StateIndex> choice_state_;
};

}  // namespace sgplan::mdp
