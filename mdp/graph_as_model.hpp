// A StateGraph seen as an implicit model (implicit_model.hpp), so that the tree searchers run on
// any explicit model (YAML, PRISM) as they do on the rule-based ones: a state is its index, a
// choice's outcomes are its entries. The view borrows the graph, which must outlive it.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "mdp/implicit_model.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

class GraphAsModel {
 public:
  using State = StateIndex;
  explicit GraphAsModel(const StateGraph& graph) : graph_(graph) {}

  State initial() const { return graph_.initial_state(); }
  Owner owner(State s) const { return graph_.owner(s); }
  double terminal_value(State s) const { return graph_.terminal_value(s); }
  std::uint64_t pack(State s) const { return s; }
  State unpack(std::uint64_t key) const { return static_cast<State>(key); }
  std::uint64_t packed_bound() const { return graph_.num_states(); }
  // Label ids are choice indices here (labels may repeat across states).
  std::string label_name(LabelId c) const {
    const std::string& label = graph_.choice_label(c);
    return label.empty() ? "#" + std::to_string(c - graph_.first_choice(graph_.state_of_choice(c))) : label;
  }
  template <class F>
  void for_each_choice(State s, F&& f) const {
    std::vector<Outcome<State>> outcomes;
    for (ChoiceIndex c = graph_.first_choice(s); c < graph_.end_choice(s); ++c) {
      outcomes.clear();
      for (EntryIndex e = graph_.first_entry(c); e < graph_.end_entry(c); ++e) {
        outcomes.push_back({graph_.probability(e), graph_.target(e)});
      }
      f(static_cast<LabelId>(c), std::span<const Outcome<State>>(outcomes));
    }
  }

 private:
  const StateGraph& graph_;
};

static_assert(ImplicitModel<GraphAsModel>);

}  // namespace sgplan::mdp
