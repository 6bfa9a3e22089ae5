// `model: repeated-game` — a stage game repeated for a number of rounds, compiled into a game tree
// (models/extensive_form/repeated_game.hpp):
//
//   model: repeated-game
//   rounds: 2
//   players: [row, column]
//   actions: {row: [C, D], column: [C, D]}
//   payoffs:                 # stage payoffs, one per player; totals over the rounds at the leaves
//     C C: [3, 3]
//     C D: [0, 4]
//     D C: [4, 0]
//     D D: [1, 1]
//   discount: 1              # optional, in (0, 1]: round r counts discount^(r-1)
//   title: ...               # optional
//
// Any number of players (each moves in turn within a round, unseen by the later movers of that
// round), actions per player (stage games need not be square) and rounds, within the node limit,
// which is checked before the tree is built. A payoff key lists one action per player in player
// order, separated by spaces; every joint action needs exactly one entry. Action names may not
// contain spaces or the characters , ; [ ] that the information-set labels use.
#pragma once

#include "models/extensive_form/efg_namespace.hpp"
#include "models/extensive_form/game_tree.hpp"
#include "models/extensive_form/game_tree_builder.hpp"
#include "models/extensive_form/repeated_game.hpp"
#include "models/formats/yaml_support.hpp"

namespace sgplan::models::extensive_form {

efg::RepeatedGameSpec read_repeated_game_spec(const formats::YamlDocument& doc);
efg::GameTree load_repeated_game(const formats::YamlDocument& doc, const efg::TreeLimits& limits = {});

}  // namespace sgplan::models::extensive_form
