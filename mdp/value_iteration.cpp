// Plain value iteration from below (the `vi` and `gauss-seidel` methods). It stops when a sweep
// changes no value by more than epsilon, which says nothing about the distance to the value: on
// slowly mixing models it stops far below it (see tests/mdp/value_iteration_test.cpp), so its status
// is SmallChange, never Converged. The lower bound it returns is sound (its backups are rounded
// down); it has no upper bound, so Solution::sound is false.
#include <algorithm>
#include <chrono>

#include "core/stopwatch.hpp"
#include "mdp/backup.hpp"
#include "mdp/policy_extraction.hpp"
#include "mdp/progress_throttle.hpp"
#include "mdp/reachability.hpp"
#include "mdp/reachability_setup.hpp"

namespace sgplan::mdp {

Solution solve_plain_value_iteration(const StateGraph& graph, const SolveOptions& options,
                                     bool gauss_seidel) {
  ReachabilitySetup setup(graph);
  std::vector<double>& x = setup.lower;
  std::vector<double> next = gauss_seidel ? std::vector<double>() : x;
  std::vector<StateIndex> order(setup.maybe.rbegin(), setup.maybe.rend());
  Solution out;
  out.method = gauss_seidel ? Method::GaussSeidel : Method::ValueIteration;
  out.sound = false;
  ProgressThrottle progress(options.progress);
  const auto sweeps_start = std::chrono::steady_clock::now();
  while (!order.empty()) {
    double change = 0.0;
    if (gauss_seidel) {
      for (StateIndex s : order) {
        const double v = std::max(x[s], backup_rounded_down(graph, s, x));
        change = std::max(change, v - x[s]);
        x[s] = v;
      }
    } else {
      for (StateIndex s : order) {
        next[s] = std::max(x[s], backup_rounded_down(graph, s, x));
        change = std::max(change, next[s] - x[s]);
      }
      for (StateIndex s : order) x[s] = next[s];
    }
    ++out.iterations;
    if (change < options.epsilon) {
      out.status = SolveStatus::SmallChange;  // says nothing about the distance to the value
      break;
    }
    if (out.iterations >= options.max_iterations) {
      out.status = SolveStatus::IterationLimit;
      break;
    }
    if (options.deadline && std::chrono::steady_clock::now() >= *options.deadline) {
      out.status = SolveStatus::TimeLimit;
      break;
    }
    if (!progress.report(Progress{out.iterations, change})) {
      out.status = SolveStatus::Aborted;
      break;
    }
  }
  out.stats.sweep_seconds = seconds_since(sweeps_start);
  out.zero_states = setup.sets.zero_count;
  out.one_states = setup.sets.one_count;
  out.lower = x;
  out.upper.assign(graph.num_states(), 1.0);
  for (StateIndex s = 0; s < graph.num_states(); ++s) {
    if (graph.is_terminal(s) || setup.sets.zero[s] || setup.sets.one[s]) out.upper[s] = x[s];
  }
  // Without an upper bound, choose with the lower one on both sides.
  out.policy = timed(out.stats.policy_seconds, [&] {
    return extract_policy(graph, setup.predecessors, out.lower, out.lower, options.threads);
  });
  setup.record_times(out.stats);
  return out;
}

}  // namespace sgplan::mdp
