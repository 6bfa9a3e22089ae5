#include "mdp/state_graph.hpp"

#include <algorithm>

namespace sgplan::mdp {

StateIndex StateGraph::state_of_choice(ChoiceIndex c) const {
  // group_ is non-decreasing; the owner is the last s with group_[s] <= c.
  return static_cast<StateIndex>(group_.upper_bound(c) - 1);
}

bool StateGraph::terminal_value_exact(StateIndex s) const {
  return !std::binary_search(inexact_terminals_.begin(), inexact_terminals_.end(), s);
}

const std::string& StateGraph::state_name(StateIndex s) const {
  static const std::string kEmpty;
  return state_name_.empty() ? kEmpty : state_name_[s];
}

std::string StateGraph::state_display_name(StateIndex s) const {
  const std::string& name = state_name(s);
  return name.empty() ? "#" + std::to_string(s) : name;
}

const std::string& StateGraph::choice_label(ChoiceIndex c) const {
  static const std::string kEmpty;
  LabelId id = choice_label_id(c);
  return id == kNoLabel || id >= labels_.size() ? kEmpty : labels_[id];
}

std::size_t StateGraph::count_owner(Owner owner) const {
  return static_cast<std::size_t>(std::count(owner_.begin(), owner_.end(), owner));
}

std::size_t StateGraph::memory_bytes() const {
  return owner_.size() * sizeof(Owner) + terminal_value_.memory_bytes() + group_.memory_bytes() +
         row_.memory_bytes() + target_.memory_bytes() + probability_.memory_bytes() +
         choice_label_.memory_bytes();
}

double StateGraph::bytes_per_transition() const {
  return target_.empty() ? 0.0 : static_cast<double>(memory_bytes()) / static_cast<double>(target_.size());
}

}  // namespace sgplan::mdp
