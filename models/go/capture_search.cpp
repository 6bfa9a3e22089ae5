#include "models/go/capture_search.hpp"

#include <algorithm>
#include <cstdint>

#include "search/lambda/lambda_search.hpp"

namespace sgplan::models::go {

namespace lambda = search::lambda;

namespace {

std::size_t table_share(const lambda::LambdaOptions& o) {
  return o.engine == lambda::Engine::kDfpn ? std::max<std::size_t>(o.table_mib / 2, 1) : o.table_mib;
}

template <class Searcher>
RootResult run(CaptureGame& game, Searcher& searcher, lambda::SearchContext& ctx,
               const lambda::LambdaOptions& options, const DepthSchedule& depths) {
  RootResult out;
  lambda::LambdaResult& result = out.result;
  const int max_order = std::clamp(options.max_order, 0, lambda::kMaxOrder);
  for (int n = 0; n <= max_order; ++n) {
    const int depth_n = std::clamp(depths.depth_for(n), 1, lambda::kMaxDepth);
    if (n > 0 && depth_n < n + 1) {
      out.depth_limited = true;
      break;
    }
    const int first = n == 0 ? 1 : (options.iterative_deepening ? n + 1 : depth_n);
    const int last = n == 0 ? 1 : depth_n;
    result.order = n;
    result.depth = first - 1;
    bool cut = true;
    for (int a = first; a <= last; ++a) {
      MoveSet zone;
      const std::uint64_t cuts = ctx.stats.depth_cuts;
      const lambda::Outcome r = searcher.prove(n, a, &zone);
      if (r == lambda::Outcome::kAborted) {
        result.budget_exhausted = true;
        return out;
      }
      if (r == lambda::Outcome::kProven) {
        result.proven = true;
        result.depth = a;
        out.zone = zone;
        result.pv = lambda::detail::principal_variation(game, searcher, ctx, n, a);
        result.move = result.pv.empty() ? sgplan::kNoMove : result.pv.front();
        return out;
      }
      result.depth = a;
      // Order 0 is the capture in one move, which no depth changes.
      cut = n > 0 && (!options.track_depth_cuts || ctx.stats.depth_cuts != cuts);
      if (!cut) break;  // this order fails at every depth: deeper iterations would repeat it
    }
    if (cut) out.depth_limited = true;
  }
  return out;
}

}  // namespace

RootProver::RootProver(const lambda::LambdaOptions& options, const DepthSchedule& depths)
    : options_(options), depths_(depths), table_(table_share(options)) {
  if (options.engine == lambda::Engine::kDfpn) {
    numbers_ = std::make_unique<lambda::ProofNumberTable>(std::max<std::size_t>(options.table_mib / 4, 1));
    children_ = std::make_unique<lambda::ChildCache>(std::max<std::size_t>(options.table_mib / 4, 1));
  }
}

RootResult RootProver::prove(CaptureGame& game, std::uint64_t max_nodes, double max_seconds) {
  lambda::Budget budget(max_nodes, max_seconds);
  lambda::SearchStats stats;
  lambda::SearchContext ctx(options_, table_, ordering_, budget, stats);
  RootResult out;
  if (options_.engine == lambda::Engine::kDfpn) {
    lambda::DfpnSearcher<CaptureGame> searcher(game, ctx, *numbers_, *children_);
    out = run(game, searcher, ctx, options_, depths_);
  } else {
    lambda::AlphaBetaSearcher<CaptureGame> searcher(game, ctx);
    out = run(game, searcher, ctx, options_, depths_);
  }
  out.result.stats = stats;
  // The budget counts the node it refused too (search_budget.hpp); a question adds up the nodes
  // its searches entered, so that its total never passes its budget.
  if (budget.exhausted()) --out.result.stats.nodes;
  out.result.seconds = budget.seconds();
  out.result.table_entries = table_.used();
  return out;
}

}  // namespace sgplan::models::go
