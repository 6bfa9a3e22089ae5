#include "models/graph_model.hpp"

namespace sgplan::models {

std::string tree_search_method_list() {
  std::string out;
  for (std::size_t i = 0; i < kTreeSearchMethods.size(); ++i) {
    if (i > 0) out += i + 1 == kTreeSearchMethods.size() ? " or " : ", ";
    out += kTreeSearchMethods[i];
  }
  return out;
}

std::string GraphModel::state_name(const mdp::BuiltGraph& built, mdp::StateIndex s) const {
  return built.graph.state_display_name(s);
}

std::string GraphModel::render(const mdp::BuiltGraph&, const mdp::Solution&, mdp::StateIndex) const {
  return {};
}

std::optional<TreeSearchResult> GraphModel::tree_search(const TreeSearchRequest&) const {
  return std::nullopt;
}

std::vector<ReportTable> GraphModel::report(const mdp::BuiltGraph&, const mdp::Solution&) const {
  return {};
}

}  // namespace sgplan::models
