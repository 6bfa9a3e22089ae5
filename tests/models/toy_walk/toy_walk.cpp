#include "tests/models/toy_walk/toy_walk.hpp"

#include <cstdlib>

#include "models/formats/yaml_support.hpp"

namespace sgplan::toy_walk {

std::string render_state(const ToyWalk& game, const mdp::BuiltGraph& built, const mdp::Solution&,
                         mdp::StateIndex s) {
  const std::uint64_t at = built.packed[s];
  std::string line(game.config().length + 1, '.');
  line[at] = '@';
  return line + "\n";
}

namespace {

ToyWalkConfig read_config(const models::formats::YamlDocument& doc) {
  const YAML::Node& root = doc.root();
  doc.check_keys(root, {"model", "length", "start", "coins"}, "a toy-walk model");
  ToyWalkConfig config;
  config.length = static_cast<std::uint32_t>(
      doc.integer(doc.required(root, "length", "a toy-walk model"), "the length", 2, 1000));
  config.start = static_cast<std::uint32_t>(
      doc.integer(doc.required(root, "start", "a toy-walk model"), "the start", 1, config.length - 1));
  const YAML::Node coins = doc.required(root, "coins", "a toy-walk model");
  if (!coins.IsSequence() || coins.size() == 0) doc.fail(coins, "expected a list of heads probabilities");
  config.coins.clear();
  for (const YAML::Node& c : coins) {
    const std::string text = doc.scalar(c, "a heads probability");
    char* end = nullptr;
    const double p = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || *end != '\0' || !(p > 0.0 && p < 1.0))
      doc.fail(c, "expected a heads probability strictly between 0 and 1");
    config.coins.push_back(p);
  }
  return config;
}

}  // namespace

models::ModelKind toy_walk_kind() {
  models::ModelKind kind;
  kind.name = "toy-walk";
  kind.summary = "a walker who picks a coin at every step (the registry test's toy)";
  kind.capabilities.tree_search = true;
  kind.capabilities.render = true;
  kind.capabilities.default_method = "interval";
  kind.load_graph = [](const models::ModelFile& file,
                       const models::LoadOptions&) -> std::unique_ptr<models::GraphModel> {
    ToyWalk game(read_config(file.yaml()));
    models::GameFacts facts;
    facts.kind = "toy-walk";
    facts.reachable_lower_bound = game.config().length + 1;  // every position is reachable
    facts.unbounded_search_refusal = "the toy walk has endless plays: tree search needs --horizon K";
    return std::make_unique<ToyWalkModel>(std::move(game), std::move(facts));
  };
  return kind;
}

}  // namespace sgplan::toy_walk
