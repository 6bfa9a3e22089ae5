#include "models/extensive_form/game_tree_yaml.hpp"

#include <limits>
#include <map>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "models/formats/position_text.hpp"
#include "models/formats/probability.hpp"

namespace sgplan::models::extensive_form {

namespace {

using sgplan::Rational;

class TreeYamlLoader {
 public:
  TreeYamlLoader(const formats::YamlDocument& doc, const efg::TreeLimits& limits)
      : doc_(doc), limits_(limits) {}

  efg::GameTree load() {
    const YAML::Node& root = doc_.root();
    doc_.check_keys(root, {"model", "title", "comment", "players", "root"}, "a game-tree model");
    std::vector<std::string> players = read_players(doc_.required(root, "players", "a game-tree model"));
    builder_.emplace(players, limits_);
    if (root["title"]) builder_->set_title(doc_.scalar(root["title"], "a title"));
    if (root["comment"]) builder_->set_comment(doc_.scalar(root["comment"], "a comment"));
    players_ = std::move(players);
    next_number_.assign(players_.size(), 1);

    // Aliases (*x) may repeat a subtree many times: 41 levels of anchors, each used twice, unfold
    // a 2 KB file into 2^43 - 1 nodes. The unfolded size is counted first, over the distinct YAML
    // nodes only, so a tree past --max-nodes is refused before the node-by-node build starts.
    const YAML::Node top = doc_.required(root, "root", "a game-tree model");
    check_unfolded_size(top);

    // Prefix order with an explicit stack: a node, then its children left to right.
    std::vector<YAML::Node> stack{top};
    while (!stack.empty()) {
      const YAML::Node node = stack.back();
      stack.pop_back();
      const std::vector<YAML::Node> children = add_node(node);
      const YAML::Mark at = node.Mark();
      node_at_.emplace_back(at.line + 1, at.column + 1);
      for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back(*it);
    }
    efg::GameTree tree = builder_->finalize();
    if (const efg::NodeId n = efg::first_payoff_beyond_double(tree); n != efg::kNone) {
      throw InputError(
          SourceLocation{doc_.file(), node_at_[n].first, node_at_[n].second},
          "the payoff of this leaf (the sum of the payoffs on its path) is beyond the range of a "
          "double (about 1.8e308): a payoff must be finite");
    }
    for (const efg::Infoset& h : tree.infosets()) {
      if (!h.name.empty() && h.label != h.name) {
        doc_.fail(named_.at({h.player, h.name}).where,
                  "information set label '" + h.name + "' of player '" + players_[h.player] +
                      "' collides with the generated label of a set without `infoset`; choose another label");
      }
    }
    return tree;
  }

 private:
  // The children of a tree node as the loader will see them (nothing when `moves` is not a map:
  // the loader reports that).
  static std::vector<YAML::Node> children_of(const YAML::Node& node) {
    std::vector<YAML::Node> out;
    if (!node.IsMap()) return out;
    const YAML::Node moves = node["moves"];
    if (!moves || !moves.IsMap()) return out;
    for (const auto& kv : moves) out.push_back(kv.second);
    return out;
  }

  // Counts the nodes of the unfolded tree: each distinct YAML node once (post-order over an explicit
  // stack, memoized by node identity), saturating at 2^64 - 1. A node reached again while its own
  // subtree is being counted contains itself through an alias: an input error.
  void check_unfolded_size(const YAML::Node& top) {
    constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
    struct Seen {
      YAML::Node node;
      std::uint64_t size;  // the unfolded size, once counted
      bool open;           // its subtree is being counted
    };
    // Keyed by the position in the file: an alias shares its anchor's node, hence its position;
    // distinct nodes at one position are told apart by identity (Node::is).
    std::unordered_multimap<int, Seen> seen;
    auto find = [&](const YAML::Node& node) -> Seen* {
      auto [first, last] = seen.equal_range(node.Mark().pos);
      for (auto it = first; it != last; ++it) {
        if (it->second.node.is(node)) return &it->second;
      }
      return nullptr;
    };
    struct Step {
      YAML::Node node;
      bool children_done;
    };
    std::vector<Step> stack{Step{top, false}};
    while (!stack.empty()) {
      Step step = stack.back();
      stack.pop_back();
      if (step.children_done) {
        std::uint64_t size = 1;
        for (const YAML::Node& child : children_of(step.node)) {
          const std::uint64_t c = find(child)->size;
          size = c > kMax - size ? kMax : size + c;
        }
        Seen* self = find(step.node);
        self->size = size;
        self->open = false;
        continue;
      }
      if (Seen* known = find(step.node)) {
        if (known->open) {
          doc_.fail(step.node,
                    "this node contains itself through a YAML alias (a game tree cannot be cyclic)");
        }
        continue;
      }
      seen.emplace(step.node.Mark().pos, Seen{step.node, 0, true});
      stack.push_back(Step{step.node, true});
      for (const YAML::Node& child : children_of(step.node)) stack.push_back(Step{child, false});
    }
    const std::uint64_t size = find(top)->size;
    if (size > limits_.max_nodes) {
      throw ResourceError(
          "game tree nodes: the tree unfolds (YAML aliases repeated) into " +
          (size == kMax ? std::string("more than ") + std::to_string(kMax) : std::to_string(size)) +
          " nodes, more than the limit of " + std::to_string(limits_.max_nodes) +
          " (raise it with --max-nodes)");
    }
  }

