#include "mdp/exact_chain.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "core/errors.hpp"
#include "mdp/backward_closure.hpp"
#include "mdp/strong_components.hpp"

namespace sgplan::mdp {

namespace {

using Row = std::vector<std::pair<std::uint32_t, Rational>>;  // sorted by column

// row -= factor * pivot_row[start..], both sorted; `fill` gets the columns that appeared.
void subtract_scaled(Row& row, const Row& pivot_row, std::size_t start, const Rational& factor,
                     std::vector<std::uint32_t>& fill) {
  Row out;
  out.reserve(row.size() + pivot_row.size() - start);
  std::size_t a = 0, b = start;
  while (a < row.size() || b < pivot_row.size()) {
    if (b == pivot_row.size() || (a < row.size() && row[a].first < pivot_row[b].first)) {
      out.push_back(std::move(row[a++]));
    } else if (a == row.size() || pivot_row[b].first < row[a].first) {
      out.emplace_back(pivot_row[b].first, -factor * pivot_row[b].second);
      fill.push_back(pivot_row[b].first);
      ++b;
    } else {
      Rational v = row[a].second - factor * pivot_row[b].second;
      if (v != 0) out.emplace_back(row[a].first, std::move(v));
      ++a;
      ++b;
    }
  }
  row = std::move(out);
}

class Elimination {
 public:
  Elimination(std::size_t n, const ExactLimits& limits) : rows_(n), rhs_(n), below_(n), limits_(limits) {}

  Row& row(std::uint32_t i) { return rows_[i]; }
  Rational& rhs(std::uint32_t i) { return rhs_[i]; }

  // Rows must be complete and sorted. Returns x.
  std::vector<Rational> solve() {
    const auto n = static_cast<std::uint32_t>(rows_.size());
    for (std::uint32_t i = 0; i < n; ++i) {
      nonzeros_ += static_cast<std::int64_t>(rows_[i].size());
      for (const auto& [c, v] : rows_[i]) {
        if (c < i) below_[c].push_back(i);
      }
    }
    check_limits();
    std::vector<std::uint32_t> fill;
    for (std::uint32_t k = 0; k < n; ++k) {
      const Row& pivot_row = rows_[k];
      if (pivot_row.empty() || pivot_row.front().first != k || pivot_row.front().second <= 0) {
        throw std::logic_error("exact elimination: no positive pivot in row " + std::to_string(k));
      }
      const Rational pivot = pivot_row.front().second;
      for (std::uint32_t i : below_[k]) {
        Row& r = rows_[i];
        // The entry at column k is the first of row i below k that survives (columns < k are gone).
        auto it = std::lower_bound(r.begin(), r.end(), k,
                                   [](const auto& e, std::uint32_t c) { return e.first < c; });
        if (it == r.end() || it->first != k) continue;
        const Rational factor = it->second / pivot;
        r.erase(it);
        const auto before = static_cast<std::int64_t>(r.size()) + 1;
        fill.clear();
        subtract_scaled(r, pivot_row, 1, factor, fill);
        rhs_[i] -= factor * rhs_[k];
        nonzeros_ += static_cast<std::int64_t>(r.size()) - before;
        for (std::uint32_t c : fill) {
          if (c < i) below_[c].push_back(i);
        }
      }
      below_[k].clear();
      below_[k].shrink_to_fit();
      if ((k & 63) == 63) check_limits();
    }
    // Back substitution: row k has columns >= k only.
    std::vector<Rational> x(n);
    for (std::uint32_t k = n; k-- > 0;) {
      Rational sum = rhs_[k];
      for (std::size_t e = 1; e < rows_[k].size(); ++e) sum -= rows_[k][e].second * x[rows_[k][e].first];
      x[k] = sum / rows_[k].front().second;
    }
    return x;
  }

 private:
  void check_limits() const {
    if (nonzeros_ > static_cast<std::int64_t>(limits_.max_fill)) {
      throw ResourceError("exact elimination: more than " + std::to_string(limits_.max_fill) +
                          " nonzero coefficients (the model is too large for exact arithmetic; use the "
                          "floating-point bounds, which are sound)");
    }
    if (limits_.deadline && std::chrono::steady_clock::now() >= *limits_.deadline) {
      throw ResourceError("time limit: the exact solve did not finish (raise it with --max-seconds)");
    }
  }

