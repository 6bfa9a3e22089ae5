#include "mdp/predecessors.hpp"

namespace sgplan::mdp {

Predecessors::Predecessors(const StateGraph& graph) {
  const std::size_t n = graph.num_states();
  const std::size_t m = graph.num_choices();
  choice_state_.resize(m);
  for (StateIndex s = 0; s < n; ++s) {
    for (ChoiceIndex c = graph.first_choice(s); c < graph.end_choice(s); ++c) choice_state_[c] = s;
  }
  // Counting sort of the entries by target.
  offset_.assign(n + 1, 0);
  const TargetColumn::Reader target = graph.target_array().reader();
  for (std::size_t e = 0, m_entries = graph.num_transitions(); e < m_entries; ++e) ++offset_[target[e] + 1];
  for (std::size_t i = 0; i < n; ++i) offset_[i + 1] += offset_[i];
  choice_.resize(graph.num_transitions());
  std::vector<std::uint32_t> next(offset_.begin(), offset_.end() - 1);
  for (ChoiceIndex c = 0; c < m; ++c) {
    for (EntryIndex e = graph.first_entry(c); e < graph.end_entry(c); ++e) {
      choice_[next[target[e]]++] = c;
    }
  }
}

}  // namespace sgplan::mdp
