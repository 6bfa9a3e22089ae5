// The `interval` and `topological` methods: region_iteration.hpp does the work.
#include <algorithm>

#include "core/stopwatch.hpp"
#include "mdp/policy_extraction.hpp"
#include "mdp/reachability.hpp"
#include "mdp/reachability_setup.hpp"
#include "mdp/region_iteration.hpp"
#include "mdp/strong_components.hpp"

namespace sgplan::mdp {

namespace {

Solution finish(const StateGraph& graph, ReachabilitySetup& setup, const RegionIteration& engine,
                const SolveOptions& options, Method method, SolveStatus status) {
  Solution out;
  out.method = method;
  out.status = status;
  out.sound = true;
  out.iterations = engine.iterations();
  out.zero_states = setup.sets.zero_count;
  out.one_states = setup.sets.one_count;
  out.end_components = engine.end_components();
  out.stats.sweep_seconds = engine.sweep_seconds();
  out.stats.direct_regions = engine.direct_regions();
  out.stats.direct_failures = engine.direct_failures();
  out.stats.evaluations = engine.direct_evaluations();
  out.stats.transitions_swept = engine.transitions_swept();
  if (engine.strategy_rounds() > 0) {
    out.note = "upper bound from Min's greedy strategy held fixed (" +
               std::to_string(engine.strategy_rounds()) + " strategy round(s))";
  }
  out.lower = std::move(setup.lower);
  out.upper = std::move(setup.upper);
  // Converged means what it says at every state, whatever the regions reported.
  if (out.status == SolveStatus::Converged) {
    for (StateIndex s = 0; s < graph.num_states(); ++s) {
      if (out.upper[s] - out.lower[s] > options.epsilon) {
        out.status = SolveStatus::Stalled;
        break;
      }
    }
  }
  out.policy = timed(out.stats.policy_seconds, [&] {
    return extract_policy(graph, setup.predecessors, out.lower, out.upper, options.threads);
  });
  setup.record_times(out.stats, engine.end_component_seconds());
  return out;
}

}  // namespace

Solution solve_interval(const StateGraph& graph, const SolveOptions& options) {
  ReachabilitySetup setup(graph);
  RegionIteration engine(graph, setup.predecessors, setup.lower, setup.upper, options, setup.ends.get());
  SolveStatus status = engine.solve(setup.maybe);
  return finish(graph, setup, engine, options, Method::Interval, status);
}

Solution solve_topological(const StateGraph& graph, const SolveOptions& options) {
  ReachabilitySetup setup(graph);
  const std::size_t n = graph.num_states();
  // Strongly connected components of the maybe states; edges into decided states are dropped.
  std::vector<std::uint8_t> is_maybe(n, 0);
  for (StateIndex s : setup.maybe) is_maybe[s] = 1;
  SccFinder scc(n);
  GraphView view{&graph, setup.maybe, is_maybe.data(), nullptr};
  const std::size_t count = setup.maybe.empty() ? 0 : scc.run(view);
  // Group the states by component (counting sort); component 0 has no successor components.
  std::vector<std::uint32_t> offset(count + 1, 0);
  for (StateIndex s : setup.maybe) ++offset[scc.component(s) + 1];
  for (std::size_t i = 0; i < count; ++i) offset[i + 1] += offset[i];
  std::vector<StateIndex> ordered(setup.maybe.size());
  std::vector<std::uint32_t> next(offset.begin(), offset.end() - 1);
  for (StateIndex s : setup.maybe) ordered[next[scc.component(s)]++] = s;

  RegionIteration engine(graph, setup.predecessors, setup.lower, setup.upper, options, setup.ends.get());
  SolveStatus status = SolveStatus::Converged;
  for (std::size_t k = 0; k < count; ++k) {
    std::span<const StateIndex> component(ordered.data() + offset[k], offset[k + 1] - offset[k]);
    SolveStatus s = engine.solve(component);
    if (s == SolveStatus::Stalled) status = s;
    if (s == SolveStatus::IterationLimit || s == SolveStatus::TimeLimit || s == SolveStatus::Aborted) {
      status = s;
      break;
    }
  }
  Solution out = finish(graph, setup, engine, options, Method::Topological, status);
  out.stats.components = count;
  return out;
}

}  // namespace sgplan::mdp
