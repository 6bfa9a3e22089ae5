// The lambda driver: Thomsen's loop over orders and depths (Thomsen 2000, "Lambda-search in game
// trees - with application to Go", section 3: a lambda-n search is tried for n = 0, 1, 2, ...
// and the first order that proves the goal answers), written once for every caller. Go-Moku's
// and the generic threat games' lambda_search (lambda_search.hpp) and Go's capture search
// (models/go/capture_search.hpp) run it with their own context, tables, schedule and hook.
//
//   1. Orders n = 0 .. schedule.max_order. Order 0 is depth 1: the goal in one move. Order n > 0
//      runs depths n + 1 .. schedule.max_depth[n] (iterative deepening: a lambda tree of depth a
//      has order at most a - 1, so shallower depths were covered by the lower orders), or straight
//      at max_depth[n] without iterative deepening. An order whose limit is below n + 1 cannot be
//      searched: the loop stops there, depth-limited.
//   2. The first (n, a) the searcher proves is the answer: the lowest order and, for it, the
//      shallowest depth, with the principal variation (principal_variation.hpp) and the root
//      proof's relevancy zone (Thomsen 2000, section 4: every defender move that could refute the
//      proof lies in it).
//   3. A spent budget stops everything (budget_exhausted). Otherwise, after each failed (n, a) the
//      hook decides whether order n goes one depth deeper; it is told whether that failure met a
//      depth cut (search_context.hpp: with track_depth_cuts, a failure with no cut holds at every
//      depth; without it, every failure of an order n > 0 counts as cut). An order whose last
//      failure was cut leaves the answer depth-limited: a deeper search might prove it.
// The driver owns neither the tables, nor the budget, nor the counters: they come in the
// SearchContext, so a caller may keep its tables across searches (Go's capture search does).
#pragma once

#include <array>
#include <concepts>
#include <cstdint>

#include "search/lambda/alphabeta_searcher.hpp"
#include "search/lambda/dfpn_searcher.hpp"
#include "search/lambda/dfpn_table.hpp"
#include "search/lambda/lambda_options.hpp"
#include "search/lambda/principal_variation.hpp"
#include "search/lambda/search_context.hpp"
#include "search/lambda/threat_game.hpp"

namespace sgplan::search::lambda {

// The orders and depths the driver walks (step 1).
struct OrderSchedule {
  int max_order = 0;                           // in 0 .. kMaxOrder
  std::array<int, kMaxOrder + 1> max_depth{};  // order n's deepest search, in 1 .. kMaxDepth
  bool iterative_deepening = true;
};

// What the driver found. `result` has the answer (proven, budget_exhausted, move, pv, order,
// depth: not proven, `depth` is where the last order's deepening stopped); its stats, seconds
// and table_entries are the caller's to fill, who owns the counters and the tables.
struct DriverResult {
  LambdaResult result;
  MoveSet zone;  // proven: the root proof's relevancy zone
  // Some order's last failure was cut, or an order's limit was below n + 1 (steps 1, 3): what
  // was not proven might be at a greater depth. (Set also when a higher order then proves.)
  bool depth_limited = false;
};

// Called after each failed (order, depth), `cut` as in step 3; true: search the next depth.
template <class H>
concept DriverHook = requires(H& h, int order, int depth, bool cut) {
  { h(order, depth, cut) } -> std::convertible_to<bool>;
};

// The df-pn tables, needed by Engine::kDfpn and kHybrid (the lambda table is in the context).
struct DfpnTables {
  ProofNumberTable* numbers = nullptr;
  ChildCache* children = nullptr;
};

// Steps 1 to 3 with a searcher already built over `game` and `ctx`.
template <ThreatGame G, class Searcher, DriverHook Hook>
DriverResult drive_orders(G& game, Searcher& searcher, SearchContext& ctx, const OrderSchedule& schedule,
                          Hook& after_failure) {
  DriverResult out;
  LambdaResult& result = out.result;
  for (int n = 0; n <= schedule.max_order; ++n) {
    const int depth_n = schedule.max_depth[static_cast<std::size_t>(n)];
    if (n > 0 && depth_n < n + 1) {
      out.depth_limited = true;
      break;
    }
    const int first = n == 0 ? 1 : (schedule.iterative_deepening ? n + 1 : depth_n);
    const int last = n == 0 ? 1 : depth_n;
    result.order = n;
    result.depth = first - 1;
    bool cut = true;
    for (int a = first; a <= last; ++a) {
      MoveSet zone;
      const std::uint64_t cuts = ctx.stats.depth_cuts;
      const Outcome r = searcher.prove(n, a, &zone);
      if (r == Outcome::kAborted) {
        result.budget_exhausted = true;
        return out;
      }
      if (r == Outcome::kProven) {
        result.proven = true;
        result.depth = a;
        out.zone = zone;
        result.pv = principal_variation(game, searcher, ctx, n, a);
        result.move = result.pv.empty() ? kNoMove : result.pv.front();
        return out;
      }
      result.depth = a;
      // Order 0 is the goal in one move, which no depth changes.
      cut = n > 0 && (!ctx.options.track_depth_cuts || ctx.stats.depth_cuts != cuts);
      if (!after_failure(n, a, cut)) break;
    }
    if (cut) out.depth_limited = true;
  }
  return out;
}

// Builds the searcher `engine` names over `game` and `ctx` (df-pn: on `dfpn`'s tables) and runs
// drive_orders with it.
template <ThreatGame G, DriverHook Hook>
DriverResult drive_lambda(G& game, SearchContext& ctx, Engine engine, const DfpnTables& dfpn,
                          const OrderSchedule& schedule, Hook& after_failure) {
  if (engine == Engine::kHybrid) {
    DfpnSearcher<G, true> searcher(game, ctx, *dfpn.numbers, *dfpn.children);
    return drive_orders(game, searcher, ctx, schedule, after_failure);
  }
  if (engine == Engine::kDfpn) {
    DfpnSearcher<G> searcher(game, ctx, *dfpn.numbers, *dfpn.children);
    return drive_orders(game, searcher, ctx, schedule, after_failure);
  }
  AlphaBetaSearcher<G> searcher(game, ctx);
  return drive_orders(game, searcher, ctx, schedule, after_failure);
}

}  // namespace sgplan::search::lambda
