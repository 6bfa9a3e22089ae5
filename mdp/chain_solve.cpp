#include "mdp/chain_solve.hpp"

#include <Eigen/IterativeLinearSolvers>
#include <Eigen/SparseCore>
#include <Eigen/SparseLU>
#include <algorithm>
#include <cmath>

#include "mdp/local_components.hpp"

namespace sgplan::mdp {

namespace {

// Step 1: the states whose chain reaches an exit of positive value (backward search).
std::vector<std::uint8_t> positive_states(const RegionSystem& sys, const std::vector<std::uint32_t>& profile,
                                          const double* outside) {
  const std::size_t n = sys.size();
  std::vector<std::uint32_t> offset(n + 1, 0);
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t c = profile[i];
    for (std::uint32_t e = sys.first_entry(c); e < sys.end_entry(c); ++e) {
      if (sys.local(e) != kExit) ++offset[sys.local(e) + 1];
    }
  }
  for (std::size_t i = 0; i < n; ++i) offset[i + 1] += offset[i];
  std::vector<std::uint32_t> from(offset[n]);
  {
    std::vector<std::uint32_t> next(offset.begin(), offset.end() - 1);
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint32_t c = profile[i];
      for (std::uint32_t e = sys.first_entry(c); e < sys.end_entry(c); ++e) {
        if (sys.local(e) != kExit) from[next[sys.local(e)]++] = i;
      }
    }
  }
  std::vector<std::uint8_t> positive(n, 0);
  std::vector<std::uint32_t> queue;
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t c = profile[i];
    for (std::uint32_t e = sys.first_entry(c); e < sys.end_entry(c); ++e) {
      if (sys.local(e) == kExit && outside[sys.exit_target(e)] > 0.0) {
        positive[i] = 1;
        queue.push_back(i);
        break;
      }
    }
  }
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint32_t j = queue[head];
    for (std::uint32_t k = offset[j]; k < offset[j + 1]; ++k) {
      if (!positive[from[k]]) {
        positive[from[k]] = 1;
        queue.push_back(from[k]);
      }
    }
  }
  return positive;
}

bool all_finite(const Eigen::MatrixXd& m) {
  return m.allFinite();
}

}  // namespace

