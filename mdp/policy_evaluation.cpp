#include "mdp/policy_evaluation.hpp"

#include <Eigen/SparseCore>
#include <Eigen/SparseLU>
#include <algorithm>
#include <stdexcept>

namespace sgplan::mdp {

std::vector<double> evaluate_profile(const StateGraph& g, const Predecessors& pred,
                                     const std::vector<ChoiceIndex>& profile) {
  const std::size_t n = g.num_states();
  auto chosen = [&](StateIndex s) { return g.owner(s) == Owner::Chance ? g.first_choice(s) : profile[s]; };
  // 1. Which states reach a positive terminal in the chain.
  std::vector<std::uint8_t> reaches(n, 0);
  std::vector<StateIndex> queue;
  for (StateIndex s = 0; s < n; ++s) {
    if (g.is_terminal(s) && g.terminal_value(s) > 0.0) {
      reaches[s] = 1;
      queue.push_back(s);
    }
  }
  for (std::size_t head = 0; head < queue.size(); ++head) {
    for (ChoiceIndex c : pred.choices_into(queue[head])) {
      StateIndex s = pred.state_of(c);
      if (!reaches[s] && chosen(s) == c) {
        reaches[s] = 1;
        queue.push_back(s);
      }
    }
  }
  // 2. Number the unknowns: non-terminal states that reach.
  std::vector<std::int64_t> column(n, -1);
  std::int64_t k = 0;
  for (StateIndex s = 0; s < n; ++s) {
    if (reaches[s] && !g.is_terminal(s)) column[s] = k++;
  }
  std::vector<double> x(n, 0.0);
  for (StateIndex s = 0; s < n; ++s) {
    if (g.is_terminal(s)) x[s] = g.terminal_value(s);
  }
  if (k == 0) return x;
  // 3. (I - P) x = b over the unknowns.
  std::vector<Eigen::Triplet<double>> triplets;
  Eigen::VectorXd b = Eigen::VectorXd::Zero(k);
  for (StateIndex s = 0; s < n; ++s) {
    const std::int64_t i = column[s];
    if (i < 0) continue;
    triplets.emplace_back(i, i, 1.0);
    const ChoiceIndex c = chosen(s);
    for (EntryIndex e = g.first_entry(c); e < g.end_entry(c); ++e) {
      const StateIndex t = g.target(e);
      const double p = g.probability(e);
      if (g.is_terminal(t)) {
        b[i] += p * g.terminal_value(t);
      } else if (column[t] >= 0) {
        triplets.emplace_back(i, column[t], -p);
      }
    }
  }
  Eigen::SparseMatrix<double> a(k, k);
  a.setFromTriplets(triplets.begin(), triplets.end());
  a.makeCompressed();
  Eigen::SparseLU<Eigen::SparseMatrix<double>, Eigen::COLAMDOrdering<int>> lu;
  lu.compute(a);
  if (lu.info() != Eigen::Success) {
    throw std::runtime_error("policy evaluation: sparse LU factorization failed: " + lu.lastErrorMessage());
  }
  Eigen::VectorXd solution = lu.solve(b);
  for (StateIndex s = 0; s < n; ++s) {
    if (column[s] >= 0) x[s] = std::clamp(solution[column[s]], 0.0, 1.0);
  }
  return x;
}

}  // namespace sgplan::mdp
