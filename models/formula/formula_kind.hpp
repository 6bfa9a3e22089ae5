// `model: formula-game` in the registry (models/registry.hpp): the YAML reading and the facts of
// the formula game (formula_game.hpp), and its counts for `sgplan count` (formula_count.hpp).
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

#include "models/formats/yaml_support.hpp"
#include "models/formula/formula_count.hpp"
#include "models/formula/formula_game.hpp"
#include "models/implicit_graph_model.hpp"
#include "models/model_kind.hpp"

namespace sgplan::models::formula {

FormulaGameConfig load_formula_game_config(const formats::YamlDocument& doc);

using FormulaGameModel = ImplicitGraphModel<FormulaGame>;
FormulaGameModel make_formula_game_model(FormulaGameConfig config);

// The game's sizes in closed form, for `sgplan count`.
FormulaGameCounts formula_game_counts(const FormulaGame& game);

ModelKind formula_game_kind();

}  // namespace sgplan::models::formula
