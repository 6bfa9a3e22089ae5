// Backward induction (Zermelo 1913; Kuhn 1953; Selten 1965's subgame perfection) for games of
// perfect information: every information set is a single node (chance nodes are allowed). Going
// bottom-up, each node's value is its own outcome plus: at a terminal, nothing; at a chance node,
// the probability-weighted sum of its children's values; at a decision node, the value of the
// child that is best for the node's owner. The chosen actions form a subgame-perfect equilibrium
// in pure strategies, and the root's value is its payoff vector.
//
// Ties are broken towards the first listed action, and every node where several actions are
// optimal is reported, since another choice there gives another subgame-perfect equilibrium
// (possibly with other payoffs for the other players). Arithmetic is exact.
#pragma once

#include <vector>

#include "models/extensive_form/efg_namespace.hpp"
#include "models/extensive_form/game_tree.hpp"
#include "models/extensive_form/plans.hpp"

namespace sgplan::models::extensive_form {

struct SubgamePerfectEquilibrium {
  std::vector<PurePlan> plans;  // per player: an action at every one of its sets
  std::vector<Rational> value;  // per player: the expected payoff at the root
  std::vector<InfosetId> ties;  // sets where more than one action is optimal
};

// InputError when the game is not of perfect information (naming a set with two nodes).
SubgamePerfectEquilibrium backward_induction(const GameTree& tree);

}  // namespace sgplan::models::extensive_form
