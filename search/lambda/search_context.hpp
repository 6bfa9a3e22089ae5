// What one lambda search shares between its parts: the options, the transposition table, the move
// ordering, the budget and the counters. The tree searchers, the lambda-move generator and the
// direct-threat checker all hold a reference to the same context.
#pragma once

#include "search/lambda/lambda_options.hpp"
#include "search/lambda/move_ordering.hpp"
#include "search/lambda/search_budget.hpp"
#include "search/lambda/transposition_table.hpp"

namespace sgplan::search::lambda {

struct SearchContext {
  SearchContext(const LambdaOptions& o, TranspositionTable& t, MoveOrdering& m, Budget& b, SearchStats& s)
      : options(o), table(t), ordering(m), budget(b), stats(s) {}
  const LambdaOptions& options;
  TranspositionTable& table;
  MoveOrdering& ordering;
  Budget& budget;
  SearchStats& stats;
};

}  // namespace sgplan::search::lambda
