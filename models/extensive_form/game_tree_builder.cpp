#include "models/extensive_form/game_tree_builder.hpp"

#include <algorithm>
#include <stdexcept>
#include <unordered_set>

#include "core/errors.hpp"
#include "models/extensive_form/labels.hpp"

namespace sgplan::models::extensive_form {

namespace {

void require(bool condition, const char* what) {
  if (!condition) throw std::logic_error(std::string("GameTreeBuilder: ") + what);
}

}  // namespace

GameTreeBuilder::GameTreeBuilder(std::vector<std::string> player_names, TreeLimits limits) : limits_(limits) {
  tree_.players_.resize(player_names.size());
  for (std::size_t p = 0; p < player_names.size(); ++p) tree_.players_[p].name = std::move(player_names[p]);
  tree_.infoset_by_label_.resize(tree_.players_.size());
}

void GameTreeBuilder::reserve_nodes(std::uint64_t n) {
  check_limit(n, limits_.max_nodes, "game tree nodes", "--max-nodes");
  tree_.kind_.reserve(n);
  tree_.parent_.reserve(n);
  tree_.incoming_action_.reserve(n);
  tree_.depth_.reserve(n);
  tree_.set_.reserve(n);
  tree_.outcome_.reserve(n);
}

InfosetId GameTreeBuilder::add_infoset(PlayerId player, std::uint32_t number, std::string name,
                                       std::vector<std::string> actions) {
  require(player < tree_.players_.size(), "player out of range");
  require(!actions.empty(), "an information set needs an action");
  Infoset h;
  h.player = player;
  h.number = number;
  h.name = std::move(name);
  h.actions = std::move(actions);
  tree_.infosets_.push_back(std::move(h));
  return static_cast<InfosetId>(tree_.infosets_.size() - 1);
}

std::uint32_t GameTreeBuilder::add_chance_event(std::uint32_t number, std::string name,
                                                std::vector<std::string> actions,
                                                std::vector<Rational> probabilities) {
  require(!actions.empty() && actions.size() == probabilities.size(),
          "chance event actions and probabilities");
  ChanceEvent e;
  e.number = number;
  e.name = std::move(name);
  e.actions = std::move(actions);
  e.probabilities = std::move(probabilities);
  tree_.events_.push_back(std::move(e));
  return static_cast<std::uint32_t>(tree_.events_.size() - 1);
}

std::uint32_t GameTreeBuilder::add_outcome(std::uint32_t number, std::string name,
                                           std::vector<Rational> payoffs) {
  require(payoffs.size() == tree_.players_.size(), "one payoff per player");
  tree_.outcomes_.push_back(Outcome{number, std::move(name), std::move(payoffs)});
  return static_cast<std::uint32_t>(tree_.outcomes_.size() - 1);
}

NodeId GameTreeBuilder::add_decision(InfosetId infoset, std::uint32_t outcome, std::string name) {
  require(infoset < tree_.infosets_.size(), "unknown information set");
  const auto actions = static_cast<std::uint32_t>(tree_.infosets_[infoset].actions.size());
  const NodeId n = add_node(NodeKind::Decision, infoset, actions, outcome, std::move(name));
  tree_.infosets_[infoset].nodes.push_back(n);
  return n;
}

NodeId GameTreeBuilder::add_chance(std::uint32_t event, std::uint32_t outcome, std::string name) {
  require(event < tree_.events_.size(), "unknown chance event");
  const auto actions = static_cast<std::uint32_t>(tree_.events_[event].actions.size());
  const NodeId n = add_node(NodeKind::Chance, event, actions, outcome, std::move(name));
  tree_.events_[event].nodes.push_back(n);
  return n;
}

NodeId GameTreeBuilder::add_terminal(std::uint32_t outcome, std::string name) {
  return add_node(NodeKind::Terminal, kNone, 0, outcome, std::move(name));
}

NodeId GameTreeBuilder::add_node(NodeKind kind, std::uint32_t set, std::uint32_t children,
                                 std::uint32_t outcome, std::string name) {
  require(tree_.kind_.empty() || !open_.empty(), "the tree is already complete");
  require(outcome == kNone || outcome < tree_.outcomes_.size(), "unknown outcome");
  check_limit(tree_.kind_.size() + 1, limits_.max_nodes, "game tree nodes", "--max-nodes");
  if (tree_.kind_.size() + 1 >= kNone) {
    throw ResourceError("game tree nodes: more than " + std::to_string(kNone - 1) +
                        ", the most a game tree can hold (node numbers are 32 bits)");
  }
  const NodeId parent = open_.empty() ? kNone : open_.back().node;
  check_limit(parent == kNone ? 0 : tree_.depth_[parent] + 1, limits_.max_depth, "game tree depth",
              "--max-depth");
  const auto n = static_cast<NodeId>(tree_.kind_.size());
  std::uint32_t action = kNone;
  if (!open_.empty()) {
    Open& top = open_.back();
    action = top.next_action++;
    if (--top.missing == 0) open_.pop_back();
  }
  tree_.kind_.push_back(kind);
  tree_.parent_.push_back(parent);
  tree_.incoming_action_.push_back(action);
  tree_.depth_.push_back(parent == kNone ? 0 : tree_.depth_[parent] + 1);
  tree_.set_.push_back(set);
  tree_.outcome_.push_back(outcome);
  if (!name.empty() && !any_name_) {
    any_name_ = true;
    tree_.node_names_.resize(n);
  }
  if (any_name_) tree_.node_names_.push_back(std::move(name));
  if (children > 0) open_.push_back(Open{n, 0, children});
  return n;
}

// Steps: (1) drop unused declarations' absence is a bug: every set must own a node; (2) renumber
// information sets in order of first appearance; (3) children lists and subtree ranges; (4) keys
// and labels; (5) terminal payoffs as sums of outcomes along each path.
GameTree GameTreeBuilder::finalize() {
  require(complete(), "the tree is incomplete");
  GameTree& t = tree_;
  const std::size_t n_nodes = t.kind_.size();
  const std::size_t n_players = t.players_.size();

  // (1)-(2) Information sets in order of first appearance.
  std::vector<InfosetId> order(t.infosets_.size());
  for (InfosetId h = 0; h < order.size(); ++h) {
    require(!t.infosets_[h].nodes.empty(), "an information set without nodes");
    order[h] = h;
  }
  std::sort(order.begin(), order.end(),
            [&](InfosetId a, InfosetId b) { return t.infosets_[a].nodes[0] < t.infosets_[b].nodes[0]; });
  std::vector<InfosetId> new_id(order.size());
  std::vector<Infoset> sorted;
  sorted.reserve(order.size());
  for (InfosetId i = 0; i < order.size(); ++i) {
    new_id[order[i]] = i;
    sorted.push_back(std::move(t.infosets_[order[i]]));
  }
  t.infosets_ = std::move(sorted);
  for (NodeId n = 0; n < n_nodes; ++n) {
    if (t.kind_[n] == NodeKind::Decision) t.set_[n] = new_id[t.set_[n]];
  }
  {
    std::unordered_set<std::uint32_t> numbers;
    for (const ChanceEvent& e : t.events_) {
      require(!e.nodes.empty(), "a chance event without nodes");
      require(numbers.insert(e.number).second, "chance event numbers must be unique");
    }
    numbers.clear();
    for (const Outcome& o : t.outcomes_)
      require(o.number > 0 && numbers.insert(o.number).second, "outcome numbers");
  }

  // (3) Children (CSR) and subtree ends.
  t.child_begin_.assign(n_nodes + 1, 0);
  for (NodeId n = 1; n < n_nodes; ++n) ++t.child_begin_[t.parent_[n] + 1];
  for (std::size_t n = 0; n < n_nodes; ++n) t.child_begin_[n + 1] += t.child_begin_[n];
  t.children_.assign(n_nodes == 0 ? 0 : n_nodes - 1, 0);
  for (NodeId n = 1; n < n_nodes; ++n) t.children_[t.child_begin_[t.parent_[n]] + t.incoming_action_[n]] = n;
  t.subtree_end_.assign(n_nodes, 0);
  for (std::size_t i = n_nodes; i-- > 0;) {
    const auto n = static_cast<NodeId>(i);
    const auto kids = t.children(n);
    t.subtree_end_[n] = kids.empty() ? n + 1 : t.subtree_end_[kids.back()];
  }
  t.max_depth_ = n_nodes == 0 ? 0 : *std::max_element(t.depth_.begin(), t.depth_.end());

  // (4) Keys and labels.
  {
    std::vector<std::string> names;
    for (const Player& p : t.players_) names.push_back(p.name);
    const auto keys = unique_keys(names);
    for (std::size_t p = 0; p < n_players; ++p) t.players_[p].key = keys[p];
  }
  for (InfosetId h = 0; h < t.infosets_.size(); ++h) {
    Infoset& set = t.infosets_[h];
    set.index_in_player = static_cast<std::uint32_t>(t.players_[set.player].infosets.size());
    t.players_[set.player].infosets.push_back(h);
    set.action_keys = unique_keys(set.actions);
  }
  for (ChanceEvent& e : t.events_) e.action_keys = unique_keys(e.actions);
  for (PlayerId p = 0; p < n_players; ++p) {
    std::vector<std::string> names;
    std::vector<std::uint32_t> numbers;
    std::unordered_set<std::uint32_t> seen;
    for (InfosetId h : t.players_[p].infosets) {
      names.push_back(t.infosets_[h].name);
      numbers.push_back(t.infosets_[h].number);
      require(seen.insert(t.infosets_[h].number).second, "information set numbers must be unique per player");
    }
    const auto labels = infoset_labels(t.players_[p].name, names, numbers);
    for (std::size_t i = 0; i < labels.size(); ++i) {
      const InfosetId h = t.players_[p].infosets[i];
      t.infosets_[h].label = labels[i];
      t.infoset_by_label_[p].emplace(labels[i], h);
    }
  }

  // (5) Terminal histories and their payoffs. Along the current path, sum[d] holds the total of
  // the outcomes down to depth d when the node at depth d has an outcome; at[d] names the depth
  // whose sum is current at depth d (kNone: nothing yet), so nodes without outcomes copy nothing.
  t.terminal_index_.assign(n_nodes, kNone);
  t.terminal_payoffs_.reserve(n_players * (n_nodes / 2 + 1));
  std::vector<std::vector<Rational>> sum(t.max_depth_ + 1, std::vector<Rational>(n_players));
  std::vector<std::uint32_t> at(t.max_depth_ + 1, kNone);
  for (NodeId n = 0; n < n_nodes; ++n) {
    const std::uint32_t d = t.depth_[n];
    const std::uint32_t above = d > 0 ? at[d - 1] : kNone;
    at[d] = above;
    if (t.outcome_[n] != kNone) {
      const auto& pay = t.outcomes_[t.outcome_[n]].payoffs;
      for (std::size_t p = 0; p < n_players; ++p)
        sum[d][p] = above == kNone ? pay[p] : Rational(sum[above][p] + pay[p]);
      at[d] = d;
    }
    switch (t.kind_[n]) {
      case NodeKind::Decision:
        ++t.decision_nodes_;
        break;
      case NodeKind::Chance:
        ++t.chance_nodes_;
        break;
      case NodeKind::Terminal:
        t.terminal_index_[n] = static_cast<std::uint32_t>(t.terminals_.size());
        t.terminals_.push_back(n);
        for (std::size_t p = 0; p < n_players; ++p) {
          t.terminal_payoffs_.push_back(at[d] == kNone ? Rational(0) : sum[at[d]][p]);
        }
        break;
    }
  }
  return std::move(tree_);
}

}  // namespace sgplan::models::extensive_form
