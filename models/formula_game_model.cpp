#include "models/formula_game_model.hpp"

#include <limits>
#include <stdexcept>

#include "models/model_tree_search.hpp"

namespace sgplan::models {

FormulaGameConfig load_formula_game_config(const YamlDocument& doc) {
  const YAML::Node& root = doc.root();
  const char* what = "a formula-game model";
  doc.check_keys(root, {"model", "description", "variables", "formula", "flips", "infinite_play"}, what);
  FormulaGameConfig config;
  config.variables = static_cast<std::uint32_t>(doc.integer(
      doc.required(root, "variables", what), "the number of variables", 1, FormulaGame::kMaxVariables));
  const YAML::Node formula = doc.required(root, "formula", what);
  config.formula_text = doc.scalar(formula, "a formula");
  try {
    config.formula = Formula::parse(config.formula_text, config.variables);
  } catch (const FormulaSyntaxError& e) {
    throw InputError(doc.where_in_scalar(formula, e.offset()), std::string("formula: ") + e.what());
  }
  if (const YAML::Node f = root["flips"]) config.flips = doc.boolean(f, "flips");
  if (const YAML::Node rule = root["infinite_play"]) {
    const std::string text = doc.one_of(rule, {"draw", "a-wins", "b-wins"}, "infinite_play");
    if (!config.flips)
      doc.fail(rule, "infinite_play applies only with flips: true (without flips every play ends)");
    config.infinite_play = text == "draw"     ? mdp::InfinitePlay::Draw
                           : text == "a-wins" ? mdp::InfinitePlay::MaxWins
                                              : mdp::InfinitePlay::MinWins;
  }
  return config;
}

std::uint64_t FormulaGameModel::reachable_lower_bound() const {
  const BigInt states = counts().reachable_states;
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  return states > kMax ? kMax : static_cast<std::uint64_t>(states);
}

mdp::BuiltGraph FormulaGameModel::build(const mdp::BuildOptions& options) const {
  check_state_lower_bound(reachable_lower_bound(), options);
  return mdp::build_graph(game_, options);
}

std::string FormulaGameModel::state_name(const mdp::BuiltGraph& built, mdp::StateIndex s) const {
  return game_.describe(game_.unpack(built.packed[s]));
}

std::optional<TreeSearchResult> FormulaGameModel::tree_search(const TreeSearchRequest& request) const {
  if (!acyclic() && request.depth == search::kNoDepthLimit) {
    throw InputError(
        "with flips the formula game has infinite plays: tree search needs --horizon K, or use "
        "--method retrograde");
  }
  return search_implicit_model(game_, request);
}

}  // namespace sgplan::models
