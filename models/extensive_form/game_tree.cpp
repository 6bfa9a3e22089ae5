#include "models/extensive_form/game_tree.hpp"

#include <algorithm>

namespace sgplan::models::extensive_form {

const std::string& GameTree::node_name(NodeId n) const {
  static const std::string kEmpty;
  return node_names_.empty() ? kEmpty : node_names_[n];
}

std::optional<PlayerId> GameTree::find_player(std::string_view key_or_name) const {
  for (PlayerId p = 0; p < players_.size(); ++p) {
    if (players_[p].key == key_or_name) return p;
  }
  std::optional<PlayerId> found;
  for (PlayerId p = 0; p < players_.size(); ++p) {
    if (players_[p].name == key_or_name) {
      if (found) return std::nullopt;  // ambiguous
      found = p;
    }
  }
  return found;
}

std::optional<InfosetId> GameTree::find_infoset(PlayerId p, std::string_view label) const {
  const auto& map = infoset_by_label_[p];
  auto it = map.find(std::string(label));
  if (it == map.end()) return std::nullopt;
  return it->second;
}

bool GameTree::perfect_information() const {
  return std::all_of(infosets_.begin(), infosets_.end(),
                     [](const Infoset& h) { return h.nodes.size() == 1; });
}

std::vector<std::pair<NodeId, std::uint32_t>> path_to(const GameTree& tree, NodeId n) {
  std::vector<std::pair<NodeId, std::uint32_t>> path;
  while (n != 0) {
    path.emplace_back(tree.parent(n), tree.incoming_action(n));
    n = tree.parent(n);
  }
  std::reverse(path.begin(), path.end());
  return path;
}

std::string describe_move(const GameTree& tree, NodeId parent, std::uint32_t action) {
  if (tree.kind(parent) == NodeKind::Chance) {
    return "chance:" + tree.chance_events()[tree.chance_event(parent)].action_keys[action];
  }
  const Infoset& h = tree.infoset_data(tree.infoset(parent));
  return tree.player(h.player).key + ":" + h.action_keys[action];
}

NodeId first_payoff_beyond_double(const GameTree& tree) {
  for (std::size_t t = 0; t < tree.num_terminals(); ++t) {
    for (const Rational& payoff : tree.terminal_payoffs(t)) {
      if (!fits_double(payoff)) return tree.terminal_node(t);
    }
  }
  return kNone;
}

}  // namespace sgplan::models::extensive_form
