#include "models/pig/pig_kind.hpp"

namespace sgplan::models::pig {

PigConfig load_pig_config(const formats::YamlDocument& doc) {
  const YAML::Node& root = doc.root();
  doc.check_keys(root, {"model", "description", "goal", "die"}, "a pig model");
  PigConfig config;
  if (const YAML::Node g = root["goal"]) {
    config.goal = static_cast<std::uint32_t>(doc.integer(g, "the goal", 1, PigGame::kMaxGoal));
  }
  if (const YAML::Node d = root["die"]) {
    config.die =
        static_cast<std::uint32_t>(doc.integer(d, "the number of faces of the die", 2, PigGame::kMaxDie));
  }
  return config;
}

PigModel make_pig_model(PigConfig config) {
  PigGame game(config);
  GameFacts facts;
  facts.kind = "pig";
  facts.default_method = "topological";
  facts.reachable_lower_bound = game.reachable_lower_bound();
  facts.unbounded_search_refusal =
      "Pig has plays of any length: tree search needs --horizon K (the value is then the "
      "probability of winning within K steps); the default method solves it exactly";
  return PigModel(std::move(game), std::move(facts));
}

ModelKind pig_kind() {
  return yaml_game_kind("pig", "the dice game Pig for two players: roll or hold, first to the goal wins",
                        {.tree_search = true, .report = true, .default_method = "topological"},
                        load_pig_config, make_pig_model);
}

}  // namespace sgplan::models::pig
