#include "models/extensive_form/strategy_file.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "models/extensive_form/kuhn.hpp"
#include "models/formats/position_text.hpp"
#include "models/formats/probability.hpp"

namespace sgplan::models::extensive_form {

namespace {

using sgplan::Rational;

std::string list_some(const std::vector<std::string>& items) {
  std::string out;
  const std::size_t shown = std::min<std::size_t>(items.size(), 12);
  for (std::size_t i = 0; i < shown; ++i) out += (i == 0 ? "" : ", ") + items[i];
  if (items.size() > shown) out += ", ... (" + std::to_string(items.size()) + " in all)";
  return out;
}

class StrategyParser {
 public:
  StrategyParser(const formats::YamlDocument& doc, const efg::GameTree& tree,
                 const std::vector<efg::PlayerSequences>& seqs, const StrategyFileOptions& options)
      : doc_(doc), tree_(tree), seqs_(seqs), options_(options) {}

  efg::PlayerId player(const YAML::Node& node) {
    const std::string key = doc_.scalar(node, "a player");
    if (auto p = tree_.find_player(key)) return *p;
    std::vector<std::string> keys;
    for (const auto& p : tree_.players()) keys.push_back(p.key);
    doc_.fail(node, "unknown player '" + key + "' (expected one of: " + list_some(keys) + ")");
  }

  // `node` holds exactly one of plan / mixed / behavioural (and, at the top, `player`).
  LoadedStrategy strategy(const YAML::Node& node, efg::PlayerId p, const char* what) {
    const char* kinds[] = {"plan", "mixed", "behavioural", "behavioral"};
    const char* found = nullptr;
    for (const char* k : kinds) {
      if (!node[k]) continue;
      if (found != nullptr)
        doc_.fail(node[k], std::string("a strategy is one of plan, mixed or behavioural; found both `") +
                               found + "` and `" + k + "`");
      found = k;
    }
    if (found == nullptr)
      doc_.fail(node, std::string("expected `plan`, `mixed` or `behavioural` in ") + what);
    const std::string kind = found;
    SourceLocation where = doc_.where(node[found]);
    for (const auto& kv : node) {
      if (kv.first.IsScalar() && kv.first.Scalar() == kind) where = doc_.where(kv.first);
    }
    if (kind == "plan") {
      efg::PurePlan plan = read_plan(node["plan"], p);
      return LoadedStrategy{efg::pure_strategy<Rational>(p, std::move(plan)), true, where};
    }
    if (kind == "mixed") return LoadedStrategy{read_mixed(node["mixed"], p), false, where};
    return LoadedStrategy{read_behavioural(node[found], p), false, where};
  }

 private:
  std::pair<std::uint32_t, const efg::Infoset*> infoset(const YAML::Node& node, efg::PlayerId p) {
    const std::string label = doc_.scalar(node, "an information set label");
    if (auto h = tree_.find_infoset(p, label)) {
      const efg::Infoset& set = tree_.infoset_data(*h);
      return {set.index_in_player, &set};
    }
    std::vector<std::string> labels;
    for (efg::InfosetId h : tree_.player(p).infosets) labels.push_back(tree_.infoset_data(h).label);
    doc_.fail(node, "unknown information set '" + label + "' of player '" + tree_.player(p).key +
                        "' (expected one of: " + list_some(labels) + ")");
  }

  std::uint32_t action(const YAML::Node& node, const efg::Infoset& set) {
    const std::string key = doc_.scalar(node, "an action");
    for (std::uint32_t a = 0; a < set.action_keys.size(); ++a) {
      if (set.action_keys[a] == key) return a;
    }
    if (key.size() > 1 && key[0] == '#' && key.find_first_not_of("0123456789", 1) == std::string::npos &&
        key.size() < 10) {
      const auto k = static_cast<std::uint32_t>(std::stoul(key.substr(1)));
      if (k >= 1 && k <= set.actions.size()) return k - 1;
    }
    doc_.fail(node, "unknown action '" + key + "' at information set '" + set.label +
                        "' (expected one of: " + list_some(set.action_keys) + ")");
  }

