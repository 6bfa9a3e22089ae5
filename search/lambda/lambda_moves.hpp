// The lambda-move generator (Thomsen 2000), apart from the tree searchers that use it.
//
//   A lambda-n move of the attacker is one after which, were the defender to pass, the attacker
//   would win by a lambda tree of some order below n. A lambda-n move of the defender is one after
//   which no lambda tree of order below n wins. Order 0: the attacker reaches the goal at once.
// So the generator asks the searcher itself (the Prover: alpha-beta or df-pn) for the lower-order
// sub-searches:
//   Outcome prove(int order, int depth, MoveSet* zone)      attacker to move
//   Outcome prove_move(int order, int depth, Move m, MoveSet& zone)  attacker to move: m is a
//                                                            lambda-order move and every defence loses
// Steps:
//   1. Attacker candidates: the game's threat_candidates(n) (or every legal move); each still has to
//      pass the threat test, which the searcher runs when it tries the move. X-0-0 at attacker
//      nodes ("the enemy's key play is my own key play"): when the defender would win by direct
//      threats were the attacker to pass, only moves in the zone of that win, or moves that
//      threaten the goal at once, are kept.
//   2. Threat test (after the attacker's move, defender to move): pass, then lower_order_win(n - 1)
//      within the remaining depth, capped by options.threat_depth. Orders are tried from 0 up; the
//      direct-threat checker (gagnant_k) settles the short ones first, and when it is complete for
//      the depth (order >= depth - 1) its "no" ends the test without a full search. Answers are
//      remembered in the table.
//   3. Defender candidates: the legal moves in the zone of the threat's proof plus the game's
//      counter-threats for that order; every other move leaves the threat's proof valid and loses.
//      X-0-0 at defender nodes: the attacker's other winning moves after the null move are
//      collected too, and the candidates become the intersection of all their lists (zone plus
//      counter-threats): a move must refute every threat to be worth trying. Before all that, a
//      defender that wins first by its own direct threats (defender_wins_first, exact) ends the node.
//   4. A defender candidate after which a lower-order tree still wins is not a lambda move (the
//      searcher checks it with lower_order_win before searching it at order n).
// Both X-0-0 parts are sound given sound zones (a move outside a zone cannot refute that proof);
// they trade sub-searches for fewer candidates, and the README measures the trade.
// Zones returned with proofs are relevancy zones: see threat_game.hpp.
#pragma once

#include <algorithm>
#include <array>

#include "core/move_set.hpp"
#include "search/lambda/direct_threats.hpp"
#include "search/lambda/search_context.hpp"
#include "search/lambda/threat_game.hpp"

namespace sgplan::search::lambda {

template <ThreatGame G, class Prover>
class LambdaMoves {
 public:
  // The most attacker threats X-0-0 collects at one defender node.
  static constexpr int kMaxX00Threats = 8;
  // The longest defender threat sequence X-0-0 looks for at attacker nodes.
  static constexpr int kDefenderThreatDepth = 2;

  LambdaMoves(G& game, Prover& prover, SearchContext& ctx)
      : game_(game), prover_(prover), ctx_(ctx), direct_(game, ctx) {}

  // Attacker to move: does a lambda tree of order <= max_order win within `depth` attacker moves?
  // On a proof, `order` is its order and its zone is added to `zone`.
  // Depth cuts (search_context.hpp): an order shortened by the depth, and the checker's "no" when
  // it is complete only for this depth.
  Outcome lower_order_win(int max_order, int depth, MoveSet& zone, int& order) {
    const std::uint64_t cuts = ctx_.cut_mark();
    if (max_order >= 1 && max_order > depth - 1) ctx_.note_depth_cut();
    max_order = std::min(max_order, depth - 1);
    Outcome r = prover_.prove(0, depth, &zone);
    if (r != Outcome::kNotProven || max_order < 1) {
      if (r == Outcome::kProven) ctx_.forget_cuts(cuts);
      order = 0;
      return r;
    }
    // The whole question is remembered in the table (the checker's answers included).
    const std::uint64_t key = game_.hash();
    if (const LambdaEntry* e = ctx_.table.probe(key)) {
      if (e->proves(max_order, depth)) {
        ++ctx_.stats.table_hits;
        zone |= e->zone;
        order = e->proof_order;
        ctx_.forget_cuts(cuts);
        return Outcome::kProven;
      }
      if (e->refutes(max_order, depth)) {
        ++ctx_.stats.table_hits;
        ctx_.note_table_failure(*e, max_order);
        return Outcome::kNotProven;
      }
    }
    const int levels = std::min({ctx_.options.direct_levels, max_order, depth - 1});
    for (int k = 1; k <= levels; ++k) {
      MoveSet z;
      r = direct_.winning(k, z);
      if (r == Outcome::kAborted) return r;
      if (r == Outcome::kProven) {
        ++ctx_.stats.direct_proofs;
        ctx_.table.store_proof(key, k, k + 1, kNoMove, z);
        zone |= z;
        order = k;
        ctx_.forget_cuts(cuts);
        return r;
      }
    }
    if (levels == depth - 1 && levels >= 1) {  // the checker was complete for this depth
      ++ctx_.stats.direct_cuts;
      ctx_.note_depth_cut();
      ctx_.table.store_failure(key, max_order, depth);
      return Outcome::kNotProven;
    }
    for (int k = 1; k <= max_order; ++k) {
      r = prover_.prove(k, depth, &zone);
      if (r != Outcome::kNotProven) {
        if (r == Outcome::kProven) ctx_.forget_cuts(cuts);
        order = k;
        return r;
      }
    }
    ctx_.table.store_failure(key, max_order, ctx_.failure_depth(depth, cuts));
    return Outcome::kNotProven;
  }

