// An explicit game tree, node by node, and a play/undo cursor over it (a Game in the sense of
// game.hpp). The test bed of the tree searchers: Knuth and Moore's uniform trees, random
// expectiminimax trees for Star1 and Star2, and the benchmarks' fixed trees.
//
// Nodes are numbered in creation order; a node's children are consecutive (first_child ..
// first_child + child_count), created after it, so every child has a larger number than its parent
// and one backward pass over the numbers computes every node's value (values()). Chance children
// carry the probability of being drawn; terminal nodes a utility from Max's view.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "search/game.hpp"

namespace sgplan::search {

class GameTree {
 public:
  using NodeId = std::uint32_t;

  NodeId add_root(Owner owner, double utility = 0.0);
  // Appends `count` children of `parent` (which must have none yet), all of one owner; returns the
  // first child's number. Probabilities default to 1/count; utilities to 0.
  NodeId add_children(NodeId parent, std::uint32_t count, Owner owner);
  void set_owner(NodeId n, Owner owner) { owner_[n] = owner; }
  void set_utility(NodeId n, double utility) { utility_[n] = utility; }
  void set_probability(NodeId n, double p) { probability_[n] = p; }

  std::size_t size() const { return owner_.size(); }
  Owner owner(NodeId n) const { return owner_[n]; }
  double utility(NodeId n) const { return utility_[n]; }
  double probability(NodeId n) const { return probability_[n]; }
  NodeId first_child(NodeId n) const { return first_child_[n]; }
  std::uint32_t child_count(NodeId n) const { return child_count_[n]; }
  std::size_t count_leaves() const;

  // Every node's expectiminimax value (minimax without chance), children summed in order.
  std::vector<double> values() const;

 private:
  std::vector<Owner> owner_;
  std::vector<double> utility_;
  std::vector<double> probability_;
  std::vector<NodeId> first_child_;
  std::vector<std::uint32_t> child_count_;
};

// The cursor: the path from the root to the current node. A move is the child's node number.
class TreeGame {
 public:
  using Move = GameTree::NodeId;

  explicit TreeGame(const GameTree& tree) : tree_(&tree), path_{0} {}

  Owner to_move() const {
    const Move n = path_.back();
    return tree_->child_count(n) == 0 ? Owner::Terminal : tree_->owner(n);
  }
  double utility() const { return tree_->utility(path_.back()); }
  void legal_moves(std::vector<Move>& moves) const;
  void chance_outcomes(std::vector<ChanceOutcome<Move>>& outcomes) const;
  void play(const Move& child) { path_.push_back(child); }
  void undo(const Move&) { path_.pop_back(); }
  std::uint64_t hash() const { return path_.back(); }
  std::string describe() const { return "node " + std::to_string(path_.back()); }
  std::string move_name(const Move& m) const { return "to node " + std::to_string(m); }

  Move node() const { return path_.back(); }
  const GameTree& tree() const { return *tree_; }

 private:
  const GameTree* tree_;
  std::vector<Move> path_;
};

}  // namespace sgplan::search
