// Direct threats of order k (Cazenave's gagnant_k, "Generalized threats search", 2002): a compact
// checker of short threat sequences, used by the lambda searchers to settle threat tests cheaply.
//
//   winning_0(P): the side to move reaches its goal in one move.
//   winning_k(P): some move J such that every reply leads to winning_k' with k' < k.
//   Pruning: J can only win at level k if, were the defender to pass after J, the position would
//   be winning at level k - 1; and only the defender moves in the zone of that threat (plus the
//   game's counter-threats) can refute it (every other reply leaves the threat standing).
// A winning_k tree is a lambda tree of order k and depth k + 1 (each attacker move threatens
// winning_(k-1), a lambda tree of order k - 1), so a proof here is a lambda proof. Conversely, a
// lambda tree of order >= d - 1 and depth d is a winning_(d-1) tree: when a threat test asks for
// such a tree, the checker's "no" is the full answer (LambdaMoves uses that as a cut). In a
// monotone game (free-style Go-Moku: an extra stone never hurts its owner) winning_k is exactly
// "the attacker wins within k + 1 moves", which the tests check against plain alpha-beta.
// No transposition table: it is meant for small k. Budget ticks like every search node.
#pragma once

#include "core/move_set.hpp"
#include "search/lambda/search_context.hpp"
#include "search/lambda/threat_game.hpp"

namespace sgplan::search::lambda {

template <ThreatGame G>
class DirectThreats {
 public:
  // `null_move_cut` false: every attacker move is checked, not only those that threaten
  // winning_(k-1) after a pass (for measuring the cut, and as the definition without it).
  DirectThreats(G& game, SearchContext& ctx, bool null_move_cut = true)
      : game_(game), ctx_(ctx), null_move_cut_(null_move_cut) {}

  // Attacker to move: proven when it wins at some level <= k; the proof's zone is added to `zone`
  // and, when `first` is given, the winning move to *first.
  Outcome winning(int k, MoveSet& zone, Move* first = nullptr) {
    if (!ctx_.budget.tick(ctx_.stats)) return Outcome::kAborted;
    ++ctx_.stats.direct_checks;
    if (game_.defender_won()) return Outcome::kNotProven;
    MoveList goal;
    game_.winning_moves(goal);
    if (!goal.empty()) {
      add_move_zone(game_, goal[0], 0, zone);
      if (first != nullptr) *first = goal[0];
      return Outcome::kProven;
    }
    if (k <= 0) return Outcome::kNotProven;
    MoveList candidates;
    attacker_candidates(game_, k, candidates);
    for (Move m : candidates) {
      MoveSet move_zone;
      add_move_zone(game_, m, k, move_zone);
      game_.play(m);
      // 1. The pruning: m must threaten winning_(k-1) were the defender to pass.
      MoveSet threat_zone = MoveSet::all();
      Outcome r = Outcome::kProven;
      if (null_move_cut_) {
        threat_zone = MoveSet();
        game_.pass();
        r = winning(k - 1, threat_zone);
        game_.undo();
      }
      // 2. Every reply that might refute the threat must still lose.
      MoveSet proof;
      if (r == Outcome::kProven) r = replies(k, threat_zone, proof);
      game_.undo();
      if (r == Outcome::kAborted) return r;
      if (r == Outcome::kProven) {
        zone |= move_zone;
        zone |= proof;
        if (first != nullptr) *first = m;
        return Outcome::kProven;
      }
    }
    return Outcome::kNotProven;
  }

 private:
  // Defender to move; the attacker threatens winning_(k-1) with zone `threat_zone`.
  Outcome replies(int k, const MoveSet& threat_zone, MoveSet& zone) {
    if (!ctx_.budget.tick(ctx_.stats)) return Outcome::kAborted;
    if (game_.defender_won()) return Outcome::kNotProven;
    MoveList own_goal;
    game_.winning_moves(own_goal);
    if (!own_goal.empty()) return Outcome::kNotProven;
    MoveSet node_zone = threat_zone;
    MoveList candidates;
    defence_candidates(game_, threat_zone, k - 1, candidates, node_zone);
    for (Move c : candidates) {
      MoveSet reply_zone;
      add_move_zone(game_, c, k, reply_zone);
      game_.play(c);
      MoveSet sub;
      const Outcome r = winning(k - 1, sub);
      game_.undo();
      if (r != Outcome::kProven) return r;
      node_zone |= reply_zone;
      node_zone |= sub;
    }
    zone |= node_zone;
    return Outcome::kProven;
  }

  G& game_;
  SearchContext& ctx_;
  bool null_move_cut_;
};

}  // namespace sgplan::search::lambda