  std::vector<std::string> read_players(const YAML::Node& node) {
    if (!node.IsSequence() || node.size() == 0)
      doc_.fail(node, "expected `players` as a non-empty list of names");
    std::vector<std::string> out;
    std::unordered_set<std::string> seen;
    for (const YAML::Node& p : node) {
      std::string name = doc_.scalar(p, "a player's name");
      if (name.empty()) doc_.fail(p, "a player's name cannot be empty");
      if (!seen.insert(name).second) doc_.fail(p, "player '" + name + "' is listed twice");
      out.push_back(std::move(name));
    }
    return out;
  }

  efg::PlayerId player_of(const YAML::Node& node) {
    const std::string name = doc_.scalar(node, "a player's name");
    for (efg::PlayerId p = 0; p < players_.size(); ++p) {
      if (players_[p] == name) return p;
    }
    std::string list;
    for (const auto& p : players_) list += (list.empty() ? "" : ", ") + p;
    doc_.fail(node, "unknown player '" + name + "' (expected one of: " + list + ")");
  }

  std::uint32_t read_payoff(const YAML::Node& node, const YAML::Node& outcome_name) {
    if (!node.IsSequence()) doc_.fail(node, "expected `payoff` as a list with one number per player");
    if (node.size() != players_.size()) {
      doc_.fail(node, "expected " + std::to_string(players_.size()) + " payoffs (one per player), found " +
                          std::to_string(node.size()));
    }
    std::vector<Rational> payoffs;
    for (const YAML::Node& v : node) {
      const std::string text = doc_.scalar(v, "a payoff");
      auto p = formats::parse_probability(text);
      if (!p)
        doc_.fail(v, "expected a payoff (an integer, a decimal or a fraction p/q), found '" + text + "'");
      if (!efg::fits_double(p->exact)) {
        doc_.fail(v, "payoff " + text +
                         " is beyond the range of a double (about 1.8e308): a payoff must be finite");
      }
      payoffs.push_back(p->exact);
    }
    std::string name = outcome_name ? doc_.scalar(outcome_name, "an outcome name") : std::string();
    auto key = std::make_pair(name, payoffs);
    auto it = outcomes_.find(key);
    if (it != outcomes_.end()) return it->second;
    const auto number = static_cast<std::uint32_t>(outcomes_.size() + 1);
    const std::uint32_t id = builder_->add_outcome(number, name, payoffs);
    outcomes_.emplace(std::move(key), id);
    return id;
  }

  // The `moves` map: action names in order, and the child nodes.
  std::pair<std::vector<std::string>, std::vector<YAML::Node>> read_moves(const YAML::Node& moves) {
    if (!moves.IsMap() || moves.size() == 0) {
      doc_.fail(moves, "expected `moves` as a non-empty map from action names to child nodes");
    }
    std::vector<std::string> actions;
    std::vector<YAML::Node> children;
    std::unordered_set<std::string> seen;
    for (const auto& kv : moves) {
      std::string a = doc_.scalar(kv.first, "an action name");
      if (a.empty()) doc_.fail(kv.first, "an action name cannot be empty");
      if (!seen.insert(a).second)
        doc_.fail(kv.first, "action '" + a + "' appears twice in this node's moves");
      actions.push_back(std::move(a));
      children.push_back(kv.second);
    }
    return {std::move(actions), std::move(children)};
  }

