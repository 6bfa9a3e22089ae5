// Building a GameTree node by node in prefix order: the order in which a Gambit .efg file lists
// its nodes, and the order every loader produces. Each added node becomes the next child of the
// deepest node that still misses children; the tree is complete when no node misses any.
//
// Declarations come first: information sets, chance events and outcomes, each with its file
// number (unique per owner), name and actions. The builder checks the size limits as nodes arrive
// (ResourceError naming --max-nodes / --max-depth, before the node is stored); loaders that know
// the final size in advance check it before they start. Everything else the builder checks is a
// loader bug (std::logic_error): loaders validate user input themselves, with file positions.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "models/extensive_form/efg_namespace.hpp"
#include "models/extensive_form/game_tree.hpp"

namespace sgplan::models::extensive_form {

struct TreeLimits {
  std::uint64_t max_nodes = 5'000'000;  // --max-nodes
  std::uint64_t max_depth = 1'000'000;  // --max-depth
};

class GameTreeBuilder {
 public:
  explicit GameTreeBuilder(std::vector<std::string> player_names, TreeLimits limits = {});

  void set_title(std::string title) { tree_.title_ = std::move(title); }
  void set_comment(std::string comment) { tree_.comment_ = std::move(comment); }
  // Reserves room for n nodes (after a limit check).
  void reserve_nodes(std::uint64_t n);

  InfosetId add_infoset(PlayerId player, std::uint32_t number, std::string name,
                        std::vector<std::string> actions);
  std::uint32_t add_chance_event(std::uint32_t number, std::string name, std::vector<std::string> actions,
                                 std::vector<Rational> probabilities);
  std::uint32_t add_outcome(std::uint32_t number, std::string name, std::vector<Rational> payoffs);

  NodeId add_decision(InfosetId infoset, std::uint32_t outcome = kNone, std::string name = {});
  NodeId add_chance(std::uint32_t event, std::uint32_t outcome = kNone, std::string name = {});
  NodeId add_terminal(std::uint32_t outcome = kNone, std::string name = {});

  std::size_t num_nodes() const { return tree_.kind_.size(); }
  std::size_t num_players() const { return tree_.players_.size(); }
  const Infoset& infoset(InfosetId h) const { return tree_.infosets_[h]; }
  const ChanceEvent& chance_event(std::uint32_t e) const { return tree_.events_[e]; }
  const Outcome& outcome(std::uint32_t o) const { return tree_.outcomes_[o]; }
  bool complete() const { return !tree_.kind_.empty() && open_.empty(); }
  // The deepest node still missing children, and how many it misses (complete() is false).
  NodeId open_node() const { return open_.empty() ? kNone : open_.back().node; }
  std::uint32_t missing_children() const { return open_.empty() ? 0 : open_.back().missing; }

  // Computes children, subtree ranges, labels and terminal payoffs; the builder is spent.
  GameTree finalize();

 private:
  NodeId add_node(NodeKind kind, std::uint32_t set, std::uint32_t children, std::uint32_t outcome,
                  std::string name);

  struct Open {
    NodeId node;
    std::uint32_t next_action;
    std::uint32_t missing;
  };
  GameTree tree_;
  TreeLimits limits_;
  std::vector<Open> open_;
  bool any_name_ = false;
};

}  // namespace sgplan::models::extensive_form
