// Strongly connected components of a small directed graph given by its edge list over vertices
// 0 .. n-1 (a region's local indices), through Boost.Graph's compressed sparse rows and Tarjan's
// algorithm (boost::strong_components, whose depth-first search keeps its own stack: no recursion
// per vertex). Components are numbered in reverse topological order: no edge leads from a
// component to one with a larger number, so increasing numbers visit successors first.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace sgplan::mdp {

struct LocalComponents {
  std::vector<std::uint32_t> component;  // per vertex
  std::vector<std::uint32_t> offset;     // members of component k: order[offset[k] .. offset[k+1]]
  std::vector<std::uint32_t> order;      // vertices grouped by component, in increasing number
  std::size_t count() const { return offset.empty() ? 0 : offset.size() - 1; }
};

LocalComponents local_components(std::size_t n,
                                 const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges);

}  // namespace sgplan::mdp
