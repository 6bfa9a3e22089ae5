#include "mdp/reachability_setup.hpp"

#include <cmath>

#include "core/stopwatch.hpp"

namespace sgplan::mdp {

namespace {
std::unique_ptr<EndComponentFinder> finder_for(const StateGraph& graph, const Predecessors& predecessors) {
  if (graph.has_owner(Owner::Max) && !graph.has_owner(Owner::Min)) {
    return std::make_unique<EndComponentFinder>(graph, predecessors);
  }
  return nullptr;
}
}  // namespace

void ReachabilitySetup::record_times(SolverStats& stats, double engine_end_component_seconds) const {
  stats.predecessor_seconds = predecessor_seconds;
  stats.qualitative_seconds = qualitative_seconds;
  stats.end_component_seconds = (ends ? ends->seconds() : 0.0) + engine_end_component_seconds;
}

ReachabilitySetup::ReachabilitySetup(const StateGraph& graph)
    : predecessors(timed(predecessor_seconds, [&] { return Predecessors(graph); })),
      ends(finder_for(graph, predecessors)),
      sets(
          timed(qualitative_seconds, [&] { return qualitative_analysis(graph, predecessors, ends.get()); })) {
  const std::size_t n = graph.num_states();
  lower.assign(n, 0.0);
  upper.assign(n, 1.0);
  for (StateIndex s = 0; s < n; ++s) {
    if (graph.is_terminal(s)) {
      lower[s] = upper[s] = graph.terminal_value(s);
      if (!graph.terminal_value_exact(s)) {  // the nearest double: the exact value is one step away
        lower[s] = std::nextafter(lower[s], 0.0);
        upper[s] = std::nextafter(upper[s], 1.0);
      }
    } else if (sets.zero[s]) {
      upper[s] = 0.0;
    } else if (sets.one[s]) {
      lower[s] = 1.0;
    } else {
      maybe.push_back(s);
    }
  }
}

}  // namespace sgplan::mdp
