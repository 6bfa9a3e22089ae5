// A player's sequences and the perfect-recall check.
//
// The sequence of player i at a node is the list of i's own moves (information set, action) on the
// path from the root to that node (the sequence form of Koller, Megiddo & von Stengel 1994 and
// von Stengel 1996). Sequences are interned into a trie: sequence 0 is the empty one, and every
// other sequence s extends parent(s) by the move (infoset(s), action(s)); a parent's id is smaller
// than its children's, so one pass in id order is a top-down pass. The moves of one visit to a
// set are allocated together: the sequences of (s, h, a) for all actions a of h are consecutive.
//
// Perfect recall (Kuhn 1953): player i has perfect recall when all nodes of each of i's
// information sets have the same sequence of i. This also excludes absent-mindedness (Piccione &
// Rubinstein 1997): if a set's node lies below another node of the same set, the lower node's
// sequence contains a move at that set and the upper node's does not. Under perfect recall each
// information set h has a unique parent sequence, and the sequence "(parent of h) + (h, a)" is
// unique for each move: move_sequence(h, a).
//
// The trie is built for every player, with or without perfect recall: realization probabilities
// (realization.hpp) are computed on it in both cases, which is what lets the tests show
// numerically why the conversions are refused without perfect recall.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "models/extensive_form/efg_namespace.hpp"
#include "models/extensive_form/game_tree.hpp"

namespace sgplan::models::extensive_form {

struct RecallViolation {
  InfosetId infoset = kNone;
  NodeId first = kNone;   // a node of the set
  NodeId second = kNone;  // a node of the same set with a different own history
  bool absent_minded = false;
  std::string message;  // in words, naming the set, the nodes' paths and what differs
};

class PlayerSequences {
 public:
  PlayerId player() const { return player_; }
  std::size_t size() const { return parent_.size(); }
  std::uint32_t parent(std::uint32_t s) const { return parent_[s]; }
  InfosetId infoset(std::uint32_t s) const { return infoset_[s]; }  // kNone for the empty sequence
  std::uint32_t action(std::uint32_t s) const { return action_[s]; }
  // The player's sequence on the path to terminal history t.
  std::uint32_t terminal_sequence(std::size_t t) const { return terminal_sequence_[t]; }
  // The distinct sequences of the nodes of the player's k-th information set (one under perfect
  // recall), in order of first appearance.
  const std::vector<std::uint32_t>& infoset_sequences(std::uint32_t k) const { return infoset_sequences_[k]; }

  bool perfect_recall() const { return !violation_.has_value(); }
  const std::optional<RecallViolation>& violation() const { return violation_; }
  // Perfect recall only: the sequence that extends the parent sequence of the k-th information
  // set by its action a.
  std::uint32_t move_sequence(std::uint32_t k, std::uint32_t a) const;
  // Perfect recall only: the move that the parent sequence of the k-th set ends with, as (index of
  // its set in the player's list, action), or (kNone, kNone) when the parent sequence is empty.
  // A set's parent set comes earlier in the player's list.
  std::uint32_t parent_set(std::uint32_t k) const { return parent_set_[k]; }
  std::uint32_t parent_action(std::uint32_t k) const { return parent_action_[k]; }
  // Whether some pure plan of the player follows sequence s: false when s visits one information
  // set twice with different actions (possible only for an absent-minded player).
  bool feasible(std::uint32_t s) const { return feasible_[s] != 0; }

 private:
  friend std::vector<PlayerSequences> compute_sequences(const GameTree& tree);
  PlayerId player_ = 0;
  std::vector<std::uint32_t> parent_, infoset_, action_;
  std::vector<std::uint32_t> terminal_sequence_;
  std::vector<std::vector<std::uint32_t>> infoset_sequences_;
  std::vector<std::uint32_t> first_move_sequence_;  // per local set: the sequence of (parent, h, 0)
  std::vector<std::uint32_t> parent_set_, parent_action_;
  std::vector<std::uint8_t> feasible_;
  std::optional<RecallViolation> violation_;
};

// The sequences of every player, in one top-down pass over the tree.
std::vector<PlayerSequences> compute_sequences(const GameTree& tree);

// "Player 1:R, Player 1:r": a sequence in words ("(nothing)" when empty).
std::string describe_sequence(const GameTree& tree, const PlayerSequences& seqs, std::uint32_t s);

}  // namespace sgplan::models::extensive_form
