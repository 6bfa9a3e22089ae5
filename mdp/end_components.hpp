// Maximal end components (MECs) of the sub-MDP induced by a region of states.
//
// An end component is a set of states T with, for each state, a non-empty set of choices whose
// supports stay in T, such that T is strongly connected using those choices: once inside, the
// players can keep the play in T forever. Value iteration from above gets stuck on them: a state of
// an end component can "justify" any value by pointing at the others. Collapsing each MEC into one
// node whose choices are only the MEC's exits removes the spurious fixed points, so the upper
// iteration converges (Haddad and Monmege, "Interval iteration algorithm for MDPs and IMDPs",
// TCS 2018; Baier, Klein, Leuschner, Parker, Wunderlich, CAV 2017).
//
// Algorithm (de Alfaro's decomposition): keep the choices whose support lies in the region; repeat
// { strongly connected components of the kept graph; drop every choice with a target in another
// component or outside; drop states left with no choice } until nothing changes.
//
// With `min_strategy` given, a Min state keeps only its strategy's choice: the MECs are those of
// the MDP obtained by fixing Min's strategy (used for upper bounds in games, see interval.hpp).
// Chance states have a single choice, so they are in a MEC only if all their outcomes are.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mdp/graph_adapter.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

inline constexpr std::uint32_t kNoComponent = 0xffffffffu;

class EndComponentFinder {
 public:
  explicit EndComponentFinder(const StateGraph& graph);

  // Decomposes the region (any order, no duplicates). `min_strategy`, when non-null, is indexed by
  // state and gives Min's fixed choice. Results stay valid until the next call or clear().
  void decompose(std::span<const StateIndex> region, const ChoiceIndex* min_strategy);
  // Forgets the last decomposition in time proportional to its region.
  void clear();

  std::size_t count() const { return offset_.size() - 1; }
  std::uint32_t component_of(StateIndex s) const { return component_of_[s]; }
  // True if choice c belongs to the end component of its state (its support stays inside).
  bool stays(ChoiceIndex c) const { return stays_[c] != 0; }
  std::span<const StateIndex> members(std::uint32_t ec) const {
    return {members_.data() + offset_[ec], offset_[ec + 1] - offset_[ec]};
  }
  std::size_t states_in_components() const { return members_.size(); }

 private:
  const StateGraph& graph_;
  std::vector<StateIndex> region_;
  std::vector<std::uint8_t> alive_;   // per state: in the region and still a candidate
  std::vector<std::uint8_t> stays_;   // per choice: kept
  std::vector<std::uint32_t> component_of_;
  std::vector<std::uint32_t> offset_{0};
  std::vector<StateIndex> members_;
  SccFinder scc_;
};

}  // namespace sgplan::mdp
