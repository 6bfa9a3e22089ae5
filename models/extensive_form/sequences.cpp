#include "models/extensive_form/sequences.hpp"

#include <unordered_map>

namespace sgplan::models::extensive_form {

namespace {

// Where a path goes, for messages: "Player 1:R, Player 2:B" (at most the last 8 moves).
std::string describe_path(const GameTree& tree, NodeId n) {
  const auto path = path_to(tree, n);
  if (path.empty()) return "the root";
  std::string out;
  const std::size_t start = path.size() > 8 ? path.size() - 8 : 0;
  if (start > 0) out = "..., ";
  for (std::size_t i = start; i < path.size(); ++i) {
    if (i > start) out += ", ";
    out += describe_move(tree, path[i].first, path[i].second);
  }
  return out;
}

}  // namespace

std::uint32_t PlayerSequences::move_sequence(std::uint32_t k, std::uint32_t a) const {
  return first_move_sequence_[k] == kNone ? kNone : first_move_sequence_[k] + a;
}

std::string describe_sequence(const GameTree& tree, const PlayerSequences& seqs, std::uint32_t s) {
  std::vector<std::uint32_t> chain;
  for (; s != 0; s = seqs.parent(s)) chain.push_back(s);
  if (chain.empty()) return "(nothing)";
  std::string out;
  for (std::size_t i = chain.size(); i-- > 0;) {
    const Infoset& h = tree.infoset_data(seqs.infoset(chain[i]));
    if (!out.empty()) out += ", ";
    out += h.label + "=" + h.action_keys[seqs.action(chain[i])];
  }
  return out;
}

// Steps: (1) walk the nodes in prefix order keeping, per depth, every player's current sequence;
// (2) an edge out of player i's decision node extends i's sequence (interned per (sequence, set),
// with one id per action); (3) at each of i's decision nodes compare the sequence with the one
// recorded for its set: a mismatch is a perfect-recall violation (absent-minded when a node of the
// set lies on the path); (4) record each terminal's sequences; (5) feasibility of each sequence.
std::vector<PlayerSequences> compute_sequences(const GameTree& tree) {
  const std::size_t n_players = tree.num_players();
  std::vector<PlayerSequences> out(n_players);
  std::vector<std::unordered_map<std::uint64_t, std::uint32_t>> intern(n_players);
  for (PlayerId p = 0; p < n_players; ++p) {
    PlayerSequences& s = out[p];
    s.player_ = p;
    s.parent_.push_back(kNone);
    s.infoset_.push_back(kNone);
    s.action_.push_back(kNone);
    const std::size_t k = tree.player(p).infosets.size();
    s.infoset_sequences_.resize(k);
    s.first_move_sequence_.assign(k, kNone);
    s.terminal_sequence_.reserve(tree.num_terminals());
  }
  // current[d * n_players + p]: player p's sequence at the node of depth d on the current path.
  std::vector<std::uint32_t> current((tree.max_depth() + 1) * n_players, 0);
  std::vector<std::uint32_t> before_set;  // per global set: the sequence of its first node
  before_set.assign(tree.infosets().size(), kNone);
  std::vector<NodeId> first_node(tree.infosets().size(), kNone);

  for (NodeId n = 0; n < tree.num_nodes(); ++n) {
    const std::uint32_t d = tree.depth(n);
    std::uint32_t* cur = current.data() + d * n_players;
    if (d > 0) {
      const NodeId parent = tree.parent(n);
      const std::uint32_t* up = current.data() + (d - 1) * n_players;
      std::copy(up, up + n_players, cur);
      if (tree.kind(parent) == NodeKind::Decision) {
        const InfosetId h = tree.infoset(parent);
        const PlayerId p = tree.owner(parent);
        PlayerSequences& s = out[p];
        const std::uint64_t key = (static_cast<std::uint64_t>(up[p]) << 32) | h;
        auto [it, inserted] = intern[p].try_emplace(key, static_cast<std::uint32_t>(s.parent_.size()));
        if (inserted) {
          const auto actions = static_cast<std::uint32_t>(tree.infoset_data(h).actions.size());
          for (std::uint32_t a = 0; a < actions; ++a) {
            s.parent_.push_back(up[p]);
            s.infoset_.push_back(h);
            s.action_.push_back(a);
          }
        }
        cur[p] = it->second + tree.incoming_action(n);
      }
    }
    switch (tree.kind(n)) {
      case NodeKind::Decision: {
        const InfosetId h = tree.infoset(n);
        const PlayerId p = tree.owner(n);
        PlayerSequences& s = out[p];
        const std::uint32_t k = tree.infoset_data(h).index_in_player;
        auto& list = s.infoset_sequences_[k];
        bool known = false;
        for (std::uint32_t q : list) known = known || q == cur[p];
        if (!known) list.push_back(cur[p]);
        if (before_set[h] == kNone) {
          before_set[h] = cur[p];
          first_node[h] = n;
        } else if (before_set[h] != cur[p] && !s.violation_) {
          RecallViolation v;
          v.infoset = h;
          v.first = first_node[h];
          v.second = n;
          for (NodeId a = tree.parent(n); a != kNone && !v.absent_minded; a = tree.parent(a)) {
            v.absent_minded = tree.kind(a) == NodeKind::Decision && tree.infoset(a) == h;
          }
          const Infoset& set = tree.infoset_data(h);
          const std::string who = "player '" + tree.player(p).key + "'";
          if (v.absent_minded) {
            v.message = who + " is absent-minded at information set '" + set.label +
                        "': the node reached by [" + describe_path(tree, n) +
                        "] lies below another node of the same set, so the player forgets having been there";
          } else {
            v.message = who + " forgets at information set '" + set.label + "': one node is reached after " +
                        describe_sequence(tree, s, before_set[h]) +
                        " [path: " + describe_path(tree, first_node[h]) + "], another after " +
                        describe_sequence(tree, s, cur[p]) + " [path: " + describe_path(tree, n) + "]";
          }
          s.violation_ = std::move(v);
        }
        break;
      }
      case NodeKind::Terminal:
        for (PlayerId p = 0; p < n_players; ++p) out[p].terminal_sequence_.push_back(cur[p]);
        break;
      case NodeKind::Chance:
        break;
    }
  }

  for (PlayerId p = 0; p < n_players; ++p) {
    PlayerSequences& s = out[p];
    if (s.perfect_recall()) {
      for (std::uint32_t k = 0; k < s.infoset_sequences_.size(); ++k) {
        const InfosetId h = tree.player(p).infosets[k];
        const std::uint64_t key = (static_cast<std::uint64_t>(s.infoset_sequences_[k][0]) << 32) | h;
        s.first_move_sequence_[k] = intern[p].at(key);
        const std::uint32_t parent = s.infoset_sequences_[k][0];
        s.parent_set_.push_back(parent == 0 ? kNone : tree.infoset_data(s.infoset_[parent]).index_in_player);
        s.parent_action_.push_back(parent == 0 ? kNone : s.action_[parent]);
      }
      s.feasible_.assign(s.size(), 1);
    } else {
      // A sequence is feasible when no set appears on it twice with different actions.
      s.feasible_.assign(s.size(), 1);
      for (std::uint32_t q = 1; q < s.size(); ++q) {
        bool ok = s.feasible_[s.parent_[q]] != 0;
        for (std::uint32_t r = s.parent_[q]; ok && r != 0; r = s.parent_[r]) {
          ok = !(s.infoset_[r] == s.infoset_[q] && s.action_[r] != s.action_[q]);
        }
        s.feasible_[q] = ok ? 1 : 0;
      }
    }
  }
  return out;
}

}  // namespace sgplan::models::extensive_form
