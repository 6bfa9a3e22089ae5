// The alpha-beta tree searcher for lambda trees (Thomsen 2000): a depth-first AND/OR search with
// values 1 (proven) and 0 (not proven at this order and depth), so alpha-beta reduces to "stop at
// the first winning attacker move, stop at the first refuting defender move".
//
// attack(n, a): attacker to move, order n, at most a attacker moves (the goal move included).
//   1. The goal in one move: proven (order 0). Order 0, or a = 1: not proven. A lambda-n tree of
//      depth a is at most of order a - 1 (each threat needs a deeper win after the null move), so
//      n = min(n, a - 1).
//   2. The table: a proof or a failure that covers (n, a) answers at once.
//   3. Every candidate m, ordered (table move, history, game priority): m must be a lambda-n move
//      (threat test: null move, then a lower-order win within a - 1 moves), then defend(n, a - 1).
//   The proof's zone: m's own zone, plus the defender node's.
// defend(n, a): defender to move after a threat (zone, order t).
//   1. A win for the defender now (its goal in one move, or a static win): not proven.
//   2. The table.
//   3. The candidates (lambda_moves.hpp, step 3); each: a lower-order win after it makes it a
//      non-lambda move, which loses; otherwise attack(n, a) after it must prove it too. The first
//      candidate that is not proven refutes the threat.
//   The zone: the threat's zone, the candidates' zones and their proofs' zones.
// Results are stored as proofs (with zone and move) or failures, never after the budget ran out.
// Depth cuts (options.track_depth_cuts; search_context.hpp): a node at order n >= 1 whose order the
// depth left shortens (n > a - 1, a = 1 included), a failure read from the table that does not hold
// at every depth, and the direct checker's answers at the depth limit (lambda_moves.hpp) are cuts;
// a failure with none below it holds at every depth and is stored so. A proved node, and a
// defence refuted by a proof, take back the cuts met below them.
#pragma once

#include <algorithm>

#include "search/lambda/lambda_moves.hpp"
#include "search/lambda/search_context.hpp"
#include "search/lambda/threat_game.hpp"

namespace sgplan::search::lambda {

template <ThreatGame G>
class AlphaBetaSearcher {
 public:
  AlphaBetaSearcher(G& game, SearchContext& ctx) : game_(game), ctx_(ctx), moves_(game, *this, ctx) {}

  // Attacker to move: a lambda tree of order <= n within `depth` attacker moves?
  Outcome prove(int n, int depth, MoveSet* zone) { return attack(n, depth, zone); }

  // Attacker to move: is m a lambda-n move after which every defence loses (depth as in prove)?
  Outcome prove_move(int n, int depth, Move m, MoveSet& zone) {
    if (n < 1 || depth < 2) return Outcome::kNotProven;
    return try_move(std::min(n, depth - 1), depth, m, zone);
  }

  LambdaMoves<G, AlphaBetaSearcher>& moves() { return moves_; }

 private:
  Outcome attack(int n, int a, MoveSet* zone) {
    if (!ctx_.budget.tick(ctx_.stats)) return Outcome::kAborted;
    ++ctx_.stats.attacker_nodes;
    if (game_.defender_won()) return Outcome::kNotProven;
    MoveList goal;
    game_.winning_moves(goal);
    if (!goal.empty()) {
      if (zone != nullptr) add_move_zone(game_, goal[0], 0, *zone);
      return Outcome::kProven;
    }
    const std::uint64_t cuts = ctx_.cut_mark();
    if (n >= 1 && n > a - 1) ctx_.note_depth_cut();
    n = std::min(n, a - 1);
    if (n < 1) return Outcome::kNotProven;
    bool answered = false;
    const Outcome quick = moves_.last_threat(n, a, zone, answered);
    if (answered) {
      if (quick == Outcome::kProven) ctx_.forget_cuts(cuts);
      return quick;
    }
    const std::uint64_t key = game_.hash();
    Move first = kNoMove;
    if (const LambdaEntry* e = ctx_.table.probe(key)) {
      if (e->proves(n, a)) {
        ++ctx_.stats.table_hits;
        if (zone != nullptr) *zone |= e->zone;
        ctx_.forget_cuts(cuts);
        return Outcome::kProven;
      }
      if (e->refutes(n, a)) {
        ++ctx_.stats.table_hits;
        ctx_.note_table_failure(*e, n);
        return Outcome::kNotProven;
      }
      first = e->best;
    }
    MoveList candidates;
    moves_.attacker_moves(n, candidates);
    ctx_.ordering.sort(game_, candidates, MoveOrdering::kAttacker, first, a);
    for (Move m : candidates) {
      MoveSet z;
      const Outcome r = try_move(n, a, m, z);
      if (r == Outcome::kAborted) return r;
      if (r == Outcome::kProven) {
        ctx_.table.store_proof(key, n, a, m, z);
        ctx_.ordering.reward(MoveOrdering::kAttacker, m, a);
        if (zone != nullptr) *zone |= z;
        ctx_.forget_cuts(cuts);
        return r;
      }
    }
    ctx_.table.store_failure(key, n, ctx_.failure_depth(a, cuts));
    return Outcome::kNotProven;
  }

