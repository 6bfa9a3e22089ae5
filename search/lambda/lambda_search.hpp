// lambda_search(game, options): Thomsen's lambda search (2000) with a chosen tree searcher.
//
//   1. Orders n = 0, 1, ..., max_order; for each, depths a = n + 1, ..., max_depth (iterative
//      deepening; a lambda tree of depth a has order at most a - 1, so shallower depths were already
//      covered by the lower orders). Order 0 is depth 1: the goal in one move.
//   2. The first (n, a) the searcher proves is the answer: the lowest order, and for it the
//      shallowest depth. The principal variation follows the proof: at attacker nodes the table's
//      move, at defender nodes the candidate defence whose refutation takes longest.
//   3. Otherwise "not proven up to order n and depth a" (never "impossible"): lambda search proves
//      wins; a 0 only says this order and depth found none. A spent budget stops the search and
//      says how far it got.
// With iterative_deepening off each order is searched at max_depth at once: proofs may be longer
// than necessary but a deep narrow win (a long VCF) is found without the shallower iterations.
// The two searchers (alpha-beta, df-pn) share the table, the move ordering and the generator, and
// give the same answers (the tests check it); they differ in the nodes they visit. df-pn gives half
// of table_mib to the shared table and a quarter each to its proof numbers and child cache.
#pragma once

#include <algorithm>
#include <memory>
#include <vector>

#include "search/lambda/alphabeta_searcher.hpp"
#include "search/lambda/dfpn_searcher.hpp"
#include "search/lambda/dfpn_table.hpp"
#include "search/lambda/lambda_options.hpp"
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
      const int d = proof_depth(game, searcher, ctx, n, a - 1);
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

template <ThreatGame G, class Searcher>
LambdaResult run(G& game, Searcher& searcher, SearchContext& ctx, const LambdaOptions& options) {
  LambdaResult result;
  const int max_depth = std::clamp(options.max_depth, 1, kMaxDepth);
  const int max_order = std::clamp(std::min(options.max_order, max_depth - 1), 0, kMaxOrder);
  for (int n = 0; n <= max_order; ++n) {
    const int first = n == 0 ? 1 : (options.iterative_deepening ? n + 1 : max_depth);
    const int last = n == 0 ? 1 : max_depth;
    result.order = n;
    result.depth = first - 1;
    for (int a = first; a <= last; ++a) {
      const Outcome r = searcher.prove(n, a, nullptr);
      if (r == Outcome::kAborted) {
        result.budget_exhausted = true;
        return result;
      }
      if (r == Outcome::kProven) {
        result.proven = true;
        result.depth = a;
        result.pv = principal_variation(game, searcher, ctx, n, a);
        result.move = result.pv.empty() ? kNoMove : result.pv.front();
        return result;
      }
      result.depth = a;
      if (options.progress) options.progress(n, a, ctx.stats.nodes);
    }
  }
  result.depth = max_depth;
  return result;
}

}  // namespace detail

template <ThreatGame G>
LambdaResult lambda_search(G& game, const LambdaOptions& options) {
  const bool dfpn = options.engine != Engine::kAlphaBeta;
  LambdaTable table(dfpn ? std::max<std::size_t>(options.table_mib / 2, 1) : options.table_mib);
  MoveOrdering ordering;
  Budget budget(options.max_nodes, options.max_seconds);
  SearchStats stats;
  SearchContext ctx(options, table, ordering, budget, stats);
  LambdaResult result;
  if (dfpn) {
    ProofNumberTable numbers(std::max<std::size_t>(options.table_mib / 4, 1));
    ChildCache children(std::max<std::size_t>(options.table_mib / 4, 1));
    if (options.engine == Engine::kHybrid) {
      DfpnSearcher<G, true> searcher(game, ctx, numbers, children);
      result = detail::run(game, searcher, ctx, options);
    } else {
      DfpnSearcher<G> searcher(game, ctx, numbers, children);
      result = detail::run(game, searcher, ctx, options);
    }
  } else {
    AlphaBetaSearcher<G> searcher(game, ctx);
    result = detail::run(game, searcher, ctx, options);
  }
  result.stats = stats;
  result.seconds = budget.seconds();
  result.table_entries = table.used();
  return result;
}

}  // namespace sgplan::search::lambda
