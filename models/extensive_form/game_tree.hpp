// A finite game in extensive form (Kuhn 1953): a rooted tree of decision nodes, each owned by a
// player and placed in an information set; chance nodes, each an instance of a chance event with
// fixed action probabilities; and terminal nodes. The vocabulary is that of Gambit's .efg format
// (players, information sets and chance events numbered per owner, outcomes on any node).
//
// Invariants, established by GameTreeBuilder::finalize() and kept because the type is immutable:
// - Nodes are numbered in prefix (depth-first, left-to-right) order: the root is node 0, a parent
//   precedes its children, and the subtree of n is the range [n, subtree_end(n)). Every pass over
//   the tree is a loop over this order (top-down) or its reverse (bottom-up): no recursion, so
//   the depth of a tree is limited by memory, not by the call stack.
// - A decision node has one child per action of its information set, in the action order; a
//   chance node one per action of its event; a terminal node none.
// - An information set belongs to one player, has at least one action and at least one node, and
//   a label that is unique among that player's sets (the labelling rule is in labels.hpp).
// - Outcomes (one payoff per player) may sit on any node; the payoff of a terminal history is the
//   sum of the outcomes on its path, root and terminal node included (Gambit's convention).
// - Chance probabilities are exact, each >= 0, and sum to 1 within 1e-9 per event.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "models/extensive_form/efg_namespace.hpp"
#include "models/extensive_form/number.hpp"

namespace sgplan::models::extensive_form {

using NodeId = std::uint32_t;
using InfosetId = std::uint32_t;  // index into GameTree::infosets(), all players together
using PlayerId = std::uint32_t;   // 0-based; files number players from 1
inline constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

enum class NodeKind : std::uint8_t { Decision, Chance, Terminal };

struct Player {
  std::string name;                 // as written (may be empty or repeated in a Gambit file)
  std::string key;                  // unique: the name, or "#k" (1-based) when the name is not usable
  std::vector<InfosetId> infosets;  // the player's information sets, in order of first appearance
};

struct Infoset {
  PlayerId player = 0;
  std::uint32_t number = 0;              // the file's number, unique for the player
  std::uint32_t index_in_player = 0;     // position in Player::infosets
  std::string name;                      // as written (may be empty or repeated)
  std::string label;                     // stable and unique for the player (labels.hpp)
  std::vector<std::string> actions;      // as written
  std::vector<std::string> action_keys;  // unique within the set: the name, or "#k"
  std::vector<NodeId> nodes;             // in prefix order
};

struct ChanceEvent {
  std::uint32_t number = 0;
  std::string name;
  std::vector<std::string> actions;
  std::vector<std::string> action_keys;
  std::vector<Rational> probabilities;
  std::vector<NodeId> nodes;
};

struct Outcome {
  std::uint32_t number = 0;  // the file's number (>= 1)
  std::string name;
  std::vector<Rational> payoffs;  // one per player
};

class GameTreeBuilder;

class GameTree {
 public:
  const std::string& title() const { return title_; }
  const std::string& comment() const { return comment_; }

  std::size_t num_players() const { return players_.size(); }
  const std::vector<Player>& players() const { return players_; }
  const Player& player(PlayerId p) const { return players_[p]; }
  // A player by key or name ("#2" or "Bob"); nullopt when absent or ambiguous.
  std::optional<PlayerId> find_player(std::string_view key_or_name) const;

  std::size_t num_nodes() const { return kind_.size(); }
  std::size_t num_decision_nodes() const { return decision_nodes_; }
  std::size_t num_chance_nodes() const { return chance_nodes_; }
  NodeKind kind(NodeId n) const { return kind_[n]; }
  NodeId parent(NodeId n) const { return parent_[n]; }
  // The index of the action at the parent that leads to n (kNone for the root).
  std::uint32_t incoming_action(NodeId n) const { return incoming_action_[n]; }
  std::span<const NodeId> children(NodeId n) const {
    return {children_.data() + child_begin_[n], children_.data() + child_begin_[n + 1]};
  }
  NodeId child(NodeId n, std::uint32_t action) const { return children_[child_begin_[n] + action]; }
  NodeId subtree_end(NodeId n) const { return subtree_end_[n]; }
  std::uint32_t depth(NodeId n) const { return depth_[n]; }
  std::uint32_t max_depth() const { return max_depth_; }
  // Decision nodes: the information set; chance nodes: the chance event.
  InfosetId infoset(NodeId n) const { return set_[n]; }
  std::uint32_t chance_event(NodeId n) const { return set_[n]; }
  PlayerId owner(NodeId n) const { return infosets_[set_[n]].player; }
  // Index into outcomes(), or kNone.
  std::uint32_t outcome(NodeId n) const { return outcome_[n]; }
  const std::string& node_name(NodeId n) const;

  const std::vector<Infoset>& infosets() const { return infosets_; }
  const Infoset& infoset_data(InfosetId h) const { return infosets_[h]; }
  std::optional<InfosetId> find_infoset(PlayerId p, std::string_view label) const;
  const std::vector<ChanceEvent>& chance_events() const { return events_; }
  const std::vector<Outcome>& outcomes() const { return outcomes_; }

  // Terminal histories, in prefix order.
  std::size_t num_terminals() const { return terminals_.size(); }
  NodeId terminal_node(std::size_t t) const { return terminals_[t]; }
  std::uint32_t terminal_index(NodeId n) const { return terminal_index_[n]; }
  // The payoff of terminal history t: the exact sum of the outcomes on its path.
  std::span<const Rational> terminal_payoffs(std::size_t t) const {
    return {terminal_payoffs_.data() + t * players_.size(), players_.size()};
  }

  // Every information set is a single node (chance nodes allowed).
  bool perfect_information() const;

 private:
  friend class GameTreeBuilder;
  GameTree() = default;

  std::string title_, comment_;
  std::vector<Player> players_;
  std::vector<NodeKind> kind_;
  std::vector<NodeId> parent_;
  std::vector<std::uint32_t> incoming_action_;
  std::vector<std::uint32_t> child_begin_;
  std::vector<NodeId> children_;
  std::vector<NodeId> subtree_end_;
  std::vector<std::uint32_t> depth_;
  std::vector<std::uint32_t> set_;
  std::vector<std::uint32_t> outcome_;
  std::vector<std::string> node_names_;  // empty when no node has a name
  std::vector<Infoset> infosets_;
  std::vector<std::unordered_map<std::string, InfosetId>> infoset_by_label_;  // per player
  std::vector<ChanceEvent> events_;
  std::vector<Outcome> outcomes_;
  std::vector<NodeId> terminals_;
  std::vector<std::uint32_t> terminal_index_;  // per node; kNone for non-terminals
  std::vector<Rational> terminal_payoffs_;     // terminals x players
  std::size_t decision_nodes_ = 0, chance_nodes_ = 0;
  std::uint32_t max_depth_ = 0;
};

// The first terminal node (in prefix order) whose payoff, for some player, is beyond the range of
// a double (fits_double is false), or kNone. Each outcome may fit while their sum along a path does
// not; loaders report the node.
NodeId first_payoff_beyond_double(const GameTree& tree);

// The moves on the path from the root to n, as (parent node, action index) pairs, root first.
std::vector<std::pair<NodeId, std::uint32_t>> path_to(const GameTree& tree, NodeId n);

// "Alice:Bet", "chance:King": one move of a path in words.
std::string describe_move(const GameTree& tree, NodeId parent, std::uint32_t action);

}  // namespace sgplan::models::extensive_form