  Outcome try_move(int n, int a, Move m, MoveSet& zone) {
    MoveSet z;
    add_move_zone(game_, m, n, z);
    game_.play(m);
    MoveSet threat_zone;
    int t = 0;
    Outcome r = moves_.threat(n, a - 1, threat_zone, t);
    if (r == Outcome::kProven) r = defend(n, a - 1, threat_zone, t, z);
    game_.undo();
    if (r == Outcome::kProven) zone |= z;
    return r;
  }

  Outcome defend(int n, int a, const MoveSet& threat_zone, int t, MoveSet& zone) {
    if (!ctx_.budget.tick(ctx_.stats)) return Outcome::kAborted;
    ++ctx_.stats.defender_nodes;
    if (game_.defender_won()) return Outcome::kNotProven;
    MoveList own_goal;
    game_.winning_moves(own_goal);
    if (!own_goal.empty()) return Outcome::kNotProven;
    const std::uint64_t cuts = ctx_.cut_mark();
    const std::uint64_t key = game_.hash();
    Move first = kNoMove;
    if (const LambdaEntry* e = ctx_.table.probe(key)) {
      if (e->proves(n, a)) {
        ++ctx_.stats.table_hits;
        zone |= e->zone;
        return Outcome::kProven;
      }
      if (e->refutes(n, a)) {
        ++ctx_.stats.table_hits;
        ctx_.note_table_failure(*e, n);
        return Outcome::kNotProven;
      }
      first = e->best;
    }
    if (moves_.defender_wins_first()) {
      ctx_.table.store_failure(key, kMaxOrder, ctx_.failure_depth(kMaxDepth, cuts));
      return Outcome::kNotProven;
    }
    MoveSet node_zone;
    MoveList candidates;
    const Outcome g = moves_.defences(n, a, threat_zone, t, candidates, node_zone);
    if (g == Outcome::kAborted) return g;
    ctx_.ordering.sort(game_, candidates, MoveOrdering::kDefender, first, a);
    for (Move c : candidates) {
      MoveSet reply_zone;
      add_move_zone(game_, c, n, reply_zone);
      const std::uint64_t reply_cuts = ctx_.cut_mark();
      game_.play(c);
      MoveSet sub;
      int order = 0;
      Outcome r = moves_.lower_order_win(n - 1, a, sub, order);
      if (r == Outcome::kProven) {
        ++ctx_.stats.pruned_defences;
      } else if (r == Outcome::kNotProven) {
        r = attack(n, a, &sub);
      }
      game_.undo();
      if (r == Outcome::kAborted) return r;
      if (r == Outcome::kNotProven) {
        ctx_.table.store_failure(key, n, ctx_.failure_depth(a, cuts), c);
        ctx_.ordering.reward(MoveOrdering::kDefender, c, a);
        return r;
      }
      ctx_.forget_cuts(reply_cuts);  // c is refuted by a proof, whatever the lower-order search met
      node_zone |= reply_zone;
      node_zone |= sub;
    }
    ctx_.table.store_proof(key, n, a, kNoMove, node_zone);
    zone |= node_zone;
    ctx_.forget_cuts(cuts);
    return Outcome::kProven;
  }

  G& game_;
  SearchContext& ctx_;
  LambdaMoves<G, AlphaBetaSearcher> moves_;
};

}  // namespace sgplan::search::lambda