  std::vector<Row> rows_;
  std::vector<Rational> rhs_;
  std::vector<std::vector<std::uint32_t>> below_;  // per column: rows below the diagonal using it
  std::int64_t nonzeros_ = 0;
  const ExactLimits& limits_;
};

}  // namespace

Rational exact_expectation(const StateGraph& g, ChoiceIndex c, const std::vector<Rational>& values) {
  Rational sum = 0;
  for (EntryIndex e = g.first_entry(c); e < g.end_entry(c); ++e)
    sum += g.exact_probability(e) * values[g.target(e)];
  return sum;
}

std::vector<Rational> evaluate_exactly(const StateGraph& g, const Predecessors& pred,
                                       const std::vector<ChoiceIndex>& profile, const ExactLimits& limits) {
  if (!g.has_exact()) throw std::logic_error("evaluate_exactly on a graph without exact numbers");
  const std::size_t n = g.num_states();
  auto chosen = [&](StateIndex s) { return g.owner(s) == Owner::Chance ? g.first_choice(s) : profile[s]; };
  // 1. The states that reach a positive terminal in the chain.
  BackwardClosure reach(g, pred);
  for (StateIndex s = 0; s < n; ++s) {
    if (g.is_terminal(s) && g.exact_terminal_value(s) > 0) reach.add(s);
  }
  reach.run([&](ChoiceIndex c, StateIndex s, StateIndex) {
    if (chosen(s) == c) reach.add(s);
  });
  std::vector<Rational> x(n);
  std::vector<StateIndex> unknowns;
  std::vector<std::uint8_t> unknown(n, 0), in_chain(g.num_choices(), 0);
  for (StateIndex s = 0; s < n; ++s) {
    if (g.is_terminal(s)) {
      x[s] = g.exact_terminal_value(s);
    } else if (reach.contains(s)) {
      unknown[s] = 1;
      unknowns.push_back(s);
      in_chain[chosen(s)] = 1;
    }
  }
  if (unknowns.empty()) return x;

  // 2. Components of the chain, successors first (SccFinder numbers them so).
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
  std::vector<std::int64_t> column(n, -1);
  for (std::size_t k = 0; k < count; ++k) {
    const std::span<const StateIndex> states(ordered.data() + offset[k], offset[k + 1] - offset[k]);
    // Breadth-first order inside a component keeps the fill of the elimination low on the chains
    // and grids that models produce.
    std::vector<StateIndex> local(states.begin(), states.end());
    std::sort(local.begin(), local.end());
    for (std::size_t i = 0; i < local.size(); ++i) column[local[i]] = static_cast<std::int64_t>(i);
    Elimination elimination(local.size(), limits);
    for (std::size_t i = 0; i < local.size(); ++i) {
      const StateIndex s = local[i];
      const ChoiceIndex c = chosen(s);
      Row& row = elimination.row(static_cast<std::uint32_t>(i));
      Rational diagonal = 0;
      for (EntryIndex e = g.first_entry(c); e < g.end_entry(c); ++e) {
        const StateIndex t = g.target(e);
        const Rational& p = g.exact_probability(e);
        if (t == s) continue;
        diagonal += p;
        if (unknown[t] && column[t] >= 0) {
          row.emplace_back(static_cast<std::uint32_t>(column[t]), -p);
        } else {
          elimination.rhs(static_cast<std::uint32_t>(i)) += p * x[t];  // terminal, solved, or 0
        }
      }
      row.emplace_back(static_cast<std::uint32_t>(i), diagonal);
      std::sort(row.begin(), row.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    }
    const std::vector<Rational> solution = elimination.solve();
    for (std::size_t i = 0; i < local.size(); ++i) {
      x[local[i]] = solution[i];
      column[local[i]] = -1;
    }
  }
  return x;
}

}  // namespace sgplan::mdp
