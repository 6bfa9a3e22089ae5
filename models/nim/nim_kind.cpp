#include "models/nim/nim_kind.hpp"

#include <stdexcept>

namespace sgplan::models::nim {

NimConfig load_nim_config(const formats::YamlDocument& doc) {
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

NimModel make_nim_model(NimConfig config) {
  NimGame game(std::move(config));
  GameFacts facts;
  facts.kind = "nim";
  facts.default_method = "alphabeta";
  facts.acyclic = true;
  facts.infinite_play = mdp::InfinitePlay::Draw;
  // Every heap vector below the initial one is reachable (with one player or the other to move).
  facts.reachable_lower_bound = game.packed_bound() / 2;
  return NimModel(std::move(game), std::move(facts));
}

ModelKind nim_kind() {
  return yaml_game_kind("nim", "Nim on up to 32 heaps, normal or misere play",
                        {.tree_search = true, .default_method = "alphabeta"}, load_nim_config,
                        make_nim_model);
}

}  // namespace sgplan::models::nim
