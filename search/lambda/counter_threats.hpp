// Dual lambda search (Soeda, Kaneko and Tanaka, "Dual Lambda Search and Shogi Endgames", ACG
// 2005): both sides' threats count. Plain lambda search only knows the attacker's threats; a
// defender that has a faster threat of its own (an atari on an attacker string in a capturing race,
// a four in Go-Moku) refutes every attacker move that ignores it, and plain lambda search learns so
// only by searching each such move and each refutation. Dual lambda search makes a pass for the
// attacker too and asks the defender's own lambda search what it threatens:
//
//   At an attacker node of a lambda-n tree, the defender's counter-threat is the lowest order m < n
//   of a lambda tree that wins the defender's own goal were the attacker to pass (a nested lambda
//   search with the roles exchanged: the same searchers over the game seen from the defender).
//   With no counter-threat the node is plain lambda search. With one of order m, an attacker move
//   can only help when it lies in the zone of that tree (it can refute it: a defence) or threatens
//   at order m or lower (a faster threat, which the defender must answer first); the others leave
//   the defender's tree standing and are not searched. The defences the game did not list as
//   candidates are added: each is still a lambda-n move only if it passes the threat test (after
//   it and a null move the attacker wins at a lower order), so a proof stays a proof.
//   The orders interleave: the attacker's lambda-n tree consults the defender's trees of orders
//   below n, whose attacker nodes (the defender to move) consult the attacker's trees of lower
//   orders still, so the mutual recursion ends at order 0.
//
// Soundness: the rule only removes attacker moves and adds moves that pass the same tests, so
// every proof is a proof of plain lambda search and its zone is the same; a removed move costs
// completeness (a "not proven"), never soundness. The tests check the proofs by replay and by
// plain alpha-beta, and the README measures what the rule wins and loses.
//
// Games opt in with the CounterThreatHint (threat_game.hpp); CounterThreatSearch below is the
// nested search they run, on a game object with the roles exchanged.
#pragma once

#include <algorithm>
#include <cstdint>
#include <unordered_map>

#include "core/move_set.hpp"
#include "search/lambda/lambda_driver.hpp"
#include "search/lambda/lambda_options.hpp"
#include "search/lambda/lambda_table.hpp"
#include "search/lambda/move_ordering.hpp"
#include "search/lambda/search_context.hpp"

namespace sgplan::search::lambda {

// A counter-threat found: its order (-1: none within the order and the budget), the zone of its
// proof, and the nodes the nested search entered.
struct CounterThreat {
  int order = -1;
  MoveSet zone;
  std::uint64_t nodes = 0;  // at most the max_nodes given
  bool aborted = false;     // the search stopped at max_nodes
};

// The nested lambda searches of one game's counter-threats, with a table kept across them (an entry
// is a fact about a position under fixed rules and goal: the game's hashes must tell its goals
// apart when one table serves several), and the answers the game chose to remember by position.
class CounterThreatSearch {
 public:
  // 4 MiB: zero pages, touched only where the nested searches go.
  explicit CounterThreatSearch(std::size_t table_mib = 4) : table_(table_mib) {}

  // The answer remembered under `key` (order -1: none), or nullptr.
  const CounterThreat* remembered(std::uint64_t key) const {
    const auto it = answers_.find(key);
    return it == answers_.end() ? nullptr : &it->second;
  }
  // Remembers an answer (its nodes are not kept: a remembered answer costs none). The memory is
  // bounded: past kMaxRemembered answers the oldest are all forgotten at once.
  void remember(std::uint64_t key, int order, const MoveSet& zone) {
    if (answers_.size() >= kMaxRemembered) answers_.clear();
    CounterThreat& a = answers_[key];
    a.order = order;
    a.zone = order >= 0 ? zone : MoveSet{};
  }

  // The attacker of `game` (the outer search's defender) to move: a win of order <= max_order
  // within the schedule's depths and `max_nodes` nodes (at least 1), by alpha-beta, itself dual.
  template <ThreatGame G>
  CounterThreat find(G& game, int max_order, OrderSchedule schedule, std::uint64_t max_nodes) {
    LambdaOptions options;
    options.max_order = max_order;
    options.engine = Engine::kAlphaBeta;
    options.max_nodes = max_nodes;
    options.dual = true;
    Budget budget(max_nodes, 0.0);
    SearchStats stats;
    SearchContext ctx(options, table_, ordering_, budget, stats);
    schedule.max_order = std::clamp(std::min(max_order, schedule.max_order), 0, kMaxOrder);
    auto always = [](int, int, bool) { return true; };
    const DriverResult r = drive_lambda(game, ctx, Engine::kAlphaBeta, DfpnTables{}, schedule, always);
    CounterThreat out;
    out.aborted = budget.exhausted();
    // The budget counts the node it refused too (search_budget.hpp).
    out.nodes = stats.nodes - (out.aborted && stats.nodes > max_nodes ? 1 : 0);
    if (r.result.proven) {
      out.order = r.result.order;
      out.zone = r.zone;
    }
    return out;
  }

  static constexpr std::size_t kMaxRemembered = std::size_t{1} << 16;

 private:
  LambdaTable table_;
  MoveOrdering ordering_;
  std::unordered_map<std::uint64_t, CounterThreat> answers_;
};

}  // namespace sgplan::search::lambda
