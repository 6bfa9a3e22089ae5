#include "mdp/policy_iteration.hpp"

#include "mdp/backward_closure.hpp"
#include "mdp/policy_evaluation.hpp"
#include "mdp/qualitative.hpp"
#include "mdp/reachability_setup.hpp"

namespace sgplan::mdp {

namespace {

// A switch must gain more than this: evaluations are exact up to the LU's rounding.
constexpr double kImprovement = 1e-10;

// Fixes Min's choice where Min, against pi, can keep the play away from every positive terminal;
// returns the mask of those states (their value against pi is 0).
std::vector<std::uint8_t> fix_min_avoiders(const StateGraph& g, const Predecessors& pred,
                                           const std::vector<ChoiceIndex>& pi,
                                           std::vector<ChoiceIndex>& sigma) {
  const std::size_t n = g.num_states();
  // Positive attractor of the positive terminals with Max fixed to pi: Max and chance need their
  // (single) choice to lead on, Min needs every choice to.
  BackwardClosure closure(g, pred);
  std::vector<std::uint32_t> missing(n, 0);
  for (StateIndex s = 0; s < n; ++s) {
    missing[s] = static_cast<std::uint32_t>(g.num_choices(s));
    if (g.is_terminal(s) && g.terminal_value(s) > 0.0) closure.add(s);
  }
  closure.run([&](ChoiceIndex c, StateIndex s, StateIndex) {
    if (g.owner(s) == Owner::Max && pi[s] != c) return;
    if (g.owner(s) == Owner::Min && --missing[s] > 0) return;
    closure.add(s);
  });
  std::vector<std::uint8_t> avoid(n, 0);
  for (StateIndex s = 0; s < n; ++s) {
    if (closure.contains(s) || g.is_terminal(s)) continue;
    avoid[s] = 1;
    if (g.owner(s) == Owner::Min) {
      for (ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
        if (!closure.hit(c)) {  // no successor in the attractor: the play stays outside
          sigma[s] = c;
          break;
        }
      }
    }
  }
  return avoid;
}

}  // namespace

Solution solve_policy_iteration(const StateGraph& g, const SolveOptions& options) {
  ReachabilitySetup setup(g);
  const std::size_t n = g.num_states();
  Solution out;
  out.method = Method::Policy;
  out.exact = true;
  out.zero_states = setup.sets.zero_count;
  out.one_states = setup.sets.one_count;

  // Start Max on choices that make progress toward a positive terminal where there are any.
  std::vector<std::uint8_t> goal(n, 0);
  for (StateIndex s = 0; s < n; ++s) goal[s] = g.is_terminal(s) && g.terminal_value(s) > 0.0;
  Ranking ranking = rank_toward(g, setup.predecessors, goal, nullptr);
  std::vector<ChoiceIndex> profile(n, kNoChoice);
  for (StateIndex s = 0; s < n; ++s) {
    if (g.owner(s) == Owner::Max) {
      profile[s] = ranking.via[s] != kNoChoice ? ranking.via[s] : g.first_choice(s);
    } else if (g.owner(s) == Owner::Min) {
      profile[s] = g.first_choice(s);
    }
  }
  const bool has_min = g.has_owner(Owner::Min);
  std::vector<double> v;
  auto improve = [&](Owner who, const std::vector<std::uint8_t>* frozen) {
    bool switched = false;
    for (StateIndex s = 0; s < n; ++s) {
      if (g.owner(s) != who || (frozen != nullptr && (*frozen)[s])) continue;
      const double current = g.expectation(profile[s], v);
      ChoiceIndex best = profile[s];
      double best_value = current;
      for (ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
        const double value = g.expectation(c, v);
        const bool better =
            who == Owner::Max ? value > best_value + kImprovement : value < best_value - kImprovement;
        if (better) {
          best = c;
          best_value = value;
        }
      }
      if (best != profile[s]) {
        profile[s] = best;
        switched = true;
      }
    }
    return switched;
  };
  for (;;) {
    // Min's best response to the current Max strategy.
    std::vector<std::uint8_t> frozen;
    if (has_min) frozen = fix_min_avoiders(g, setup.predecessors, profile, profile);
    for (;;) {
      v = evaluate_profile(g, setup.predecessors, profile);
      ++out.iterations;
      if (out.iterations >= options.max_iterations) {
        out.status = SolveStatus::IterationLimit;
        break;
      }
      if (!has_min || !improve(Owner::Min, &frozen)) break;
    }
    if (out.status != SolveStatus::Converged) break;
    if (options.progress && !options.progress(Progress{out.iterations, 0.0})) {
      out.status = SolveStatus::Aborted;
      break;
    }
    if (!improve(Owner::Max, nullptr)) break;
  }
  out.lower = v;
  out.upper = v;
  out.policy = profile;
  return out;
}

}  // namespace sgplan::mdp
