#include "mdp/end_components.hpp"

#include <algorithm>
#include <chrono>

#include "core/stopwatch.hpp"

namespace sgplan::mdp {

EndComponentFinder::EndComponentFinder(const StateGraph& graph, const Predecessors& predecessors)
    : graph_(graph),
      predecessors_(predecessors),
      kept_(graph.num_states(), 0),
      alive_(graph.num_states(), 0),
      stays_(graph.num_choices(), 0),
      component_of_(graph.num_states(), kNoComponent),
      scc_(graph.num_states()) {}

void EndComponentFinder::clear() {
  for (StateIndex s : region_) {
    alive_[s] = 0;
    kept_[s] = 0;
    component_of_[s] = kNoComponent;
    for (ChoiceIndex c = graph_.first_choice(s); c < graph_.end_choice(s); ++c) stays_[c] = 0;
  }
  region_.clear();
  members_.clear();
  offset_.assign(1, 0);
}

void EndComponentFinder::drop_state(StateIndex s) {
  if (alive_[s] == 0) return;
  alive_[s] = 0;
  dropped_.push_back(s);
}

void EndComponentFinder::drop_choice(ChoiceIndex c, StateIndex owner) {
  if (stays_[c] == 0) return;
  stays_[c] = 0;
  if (alive_[owner] != 0 && --kept_[owner] == 0) drop_state(owner);
}

// Every kept choice into a dropped state goes, and with it, possibly, its state.
void EndComponentFinder::cascade() {
  while (!dropped_.empty()) {
    const StateIndex t = dropped_.back();
    dropped_.pop_back();
    for (ChoiceIndex c = graph_.first_choice(t); c < graph_.end_choice(t); ++c) stays_[c] = 0;
    for (ChoiceIndex c : predecessors_.choices_into(t)) {
      if (stays_[c] == 0) continue;
      const StateIndex s = predecessors_.state_of(c);
      if (dirty_.size() > 0 && alive_[s] != 0) dirty_[scc_.component(s)] = 1;
      drop_choice(c, s);
    }
  }
}

void EndComponentFinder::decompose(std::span<const StateIndex> region, const ChoiceIndex* min_strategy) {
  const auto start = std::chrono::steady_clock::now();
  clear();
  region_.assign(region.begin(), region.end());
  for (StateIndex s : region_) alive_[s] = 1;

  // Step 1: keep the choices whose support lies in the region (Min: only its fixed choice); drop
  // the states without one, with the cascade.
  dirty_.clear();
  for (StateIndex s : region_) {
    for (ChoiceIndex c = graph_.first_choice(s); c < graph_.end_choice(s); ++c) {
      if (min_strategy != nullptr && graph_.owner(s) == Owner::Min && c != min_strategy[s]) continue;
      bool inside = true;
      for (StateIndex t : graph_.targets(c)) inside = inside && alive_[t] != 0;
      stays_[c] = inside ? 1 : 0;
      kept_[s] += inside ? 1 : 0;
    }
  }
  for (StateIndex s : region_) {
    if (kept_[s] == 0) drop_state(s);
  }
  cascade();

  // Step 2: refine block by block.
  std::vector<std::vector<StateIndex>> work;
  {
    std::vector<StateIndex> alive;
    for (StateIndex s : region_) {
      if (alive_[s] != 0) alive.push_back(s);
    }
    if (!alive.empty()) work.push_back(std::move(alive));
  }
  std::vector<std::vector<StateIndex>> found;
  std::vector<std::uint32_t> fill;
  while (!work.empty()) {
    std::vector<StateIndex> block = std::move(work.back());
    work.pop_back();
    GraphView view{&graph_, block, alive_.data(), stays_.data()};
    const std::size_t count = scc_.run(view);
    dirty_.assign(count, 0);
    for (StateIndex s : block) {
      if (alive_[s] == 0) continue;
      const std::uint32_t home = scc_.component(s);
      for (ChoiceIndex c = graph_.first_choice(s); c < graph_.end_choice(s); ++c) {
        if (stays_[c] == 0) continue;
        for (StateIndex t : graph_.targets(c)) {
          if (alive_[t] == 0 || scc_.component(t) != home) {
            dirty_[home] = 1;
            drop_choice(c, s);
            break;
          }
        }
      }
    }
    cascade();
    // Split the block's survivors by component: clean ones are maximal end components.
    fill.assign(count, 0);
    for (StateIndex s : block) {
      if (alive_[s] != 0) ++fill[scc_.component(s)];
    }
    std::vector<std::uint32_t> where(count, kNoComponent);
    for (StateIndex s : block) {
      if (alive_[s] == 0) continue;
      const std::uint32_t k = scc_.component(s);
      if (where[k] == kNoComponent) {
        if (dirty_[k] != 0) {
          where[k] = static_cast<std::uint32_t>(work.size());
          work.emplace_back();
          work.back().reserve(fill[k]);
        } else {
          where[k] = static_cast<std::uint32_t>(found.size());
          found.emplace_back();
          found.back().reserve(fill[k]);
        }
      }
      (dirty_[k] != 0 ? work[where[k]] : found[where[k]]).push_back(s);
    }
    dirty_.clear();
  }

  // Step 3: number the maximal end components.
  for (const auto& ec : found) {
    const auto id = static_cast<std::uint32_t>(offset_.size() - 1);
    for (StateIndex s : ec) {
      component_of_[s] = id;
      members_.push_back(s);
    }
    offset_.push_back(static_cast<std::uint32_t>(members_.size()));
  }
  seconds_ += seconds_since(start);
}

}  // namespace sgplan::mdp
