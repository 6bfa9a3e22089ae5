#include "models/formula/formula_kind.hpp"

#include <limits>

namespace sgplan::models::formula {

FormulaGameConfig load_formula_game_config(const formats::YamlDocument& doc) {
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

FormulaGameCounts formula_game_counts(const FormulaGame& game) {
  return count_formula_game(game.variables(), game.config().flips);
}

FormulaGameModel make_formula_game_model(FormulaGameConfig config) {
  FormulaGame game(std::move(config));
  GameFacts facts;
  facts.kind = "formula-game";
  const bool flips = game.config().flips;
  facts.default_method = flips ? "retrograde" : "alphabeta";
  facts.acyclic = !flips || game.variables() <= 2;
  facts.infinite_play = game.config().infinite_play;
  // Exact, from the closed form (formula_count.hpp); saturates at 2^64 - 1.
  const BigInt states = formula_game_counts(game).reachable_states;
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  facts.reachable_lower_bound = states > kMax ? kMax : static_cast<std::uint64_t>(states);
  if (!facts.acyclic) {
    facts.unbounded_search_refusal =
        "with flips the formula game has infinite plays: tree search needs --horizon K, or use "
        "--method retrograde";
  }
  return FormulaGameModel(std::move(game), std::move(facts));
}

ModelKind formula_game_kind() {
  return yaml_game_kind(
      "formula-game", "two players assign a Boolean formula's variables; A wins if it comes out true",
      {.tree_search = true, .count = true, .default_method = "alphabeta (retrograde with flips)"},
      load_formula_game_config, make_formula_game_model);
}

}  // namespace sgplan::models::formula
