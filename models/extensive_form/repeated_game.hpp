// A finitely repeated game with perfect monitoring (every player sees all earlier rounds' actions),
// compiled into a game tree.
//
// The stage game is played `rounds` times. Each round is simultaneous: the players move in the
// listed order, and a player's information set hides the moves of the current round (all the
// nodes after the earlier movers' current choices form one set), while everyone sees the whole
// history of earlier rounds. Sets are labelled round1, round2[x,y], round3[x,y;x,y], ...: the
// joint actions of the earlier rounds, each in player order (row's first), rounds separated by
// ';'. A terminal history pays each player the (discounted) sum of its stage payoffs,
// sum over rounds r = 1..R of discount^(r-1) * u(round r's joint action), placed at the leaf.
//
// For two rounds of a 2x2 game: 3 decision nodes in round 1, 4 x 3 in round 2 and 16 leaves, so
// 31 nodes, 16 terminal histories and 5 information sets per player. In general, with stage
// action counts m_1..m_n, M = prod m_k joint actions and D = 1 + m_1 + m_1 m_2 + ... +
// m_1...m_{n-1} decision nodes per round and history, the tree has
// D (1 + M + ... + M^(R-1)) + M^R nodes; that count is checked against the node limit first.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "models/extensive_form/efg_namespace.hpp"
#include "models/extensive_form/game_tree.hpp"
#include "models/extensive_form/game_tree_builder.hpp"

namespace sgplan::models::extensive_form {

struct RepeatedGameSpec {
  std::string title;
  std::vector<std::string> players;
  std::vector<std::vector<std::string>> actions;  // per player, at least one each
  // Per joint action (mixed radix, the first player's action most significant): one payoff per
  // player.
  std::vector<std::vector<Rational>> stage_payoffs;
  std::uint32_t rounds = 1;
  Rational discount = 1;
};

BigInt repeated_game_node_count(const RepeatedGameSpec& spec);

// The label of a round's information sets given the earlier rounds' joint actions (each a list of
// action indices in player order).
std::string repeated_game_label(const RepeatedGameSpec& spec,
                                const std::vector<std::vector<std::uint32_t>>& earlier_rounds);

// ResourceError (naming --max-nodes / --max-depth) before anything is built when too large.
GameTree build_repeated_game(const RepeatedGameSpec& spec, const TreeLimits& limits = {});

}  // namespace sgplan::models::extensive_form
