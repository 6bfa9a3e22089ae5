#include "mdp/graph_adapter.hpp"

#include <boost/graph/strong_components.hpp>
#include <boost/property_map/property_map.hpp>

namespace sgplan::mdp {

SccFinder::SccFinder(std::size_t num_states)
    : component_(num_states), root_(num_states), discover_time_(num_states), color_(num_states) {}

std::size_t SccFinder::run(const GraphView& view) {
  auto index = boost::identity_property_map();
  return boost::strong_components(
      view, boost::make_iterator_property_map(component_.begin(), index),
      boost::root_map(boost::make_iterator_property_map(root_.begin(), index))
          .discover_time_map(boost::make_iterator_property_map(discover_time_.begin(), index))
          .color_map(boost::make_iterator_property_map(color_.begin(), index))
          .vertex_index_map(index));
}

}  // namespace sgplan::mdp
