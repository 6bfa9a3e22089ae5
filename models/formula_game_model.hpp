// `model: formula-game` at the CLI boundary: the YAML loader and the GraphModel wrapper of the
// formula game (formula_game.hpp), and its counts for `sgplan count` (formula_count.hpp).
//
//   model: formula-game
//   variables: 3                   # x1..xn, 1 to 26
//   formula: "(x1 | x2) & !x3"     # & (and), | (or), ! (not), parentheses, true, false
//   flips: false                   # true: a player may flip a variable it assigned itself
//   infinite_play: draw            # with flips: draw | a-wins | b-wins
// A syntax error in the formula is reported at its file:line:col. Without flips the game is
// acyclic and alpha-beta solves it by default; with flips it is cyclic and retrograde analysis
// does.
#pragma once

#include "models/formula_count.hpp"
#include "models/formula_game.hpp"
#include "models/graph_model.hpp"
#include "models/yaml_support.hpp"

namespace sgplan::models {

FormulaGameConfig load_formula_game_config(const YamlDocument& doc);

class FormulaGameModel : public GraphModel {
 public:
  explicit FormulaGameModel(FormulaGameConfig config) : game_(std::move(config)) {}

  std::string kind() const override { return "formula-game"; }
  mdp::BuiltGraph build(const mdp::BuildOptions& options) const override;
  std::string state_name(const mdp::BuiltGraph& built, mdp::StateIndex s) const override;
  std::optional<TreeSearchResult> tree_search(const TreeSearchRequest& request) const override;
  std::uint64_t state_bound() const override { return game_.packed_bound(); }
  // Exact, from the closed form (formula_count.hpp); saturates at 2^64 - 1.
  std::uint64_t reachable_lower_bound() const override;
  std::string default_method() const override { return game_.config().flips ? "retrograde" : "alphabeta"; }
  bool acyclic() const override { return !game_.config().flips || game_.variables() <= 2; }
  std::optional<mdp::InfinitePlay> infinite_play() const override { return game_.config().infinite_play; }

  FormulaGameCounts counts() const { return count_formula_game(game_.variables(), game_.config().flips); }
  const FormulaGame& game() const { return game_; }

 private:
  FormulaGame game_;
};

}  // namespace sgplan::models
