#include "search/game_tree.hpp"

#include <algorithm>
#include <stdexcept>

namespace sgplan::search {

GameTree::NodeId GameTree::add_root(Owner owner, double utility) {
  if (!owner_.empty()) throw std::logic_error("GameTree: the root exists already");
  owner_.push_back(owner);
  utility_.push_back(utility);
  probability_.push_back(1.0);
  first_child_.push_back(0);
  child_count_.push_back(0);
  return 0;
}

GameTree::NodeId GameTree::add_children(NodeId parent, std::uint32_t count, Owner owner) {
  if (parent >= owner_.size() || child_count_[parent] != 0) {
    throw std::logic_error("GameTree: children added twice, or to a missing node");
  }
  const auto first = static_cast<NodeId>(owner_.size());
  first_child_[parent] = first;
  child_count_[parent] = count;
  for (std::uint32_t i = 0; i < count; ++i) {
    owner_.push_back(owner);
    utility_.push_back(0.0);
    probability_.push_back(1.0 / count);
    first_child_.push_back(0);
    child_count_.push_back(0);
  }
  return first;
}

std::size_t GameTree::count_leaves() const {
  return static_cast<std::size_t>(std::count(child_count_.begin(), child_count_.end(), 0u));
}

std::vector<double> GameTree::values() const {
  std::vector<double> v(size(), 0.0);
  for (std::size_t k = size(); k-- > 0;) {
    const std::uint32_t count = child_count_[k];
    if (count == 0) {
      v[k] = utility_[k];
      continue;
    }
    const NodeId first = first_child_[k];
    double acc = owner_[k] == Owner::Chance ? 0.0 : v[first];
    for (NodeId c = first; c < first + count; ++c) {
      switch (owner_[k]) {
        case Owner::Max:
          acc = std::max(acc, v[c]);
          break;
        case Owner::Min:
          acc = std::min(acc, v[c]);
          break;
        default:
          acc += probability_[c] * v[c];
          break;
      }
    }
    v[k] = acc;
  }
  return v;
}

void TreeGame::legal_moves(std::vector<Move>& moves) const {
  moves.clear();
  const Move n = path_.back();
  const Move first = tree_->first_child(n);
  for (Move c = first; c < first + tree_->child_count(n); ++c) moves.push_back(c);
}

void TreeGame::chance_outcomes(std::vector<ChanceOutcome<Move>>& outcomes) const {
  outcomes.clear();
  const Move n = path_.back();
  const Move first = tree_->first_child(n);
  for (Move c = first; c < first + tree_->child_count(n); ++c) outcomes.push_back({tree_->probability(c), c});
}

}  // namespace sgplan::search