  // Attacker to move with two moves left: a win is a move that threatens the goal and cannot be
  // stopped (winning_1), which the direct-threat checker decides without the table. Sets
  // `answered` when it applies (the checker is on and the order allows threats). Its "no" is a
  // depth cut when the attacker has candidate moves (with more moves one of them might win).
  Outcome last_threat(int n, int a, MoveSet* zone, bool& answered) {
    answered = a == 2 && n >= 1 && ctx_.options.direct_levels >= 1;
    if (!answered) return Outcome::kNotProven;
    MoveSet z;
    const Outcome r = direct_.winning(1, z);
    if (r == Outcome::kProven && zone != nullptr) *zone |= z;
    if (r == Outcome::kNotProven && ctx_.tracking_cuts()) {
      MoveList candidates;
      attacker_candidates(game_, n, candidates);
      if (!candidates.empty()) ctx_.note_depth_cut();
    }
    return r;
  }

  // Defender to move, right after an attacker move: was it a lambda-n move, i.e. would the attacker
  // win after a null move by a tree of order < n within `depth` attacker moves?
  Outcome threat(int n, int depth, MoveSet& zone, int& order) {
    ++ctx_.stats.threat_searches;
    if (ctx_.options.threat_depth > 0) depth = std::min(depth, ctx_.options.threat_depth);
    game_.pass();
    const Outcome r = lower_order_win(n - 1, depth, zone, order);
    game_.undo();
    if (r == Outcome::kProven) ++ctx_.stats.threats_found;
    return r;
  }

  // Defender to move: does it win first, by its own direct threats (Go-Moku: a VCF), whatever the
  // attacker's threat? Then the node is lost for the attacker at every order: an exact shortcut,
  // not a pruning (it needs the DefenderThreatHint; without it the search finds the same by
  // trying the defender's counter-threats one by one).
  bool defender_wins_first() {
    if constexpr (DefenderThreatHint<G>) {
      game_.pass();  // back to the attacker "to move"; the hint asks what the defender does next
      MoveSet zone;
      const bool wins = defender_threat(zone);
      game_.undo();
      if (wins) ++ctx_.stats.defender_first;
      return wins;
    } else {
      return false;
    }
  }

  // The game's check of the defender's direct threats (DefenderThreatHint), its nodes counted and
  // charged to the budget. Its answer is exact even when the charge spends the budget (the check
  // ran to its end): the caller may use it, and the next node unwinds.
  bool defender_threat(MoveSet& zone) {
    std::uint64_t nodes = 0;
    const bool wins = game_.defender_threat(kDefenderThreatDepth, zone, nodes);
    ctx_.stats.defender_threat_nodes += nodes;
    ctx_.budget.charge(ctx_.stats, nodes);
    return wins;
  }

  // Attacker to move at order n: the candidate moves (step 1). With X-0-0 also "the enemy's key
  // play is my own key play": when the defender would win by direct threats were the attacker to
  // pass (its goal at once, or with the DefenderThreatHint a short sequence of them), only the moves
  // in the zone of that win and the moves that threaten the goal at once can help.
  // With dual lambda search (counter_threats.hpp) the defender's counter-threats of orders below n
  // then restrict the moves the same way and add the defences the game did not list.
  void attacker_moves(int n, MoveList& out) {
    attacker_candidates(game_, n, out);
    if constexpr (CounterThreatHint<G>) {
      if (ctx_.options.dual && n >= 1 && !out.empty()) dual_moves(n, out);
    }
    if (!x00_at_attacker(ctx_.options.x00) || out.empty()) return;
    MoveSet keep;
    bool threatened = false;
    if constexpr (DefenderThreatHint<G>) {
      threatened = defender_threat(keep);
      if (threatened) {
        MoveList forcing;
        attacker_candidates(game_, 1, forcing);
        for (Move m : forcing) keep.insert(m);
      }
    } else {
      game_.pass();
      MoveList goals;
      game_.winning_moves(goals);
      keep = MoveSet::all();
      for (Move g : goals) {
        MoveSet z;
        add_move_zone(game_, g, 0, z);
        keep &= z;
      }
      game_.undo();
      threatened = !goals.empty();
    }
    if (!threatened) return;
    const std::size_t before = out.size();
    filter(out, keep);
    ++ctx_.stats.x00_attacker_nodes;
    ctx_.stats.x00_removed += before - out.size();
  }

