#include "models/extensive_form/repeated_game_yaml.hpp"

#include <sstream>
#include <unordered_set>

#include "models/formats/position_text.hpp"
#include "models/formats/probability.hpp"

namespace sgplan::models::extensive_form {

namespace {

std::vector<std::string> read_names(const formats::YamlDocument& doc, const YAML::Node& node,
                                    const std::string& what, bool action) {
  if (!node.IsSequence() || node.size() == 0)
    doc.fail(node, "expected " + what + " as a non-empty list of names");
  std::vector<std::string> out;
  std::unordered_set<std::string> seen;
  for (const YAML::Node& item : node) {
    std::string name = doc.scalar(item, "a name in " + what);
    if (name.empty()) doc.fail(item, "a name in " + what + " cannot be empty");
    if (action && name.find_first_of(" \t,;[]") != std::string::npos) {
      doc.fail(item,
               "action '" + name + "' contains a space or one of , ; [ ] (they separate actions in labels)");
    }
    if (!seen.insert(name).second) doc.fail(item, "'" + name + "' appears twice in " + what);
    out.push_back(std::move(name));
  }
  return out;
}

}  // namespace

efg::RepeatedGameSpec read_repeated_game_spec(const formats::YamlDocument& doc) {
  const YAML::Node& root = doc.root();
  const char* what = "a repeated-game model";
  doc.check_keys(root, {"model", "title", "rounds", "players", "actions", "payoffs", "discount"}, what);
  efg::RepeatedGameSpec spec;
  if (root["title"]) spec.title = doc.scalar(root["title"], "a title");
  spec.rounds =
      static_cast<std::uint32_t>(doc.integer(doc.required(root, "rounds", what), "rounds", 1, 1'000'000));
  spec.players = read_names(doc, doc.required(root, "players", what), "`players`", false);
  const std::size_t n = spec.players.size();

  const YAML::Node actions = doc.required(root, "actions", what);
  doc.require_map(actions, "`actions` (a map from each player to its list of actions)");
  spec.actions.resize(n);
  std::vector<bool> given(n, false);
  for (const auto& kv : actions) {
    const std::string player = doc.scalar(kv.first, "a player's name");
    std::size_t p = 0;
    while (p < n && spec.players[p] != player) ++p;
    if (p == n)
      doc.fail(kv.first, "unknown player '" + player + "' in `actions` (expected one of the `players`)");
    if (given[p]) doc.fail(kv.first, "player '" + player + "' appears twice in `actions`");
    given[p] = true;
    spec.actions[p] = read_names(doc, kv.second, "the actions of '" + player + "'", true);
  }
  for (std::size_t p = 0; p < n; ++p) {
    if (!given[p]) doc.fail(actions, "`actions` gives no actions for player '" + spec.players[p] + "'");
  }

  std::size_t joint = 1;
  for (const auto& a : spec.actions) {
    joint *= a.size();
    if (joint > 10'000'000) doc.fail(actions, "the stage game has more than 10,000,000 joint actions");
  }
  const YAML::Node payoffs = doc.required(root, "payoffs", what);
  doc.require_map(payoffs, "`payoffs` (a map from joint actions such as 'C D' to payoff lists)");
  spec.stage_payoffs.assign(joint, {});
  std::vector<YAML::Node> where(joint);
  for (const auto& kv : payoffs) {
    const std::string key = doc.scalar(kv.first, "a joint action");
    std::istringstream words(key);
    std::vector<std::string> parts;
    for (std::string w; words >> w;) parts.push_back(w);
    if (parts.size() != n) {
      doc.fail(kv.first, "expected a joint action of " + std::to_string(n) +
                             " actions (one per player, in order " + "and separated by spaces), found '" +
                             key + "'");
    }
    std::size_t index = 0;
    for (std::size_t p = 0; p < n; ++p) {
      std::size_t a = 0;
      while (a < spec.actions[p].size() && spec.actions[p][a] != parts[p]) ++a;
      if (a == spec.actions[p].size()) {
        doc.fail(kv.first,
                 "unknown action '" + parts[p] + "' of player '" + spec.players[p] + "' in '" + key + "'");
      }
      index = index * spec.actions[p].size() + a;
    }
    if (!spec.stage_payoffs[index].empty()) {
      doc.fail(kv.first, "joint action '" + key + "' is given twice (first at " +
                             formats::line_and_column(doc.where(where[index])) + ")");
    }
    where[index] = kv.first;
    const YAML::Node& values = kv.second;
    if (!values.IsSequence() || values.size() != n) {
      doc.fail(values,
               "expected a list of " + std::to_string(n) + " payoffs (one per player) for '" + key + "'");
    }
    for (const YAML::Node& v : values) {
      const std::string text = doc.scalar(v, "a payoff");
      auto parsed = formats::parse_probability(text);
      if (!parsed)
        doc.fail(v, "expected a payoff (an integer, a decimal or a fraction p/q), found '" + text + "'");
      if (!efg::fits_double(parsed->exact)) {
        doc.fail(v, "payoff " + text +
                        " is beyond the range of a double (about 1.8e308): a payoff must be finite");
      }
      spec.stage_payoffs[index].push_back(parsed->exact);
    }
  }
  for (std::size_t index = 0; index < joint; ++index) {
    if (!spec.stage_payoffs[index].empty()) continue;
    std::string key;
    std::size_t rest = index;
    std::vector<std::string> parts(n);
    for (std::size_t p = n; p-- > 0;) {
      parts[p] = spec.actions[p][rest % spec.actions[p].size()];
      rest /= spec.actions[p].size();
    }
    for (const auto& part : parts) key += (key.empty() ? "" : " ") + part;
    doc.fail(payoffs,
             "`payoffs` has no entry for the joint action '" + key + "' (every joint action needs one)");
  }
  if (root["discount"]) {
    const std::string text = doc.scalar(root["discount"], "a discount factor");
    auto d = formats::parse_probability(text);
    if (!d || d->exact <= 0 || d->exact > 1) {
      doc.fail(root["discount"], "expected a discount factor in (0, 1], found '" + text + "'");
    }
    spec.discount = d->exact;
  }
  return spec;
}

efg::GameTree load_repeated_game(const formats::YamlDocument& doc, const efg::TreeLimits& limits) {
  efg::GameTree tree = efg::build_repeated_game(read_repeated_game_spec(doc), limits);
  if (efg::first_payoff_beyond_double(tree) != efg::kNone) {
    doc.fail(doc.root()["payoffs"],
             "over the rounds, the stage payoffs add up beyond the range of a double (about 1.8e308): a "
             "payoff must be finite");
  }
  return tree;
}

}  // namespace sgplan::models::extensive_form
