// Exact answers on state graphs that kept their exact numbers (StateGraph::has_exact): the value
// of eventual success as fractions, by strategy iteration in rational arithmetic, and exact
// backward induction for a horizon. The `--exact` and `--certify` options of `sgplan solve`.
//
// solve_exact(graph, start): Hoffman and Karp's strategy iteration (as region_policy_iteration.hpp,
// but every evaluation exact, exact_chain.hpp, and every comparison exact, so no rounding margin is
// needed and the loops end at the optimum). It starts from `start`, the strategies a floating-point
// method found; the first evaluation is then the certificate of that method's answer:
//   the values v of the start strategies are the game's values exactly when
//   (1) v is a fixed point of the game's operator (one exact Bellman step: no Max choice is worth
//       more than v(s), no Min choice less), so v >= the value (the least fixed point), and
//   (2) v is 0 wherever Min, against Max's start strategy, can keep the play away from every
//       positive terminal (a graph search), so v is Max's strategy's value against Min's best
//       response, hence <= the value.
// When the check fails, strategy iteration goes on until it holds; the result says how far the
// start was from optimal.
#pragma once

#include <cstdint>
#include <vector>

#include "core/rational.hpp"
#include "mdp/exact_chain.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

struct ExactSolveOptions {
  ExactLimits limits;
  std::uint64_t max_evaluations = 100'000;
};

struct ExactSolution {
  std::vector<Rational> value;      // per state
  std::vector<ChoiceIndex> policy;  // optimal choices at Max and Min states (kNoChoice elsewhere)
  std::uint64_t evaluations = 0;    // exact chain solves
  std::size_t switches = 0;         // strategy changes after the start (0: the start was optimal)
  bool start_optimal = false;       // the start strategies passed the check (1)-(2) at once
};

// `start[s]`: a choice at every Max and Min state (kNoChoice: the first choice).
ExactSolution solve_exact(const StateGraph& graph, const std::vector<ChoiceIndex>& start,
                          const ExactSolveOptions& options = {});

// Success within `horizon` steps, exactly: backward induction in rationals (finite_horizon.hpp's
// steps); the policy is the first step's choice (first listed on ties).
ExactSolution solve_exact_horizon(const StateGraph& graph, std::uint32_t horizon,
                                  const ExactSolveOptions& options = {});

}  // namespace sgplan::mdp
