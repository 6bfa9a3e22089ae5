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
// Algorithm (de Alfaro's decomposition, with a work list): keep the choices whose support lies in
// the region; drop the states left with no choice, cascading backwards over the predecessor lists
// (a dropped state takes the choices into it with it). Then, block by block: strongly connected
// components of the kept graph; drop every choice with a target in another component, cascading
// again; a component that lost nothing is a maximal end component, one that lost something goes
// back on the work list. The cascade does most of the peeling, so the components are recomputed
// only where something actually split.
//
// With `min_strategy` given, a Min state keeps only its strategy's choice: the MECs are those of
// the MDP obtained by fixing Min's strategy (used for upper bounds in games, see interval.hpp).
// Chance states have a single choice, so they are in a MEC only if all their outcomes are.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/huge_page_allocator.hpp"
#include "mdp/predecessors.hpp"
#include "mdp/state_graph.hpp"
#include "mdp/strong_components.hpp"

namespace sgplan::mdp {

inline constexpr std::uint32_t kNoComponent = 0xffffffffu;

class EndComponentFinder {
 public:
  EndComponentFinder(const StateGraph& graph, const Predecessors& predecessors);

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
  // Seconds spent in decompose() so far.
  double seconds() const { return seconds_; }

 private:
  void drop_choice(ChoiceIndex c, StateIndex owner);
  void drop_state(StateIndex s);
  void cascade();

  const StateGraph& graph_;
  const Predecessors& predecessors_;
  std::vector<StateIndex> region_;
  BigVector<std::uint32_t> kept_;    // per state: kept choices
  std::vector<StateIndex> dropped_;  // states dropped, not yet cascaded
  std::vector<std::uint8_t> dirty_;  // per component of the current block
  std::vector<std::uint8_t> alive_;  // per state: in the region and still a candidate
  BigVector<std::uint8_t> stays_;    // per choice: kept
  BigVector<std::uint32_t> component_of_;
  std::vector<std::uint32_t> offset_{0};
  std::vector<StateIndex> members_;
  SccFinder scc_;
  double seconds_ = 0.0;
};

}  // namespace sgplan::mdp
