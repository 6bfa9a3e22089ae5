#include "mdp/region_system.hpp"

namespace sgplan::mdp {

RegionSystem::RegionSystem(const StateGraph& g, std::span<const StateIndex> region)
    : states_(region.begin(), region.end()) {
  const std::size_t k = states_.size();
  if (k > g.num_states() / 8) {
    dense_.assign(g.num_states(), kExit);
    for (std::uint32_t i = 0; i < k; ++i) dense_[states_[i]] = i;
  } else {
    index_.reserve(k * 2);
    for (std::uint32_t i = 0; i < k; ++i) index_.emplace(states_[i], i);
  }
  owner_.reserve(k);
  group_.reserve(k + 1);
  for (StateIndex s : states_) {
    owner_.push_back(g.owner(s));
    for (ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
      graph_choice_.push_back(c);
      for (EntryIndex e = g.first_entry(c); e < g.end_entry(c); ++e) {
        const StateIndex t = g.target(e);
        const std::uint32_t j = local_index(t);
        local_.push_back(j);
        exit_target_.push_back(t);
        probability_.push_back(g.probability(e));
      }
      row_.push_back(static_cast<std::uint32_t>(local_.size()));
    }
    group_.push_back(static_cast<std::uint32_t>(graph_choice_.size()));
  }
}

}  // namespace sgplan::mdp