  std::vector<YAML::Node> add_node(const YAML::Node& node) {
    doc_.check_keys(node, {"player", "infoset", "chance", "moves", "payoff", "outcome", "name"},
                    "a tree node");
    std::string name = node["name"] ? doc_.scalar(node["name"], "a node name") : std::string();
    if (node["outcome"] && !node["payoff"])
      doc_.fail(node["outcome"], "`outcome` names a payoff, but this node has no `payoff`");
    const std::uint32_t outcome = node["payoff"] ? read_payoff(node["payoff"], node["outcome"]) : efg::kNone;
    const YAML::Node moves = node["moves"];
    if (!moves) {
      for (const char* key : {"player", "infoset", "chance"}) {
        if (node[key])
          doc_.fail(node[key], std::string("a node with `") + key + "` needs `moves` (one child per action)");
      }
      if (!node["payoff"])
        doc_.fail(node, "a leaf needs `payoff` (one number per player), or `moves` to continue");
      builder_->add_terminal(outcome, std::move(name));
      return {};
    }
    auto [actions, children] = read_moves(moves);
    if (node["chance"]) {
      if (node["player"])
        doc_.fail(node["player"], "a node is either a chance node (`chance`) or a decision node (`player`)");
      if (node["infoset"]) doc_.fail(node["infoset"], "a chance node has no information set");
      const YAML::Node chance = node["chance"];
      if (!chance.IsMap()) doc_.fail(chance, "expected `chance` as a map from action names to probabilities");
      std::vector<Rational> probabilities;
      Rational sum = 0;
      std::size_t i = 0;
      for (const auto& kv : chance) {
        const std::string a = doc_.scalar(kv.first, "an action name");
        if (i >= actions.size() || a != actions[i]) {
          doc_.fail(kv.first,
                    "the actions of `chance` must be those of `moves`, in the same order: expected '" +
                        (i < actions.size() ? actions[i] : std::string("nothing more")) + "', found '" + a +
                        "'");
        }
        const std::string text = doc_.scalar(kv.second, "a probability");
        auto p = formats::parse_probability(text);
        if (!p || p->exact < 0)
          doc_.fail(kv.second, "expected a probability (>= 0, decimal or p/q), found '" + text + "'");
        probabilities.push_back(p->exact);
        sum += p->exact;
        ++i;
      }
      if (i != actions.size()) {
        doc_.fail(chance, "`chance` gives no probability for action '" + actions[i] + "' of `moves`");
      }
      if (!formats::sums_to_one(sum))
        doc_.fail(chance, "the chance probabilities sum to " + to_string(sum) + ", expected 1");
      const std::uint32_t number = next_event_++;
      const std::uint32_t event =
          builder_->add_chance_event(number, "", std::move(actions), std::move(probabilities));
      builder_->add_chance(event, outcome, std::move(name));
      return children;
    }
    if (!node["player"]) doc_.fail(node, "a node with `moves` needs `player` (a decision node) or `chance`");
    const efg::PlayerId player = player_of(node["player"]);
    efg::InfosetId set = efg::kNone;
    if (node["infoset"]) {
      const std::string label = doc_.scalar(node["infoset"], "an information set label");
      if (label.empty()) doc_.fail(node["infoset"], "an information set label cannot be empty");
      auto it = named_.find({player, label});
      if (it == named_.end()) {
        set = builder_->add_infoset(player, next_number_[player]++, label, actions);
        named_.emplace(std::make_pair(player, label), Named{set, node["infoset"], moves});
      } else {
        set = it->second.id;
        if (builder_->infoset(set).actions != actions) {
          std::string first;
          for (const auto& a : builder_->infoset(set).actions) first += (first.empty() ? "" : ", ") + a;
          std::string here;
          for (const auto& a : actions) here += (here.empty() ? "" : ", ") + a;
          doc_.fail(moves, "information set '" + label + "' of player '" + players_[player] + "' offers [" +
                               first + "] at " + formats::line_and_column(doc_.where(it->second.moves)) +
                               ", but this node offers [" + here +
                               "] (every node of a set must offer the same actions in the same order)");
        }
      }
    } else {
      set = builder_->add_infoset(player, next_number_[player]++, "", actions);
    }
    builder_->add_decision(set, outcome, std::move(name));
    return children;
  }

  struct Named {
    efg::InfosetId id;
    YAML::Node where;
    YAML::Node moves;
  };

  const formats::YamlDocument& doc_;
  efg::TreeLimits limits_;
  std::vector<std::string> players_;
  std::optional<efg::GameTreeBuilder> builder_;
  std::vector<std::uint32_t> next_number_;
  std::uint32_t next_event_ = 1;
  std::map<std::pair<efg::PlayerId, std::string>, Named> named_;
  std::map<std::pair<std::string, std::vector<Rational>>, std::uint32_t> outcomes_;
  std::vector<std::pair<int, int>> node_at_;  // per node (prefix order): its line and column
};

}  // namespace

efg::GameTree load_game_tree_yaml(const formats::YamlDocument& doc, const efg::TreeLimits& limits) {
  return TreeYamlLoader(doc, limits).load();
}

}  // namespace sgplan::models::extensive_form
