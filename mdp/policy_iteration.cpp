#include "mdp/policy_iteration.hpp"

#include <chrono>

#include "core/stopwatch.hpp"
#include "mdp/direct_solve.hpp"
#include "mdp/policy_extraction.hpp"
#include "mdp/progress_throttle.hpp"
#include "mdp/reachability_setup.hpp"
#include "mdp/region_iteration.hpp"

namespace sgplan::mdp {

namespace {

double largest_gap(const std::vector<double>& lower, const std::vector<double>& upper,
                   const std::vector<StateIndex>& states) {
  double gap = 0.0;
  for (StateIndex s : states) gap = std::max(gap, upper[s] - lower[s]);
  return gap;
}

}  // namespace

Solution solve_policy_iteration(const StateGraph& g, const SolveOptions& options) {
  ReachabilitySetup setup(g);
  Solution out;
  out.method = Method::Policy;
  out.sound = true;
  out.zero_states = setup.sets.zero_count;
  out.one_states = setup.sets.one_count;
  if (!setup.maybe.empty()) {
    EndComponentFinder ends(g, setup.predecessors);
    std::vector<ChoiceIndex> min_scratch;
    DirectSolveOptions direct;
    direct.epsilon = options.epsilon;
    direct.max_evaluations = options.max_iterations;
    direct.limits.direct_limit = options.lu_limit;
    ProgressThrottle progress(options.progress);
    direct.keep_going = [&](std::uint64_t evaluations) {
      if (options.deadline && std::chrono::steady_clock::now() >= *options.deadline) {
        out.status = SolveStatus::TimeLimit;
        return false;
      }
      if (!progress.report(Progress{evaluations, 1.0, "policy evaluations"})) {
        out.status = SolveStatus::Aborted;
        return false;
      }
      return true;
    };
    const DirectSolveResult r =
        solve_region_directly(g, setup.maybe, setup.lower, setup.upper, ends, min_scratch, direct);
    out.stats.evaluations = r.evaluations;
    out.iterations = r.evaluations;
    out.stats.direct_regions = 1;
    if (r.stopped && out.status == SolveStatus::Converged) out.status = SolveStatus::IterationLimit;
    if (out.status == SolveStatus::Converged &&
        largest_gap(setup.lower, setup.upper, setup.maybe) > options.epsilon) {
      // 3. Finish by interval iteration from the bounds the certificates left.
      out.stats.direct_failures = 1;
      out.note = "policy iteration's values were not certified within epsilon (" +
                 (r.failure.empty() ? std::string("no reason given") : r.failure) +
                 "); interval iteration finished the bounds";
      SolveOptions iterate = options;
      iterate.direct_solves = false;
      RegionIteration engine(g, setup.predecessors, setup.lower, setup.upper, iterate, setup.ends.get());
      out.status = engine.solve(setup.maybe);
      out.end_components = engine.end_components();
      out.iterations += engine.iterations();
    }
  }
  out.lower = std::move(setup.lower);
  out.upper = std::move(setup.upper);
  out.policy = timed(out.stats.policy_seconds, [&] {
    return extract_policy(g, setup.predecessors, out.lower, out.upper, options.threads);
  });
  setup.record_times(out.stats);
  return out;
}

}  // namespace sgplan::mdp
