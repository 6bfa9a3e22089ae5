#include "mdp/local_components.hpp"

#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/strong_components.hpp>

namespace sgplan::mdp {

LocalComponents local_components(std::size_t n,
                                 const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges) {
  using Graph = boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, boost::no_property,
                                                   boost::no_property, std::uint32_t, std::uint32_t>;
  LocalComponents out;
  out.component.assign(n, 0);
  if (n == 0) {
    out.offset.assign(1, 0);
    return out;
  }
  const Graph graph(boost::edges_are_unsorted_multi_pass, edges.begin(), edges.end(), n);
  const std::size_t count = boost::strong_components(
      graph,
      boost::make_iterator_property_map(out.component.begin(), boost::get(boost::vertex_index, graph)));
  out.offset.assign(count + 1, 0);
  for (std::uint32_t v = 0; v < n; ++v) ++out.offset[out.component[v] + 1];
  for (std::size_t k = 0; k < count; ++k) out.offset[k + 1] += out.offset[k];
  out.order.resize(n);
  std::vector<std::uint32_t> next(out.offset.begin(), out.offset.end() - 1);
  for (std::uint32_t v = 0; v < n; ++v) out.order[next[out.component[v]]++] = v;
  return out;
}

}  // namespace sgplan::mdp
