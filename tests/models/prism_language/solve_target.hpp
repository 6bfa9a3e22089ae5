// Solving a compiled PRISM-language model in the tests: Pmax (or Pmin) of reaching a target.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "mdp/build_graph.hpp"
#include "mdp/reachability.hpp"
#include "models/prism_language/compiled_model.hpp"

namespace sgplan::models::prism_language::testing {

// Pmax (or Pmin) of reaching `target` from the initial state, by interval iteration; the bounds
// must be sound and within 1e-9 of each other. `states`: the graph's state count.
inline double solve_target(CompiledModel& m, const std::string& target, bool maximize,
                           std::size_t* states = nullptr, const std::vector<std::string>& coalition = {}) {
  m.set_objective(m.add_expression(target, "target"), maximize, coalition);
  const mdp::BuiltGraph built = mdp::build_graph(m);
  if (states != nullptr) *states = built.graph.num_states();
  mdp::SolveOptions o;
  o.epsilon = 1e-9;
  const mdp::Solution sol = mdp::solve_reachability(built.graph, o);
  EXPECT_TRUE(sol.sound);
  EXPECT_LE(sol.upper[0] - sol.lower[0], 1e-9);
  return sol.value(0);
}

}  // namespace sgplan::models::prism_language::testing
