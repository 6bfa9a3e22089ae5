// A non-owning Boost.Graph view of a StateGraph restricted to a region (a subgraph).
//
// The view's vertices are the states listed in `region`; vertex descriptors are the global state
// indices, so property maps are arrays over all states that a caller allocates once and reuses:
// an algorithm over the view costs time in the region's size, not the graph's, which matters when
// the topological solver visits thousands of small components.
// Edges are the entries (s -> t) of the choices of s, skipping entries whose choice or target is
// masked out (a masked-out state has no edges). Every kept target must lie in the region.
// It models VertexListGraph and IncidenceGraph, enough for strong_components and the searches.
// Parallel edges (one target reached by several choices) are allowed.
#pragma once

#include <boost/graph/graph_traits.hpp>
#include <boost/graph/properties.hpp>
#include <boost/iterator/iterator_facade.hpp>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

// masks: one byte per state / per choice, non-zero = kept. A null mask keeps everything.
struct GraphView {
  const StateGraph* graph = nullptr;
  std::span<const StateIndex> region;
  const std::uint8_t* state_mask = nullptr;
  const std::uint8_t* choice_mask = nullptr;

  bool keeps_state(StateIndex s) const { return state_mask == nullptr || state_mask[s] != 0; }
  bool keeps_choice(ChoiceIndex c) const { return choice_mask == nullptr || choice_mask[c] != 0; }
};

struct GraphViewEdge {
  StateIndex source = 0;
  StateIndex target = 0;
  bool operator==(const GraphViewEdge& o) const { return source == o.source && target == o.target; }
};

class GraphViewOutEdgeIterator : public boost::iterator_facade<GraphViewOutEdgeIterator, GraphViewEdge,
                                                               boost::forward_traversal_tag, GraphViewEdge> {
 public:
  GraphViewOutEdgeIterator() = default;
  GraphViewOutEdgeIterator(const GraphView* view, StateIndex source, EntryIndex entry, ChoiceIndex choice)
      : view_(view), source_(source), entry_(entry), choice_(choice) {
    skip();
  }

 private:
  friend class boost::iterator_core_access;

  // Moves to the first kept entry at or after entry_ within the source's choices.
  void skip() {
    const StateGraph& g = *view_->graph;
    const ChoiceIndex end_choice = g.end_choice(source_);
    const EntryIndex end = g.first_entry(end_choice);
    while (entry_ < end) {
      while (entry_ >= g.end_entry(choice_)) ++choice_;
      if (!view_->keeps_choice(choice_)) {
        entry_ = g.end_entry(choice_);
        continue;
      }
      if (view_->keeps_state(g.target(entry_))) return;
      ++entry_;
    }
  }
  void increment() {
    ++entry_;
    skip();
  }
  bool equal(const GraphViewOutEdgeIterator& o) const { return entry_ == o.entry_; }
  GraphViewEdge dereference() const { return {source_, view_->graph->target(entry_)}; }

  const GraphView* view_ = nullptr;
  StateIndex source_ = 0;
  EntryIndex entry_ = 0;
  ChoiceIndex choice_ = 0;
};

}  // namespace sgplan::mdp

namespace boost {

template <>
struct graph_traits<sgplan::mdp::GraphView> {
  using vertex_descriptor = sgplan::mdp::StateIndex;
  using edge_descriptor = sgplan::mdp::GraphViewEdge;
  using out_edge_iterator = sgplan::mdp::GraphViewOutEdgeIterator;
  using vertex_iterator = const sgplan::mdp::StateIndex*;
  using directed_category = directed_tag;
  using edge_parallel_category = allow_parallel_edge_tag;
  struct traversal_category : vertex_list_graph_tag, incidence_graph_tag {};
  using vertices_size_type = std::size_t;
  using edges_size_type = std::size_t;
  using degree_size_type = std::size_t;
  static vertex_descriptor null_vertex() { return sgplan::mdp::kNoState; }
};

}  // namespace boost

namespace sgplan::mdp {

inline std::pair<GraphViewOutEdgeIterator, GraphViewOutEdgeIterator> out_edges(StateIndex s,
                                                                               const GraphView& v) {
  const StateGraph& g = *v.graph;
  ChoiceIndex last = g.end_choice(s);
  ChoiceIndex first = v.keeps_state(s) ? g.first_choice(s) : last;  // masked: no edges
  return {GraphViewOutEdgeIterator(&v, s, g.first_entry(first), first),
          GraphViewOutEdgeIterator(&v, s, g.first_entry(last), last)};
}

inline std::size_t out_degree(StateIndex s, const GraphView& v) {
  auto [it, end] = out_edges(s, v);
  std::size_t n = 0;
  for (; it != end; ++it) ++n;
  return n;
}

inline StateIndex source(const GraphViewEdge& e, const GraphView&) {
  return e.source;
}
inline StateIndex target(const GraphViewEdge& e, const GraphView&) {
  return e.target;
}

inline std::pair<const StateIndex*, const StateIndex*> vertices(const GraphView& v) {
  return {v.region.data(), v.region.data() + v.region.size()};
}

inline std::size_t num_vertices(const GraphView& v) {
  return v.region.size();
}

// Strongly connected components (Tarjan's algorithm, via Boost.Graph) of views over one graph.
// Holds the per-state work arrays so that repeated calls on small regions stay cheap.
class SccFinder {
 public:
  explicit SccFinder(std::size_t num_states);

  // Numbers the components of the view's region; component(s) is valid for s in the region.
  // Numbers come in reverse topological order: no edge leads from a component to one with a
  // larger number, so handling components in increasing order handles successors first.
  // Returns the number of components.
  std::size_t run(const GraphView& view);
  std::uint32_t component(StateIndex s) const { return component_[s]; }

 private:
  std::vector<std::uint32_t> component_;
  std::vector<StateIndex> root_;
  std::vector<std::uint32_t> discover_time_;
  std::vector<boost::default_color_type> color_;
};

}  // namespace sgplan::mdp