ChainSolution solve_chain(const RegionSystem& sys, const std::vector<std::uint32_t>& profile,
                          const double* outside, bool want_steps, const ChainSolveLimits& limits,
                          const ChainSolution* guess) {
  const std::size_t n = sys.size();
  ChainSolution out;
  out.value.assign(n, 0.0);
  if (want_steps) out.steps.assign(n, 0.0);
  out.positive = positive_states(sys, profile, outside);

  // Step 2: components of the chain among the positive states.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  for (std::uint32_t i = 0; i < n; ++i) {
    if (!out.positive[i]) continue;
    const std::uint32_t c = profile[i];
    for (std::uint32_t e = sys.first_entry(c); e < sys.end_entry(c); ++e) {
      const std::uint32_t j = sys.local(e);
      if (j != kExit && j != i && out.positive[j]) edges.emplace_back(i, j);
    }
  }
  const LocalComponents parts = local_components(n, edges);
  edges.clear();
  edges.shrink_to_fit();

  // Step 3: each component, successors first.
  std::vector<std::int64_t> column(n, -1);
  std::vector<Eigen::Triplet<double>> triplets;
  const Eigen::Index columns = want_steps ? 2 : 1;
  for (std::size_t k = 0; k < parts.count(); ++k) {
    const std::uint32_t* members = parts.order.data() + parts.offset[k];
    const std::size_t size = parts.offset[k + 1] - parts.offset[k];
    if (!out.positive[members[0]]) continue;
    for (std::size_t m = 0; m < size; ++m) column[members[m]] = static_cast<std::int64_t>(m);
    Eigen::MatrixXd rhs = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(size), columns);
    std::vector<double> diagonal(size, 0.0);
    triplets.clear();
    for (std::size_t m = 0; m < size; ++m) {
      const std::uint32_t i = members[m];
      const std::uint32_t c = profile[i];
      const auto row = static_cast<Eigen::Index>(m);
      for (std::uint32_t e = sys.first_entry(c); e < sys.end_entry(c); ++e) {
        const std::uint32_t j = sys.local(e);
        const double p = sys.probability(e);
        if (j == i) continue;  // the self-loop: 1 - p(self) is the sum of the rest
        diagonal[m] += p;
        if (j == kExit) {
          rhs(row, 0) += p * outside[sys.exit_target(e)];
        } else if (out.positive[j] && column[j] >= 0) {
          triplets.emplace_back(row, static_cast<Eigen::Index>(column[j]), -p);
        } else {
          rhs(row, 0) += p * out.value[j];
          if (want_steps) rhs(row, 1) += p * out.steps[j];  // zero for the non-positive states
        }
      }
      triplets.emplace_back(row, row, diagonal[m]);
      // Steps of the jump chain (self-loops removed): h = 1 + sum over others (p / d) h, times d.
      if (want_steps) rhs(row, 1) += diagonal[m];
    }
    Eigen::MatrixXd solution;
    if (size == 1) {
      solution = rhs / diagonal[0];
    } else {
      Eigen::SparseMatrix<double> a(static_cast<Eigen::Index>(size), static_cast<Eigen::Index>(size));
      a.setFromTriplets(triplets.begin(), triplets.end());
      a.makeCompressed();
      if (size <= limits.direct_limit) {
        Eigen::SparseLU<Eigen::SparseMatrix<double>, Eigen::COLAMDOrdering<int>> lu;
        lu.compute(a);
        if (lu.info() != Eigen::Success) {
          out.ok = false;
          out.failure = "sparse LU failed on a component of " + std::to_string(size) +
                        " states: " + lu.lastErrorMessage();
        } else {
          solution = lu.solve(rhs);
          ++out.lu_components;
        }
      } else {
        Eigen::BiCGSTAB<Eigen::SparseMatrix<double>, Eigen::DiagonalPreconditioner<double>> solver;
        solver.setTolerance(limits.iterative_tolerance);
        solver.setMaxIterations(static_cast<Eigen::Index>(limits.iterative_max));
        solver.compute(a);
        solution.resize(static_cast<Eigen::Index>(size), columns);
        for (Eigen::Index col = 0; col < columns && out.ok; ++col) {
          const std::vector<double>* start = guess == nullptr ? nullptr
                                             : col == 0       ? &guess->value
                                             : want_steps     ? &guess->steps
                                                              : nullptr;
          if (start != nullptr && start->size() == n) {
            Eigen::VectorXd x0(static_cast<Eigen::Index>(size));
            for (std::size_t m = 0; m < size; ++m) x0[static_cast<Eigen::Index>(m)] = (*start)[members[m]];
            solution.col(col) = solver.solveWithGuess(rhs.col(col), x0);
          } else {
            solution.col(col) = solver.solve(rhs.col(col));
          }
          if (solver.info() != Eigen::Success) {
            out.ok = false;
            out.failure = "BiCGSTAB did not converge on a component of " + std::to_string(size) +
                          " states (relative residual " + std::to_string(solver.error()) + " after " +
                          std::to_string(solver.iterations()) + " iterations)";
          }
        }
        ++out.iterative_components;
      }
    }
    if (out.ok && !all_finite(solution)) {
      out.ok = false;
      out.failure =
          "the linear solve of a component of " + std::to_string(size) + " states gave no finite values";
    }
    if (!out.ok) return out;
    for (std::size_t m = 0; m < size; ++m) {
      const std::uint32_t i = members[m];
      const auto row = static_cast<Eigen::Index>(m);
      // Rounding may leave a value a hair outside [0, 1]; the exact value lies inside.
      out.value[i] = std::clamp(solution(row, 0), 0.0, 1.0);
      if (want_steps) out.steps[i] = std::max(solution(row, 1), 1.0);
      column[i] = -1;
    }
  }
  return out;
}

}  // namespace sgplan::mdp