  // Dual lambda search at an attacker node of order n (counter_threats.hpp): when the defender,
  // were the attacker to pass, wins its own goal by a tree of order m < n, only the moves in that
  // tree's zone (defences) and the attacker's threats of order <= m (faster ones) are kept, and the
  // legal defences the candidates lacked are appended, best first.
  void dual_moves(int n, MoveList& out) {
    MoveSet zone;
    std::uint64_t nodes = 0;
    const int m = game_.counter_threat(n - 1, ctx_.budget.left(ctx_.stats), zone, nodes);
    ctx_.stats.counter_threat_nodes += nodes;
    ctx_.budget.charge(ctx_.stats, nodes);
    if (m < 0 || m >= n) return;
    MoveSet keep = zone;
    if (m >= 1) {
      MoveList faster;
      attacker_candidates(game_, m, faster);
      for (Move x : faster) keep.insert(x);
    }
    MoveSet listed;
    for (Move x : out) listed.insert(x);
    const std::size_t before = out.size();
    filter(out, keep);
    const std::size_t kept = out.size();
    MoveList added;
    const std::size_t limit = game_.move_limit();
    zone.for_each([&](Move x) {
      if (x < limit && !listed.contains(x) && game_.is_legal(x)) added.push_back(x);
    });
    std::stable_sort(added.begin(), added.end(),
                     [&](Move a, Move b) { return move_priority(game_, a) > move_priority(game_, b); });
    for (Move x : added) out.push_back(x);
    ++ctx_.stats.dual_nodes;
    ctx_.stats.dual_removed += before - kept;
    ctx_.stats.dual_added += added.size();
  }

  // Defender to move, threatened by a proof of order t with zone `threat_zone`: the candidate
  // defences (steps 3). `node_zone` collects what the node's proof depends on.
  Outcome defences(int n, int depth, const MoveSet& threat_zone, int t, MoveList& out, MoveSet& node_zone) {
    node_zone |= threat_zone;
    defence_candidates(game_, threat_zone, t, out, node_zone);
    ctx_.stats.defence_candidates += out.size();
    if (!x00_at_defender(ctx_.options.x00) || out.size() <= 1 || n < 1) return Outcome::kProven;
    return x00(n, depth, out, node_zone);
  }

 private:
  static void filter(MoveList& moves, const MoveSet& keep) {
    MoveList kept;
    for (Move m : moves) {
      if (keep.contains(m)) kept.push_back(m);
    }
    moves = kept;
  }

  // X-0-0 at a defender node: every move of X (the attacker) that would win after a null move of O
  // (the defender) must be blocked now; O's candidates are the intersection of the lists, each
  // list being the zone of that threat's proof plus O's counter-threats for its order.
  Outcome x00(int n, int depth, MoveList& candidates, MoveSet& node_zone) {
    if (ctx_.options.threat_depth > 0) depth = std::min(depth, ctx_.options.threat_depth);
    std::array<MoveSet, kMaxOrder + 1> extras{};
    for (int t = 0; t < n && t <= kMaxOrder; ++t) {
      MoveList e;
      if constexpr (ThreatHints<G>) {
        game_.defence_extras(t, e);
      } else {
        game_.legal_moves(e);
      }
      for (Move m : e) extras[static_cast<std::size_t>(t)].insert(m);
    }
    MoveSet keep;
    for (Move m : candidates) keep.insert(m);
    const std::size_t before = candidates.size();
    int threats = 0;
    Outcome result = Outcome::kProven;
    game_.pass();
    MoveList goals;
    game_.winning_moves(goals);
    for (Move g : goals) {
      if (threats >= kMaxX00Threats) break;
      MoveSet z;
      add_move_zone(game_, g, 0, z);
      node_zone |= z;
      keep &= z | extras[0];
      ++threats;
    }
    for (int k = 1; k < n && k <= depth - 1 && !keep.empty() && threats < kMaxX00Threats; ++k) {
      MoveList moves;
      attacker_candidates(game_, k, moves);
      for (Move m : moves) {
        if (keep.empty() || threats >= kMaxX00Threats) break;
        MoveSet z;
        const Outcome r = prover_.prove_move(k, depth, m, z);
        if (r == Outcome::kAborted) {
          result = r;
          break;
        }
        if (r != Outcome::kProven) continue;
        node_zone |= z;
        keep &= z | extras[static_cast<std::size_t>(k)];
        ++threats;
      }
      if (result == Outcome::kAborted) break;
    }
    game_.undo();
    if (result == Outcome::kAborted) return result;
    filter(candidates, keep);
    if (threats > 1) {
      ++ctx_.stats.x00_nodes;
      ctx_.stats.x00_threats += static_cast<std::uint64_t>(threats);
      ctx_.stats.x00_removed += before - candidates.size();
    }
    return Outcome::kProven;
  }

  G& game_;
  Prover& prover_;
  SearchContext& ctx_;
  DirectThreats<G> direct_;
};

}  // namespace sgplan::search::lambda