  Rational probability(const YAML::Node& node) {
    const std::string text = doc_.scalar(node, "a probability");
    auto p = formats::parse_probability(text);
    if (!p) doc_.fail(node, "expected a probability (a decimal or a fraction p/q), found '" + text + "'");
    if (p->exact < 0 || p->exact > 1)
      doc_.fail(node, "a probability must be between 0 and 1, found '" + text + "'");
    return p->exact;
  }

  void check_sum(const YAML::Node& node, const Rational& sum, const std::string& what) {
    const bool ok = options_.exact ? sum == 1 : formats::sums_to_one(sum);
    if (!ok) {
      std::string message = "the probabilities of " + what + " sum to " + to_string(sum) + ", expected 1";
      if (options_.exact && formats::sums_to_one(sum))
        message += " exactly (--exact: write fractions such as 1/3)";
      doc_.fail(node, message);
    }
  }

  efg::PurePlan read_plan(const YAML::Node& node, efg::PlayerId p) {
    doc_.require_map(node, "a plan (a map from information set labels to actions)");
    efg::PurePlan plan(tree_.player(p).infosets.size(), efg::kUnspecified);
    for (const auto& kv : node) {
      auto [k, set] = infoset(kv.first, p);
      if (plan[k] != efg::kUnspecified)
        doc_.fail(kv.first, "information set '" + set->label + "' appears twice");
      plan[k] = action(kv.second, *set);
    }
    const std::uint32_t missing = efg::first_unspecified_reached(tree_, seqs_[p], plan);
    if (missing != efg::kNone) {
      doc_.fail(node,
                "the plan chooses no action at information set '" +
                    tree_.infoset_data(tree_.player(p).infosets[missing]).label +
                    "', which its own choices reach (a reduced plan may leave out only the sets that its own "
                    "choices exclude)");
    }
    return plan;
  }

  efg::MixedStrategy<Rational> read_mixed(const YAML::Node& node, efg::PlayerId p) {
    if (!node.IsSequence() || node.size() == 0) {
      doc_.fail(node, "expected `mixed` as a non-empty list of {plan, probability} entries");
    }
    efg::MixedStrategy<Rational> m;
    m.player = p;
    Rational sum = 0;
    std::map<efg::PurePlan, YAML::Node> seen;
    for (const YAML::Node& entry : node) {
      doc_.check_keys(entry, {"plan", "probability"}, "a mixed strategy entry");
      efg::PurePlan plan = read_plan(doc_.required(entry, "plan", "a mixed strategy entry"), p);
      const Rational prob = probability(doc_.required(entry, "probability", "a mixed strategy entry"));
      auto [it, inserted] = seen.emplace(plan, entry);
      if (!inserted) {
        doc_.fail(entry, "this plan is listed twice (first at " +
                             formats::line_and_column(doc_.where(it->second)) + ")");
      }
      sum += prob;
      m.plans.push_back(std::move(plan));
      m.probabilities.push_back(prob);
    }
    check_sum(node, sum, "the mixed strategy");
    return m;
  }

