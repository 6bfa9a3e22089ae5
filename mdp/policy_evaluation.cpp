#include "mdp/policy_evaluation.hpp"

#include <Eigen/SparseCore>
#include <Eigen/SparseLU>
#include <algorithm>
#include <stdexcept>

#include "mdp/backward_closure.hpp"
#include "mdp/graph_adapter.hpp"

namespace sgplan::mdp {

std::vector<double> evaluate_profile(const StateGraph& g, const Predecessors& pred,
                                     const std::vector<ChoiceIndex>& profile) {
  const std::size_t n = g.num_states();
  auto chosen = [&](StateIndex s) { return g.owner(s) == Owner::Chance ? g.first_choice(s) : profile[s]; };
  // 1. Which states reach a positive terminal in the chain.
  BackwardClosure reach(g, pred);
  for (StateIndex s = 0; s < n; ++s) {
    if (g.is_terminal(s) && g.terminal_value(s) > 0.0) reach.add(s);
  }
  reach.run([&](ChoiceIndex c, StateIndex s, StateIndex) {
    if (chosen(s) == c) reach.add(s);
  });
  const std::vector<std::uint8_t>& reaches = reach.members();
  std::vector<double> x(n, 0.0);
  std::vector<StateIndex> unknowns;
  std::vector<std::uint8_t> unknown(n, 0), in_chain(g.num_choices(), 0);
  for (StateIndex s = 0; s < n; ++s) {
    if (g.is_terminal(s)) {
      x[s] = g.terminal_value(s);
    } else if (reaches[s]) {
      unknown[s] = 1;
      unknowns.push_back(s);
      in_chain[chosen(s)] = 1;
    }
  }
  if (unknowns.empty()) return x;

  // 2. Strongly connected components of the chain on the unknowns, successors first.
  SccFinder scc(n);
  const std::size_t count = scc.run(GraphView{&g, unknowns, unknown.data(), in_chain.data()});
  std::vector<std::uint32_t> offset(count + 1, 0);
  for (StateIndex s : unknowns) ++offset[scc.component(s) + 1];
  for (std::size_t k = 0; k < count; ++k) offset[k + 1] += offset[k];
  std::vector<StateIndex> ordered(unknowns.size());
  {
    std::vector<std::uint32_t> next(offset.begin(), offset.end() - 1);
    for (StateIndex s : unknowns) ordered[next[scc.component(s)]++] = s;
  }

  // 3. Per component: (I - P_KK) x_K = b_K, where b_K holds the one-step expectation of terminals
  // and of the components solved before. A state alone without a self-loop needs no solve.
  std::vector<std::int64_t> column(n, -1);
  std::vector<Eigen::Triplet<double>> triplets;
  for (std::size_t k = 0; k < count; ++k) {
    const std::span<const StateIndex> states(ordered.data() + offset[k], offset[k + 1] - offset[k]);
    for (std::size_t i = 0; i < states.size(); ++i) column[states[i]] = static_cast<std::int64_t>(i);
    const auto size = static_cast<Eigen::Index>(states.size());
    Eigen::VectorXd b = Eigen::VectorXd::Zero(size);
    triplets.clear();
    bool self_loop = false;
    for (StateIndex s : states) {
      const std::int64_t i = column[s];
      double diagonal = 1.0;
      const ChoiceIndex c = chosen(s);
      for (EntryIndex e = g.first_entry(c); e < g.end_entry(c); ++e) {
        const StateIndex t = g.target(e);
        const double p = g.probability(e);
        if (unknown[t] && scc.component(t) == k) {
          if (t == s) {
            diagonal -= p;
            self_loop = true;
          } else {
            triplets.emplace_back(i, column[t], -p);
          }
        } else {
          b[i] += p * x[t];  // a terminal, a solved state, or a state that cannot reach (0)
        }
      }
      triplets.emplace_back(i, i, diagonal);
    }
    if (states.size() == 1 && !self_loop) {
      x[states[0]] = std::clamp(b[0], 0.0, 1.0);
    } else {
      Eigen::SparseMatrix<double> a(size, size);
      a.setFromTriplets(triplets.begin(), triplets.end());
      a.makeCompressed();
      Eigen::SparseLU<Eigen::SparseMatrix<double>, Eigen::COLAMDOrdering<int>> lu;
      lu.compute(a);
      if (lu.info() != Eigen::Success) {
        throw std::runtime_error("policy evaluation: sparse LU factorization failed: " +
                                 lu.lastErrorMessage());
      }
      const Eigen::VectorXd solution = lu.solve(b);
      for (StateIndex s : states) x[s] = std::clamp(solution[column[s]], 0.0, 1.0);
    }
    for (StateIndex s : states) column[s] = -1;
  }
  return x;
}

}  // namespace sgplan::mdp
