#include "models/extensive_form/repeated_game.hpp"

#include <map>
#include <stdexcept>

#include "core/errors.hpp"

namespace sgplan::efg {

BigInt repeated_game_node_count(const RepeatedGameSpec& spec) {
  BigInt joint = 1, per_round = 0, prefix = 1;
  for (const auto& a : spec.actions) {
    per_round += prefix;
    prefix *= a.size();
    joint *= a.size();
  }
  BigInt histories = 1, total = 0;
  for (std::uint32_t r = 0; r < spec.rounds; ++r) {
    total += per_round * histories;
    histories *= joint;
  }
  return total + histories;
}

std::string repeated_game_label(const RepeatedGameSpec& spec,
                                const std::vector<std::vector<std::uint32_t>>& earlier_rounds) {
  std::string label = "round" + std::to_string(earlier_rounds.size() + 1);
  if (earlier_rounds.empty()) return label;
  label += '[';
  for (std::size_t r = 0; r < earlier_rounds.size(); ++r) {
    if (r > 0) label += ';';
    for (std::size_t k = 0; k < earlier_rounds[r].size(); ++k) {
      if (k > 0) label += ',';
      label += spec.actions[k][earlier_rounds[r][k]];
    }
  }
  return label + ']';
}

// Steps: (1) check the sizes; (2) walk the action sequences in prefix order (descend with the
// first action; at a leaf, backtrack to the deepest position with a next action); (3) each new
// node is a leaf (with its total payoff), or a decision node of player level mod n, whose set is
// new when the earlier movers of this round all chose their first action and shared otherwise.
GameTree build_repeated_game(const RepeatedGameSpec& spec, const TreeLimits& limits) {
  const std::size_t n = spec.players.size();
  if (n == 0 || spec.actions.size() != n || spec.rounds == 0)
    throw std::invalid_argument("repeated game: sizes");
  std::size_t joint = 1;
  for (const auto& a : spec.actions) {
    if (a.empty()) throw std::invalid_argument("repeated game: a player without actions");
    joint *= a.size();
  }
  if (spec.stage_payoffs.size() != joint) throw std::invalid_argument("repeated game: payoff table size");

  const BigInt nodes = repeated_game_node_count(spec);
  check_limit(saturate_u64(nodes), limits.max_nodes, "game tree nodes", "--max-nodes");
  const std::uint64_t levels = static_cast<std::uint64_t>(spec.rounds) * n;
  check_limit(levels, limits.max_depth, "game tree depth", "--max-depth");

  GameTreeBuilder b(spec.players, limits);
  b.set_title(spec.title.empty() ? "Repeated game, " + std::to_string(spec.rounds) + " rounds" : spec.title);
  b.reserve_nodes(saturate_u64(nodes));

  std::vector<Rational> weight(spec.rounds);
  weight[0] = 1;
  for (std::uint32_t r = 1; r < spec.rounds; ++r) weight[r] = weight[r - 1] * spec.discount;

  std::vector<std::uint32_t> next_number(n, 1);
  std::vector<InfosetId> current_set(levels, kNone);  // per level: the set of the current round and history
  std::map<std::vector<Rational>, std::uint32_t> outcome_of;
  std::vector<std::uint32_t> path;

  auto history = [&](std::size_t full_rounds) {
    std::vector<std::vector<std::uint32_t>> rounds(full_rounds);
    for (std::size_t r = 0; r < full_rounds; ++r)
      rounds[r].assign(path.begin() + r * n, path.begin() + (r + 1) * n);
    return rounds;
  };
  auto add = [&]() {
    const std::size_t level = path.size();
    if (level == levels) {
      std::vector<Rational> total(n);
      for (std::uint32_t r = 0; r < spec.rounds; ++r) {
        std::size_t profile = 0;
        for (std::size_t k = 0; k < n; ++k) profile = profile * spec.actions[k].size() + path[r * n + k];
        for (std::size_t p = 0; p < n; ++p) total[p] += weight[r] * spec.stage_payoffs[profile][p];
      }
      auto it = outcome_of.find(total);
      if (it == outcome_of.end()) {
        const auto number = static_cast<std::uint32_t>(outcome_of.size() + 1);
        it = outcome_of.emplace(total, b.add_outcome(number, "", total)).first;
      }
      b.add_terminal(it->second);
      return;
    }
    const std::size_t round = level / n, k = level % n;
    bool first = true;
    for (std::size_t j = round * n; j < level; ++j) first = first && path[j] == 0;
    if (first) {
      current_set[level] = b.add_infoset(static_cast<PlayerId>(k), next_number[k]++,
                                         repeated_game_label(spec, history(round)), spec.actions[k]);
    }
    b.add_decision(current_set[level]);
  };

  add();
  while (true) {
    if (path.size() < levels) {
      path.push_back(0);
      add();
      continue;
    }
    while (!path.empty() && path.back() + 1 == spec.actions[(path.size() - 1) % n].size()) path.pop_back();
    if (path.empty()) break;
    ++path.back();
    add();
  }
  return b.finalize();
}

}  // namespace sgplan::efg
