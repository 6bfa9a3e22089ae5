#include "mdp/strong_components.hpp"

#include <stdexcept>

namespace sgplan::mdp {

SccFinder::SccFinder(std::size_t num_states) : index_(num_states, 0) {}

std::size_t SccFinder::run(const GraphView& view) {
  const StateGraph& g = *view.graph;
  if (view.region.size() >= (std::size_t{1} << 31)) {
    throw std::length_error("strongly connected components: a region of 2^31 states or more");
  }
  for (StateIndex s : view.region) index_[s] = 0;
  std::uint32_t next_index = 1;
  std::uint32_t count = 0;
  const auto enter = [&](StateIndex s) {
    index_[s] = next_index++;
    // A masked-out state starts past its last choice: it has no edges.
    const ChoiceIndex first = view.keeps_state(s) ? g.first_choice(s) : g.end_choice(s);
    frames_.push_back({s, first, g.first_entry(first), true});
  };
  for (StateIndex start : view.region) {
    if (index_[start] != 0) continue;
    enter(start);
    while (!frames_.empty()) {
      Frame& f = frames_.back();
      const ChoiceIndex end_choice = g.end_choice(f.state);
      bool descended = false;
      while (f.choice < end_choice) {
        if (f.entry == g.end_entry(f.choice) || !view.keeps_choice(f.choice)) {
          ++f.choice;
          f.entry = g.first_entry(f.choice);
          continue;
        }
        const StateIndex t = g.target(f.entry++);
        if (!view.keeps_state(t)) continue;
        if (index_[t] == 0) {
          enter(t);  // may move the frames: f is not used again before the next turn
          descended = true;
          break;
        }
        // A finished state's word is above every visit index, so only open states lower ours.
        if (index_[t] < index_[f.state]) {
          index_[f.state] = index_[t];
          f.root = false;
        }
      }
      if (descended) continue;

      // Every edge of f.state has been read.
      const Frame done = f;
      frames_.pop_back();
      const StateIndex v = done.state;
      if (done.root) {
        // v roots a component: it and the open states visited after it. Their visit indices
        // are handed back, which keeps the indices below the region's size.
        --next_index;
        while (!stack_.empty() && index_[v] <= index_[stack_.back()]) {
          index_[stack_.back()] = kFinished - count;
          stack_.pop_back();
          --next_index;
        }
        index_[v] = kFinished - count;
        ++count;
      } else {
        stack_.push_back(v);
      }
      if (!frames_.empty()) {
        Frame& parent = frames_.back();
        if (index_[v] < index_[parent.state]) {
          index_[parent.state] = index_[v];
          parent.root = false;
        }
      }
    }
  }
  return count;
}

}  // namespace sgplan::mdp
