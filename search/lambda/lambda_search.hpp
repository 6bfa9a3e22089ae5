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
// The loop is the lambda driver's (lambda_driver.hpp), with one depth limit for every order and a
// hook that reports progress and always deepens; this file sizes the tables and fills the counters.
// With iterative_deepening off each order is searched at max_depth at once: proofs may be longer
// than necessary but a deep narrow win (a long VCF) is found without the shallower iterations.
// The two searchers (alpha-beta, df-pn) share the table, the move ordering and the generator, and
// give the same answers (the tests check it); they differ in the nodes they visit. df-pn gives half
// of table_mib to the shared table and a quarter each to its proof numbers and child cache.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>

#include "search/lambda/dfpn_table.hpp"
#include "search/lambda/lambda_driver.hpp"
#include "search/lambda/lambda_options.hpp"
#include "search/lambda/lambda_table.hpp"
#include "search/lambda/search_context.hpp"
#include "search/lambda/threat_game.hpp"

namespace sgplan::search::lambda {

template <ThreatGame G>
LambdaResult lambda_search(G& game, const LambdaOptions& options) {
  const bool dfpn = options.engine != Engine::kAlphaBeta;
  LambdaTable table(dfpn ? std::max<std::size_t>(options.table_mib / 2, 1) : options.table_mib);
  MoveOrdering ordering;
  Budget budget(options.max_nodes, options.max_seconds);
  SearchStats stats;
  SearchContext ctx(options, table, ordering, budget, stats);
  std::optional<ProofNumberTable> numbers;
  std::optional<ChildCache> children;
  if (dfpn) {
    numbers.emplace(std::max<std::size_t>(options.table_mib / 4, 1));
    children.emplace(std::max<std::size_t>(options.table_mib / 4, 1));
  }
  // One limit for all orders; no order above max_depth - 1 (its trees would be deeper).
  const int max_depth = std::clamp(options.max_depth, 1, kMaxDepth);
  OrderSchedule schedule;
  schedule.max_order = std::clamp(std::min(options.max_order, max_depth - 1), 0, kMaxOrder);
  schedule.max_depth.fill(max_depth);
  schedule.iterative_deepening = options.iterative_deepening;
  auto progress = [&](int order, int depth, bool /*cut*/) {
    if (options.progress) options.progress(order, depth, stats.nodes);
    return true;
  };
  const DfpnTables tables{numbers ? &*numbers : nullptr, children ? &*children : nullptr};
  LambdaResult result = drive_lambda(game, ctx, options.engine, tables, schedule, progress).result;
  // Every order searched without a proof: "not proven up to max_order and max_depth", also when
  // max_order is 0 (order 0 stops at depth 1).
  if (!result.proven && !result.budget_exhausted) result.depth = max_depth;
  result.stats = stats;
  result.seconds = budget.seconds();
  result.table_entries = table.used();
  return result;
}

}  // namespace sgplan::search::lambda
