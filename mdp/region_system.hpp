// A region of a state graph as a small stand-alone game: the states of the region renumbered
// 0 .. k-1 (local indices), their choices, and each entry either a local target or an exit (a
// state outside the region, whose value is given from outside). The direct solvers (policy
// iteration, chain evaluation, bound certificates) work on it, so their cost and memory grow with
// the region, not with the graph: the topological method solves thousands of small components.
//
// Layout: compressed rows like the StateGraph's. Local state i owns choices group[i] .. group[i+1];
// choice c owns entries row[c] .. row[c+1]; entry e goes to local[e] (or kExit) and, for an exit,
// to the graph state exit_target[e].
#pragma once

#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

inline constexpr std::uint32_t kExit = 0xffffffffu;

class RegionSystem {
 public:
  // `region`: distinct non-terminal states (any order; local index = position in the span).
  RegionSystem(const StateGraph& graph, std::span<const StateIndex> region);

  std::size_t size() const { return states_.size(); }
  StateIndex state(std::uint32_t i) const { return states_[i]; }
  const std::vector<StateIndex>& states() const { return states_; }
  // The local index of graph state s, or kExit when s is outside the region.
  std::uint32_t local_index(StateIndex s) const {
    if (!dense_.empty()) return dense_[s];
    const auto it = index_.find(s);
    return it == index_.end() ? kExit : it->second;
  }
  Owner owner(std::uint32_t i) const { return owner_[i]; }

  std::uint32_t first_choice(std::uint32_t i) const { return group_[i]; }
  std::uint32_t end_choice(std::uint32_t i) const { return group_[i + 1]; }
  std::size_t num_choices() const { return row_.size() - 1; }
  // The graph's index of local choice c.
  ChoiceIndex graph_choice(std::uint32_t c) const { return graph_choice_[c]; }

  std::uint32_t first_entry(std::uint32_t c) const { return row_[c]; }
  std::uint32_t end_entry(std::uint32_t c) const { return row_[c + 1]; }
  std::uint32_t local(std::uint32_t e) const { return local_[e]; }
  StateIndex exit_target(std::uint32_t e) const { return exit_target_[e]; }
  double probability(std::uint32_t e) const { return probability_[e]; }
  std::size_t num_entries() const { return local_.size(); }

  // Sum of p * value over choice c: local targets read `inside` (local indices), exits read
  // `outside` (graph indices). Round-to-nearest.
  double expectation(std::uint32_t c, const double* inside, const double* outside) const {
    double sum = 0.0;
    for (std::uint32_t e = row_[c]; e < row_[c + 1]; ++e) {
      sum += probability_[e] * (local_[e] == kExit ? outside[exit_target_[e]] : inside[local_[e]]);
    }
    return sum;
  }

 private:
  std::vector<StateIndex> states_;
  // Local indices by a hash map when the region is a small part of the graph (an array over all
  // states would cost the graph's size per region), by an array over all states otherwise.
  std::unordered_map<StateIndex, std::uint32_t> index_;
  std::vector<std::uint32_t> dense_;
  std::vector<Owner> owner_;
  std::vector<std::uint32_t> group_{0};
  std::vector<std::uint32_t> row_{0};
  std::vector<ChoiceIndex> graph_choice_;
  std::vector<std::uint32_t> local_;
  std::vector<StateIndex> exit_target_;
  std::vector<double> probability_;
};

}  // namespace sgplan::mdp
