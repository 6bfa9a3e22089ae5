#include "models/extensive_form/repeated_game.hpp"

#include <functional>
#include <stdexcept>
#include <unordered_map>

#include "core/errors.hpp"

namespace sgplan::models::extensive_form {

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

  // Stage payoffs weighted by the discount of each round, and the running totals of the rounds
  // completed on the current path (total[r]: the first r rounds), updated when a round starts.
  std::vector<std::vector<std::vector<Rational>>> weighted(spec.rounds, spec.stage_payoffs);
  Rational weight = 1;
  for (std::uint32_t r = 0; r < spec.rounds; ++r) {
    for (auto& payoffs : weighted[r]) {
      for (Rational& x : payoffs) x *= weight;
    }
    weight *= spec.discount;
  }
  std::vector<std::vector<Rational>> total(spec.rounds + 1, std::vector<Rational>(n));

  std::vector<std::uint32_t> next_number(n, 1);
  std::vector<InfosetId> current_set(levels, kNone);  // per level: the set of the current round and history
  struct PayoffHash {
    std::size_t operator()(const std::vector<Rational>& v) const {
      std::size_t h = v.size();
      for (const Rational& x : v) h = h * 1000003u ^ std::hash<Rational>()(x);
      return h;
    }
  };
  std::unordered_map<std::vector<Rational>, std::uint32_t, PayoffHash> outcome_of;
  std::vector<std::uint32_t> path;

  auto history = [&](std::size_t full_rounds) {
    std::vector<std::vector<std::uint32_t>> rounds(full_rounds);
    for (std::size_t r = 0; r < full_rounds; ++r)
      rounds[r].assign(path.begin() + r * n, path.begin() + (r + 1) * n);
    return rounds;
  };
  auto add = [&]() {
    const std::size_t level = path.size();
    const std::size_t round = level / n, k = level % n;
    if (k == 0 && round > 0) {  // round `round` starts: add the joint action of the round before
      std::size_t profile = 0;
      for (std::size_t j = 0; j < n; ++j)
        profile = profile * spec.actions[j].size() + path[(round - 1) * n + j];
      for (std::size_t p = 0; p < n; ++p)
        total[round][p] = total[round - 1][p] + weighted[round - 1][profile][p];
    }
    if (level == levels) {
      auto it = outcome_of.find(total[round]);
      if (it == outcome_of.end()) {
        const auto number = static_cast<std::uint32_t>(outcome_of.size() + 1);
        it = outcome_of.emplace(total[round], b.add_outcome(number, "", total[round])).first;
      }
      b.add_terminal(it->second);
      return;
    }
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

}  // namespace sgplan::models::extensive_form