  efg::BehaviouralStrategy<Rational> read_behavioural(const YAML::Node& node, efg::PlayerId p) {
    doc_.require_map(node, "a behavioural strategy (a map from information set labels to distributions)");
    efg::BehaviouralStrategy<Rational> b;
    b.player = p;
    b.probabilities.resize(tree_.player(p).infosets.size());
    for (const auto& kv : node) {
      auto [k, set] = infoset(kv.first, p);
      if (!b.probabilities[k].empty())
        doc_.fail(kv.first, "information set '" + set->label + "' appears twice");
      doc_.require_map(kv.second, "a distribution (a map from actions to probabilities)");
      std::vector<Rational> dist(set->actions.size(), Rational(0));
      std::vector<bool> given(set->actions.size(), false);
      Rational sum = 0;
      for (const auto& ap : kv.second) {
        const std::uint32_t a = action(ap.first, *set);
        if (given[a]) doc_.fail(ap.first, "action '" + set->action_keys[a] + "' appears twice");
        given[a] = true;
        dist[a] = probability(ap.second);
        sum += dist[a];
      }
      check_sum(kv.second, sum, "information set '" + set->label + "'");
      b.probabilities[k] = std::move(dist);
    }
    const auto reach = efg::own_reach(tree_, seqs_[p], b);
    for (std::uint32_t k = 0; k < reach.size(); ++k) {
      if (b.probabilities[k].empty() && reach[k] > 0) {
        doc_.fail(node, "the behavioural strategy gives no distribution at information set '" +
                            tree_.infoset_data(tree_.player(p).infosets[k]).label +
                            "', which the player's own play reaches with probability " + to_string(reach[k]));
      }
    }
    return b;
  }

  const formats::YamlDocument& doc_;
  const efg::GameTree& tree_;
  const std::vector<efg::PlayerSequences>& seqs_;
  StrategyFileOptions options_;
};

}  // namespace

LoadedStrategy parse_strategy(const formats::YamlDocument& doc, const efg::GameTree& tree,
                              const std::vector<efg::PlayerSequences>& seqs,
                              const StrategyFileOptions& options) {
  const YAML::Node& root = doc.root();
  doc.check_keys(root, {"player", "plan", "mixed", "behavioural", "behavioral"}, "a strategy file");
  StrategyParser parser(doc, tree, seqs, options);
  const efg::PlayerId p = parser.player(doc.required(root, "player", "a strategy file"));
  return parser.strategy(root, p, "a strategy file");
}

LoadedStrategy load_strategy_file(const std::string& path, const efg::GameTree& tree,
                                  const std::vector<efg::PlayerSequences>& seqs,
                                  const StrategyFileOptions& options) {
  return parse_strategy(formats::YamlDocument::load_file(path), tree, seqs, options);
}

std::vector<LoadedStrategy> parse_profile(const formats::YamlDocument& doc, const efg::GameTree& tree,
                                          const std::vector<efg::PlayerSequences>& seqs,
                                          const StrategyFileOptions& options) {
  const YAML::Node& root = doc.root();
  doc.check_keys(root, {"profile"}, "a profile file");
  const YAML::Node profile = doc.required(root, "profile", "a profile file");
  doc.require_map(profile, "`profile` (a map from each player to its strategy)");
  StrategyParser parser(doc, tree, seqs, options);
  std::vector<std::optional<LoadedStrategy>> by_player(tree.num_players());
  for (const auto& kv : profile) {
    const efg::PlayerId p = parser.player(kv.first);
    if (by_player[p]) doc.fail(kv.first, "player '" + tree.player(p).key + "' appears twice in the profile");
    doc.check_keys(kv.second, {"plan", "mixed", "behavioural", "behavioral"}, "a player's strategy");
    by_player[p] = parser.strategy(kv.second, p, "a player's strategy");
  }
  std::vector<LoadedStrategy> out;
  for (efg::PlayerId p = 0; p < tree.num_players(); ++p) {
    if (!by_player[p]) {
      doc.fail(profile, "the profile has no strategy for player '" + tree.player(p).key +
                            "' (expected one entry per player)");
    }
    out.push_back(std::move(*by_player[p]));
  }
  return out;
}

std::vector<LoadedStrategy> load_profile_file(const std::string& path, const efg::GameTree& tree,
                                              const std::vector<efg::PlayerSequences>& seqs,
                                              const StrategyFileOptions& options) {
  return parse_profile(formats::YamlDocument::load_file(path), tree, seqs, options);
}

}  // namespace sgplan::models::extensive_form
