#include "models/extensive_form/plans.hpp"

#include "core/errors.hpp"

namespace sgplan::models::extensive_form {

namespace {

std::vector<std::uint32_t> all_actions(std::size_t n) {
  std::vector<std::uint32_t> v(n);
  for (std::uint32_t a = 0; a < n; ++a) v[a] = a;
  return v;
}

ActionSupport full_support(const GameTree& tree, PlayerId player, const ActionSupport& support) {
  if (!support.empty()) return support;
  ActionSupport out;
  for (InfosetId h : tree.player(player).infosets)
    out.push_back(all_actions(tree.infoset_data(h).actions.size()));
  return out;
}

void check_count(const BigInt& count, std::uint64_t max_plans, const std::string& what) {
  if (count > max_plans) {
    throw ResourceError(what + ": " + count.str() + " exceeds the limit of " + std::to_string(max_plans) +
                        " (raise it with --max-plans)");
  }
}

// Odometer over the player's sets in order. With `reduced`, a set is skipped (unspecified) when
// its parent sequence is not followed; this needs perfect recall, where the parent sequence is
// unique and its set comes earlier in the order. Steps: fill the positions from k with their first
// allowed action (failing at a reached set with an empty support), emit, then advance the last
// position that has another allowed action and refill after it; a failed fill advances before the
// failing position.
void odometer(const GameTree& tree, const PlayerSequences* seqs, PlayerId player,
              const ActionSupport& support, const std::function<void(const PurePlan&)>& f) {
  const auto& sets = tree.player(player).infosets;
  const std::size_t K = sets.size();
  PurePlan plan(K, kUnspecified);
  std::vector<std::uint32_t> index(K, 0);
  // parent_set[k], parent_action[k]: the move that the parent sequence of set k ends with.
  std::vector<std::uint32_t> parent_set(K, kNone), parent_action(K, kNone);
  if (seqs != nullptr) {
    for (std::uint32_t k = 0; k < K; ++k) {
      parent_set[k] = seqs->parent_set(k);
      parent_action[k] = seqs->parent_action(k);
    }
  }
  auto reached = [&](std::size_t k) {
    return parent_set[k] == kNone || plan[parent_set[k]] == parent_action[k];
  };
  std::size_t fail = 0;
  auto fill = [&](std::size_t from) {
    for (std::size_t k = from; k < K; ++k) {
      if (!reached(k)) {
        plan[k] = kUnspecified;
        continue;
      }
      if (support[k].empty()) {
        fail = k;
        return false;
      }
      index[k] = 0;
      plan[k] = support[k][0];
    }
    return true;
  };
  bool ok = fill(0);
  while (true) {
    std::size_t start = K;
    if (ok) {
      f(plan);
    } else {
      start = fail;
    }
    bool advanced = false;
    for (std::size_t k = start; k-- > 0;) {
      if (plan[k] != kUnspecified && index[k] + 1 < support[k].size()) {
        plan[k] = support[k][++index[k]];
        ok = fill(k + 1);
        advanced = true;
        break;
      }
    }
    if (!advanced) return;
  }
}

// Reduced plans without perfect recall: explore the tree from the root following the plan built
// so far; at a node of the player whose set is still open, branch over its allowed actions. Each
// leaf of this branching is one reduced plan (the sets it fixed are exactly the sets it reaches).
// Iterative, with an explicit stack of branching points (the number of branchings along one plan
// can be as large as the player's number of sets). Returns false when the budget is exhausted.
bool explore(const GameTree& tree, PlayerId player, const ActionSupport& support, std::uint64_t& budget,
             const std::function<void(const PurePlan&)>* f) {
  struct Branch {
    std::vector<NodeId> frontier;  // still to explore, without the branching node
    NodeId node;
    std::uint32_t set;
    std::size_t next;  // index in support[set] of the next action to try
  };
  PurePlan plan(tree.player(player).infosets.size(), kUnspecified);
  std::vector<Branch> branches;
  std::vector<NodeId> frontier{0};
  while (true) {
    // Follow the plan until the frontier is empty (a complete reduced plan) or a set is open.
    bool branched = false;
    while (!frontier.empty() && !branched) {
      const NodeId n = frontier.back();
      frontier.pop_back();
      switch (tree.kind(n)) {
        case NodeKind::Terminal:
          break;
        case NodeKind::Chance:
          for (NodeId c : tree.children(n)) frontier.push_back(c);
          break;
        case NodeKind::Decision: {
          if (tree.owner(n) != player) {
            for (NodeId c : tree.children(n)) frontier.push_back(c);
            break;
          }
          const std::uint32_t k = tree.infoset_data(tree.infoset(n)).index_in_player;
          if (plan[k] != kUnspecified) {
            frontier.push_back(tree.child(n, plan[k]));
          } else {
            branches.push_back(Branch{std::move(frontier), n, k, 0});
            frontier.clear();
            branched = true;
          }
          break;
        }
      }
    }
    if (!branched) {
      if (budget == 0) return false;
      --budget;
      if (f != nullptr) (*f)(plan);
    }
    // Take the next action at the deepest branching point that has one left.
    while (!branches.empty()) {
      Branch& b = branches.back();
      if (b.next < support[b.set].size()) {
        plan[b.set] = support[b.set][b.next++];
        frontier = b.frontier;
        frontier.push_back(tree.child(b.node, plan[b.set]));
        break;
      }
      plan[b.set] = kUnspecified;
      branches.pop_back();
    }
    if (branches.empty()) return true;
  }
}

}  // namespace

BigInt count_plans(const GameTree& tree, PlayerId player, const ActionSupport& support) {
  BigInt count = 1;
  const auto& sets = tree.player(player).infosets;
  for (std::size_t k = 0; k < sets.size(); ++k) {
    count *= support.empty() ? tree.infoset_data(sets[k]).actions.size() : support[k].size();
  }
  return count;
}

std::optional<BigInt> count_reduced_plans(const GameTree& tree, const PlayerSequences& seqs,
                                          const ActionSupport& support_in, std::uint64_t budget) {
  const PlayerId player = seqs.player();
  const ActionSupport support = full_support(tree, player, support_in);
  if (!seqs.perfect_recall()) {
    const std::uint64_t start = budget;
    if (!explore(tree, player, support, budget, nullptr)) return std::nullopt;
    return BigInt(start - budget);
  }
  // R(s) over the sequences, sets in reverse order (a set's children sequences are parents only of
  // later sets).
  std::vector<BigInt> r(seqs.size(), BigInt(1));
  const auto& sets = tree.player(player).infosets;
  for (std::size_t k = sets.size(); k-- > 0;) {
    BigInt sum = 0;
    for (std::uint32_t a : support[k]) sum += r[seqs.move_sequence(static_cast<std::uint32_t>(k), a)];
    r[seqs.infoset_sequences(static_cast<std::uint32_t>(k))[0]] *= sum;
  }
  return r[0];
}

std::vector<std::uint8_t> followed_sequences(const PlayerSequences& seqs, const GameTree& tree,
                                             const PurePlan& p) {
  std::vector<std::uint8_t> follows(seqs.size(), 0);
  follows[0] = 1;
  for (std::uint32_t s = 1; s < seqs.size(); ++s) {
    const std::uint32_t k = tree.infoset_data(seqs.infoset(s)).index_in_player;
    follows[s] = follows[seqs.parent(s)] != 0 && p[k] == seqs.action(s) ? 1 : 0;
  }
  return follows;
}

std::vector<std::uint8_t> reached_sets(const GameTree& tree, const PlayerSequences& seqs, const PurePlan& p) {
  const auto follows = followed_sequences(seqs, tree, p);
  std::vector<std::uint8_t> reached(p.size(), 0);
  for (std::uint32_t k = 0; k < p.size(); ++k) {
    for (std::uint32_t s : seqs.infoset_sequences(k)) reached[k] = reached[k] != 0 || follows[s] != 0 ? 1 : 0;
  }
  return reached;
}

void reached_sets_perfect_recall(const PlayerSequences& seqs, const PurePlan& p,
                                 std::vector<std::uint8_t>& reached) {
  reached.resize(p.size());
  for (std::size_t k = 0; k < p.size(); ++k) {
    const std::uint32_t up = seqs.parent_set(static_cast<std::uint32_t>(k));
    reached[k] =
        up == kNone || (reached[up] != 0 && p[up] == seqs.parent_action(static_cast<std::uint32_t>(k))) ? 1
                                                                                                        : 0;
  }
}

std::uint32_t first_unspecified_reached(const GameTree& tree, const PlayerSequences& seqs,
                                        const PurePlan& p) {
  const auto reached = reached_sets(tree, seqs, p);
  for (std::uint32_t k = 0; k < p.size(); ++k) {
    if (reached[k] != 0 && p[k] == kUnspecified) return k;
  }
  return kNone;
}

void for_each_plan(const GameTree& tree, PlayerId player, const ActionSupport& support_in,
                   std::uint64_t max_plans, const std::function<void(const PurePlan&)>& f) {
  const ActionSupport support = full_support(tree, player, support_in);
  check_count(count_plans(tree, player, support), max_plans,
              "pure plans of player '" + tree.player(player).key + "'");
  odometer(tree, nullptr, player, support, f);
}

void for_each_reduced_plan(const GameTree& tree, const PlayerSequences& seqs, const ActionSupport& support_in,
                           std::uint64_t max_plans, const std::function<void(const PurePlan&)>& f) {
  const PlayerId player = seqs.player();
  const ActionSupport support = full_support(tree, player, support_in);
  const std::string what = "reduced plans of player '" + tree.player(player).key + "'";
  if (seqs.perfect_recall()) {
    check_count(*count_reduced_plans(tree, seqs, support), max_plans, what);
    odometer(tree, &seqs, player, support, f);
    return;
  }
  // Count first (with the limit as the budget), then enumerate.
  if (!count_reduced_plans(tree, seqs, support, max_plans)) {
    throw ResourceError(what + ": more than " + std::to_string(max_plans) +
                        " (raise the limit with --max-plans)");
  }
  std::uint64_t budget = max_plans;
  explore(tree, player, support, budget, &f);
}

std::string plan_to_string(const GameTree& tree, PlayerId player, const PurePlan& p) {
  std::string out;
  const auto& sets = tree.player(player).infosets;
  for (std::size_t k = 0; k < sets.size(); ++k) {
    if (k > 0) out += ' ';
    out += p[k] == kUnspecified ? std::string("*") : tree.infoset_data(sets[k]).action_keys[p[k]];
  }
  return out;
}

}  // namespace sgplan::models::extensive_form
