#include "models/go/capture_search.hpp"

#include <algorithm>
#include <cstdint>

namespace sgplan::models::go {

namespace lambda = search::lambda;

namespace {

// Go's reading runs df-pn or alpha-beta (the CLI offers no hybrid); any engine but df-pn gets the
// whole table and alpha-beta, as it always has.
lambda::Engine engine_of(const lambda::LambdaOptions& o) {
  return o.engine == lambda::Engine::kDfpn ? lambda::Engine::kDfpn : lambda::Engine::kAlphaBeta;
}

std::size_t table_share(const lambda::LambdaOptions& o) {
  return engine_of(o) == lambda::Engine::kDfpn ? std::max<std::size_t>(o.table_mib / 2, 1) : o.table_mib;
}

// The driver's schedule: each order's limit from the DepthSchedule (the options' max_depth is not
// used).
lambda::OrderSchedule order_schedule(const lambda::LambdaOptions& o, const DepthSchedule& depths) {
  lambda::OrderSchedule s;
  s.max_order = std::clamp(o.max_order, 0, lambda::kMaxOrder);
  for (int n = 0; n <= lambda::kMaxOrder; ++n) {
    s.max_depth[static_cast<std::size_t>(n)] = std::clamp(depths.depth_for(n), 1, lambda::kMaxDepth);
  }
  s.iterative_deepening = o.iterative_deepening;
  return s;
}

}  // namespace

RootProver::RootProver(const lambda::LambdaOptions& options, const DepthSchedule& depths)
    : options_(options), depths_(depths), table_(table_share(options)) {
  if (engine_of(options) == lambda::Engine::kDfpn) {
    numbers_ = std::make_unique<lambda::ProofNumberTable>(std::max<std::size_t>(options.table_mib / 4, 1));
    children_ = std::make_unique<lambda::ChildCache>(std::max<std::size_t>(options.table_mib / 4, 1));
  }
}

RootResult RootProver::prove(CaptureGame& game, std::uint64_t max_nodes, double max_seconds) {
  return prove_goal(game, max_nodes, max_seconds);
}

RootResult RootProver::prove(ConnectionGame& game, std::uint64_t max_nodes, double max_seconds) {
  return prove_goal(game, max_nodes, max_seconds);
}

template <class Game>
RootResult RootProver::prove_goal(Game& game, std::uint64_t max_nodes, double max_seconds) {
  lambda::Budget budget(max_nodes, max_seconds);
  lambda::SearchStats stats;
  lambda::SearchContext ctx(options_, table_, ordering_, budget, stats);
  // A failure that met no depth cut holds at every depth: deeper iterations would repeat it.
  auto deepen_while_cut = [](int /*order*/, int /*depth*/, bool cut) { return cut; };
  RootResult out = lambda::drive_lambda(game, ctx, engine_of(options_), {numbers_.get(), children_.get()},
                                        order_schedule(options_, depths_), deepen_while_cut);
  out.result.stats = stats;
  // The budget counts the node it refused too (search_budget.hpp); a question adds up the nodes
  // its searches entered, so that its total never passes its budget.
  if (budget.exhausted()) --out.result.stats.nodes;
  out.result.seconds = budget.seconds();
  out.result.table_entries = table_.used();
  return out;
}

}  // namespace sgplan::models::go
