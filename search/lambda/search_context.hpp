// What one lambda search shares between its parts: the options, the transposition table, the move
// ordering, the budget and the counters. The tree searchers, the lambda-move generator and the
// direct-threat checker all hold a reference to the same context.
// It also keeps the depth-cut account (LambdaOptions::track_depth_cuts, SearchStats::depth_cuts):
// a node takes a mark when it starts, notes a cut where the depth left shortens its order or its
// search, stores a failure reached with no cut since its mark as a failure at every depth, and
// (alpha-beta) takes back the cuts since its mark when it proves the node.
#pragma once

#include <cstdint>

#include "search/lambda/lambda_options.hpp"
#include "search/lambda/lambda_table.hpp"
#include "search/lambda/move_ordering.hpp"
#include "search/lambda/search_budget.hpp"

namespace sgplan::search::lambda {

struct SearchContext {
  SearchContext(const LambdaOptions& o, LambdaTable& t, MoveOrdering& m, Budget& b, SearchStats& s)
      : options(o), table(t), ordering(m), budget(b), stats(s) {}
  bool tracking_cuts() const { return options.track_depth_cuts; }
  std::uint64_t cut_mark() const { return stats.depth_cuts; }
  void note_depth_cut() {
    if (options.track_depth_cuts) ++stats.depth_cuts;
  }
  // A proof holds at every greater depth: the cuts met on the way do not matter.
  void forget_cuts(std::uint64_t mark) {
    if (options.track_depth_cuts) stats.depth_cuts = mark;
  }
  // The depth to store a failure of depth `depth` under: every depth when no cut arose since `mark`.
  int failure_depth(int depth, std::uint64_t mark) const {
    return options.track_depth_cuts && stats.depth_cuts == mark ? LambdaEntry::kEveryDepth : depth;
  }
  // A failure of order `order` read from the table rests on the depth limit unless it holds at
  // every depth.
  void note_table_failure(const LambdaEntry& e, int order) {
    if (options.track_depth_cuts && !e.refutes_at_every_depth(order)) ++stats.depth_cuts;
  }

  const LambdaOptions& options;
  LambdaTable& table;
  MoveOrdering& ordering;
  Budget& budget;
  SearchStats& stats;
};

}  // namespace sgplan::search::lambda
