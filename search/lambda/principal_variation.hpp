// The principal variation of a lambda proof (Thomsen 2000): the line a proof found by the driver
// (lambda_driver.hpp) stands on, attacker, defender, ..., ending with the attacker's goal move.
//
//   1. Attacker to move, order n, depth a: the goal in one move ends the line. Otherwise the
//      table's proof of the position gives the move (and its own order and depth, which may be
//      lower); a position proved without an entry (the direct-threat checker keeps none, or the
//      entry was replaced) is proved again, and a proof the table lost is found move by move.
//   2. The defender's reply: of the defences the threat leaves (lambda_moves.hpp), the one whose
//      refutation is deepest (the longest resistance), or any legal move when none stops it.
//   3. Repeat at depth a - 1. The line is at most 2 kMaxDepth moves; every move is taken back, so
//      the game is where it was.
// Re-proving uses the searcher's budget and counters: the nodes a variation costs are the search's.
#pragma once

#include <cstddef>
#include <vector>

#include "search/lambda/lambda_table.hpp"
#include "search/lambda/search_context.hpp"
#include "search/lambda/threat_game.hpp"

namespace sgplan::search::lambda {

namespace detail {

// The depth (attacker moves) of the settled proof of the current position, attacker to move.
template <ThreatGame G, class Searcher>
int proof_depth(G& game, Searcher& searcher, SearchContext& ctx, int n, int a) {
  MoveList goal;
  game.winning_moves(goal);
  if (!goal.empty()) return 1;
  const LambdaEntry* e = ctx.table.probe(game.hash());
  if (e == nullptr || !e->proves(n, a)) {
    MoveSet z;
    int order = 0;
    if (searcher.moves().lower_order_win(n, a, z, order) != Outcome::kProven) return -1;
    e = ctx.table.probe(game.hash());
    if (e == nullptr || !e->has_proof()) return a;  // proved by the direct-threat checker
  }
  return e->proof_depth;
}

}  // namespace detail

// Follows the proof of the current position (attacker to move, order n, depth a).
template <ThreatGame G, class Searcher>
std::vector<Move> principal_variation(G& game, Searcher& searcher, SearchContext& ctx, int n, int a) {
  std::vector<Move> pv;
  int played = 0;
  while (a >= 1 && pv.size() < 2 * static_cast<std::size_t>(kMaxDepth)) {
    MoveList goal;
    game.winning_moves(goal);
    if (!goal.empty()) {
      pv.push_back(goal[0]);
      game.play(goal[0]);
      ++played;
      break;
    }
    const LambdaEntry* e = ctx.table.probe(game.hash());
    if (e == nullptr || !e->has_proof() || e->best == kNoMove || e->proof_depth > a) {
      if (searcher.prove(n, a, nullptr) != Outcome::kProven) break;
      e = ctx.table.probe(game.hash());
    }
    Move m = kNoMove;
    if (e != nullptr && e->has_proof() && e->best != kNoMove) {
      n = e->proof_order;
      a = e->proof_depth;
      m = e->best;
    } else {
      // Proved without a table entry (the direct-threat checker keeps none): find the move again.
      MoveList candidates;
      searcher.moves().attacker_moves(n, candidates);
      for (Move c : candidates) {
        MoveSet z;
        if (searcher.prove_move(n, a, c, z) == Outcome::kProven) {
          m = c;
          break;
        }
      }
      if (m == kNoMove) break;
    }
    pv.push_back(m);
    game.play(m);
    ++played;
    MoveSet threat_zone;
    int t = 0;
    if (searcher.moves().threat(n, a - 1, threat_zone, t) != Outcome::kProven) break;
    MoveSet node_zone;
    MoveList defences;
    if (searcher.moves().defences(n, a - 1, threat_zone, t, defences, node_zone) != Outcome::kProven) break;
    Move reply = kNoMove;
    int longest = -1;
    for (Move c : defences) {
      game.play(c);
      const int d = detail::proof_depth(game, searcher, ctx, n, a - 1);
      game.undo();
      if (d > longest) {
        longest = d;
        reply = c;
      }
    }
    if (reply == kNoMove) {  // nothing stops the threat: any legal move
      MoveList legal;
      game.legal_moves(legal);
      if (legal.empty()) break;
      reply = legal[0];
    }
    pv.push_back(reply);
    game.play(reply);
    ++played;
    a -= 1;
  }
  for (int i = 0; i < played; ++i) game.undo();
  return pv;
}

}  // namespace sgplan::search::lambda
