// The resource budget of one lambda search and the counters it reports.
//
// The search loops never throw: they call Budget::tick() once per node and, when it returns
// false, unwind at once with Outcome::kAborted, storing nothing as settled. The budget is a node
// count (--max-nodes) and optionally wall-clock seconds (checked every 1024 nodes). Once
// exhausted it stays exhausted. The counters are plain integers, deterministic for a given input
// and options (time aside).
#pragma once

#include <chrono>
#include <cstdint>

namespace sgplan::search::lambda {

enum class Outcome : std::uint8_t { kNotProven, kProven, kAborted };

struct SearchStats {
  std::uint64_t nodes = 0;  // attacker and defender nodes entered, sub-searches included
  std::uint64_t attacker_nodes = 0;
  std::uint64_t defender_nodes = 0;
  std::uint64_t threat_searches = 0;  // searches after a null move (is this move a threat?)
  std::uint64_t threats_found = 0;
  std::uint64_t pruned_defences = 0;     // defender moves refuted by a lower-order win (not lambda moves)
  std::uint64_t defence_candidates = 0;  // defender moves considered (before that filter)
  std::uint64_t table_hits = 0;
  std::uint64_t defender_first = 0;      // defender nodes the defender wins first by its own threats
  std::uint64_t direct_checks = 0;       // direct-threat checker calls
  std::uint64_t direct_proofs = 0;       // threat tests settled by the checker
  std::uint64_t direct_cuts = 0;         // full sub-searches skipped because the checker was complete
  std::uint64_t x00_nodes = 0;           // defender nodes where X-0-0 intersected several threats
  std::uint64_t x00_threats = 0;         // attacker threats collected there
  std::uint64_t x00_attacker_nodes = 0;  // attacker nodes where the defender's threats cut the moves
  std::uint64_t x00_removed = 0;         // candidates removed by X-0-0 (both kinds of node)
  // Nodes of the game's own searches for the defender's threats (DefenderThreatHint: Go-Moku's
  // VCF check); they are counted in `nodes` and spend the budget like the search's own nodes.
  std::uint64_t defender_threat_nodes = 0;
  // Dual lambda search (counter_threats.hpp): attacker nodes where a counter-threat of the
  // defender restricted the moves, the candidates it removed and the defences it added, and the
  // nodes of the nested searches for the counter-threats (counted in `nodes` like the above).
  std::uint64_t dual_nodes = 0;
  std::uint64_t dual_removed = 0;
  std::uint64_t dual_added = 0;
  std::uint64_t counter_threat_nodes = 0;
  // With LambdaOptions::track_depth_cuts: failures that rest on the depth limit (a node whose
  // order or search was cut short by the depth left). Alpha-beta takes back the cuts inside a
  // subtree it proves (a proof holds at every greater depth), so the count rises during a search
  // that fails exactly when that failure may not hold at a greater depth.
  std::uint64_t depth_cuts = 0;
};

class Budget {
 public:
  Budget(std::uint64_t max_nodes, double max_seconds)
      : max_nodes_(max_nodes), max_seconds_(max_seconds), start_(std::chrono::steady_clock::now()) {}

  // Counts a node; false once the budget is spent.
  bool tick(SearchStats& stats) {
    if (exhausted_) return false;
    ++stats.nodes;
    if (stats.nodes > max_nodes_) {
      exhausted_ = true;
      return false;
    }
    if (max_seconds_ > 0.0 && (stats.nodes & 1023) == 0 && seconds() > max_seconds_) {
      exhausted_ = true;
      return false;
    }
    return true;
  }
  // Counts `count` nodes searched outside the tree searchers (a game's own sub-search); false once
  // the budget is spent.
  bool charge(SearchStats& stats, std::uint64_t count) {
    if (exhausted_) return false;
    stats.nodes += count;
    if (stats.nodes > max_nodes_) exhausted_ = true;
    return !exhausted_;
  }
  bool exhausted() const { return exhausted_; }
  // The nodes a game's own sub-search may still spend (0 once the budget is spent).
  std::uint64_t left(const SearchStats& stats) const {
    return stats.nodes < max_nodes_ ? max_nodes_ - stats.nodes : 0;
  }
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  std::uint64_t max_nodes() const { return max_nodes_; }

 private:
  std::uint64_t max_nodes_;
  double max_seconds_;
  std::chrono::steady_clock::time_point start_;
  bool exhausted_ = false;
};

}  // namespace sgplan::search::lambda
