#include "models/graph_model.hpp"

namespace sgplan::models {

std::string GraphModel::state_name(const mdp::BuiltGraph& built, mdp::StateIndex s) const {
  return built.graph.state_display_name(s);
}

std::string GraphModel::render(const mdp::BuiltGraph&, const mdp::Solution&, mdp::StateIndex) const {
  return {};
}

std::optional<TreeSearchResult> GraphModel::tree_search(std::uint32_t) const {
  return std::nullopt;
}

}  // namespace sgplan::models
