#include "models/graph_model.hpp"

#include "core/errors.hpp"

namespace sgplan::models {

std::string GraphModel::state_name(const mdp::BuiltGraph& built, mdp::StateIndex s) const {
  return built.graph.state_display_name(s);
}

std::string GraphModel::render(const mdp::BuiltGraph&, const mdp::Solution&, mdp::StateIndex) const {
  return {};
}

std::optional<PartialSearchResult> GraphModel::search_from_start(const mdp::BrtdpOptions&) const {
  return std::nullopt;
}

std::optional<TreeSearchResult> GraphModel::tree_search(const TreeSearchRequest&) const {
  return std::nullopt;
}

std::vector<ReportTable> GraphModel::report(const mdp::BuiltGraph&, const mdp::Solution&) const {
  return {};
}

void check_state_lower_bound(std::uint64_t at_least, const mdp::BuildOptions& options) {
  if (at_least > options.max_states) {
    throw ResourceError("state limit: the model has at least " + std::to_string(at_least) +
                        " reachable states (known before building), more than the limit of " +
                        std::to_string(options.max_states) + " (raise it with " + options.limit_flag + ")");
  }
}

}  // namespace sgplan::models
