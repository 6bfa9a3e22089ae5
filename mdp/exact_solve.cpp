#include "mdp/exact_solve.hpp"

#include <stdexcept>

#include "core/errors.hpp"
#include "mdp/predecessors.hpp"
#include "mdp/region_policy_iteration.hpp"
#include "mdp/region_system.hpp"

namespace sgplan::mdp {

namespace {

void check_deadline(const ExactLimits& limits) {
  if (limits.deadline && std::chrono::steady_clock::now() >= *limits.deadline) {
    throw ResourceError("time limit: the exact solve did not finish (raise it with --max-seconds)");
  }
}

// The choice of `who` at s that is strictly better than v(s) by the exact expectation (the best,
// first listed on ties), or kNoChoice when none is.
ChoiceIndex strictly_better(const StateGraph& g, StateIndex s, const std::vector<Rational>& v, Owner who) {
  ChoiceIndex best = kNoChoice;
  Rational best_value = v[s];
  for (ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
    const Rational e = exact_expectation(g, c, v);
    if (who == Owner::Max ? e > best_value : e < best_value) {
      best = c;
      best_value = e;
    }
  }
  return best;
}

}  // namespace

ExactSolution solve_exact(const StateGraph& g, const std::vector<ChoiceIndex>& start,
                          const ExactSolveOptions& options) {
  if (!g.has_exact()) throw std::logic_error("solve_exact on a graph without exact numbers");
  const std::size_t n = g.num_states();
  const Predecessors pred(g);
  ExactSolution out;
  out.policy.assign(n, kNoChoice);
  bool has_min = false;
  for (StateIndex s = 0; s < n; ++s) {
    const Owner o = g.owner(s);
    if (o != Owner::Max && o != Owner::Min) continue;
    has_min = has_min || o == Owner::Min;
    out.policy[s] = start.size() == n && start[s] != kNoChoice ? start[s] : g.first_choice(s);
  }
  // The states where Min can avoid every positive terminal against Max's strategy: the graph
  // search of region_policy_iteration.hpp over all non-terminal states, with a marker 1 at the
  // positive terminals (the search only asks which exits are positive).
  std::vector<StateIndex> region;
  for (StateIndex s = 0; s < n; ++s) {
    if (!g.is_terminal(s)) region.push_back(s);
  }
  std::vector<double> positive(n, 0.0);
  for (StateIndex s = 0; s < n; ++s) {
    if (g.is_terminal(s) && g.exact_terminal_value(s) > 0) positive[s] = 1.0;
  }
  const RegionSystem system(g, region);
  auto fix_avoiders = [&]() {
    std::vector<std::uint32_t> local(system.size());
    for (std::uint32_t i = 0; i < system.size(); ++i) {
      const StateIndex s = system.state(i);
      const ChoiceIndex c = g.owner(s) == Owner::Chance ? g.first_choice(s) : out.policy[s];
      local[i] = system.first_choice(i) + (c - g.first_choice(s));
    }
    const std::vector<std::uint8_t> avoid = fix_min_avoiders(system, positive.data(), local);
    std::vector<std::uint8_t> frozen(n, 0);
    for (std::uint32_t i = 0; i < system.size(); ++i) {
      const StateIndex s = system.state(i);
      if (!avoid[i] || g.owner(s) != Owner::Min) continue;
      frozen[s] = 1;
      const ChoiceIndex c = system.graph_choice(local[i]);
      // A start choice that led toward a positive terminal where Min can avoid them all is not
      // optimal (check (2)); an avoiding one is kept as it was.
      bool stays_out = true;
      for (StateIndex t : g.targets(out.policy[s])) {
        const std::uint32_t j = system.local_index(t);
        stays_out = stays_out && (j == kExit ? positive[t] == 0.0 : avoid[j] != 0);
      }
      if (!stays_out) {
        out.policy[s] = c;
        ++out.switches;
      }
    }
    return frozen;
  };
  auto evaluate = [&]() {
    check_deadline(options.limits);
    if (out.evaluations >= options.max_evaluations) {
      throw ResourceError("exact solve: more than " + std::to_string(options.max_evaluations) +
                          " exact evaluations (raise --max-iterations)");
    }
    out.value = evaluate_exactly(g, pred, out.policy, options.limits);
    ++out.evaluations;
  };
  for (;;) {
    const std::vector<std::uint8_t> frozen = has_min ? fix_avoiders() : std::vector<std::uint8_t>(n, 0);
    // Min's best response to Max's strategy.
    for (;;) {
      evaluate();
      bool switched = false;
      for (StateIndex s = 0; s < n; ++s) {
        if (g.owner(s) != Owner::Min || frozen[s]) continue;
        const ChoiceIndex c = strictly_better(g, s, out.value, Owner::Min);
        if (c != kNoChoice) {
          out.policy[s] = c;
          ++out.switches;
          switched = true;
        }
      }
      if (!switched) break;
    }
    bool switched = false;
    for (StateIndex s = 0; s < n; ++s) {
      if (g.owner(s) != Owner::Max) continue;
      const ChoiceIndex c = strictly_better(g, s, out.value, Owner::Max);
      if (c != kNoChoice) {
        out.policy[s] = c;
        ++out.switches;
        switched = true;
      }
    }
    if (!switched) break;
  }
  out.start_optimal = out.switches == 0;
  return out;
}

ExactSolution solve_exact_horizon(const StateGraph& g, std::uint32_t horizon,
                                  const ExactSolveOptions& options) {
  if (!g.has_exact()) throw std::logic_error("solve_exact_horizon on a graph without exact numbers");
  const std::size_t n = g.num_states();
  ExactSolution out;
  out.policy.assign(n, kNoChoice);
  std::vector<Rational> x(n);
  for (StateIndex s = 0; s < n; ++s) {
    if (g.is_terminal(s)) x[s] = g.exact_terminal_value(s);
  }
  std::vector<Rational> next = x;
  for (std::uint32_t step = 1; step <= horizon; ++step) {
    const bool last = step == horizon;
    for (StateIndex s = 0; s < n; ++s) {
      if (g.is_terminal(s)) continue;
      const Owner o = g.owner(s);
      ChoiceIndex best = g.first_choice(s);
      Rational best_value = exact_expectation(g, best, x);
      for (ChoiceIndex c = best + 1; c < g.end_choice(s); ++c) {
        Rational e = exact_expectation(g, c, x);
        if (o == Owner::Min ? e < best_value : e > best_value) {
          best = c;
          best_value = std::move(e);
        }
      }
      next[s] = std::move(best_value);
      if (last && o != Owner::Chance) out.policy[s] = best;
      if ((s & 1023) == 1023) check_deadline(options.limits);
    }
    std::swap(x, next);
    ++out.evaluations;
  }
  if (horizon == 0) {
    for (StateIndex s = 0; s < n; ++s) {
      if (g.owner(s) == Owner::Max || g.owner(s) == Owner::Min) out.policy[s] = g.first_choice(s);
    }
  }
  out.value = std::move(x);
  out.start_optimal = true;
  return out;
}

}  // namespace sgplan::mdp
