// Random state graphs for the solver tests: small games with cycles, end components, all owners.
#pragma once

#include <cstdint>
#include <random>

#include "mdp/state_graph_builder.hpp"

namespace sgplan::testing {

struct RandomGraphSpec {
  std::uint32_t states = 30;
  double terminal_share = 0.15;
  bool with_max = true;
  bool with_min = true;
  bool with_chance = true;
  std::uint32_t max_choices = 3;
  std::uint32_t max_outcomes = 3;
  double self_loop_share = 0.1;  // probability that a choice is a pure self-loop ("wait")
  bool payoffs = false;          // terminals may have values strictly between 0 and 1
  bool pooled = true;            // the builder's probability storage (probability_column.hpp)
};

inline mdp::StateGraph random_graph(std::uint64_t seed, const RandomGraphSpec& spec) {
  std::mt19937_64 rng(seed);
  auto uniform = [&](std::uint32_t n) { return static_cast<std::uint32_t>(rng() % n); };
  auto coin = [&](double p) { return static_cast<double>(rng() >> 11) * 0x1.0p-53 < p; };
  mdp::StateGraphBuilder b;
  b.set_pooling(spec.pooled);
  std::vector<mdp::Owner> owners;
  for (std::uint32_t s = 0; s < spec.states; ++s) {
    if (s >= 1 && coin(spec.terminal_share)) {
      owners.push_back(mdp::Owner::Terminal);
      continue;
    }
    std::vector<mdp::Owner> pool;
    if (spec.with_max) pool.push_back(mdp::Owner::Max);
    if (spec.with_min) pool.push_back(mdp::Owner::Min);
    if (spec.with_chance) pool.push_back(mdp::Owner::Chance);
    owners.push_back(pool[uniform(static_cast<std::uint32_t>(pool.size()))]);
  }
  // Two terminals always exist: a success and a failure.
  owners.push_back(mdp::Owner::Terminal);
  owners.push_back(mdp::Owner::Terminal);
  const auto n = static_cast<std::uint32_t>(owners.size());
  for (std::uint32_t s = 0; s < n; ++s) {
    const mdp::Owner o = owners[s];
    if (o == mdp::Owner::Terminal) {
      double v = s == n - 2 ? 1.0 : s == n - 1 ? 0.0 : static_cast<double>(uniform(2));
      if (spec.payoffs && s < n - 2 && coin(0.3)) v = 0.25 * (1 + uniform(3));
      b.add_state(o, v);
      continue;
    }
    b.add_state(o);
    const std::uint32_t choices = o == mdp::Owner::Chance ? 1 : 1 + uniform(spec.max_choices);
    for (std::uint32_t c = 0; c < choices; ++c) {
      b.add_choice();
      if (coin(spec.self_loop_share) && o != mdp::Owner::Chance) {
        b.add_entry(s, 1.0);
        continue;
      }
      const std::uint32_t k = 1 + uniform(spec.max_outcomes);
      std::vector<double> weights(k);
      double total = 0.0;
      for (double& w : weights) total += (w = 1.0 + uniform(4));
      for (std::uint32_t i = 0; i < k; ++i) b.add_entry(uniform(n), weights[i] / total);
    }
  }
  b.set_initial(0);
  return b.finalize();
}

}  // namespace sgplan::testing
