// Strongly connected components of a region of a StateGraph, read straight from its compressed
// sparse rows: Pearce's variant of Tarjan's algorithm ("A space-efficient algorithm for finding
// strongly connected components", IPL 116(1), 2016), iterative, so deep graphs cannot overflow the
// call stack. One 32-bit word per state (the visit index, later the component) is all it keeps
// per state; the "root" flag of Pearce's algorithm lives in the depth-first frame instead.
//
// Why not Boost.Graph's strong_components (used here before): it kept four per-state maps (16 bytes
// a state against 4 here) and read the rows through an iterator adaptor; on the topological
// method's runs over the robot-monster grids the time outside the named phases, which holds this
// decomposition, fell from 0.175 to 0.092 s (5x5) and 2.97 to 2.15 s (7x7; README, Performance).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/huge_page_allocator.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

// A region of the graph, possibly with states and choices masked out: one byte per state / per
// choice, non-zero = kept, a null mask keeps everything. Edges are the entries (s -> t) of the kept
// choices of a kept state s whose target t is kept; a masked-out state of the region has no edges
// (it is a component of its own). Every kept target must lie in the region.
struct GraphView {
  const StateGraph* graph = nullptr;
  std::span<const StateIndex> region;
  const std::uint8_t* state_mask = nullptr;
  const std::uint8_t* choice_mask = nullptr;

  bool keeps_state(StateIndex s) const { return state_mask == nullptr || state_mask[s] != 0; }
  bool keeps_choice(ChoiceIndex c) const { return choice_mask == nullptr || choice_mask[c] != 0; }
};

// Holds the per-state array across calls, so that repeated calls on small regions cost time in the
// region's size, not the graph's (the topological solver and the end-component refinement make
// thousands of them).
class SccFinder {
 public:
  explicit SccFinder(std::size_t num_states);

  // Numbers the components of the view's region; component(s) is valid for s in the region.
  // Numbers come in reverse topological order: no edge leads from a component to one with a
  // larger number, so handling components in increasing order handles successors first.
  // Visits the region's states in the order given and each state's entries in order.
  // Returns the number of components.
  std::size_t run(const GraphView& view);
  std::uint32_t component(StateIndex s) const { return kFinished - index_[s]; }

 private:
  // Where the depth-first search stands in state `state`: the next entry to read and the choice
  // that owns it; `root` is Pearce's flag (no edge seen yet to a state visited earlier than this).
  struct Frame {
    StateIndex state;
    ChoiceIndex choice;
    EntryIndex entry;
    bool root;
  };
  // index_[s]: 0 = not visited; 1..region size = visit index while s is on a stack (Pearce reuses
  // indices, so they never exceed the region's size); kFinished - k once s is in component k. The
  // two ranges cannot meet because a region has fewer than 2^31 states (checked).
  static constexpr std::uint32_t kFinished = 0xfffffffeu;

  BigVector<std::uint32_t> index_;
  // Kept between calls only for their capacity (no allocation per call); empty outside run().
  std::vector<Frame> frames_;
  std::vector<StateIndex> stack_;  // visited states whose component is still open
};

}  // namespace sgplan::mdp
