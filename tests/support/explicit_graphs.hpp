// Hand-written state graphs with known values, built in code (the YAML path is tested in models/).
#pragma once

#include <vector>

#include "mdp/state_graph_builder.hpp"

namespace sgplan::testing {

// The symmetric random walk on 0..n: from i, to i-1 or i+1 with probability 1/2 each; 0 is failure
// and n success. The probability of success from i is i/n. Plain value iteration from below crawls
// toward it (the per-sweep change becomes tiny long before the values are close).
inline mdp::StateGraph random_walk(std::uint32_t n, std::uint32_t start) {
  mdp::StateGraphBuilder b;
  for (std::uint32_t i = 0; i <= n; ++i) {
    if (i == 0 || i == n) {
      b.add_state(mdp::Owner::Terminal, i == n ? 1.0 : 0.0);
      continue;
    }
    b.add_state(mdp::Owner::Chance);
    b.add_choice();
    b.add_entry(i - 1, 0.5);
    b.add_entry(i + 1, 0.5);
  }
  b.set_initial(start);
  return b.finalize();
}

}  // namespace sgplan::testing
