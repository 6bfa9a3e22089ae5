#include "models/nim_model.hpp"

#include <stdexcept>

#include "models/model_tree_search.hpp"

namespace sgplan::models {

NimConfig load_nim_config(const YamlDocument& doc) {
  const YAML::Node& root = doc.root();
  doc.check_keys(root, {"model", "description", "heaps", "convention"}, "a nim model");
  NimConfig config;
  const YAML::Node heaps = doc.required(root, "heaps", "a nim model");
  if (!heaps.IsSequence()) doc.fail(heaps, "expected heaps as a list of counter counts, e.g. [3, 4, 5]");
  for (const YAML::Node& h : heaps)
    config.heaps.push_back(static_cast<std::uint32_t>(doc.integer(h, "a heap size", 0, 1000)));
  if (config.heaps.empty()) doc.fail(heaps, "expected at least one heap");
  if (config.heaps.size() > NimGame::kMaxHeaps) {
    doc.fail(heaps, "expected at most " + std::to_string(NimGame::kMaxHeaps) + " heaps, found " +
                        std::to_string(config.heaps.size()));
  }
  if (const YAML::Node c = root["convention"])
    config.misere = doc.one_of(c, {"normal", "misere"}, "convention") == "misere";
  try {
    NimGame check(config);
  } catch (const std::invalid_argument& e) {
    doc.fail(heaps, e.what());
  }
  return config;
}

mdp::BuiltGraph NimModel::build(const mdp::BuildOptions& options) const {
  check_state_lower_bound(reachable_lower_bound(), options);
  return mdp::build_graph(game_, options);
}

std::string NimModel::state_name(const mdp::BuiltGraph& built, mdp::StateIndex s) const {
  return game_.describe(built.packed[s]);
}

std::optional<TreeSearchResult> NimModel::tree_search(const TreeSearchRequest& request) const {
  return search_implicit_model(game_, request);
}

}  // namespace sgplan::models
