// One lambda search at the root of a capture or connection problem, attacker to move, that also returns the
// relevancy zone of the root proof, with tables kept across searches under the same rules.
//
// The loop is the lambda driver's (search/lambda/lambda_driver.hpp, Thomsen 2000): orders
// 0..max_order, each over depths with iterative deepening up to the order's limit in a
// DepthSchedule, the first proof wins, a spent budget stops. Two things lambda_search does not
// give are why Go runs the driver itself: the zone of the root proof (every defender move that
// could refute the capture lies in it; CaptureSolver's defence tries exactly those moves and no
// others), and a lambda table that outlives one search (a defence question runs one attack search
// after each candidate defence, and their subtrees overlap).
// Keeping the table is sound: an entry is a fact about a position under fixed rules, stored only
// when settled within the budget.
// Depth limits: with the options' track_depth_cuts (reading.cpp sets it), an order whose search
// fails with no depth cut (search/lambda/search_context.hpp) fails at every depth, so its
// deepening stops there; one that is still cut at its last depth leaves the answer depth-limited:
// a "not proven" that a deeper search might turn into a proof.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>

#include "models/go/capture_game.hpp"
#include "models/go/connection_game.hpp"
#include "search/lambda/dfpn_table.hpp"
#include "search/lambda/lambda_driver.hpp"
#include "search/lambda/lambda_options.hpp"
#include "search/lambda/lambda_table.hpp"
#include "search/lambda/move_ordering.hpp"

namespace sgplan::models::go {

// As the driver reports it: the answer (not proven: `depth` is where the last order's deepening
// stopped), the root proof's zone, and whether a deeper search might prove what was not proven
// (some order's search was cut by its depth limit; always so when the options do not track depth
// cuts).
using RootResult = search::lambda::DriverResult;

// The depth limit of each lambda order: ladders (orders 0 and 1) are narrow and may run across the
// board, higher orders branch more and stop sooner. Thomsen's loop searches each order to the full
// depth before the next order; with one limit for all, a position whose capture needs a net of a
// 3-liberty string (order 3) would spend its whole budget on deep order-2 trees first.
struct DepthSchedule {
  int ladder_depth = 24;  // orders 0 and 1
  int net_depth = 12;     // order 2; order n > 2 gets net_depth - 3 (n - 2), and at least n + 1
  int depth_for(int order) const {
    if (order <= 1) return ladder_depth;
    return std::max(order + 1, std::min(ladder_depth, net_depth - 3 * (order - 2)));
  }
};

class RootProver {
 public:
  // Allocates the tables (options.table_mib MiB in all). The options' max_depth is ignored: the
  // schedule gives each order its depth limit.
  RootProver(const search::lambda::LambdaOptions& options, const DepthSchedule& depths);

  // Attacker to move in `game`: a capture within the options' order and depth, and within
  // max_nodes nodes and max_seconds seconds (0: no time limit) for this search. The result's
  // stats.nodes counts the nodes entered: at most max_nodes.
  RootResult prove(CaptureGame& game, std::uint64_t max_nodes, double max_seconds);
  // The same for a connection: the attacker (the strings' colour) to move in `game`.
  RootResult prove(ConnectionGame& game, std::uint64_t max_nodes, double max_seconds);

 private:
  template <class Game>
  RootResult prove_goal(Game& game, std::uint64_t max_nodes, double max_seconds);

  search::lambda::LambdaOptions options_;
  DepthSchedule depths_;
  search::lambda::LambdaTable table_;
  std::unique_ptr<search::lambda::ProofNumberTable> numbers_;
  std::unique_ptr<search::lambda::ChildCache> children_;
  search::lambda::MoveOrdering ordering_;
};

}  // namespace sgplan::models::go
