#include "tools/sgplan/phutball_threats.hpp"

#include <chrono>

#include "search/lambda/direct_threats.hpp"

namespace sgplan::cli {

DirectThreatRun phutball_direct_threats(models::phutball::PhutballGame& game, int order, bool cut,
                                        std::uint64_t max_nodes, bool only) {
  namespace lambda = search::lambda;
  DirectThreatRun out;
  const auto start = std::chrono::steady_clock::now();
  lambda::LambdaOptions options;
  lambda::LambdaTable table(1);
  lambda::MoveOrdering ordering;
  lambda::Budget budget(max_nodes, 0.0);
  lambda::SearchStats stats;
  lambda::SearchContext ctx(options, table, ordering, budget, stats);
  lambda::DirectThreats<models::phutball::PhutballGame> direct(game, ctx, cut);
  for (int k = only ? order : 0; k <= order && !out.proven; ++k) {
    MoveSet zone;
    Move first = kNoMove;
    const lambda::Outcome r = direct.winning(k, zone, &first);
    if (r == lambda::Outcome::kAborted) {
      out.exhausted = true;
      break;
    }
    if (r == lambda::Outcome::kProven) {
      out.proven = true;
      out.level = k;
      out.move = first;
      out.move_name = game.move_name(first);
    }
  }
  out.nodes = stats.nodes;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace sgplan::cli
