#include "mdp/end_components.hpp"

namespace sgplan::mdp {

EndComponentFinder::EndComponentFinder(const StateGraph& graph)
    : graph_(graph),
      alive_(graph.num_states(), 0),
      stays_(graph.num_choices(), 0),
      component_of_(graph.num_states(), kNoComponent),
      scc_(graph.num_states()) {}

void EndComponentFinder::clear() {
  for (StateIndex s : region_) {
    alive_[s] = 0;
    component_of_[s] = kNoComponent;
    for (ChoiceIndex c = graph_.first_choice(s); c < graph_.end_choice(s); ++c) stays_[c] = 0;
  }
  region_.clear();
  members_.clear();
  offset_.assign(1, 0);
}

void EndComponentFinder::decompose(std::span<const StateIndex> region, const ChoiceIndex* min_strategy) {
  clear();
  region_.assign(region.begin(), region.end());
  for (StateIndex s : region_) alive_[s] = 1;

  // Step 1: keep the choices whose support lies in the region (Min: only its fixed choice).
  std::vector<StateIndex> candidates;
  candidates.reserve(region_.size());
  for (StateIndex s : region_) {
    bool any = false;
    for (ChoiceIndex c = graph_.first_choice(s); c < graph_.end_choice(s); ++c) {
      if (min_strategy != nullptr && graph_.owner(s) == Owner::Min && c != min_strategy[s]) continue;
      bool inside = true;
      for (StateIndex t : graph_.targets(c)) inside = inside && alive_[t] != 0;
      stays_[c] = inside ? 1 : 0;
      any = any || inside;
    }
    if (any) candidates.push_back(s);
  }
  // States without a kept choice cannot be in an end component.
  {
    std::size_t k = 0;
    for (StateIndex s : region_) {
      bool kept = k < candidates.size() && candidates[k] == s;
      if (kept) {
        ++k;
      } else {
        alive_[s] = 0;
      }
    }
  }

  // Step 2: refine by strongly connected components until stable.
  while (!candidates.empty()) {
    GraphView view{&graph_, candidates, alive_.data(), stays_.data()};
    scc_.run(view);
    bool changed = false;
    std::size_t out = 0;
    for (StateIndex s : candidates) {
      const std::uint32_t home = scc_.component(s);
      bool any = false;
      for (ChoiceIndex c = graph_.first_choice(s); c < graph_.end_choice(s); ++c) {
        if (stays_[c] == 0) continue;
        for (StateIndex t : graph_.targets(c)) {
          if (alive_[t] == 0 || scc_.component(t) != home) {
            stays_[c] = 0;
            changed = true;
            break;
          }
        }
        any = any || stays_[c] != 0;
      }
      if (any) {
        candidates[out++] = s;
      } else {
        alive_[s] = 0;
        changed = true;
      }
    }
    candidates.resize(out);
    if (!changed) break;
  }

  // Step 3: each remaining strongly connected component is a maximal end component.
  if (candidates.empty()) return;
  std::uint32_t max_component = 0;
  for (StateIndex s : candidates) max_component = std::max(max_component, scc_.component(s));
  std::vector<std::uint32_t> ec_of_scc(max_component + 1, kNoComponent);
  std::vector<std::uint32_t> sizes;
  for (StateIndex s : candidates) {
    std::uint32_t& id = ec_of_scc[scc_.component(s)];
    if (id == kNoComponent) {
      id = static_cast<std::uint32_t>(sizes.size());
      sizes.push_back(0);
    }
    component_of_[s] = id;
    ++sizes[id];
  }
  offset_.assign(sizes.size() + 1, 0);
  for (std::size_t i = 0; i < sizes.size(); ++i) offset_[i + 1] = offset_[i] + sizes[i];
  members_.resize(candidates.size());
  std::vector<std::uint32_t> next(offset_.begin(), offset_.end() - 1);
  for (StateIndex s : candidates) members_[next[component_of_[s]]++] = s;
}

}  // namespace sgplan::mdp
