// `model: game-tree` — a general game tree written as nested YAML (schema in
// models/extensive_form/README-schema.md):
//
//   model: game-tree
//   title: Stripped-down poker            # optional; also `comment`
//   players: [Alice, Bob]
//   root:
//     chance: {King: 1/2, Queen: 1/2}     # a chance node: actions with probabilities, in order
//     moves:                              # one child per action, same keys in the same order
//       King:
//         player: Alice                   # a decision node
//         infoset: Alice has King         # optional label; nodes with one label share the set
//         moves:
//           Bet: {player: Bob, infoset: Bob's response, moves: {Call: {payoff: [2, -2]}, Fold: {payoff: [1,
//           -1]}}} Fold: {payoff: [-1, 1]}       # a leaf: one payoff per player
//       Queen: ...
//
// Payoffs may also sit on inner nodes and add up along the path; `name` names a node and
// `outcome` names its payoff. A decision node without `infoset` is a set of its own, labelled
// "<player>:<number>". Every node of a set must offer the same actions in the same order. YAML
// anchors and aliases (&x, *x) reuse subtrees. Every error names file:line:col.
#pragma once

#include "models/extensive_form/efg_namespace.hpp"
#include "models/extensive_form/game_tree.hpp"
#include "models/extensive_form/game_tree_builder.hpp"
#include "models/formats/yaml_support.hpp"

namespace sgplan::models::extensive_form {

efg::GameTree load_game_tree_yaml(const formats::YamlDocument& doc, const efg::TreeLimits& limits = {});

}  // namespace sgplan::models::extensive_form
