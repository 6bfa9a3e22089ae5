// The state-graph family's method table: the solvers of eventual success (and of success within a
// horizon) that solve_reachability dispatches, and retrograde analysis, each with its name, what it
// promises and one line of help (core/method_info.hpp). mdp::to_string(Method) and
// method_from_string read it; the CLI generates its --method parsing and help from it.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "core/method_info.hpp"
#include "mdp/solution.hpp"

namespace sgplan::mdp {

// In the order the CLI lists them. The id is the mdp::Method a row runs; retrograde analysis is a
// solver of its own (mdp/retrograde.hpp), not a Method.
inline constexpr std::array<MethodInfo, 8> kGraphMethods{{
    {"interval", MethodFamily::Graph, false, true, false,
     "interval iteration: lower and upper bounds, end components collapsed",
     static_cast<int>(Method::Interval)},
    {"topological", MethodFamily::Graph, false, true, false,
     "interval iteration one strongly connected component at a time, successors first",
     static_cast<int>(Method::Topological)},
    {"policy", MethodFamily::Graph, false, true, false,
     "strategy iteration with exact evaluation by sparse LU, certified bounds",
     static_cast<int>(Method::Policy)},
    {"vi", MethodFamily::Graph, false, false, false,
     "value iteration from below (Jacobi); stops on a small change, no upper bound",
     static_cast<int>(Method::ValueIteration)},
    {"gauss-seidel", MethodFamily::Graph, false, false, false,
     "value iteration from below (Gauss-Seidel); stops on a small change, no upper bound",
     static_cast<int>(Method::GaussSeidel)},
    {"attractor", MethodFamily::Graph, false, true, true,
     "games without chance and 0/1 terminals: the attractor of the wins, exact",
     static_cast<int>(Method::Attractor)},
    {"retrograde", MethodFamily::Retrograde, false, true, true,
     "games without chance: win, loss or draw for every state, with the distance to the end", -1},
    // Chosen by a horizon, not by name: with --horizon every graph method runs it.
    {"backward-induction", MethodFamily::Graph, true, true, false,
     "success within K steps: backward induction, bounds rounded outward", static_cast<int>(Method::Horizon)},
}};

// The solvers that explore the implicit model from the initial state instead of building its graph
// (bounded_rtdp.hpp): sound bounds at the initial state only.
enum class PartialMethod { BoundedRtdp, LabelledGoalSearch };
inline constexpr std::array<MethodInfo, 2> kPartialMethods{{
    {"brtdp", MethodFamily::Partial, false, true, false,
     "bounded RTDP: explores from the initial state only; sound bounds there, end components deflated",
     static_cast<int>(PartialMethod::BoundedRtdp)},
    {"maxprob", MethodFamily::Partial, false, true, false,
     "goal-probability search (LRTDP-style, solved states labelled): explores from the initial state only; "
     "sound bounds there",
     static_cast<int>(PartialMethod::LabelledGoalSearch)},
}};

inline std::string_view to_string(PartialMethod method) {
  for (const MethodInfo& row : kPartialMethods) {
    if (row.id == static_cast<int>(method)) return row.name;
  }
  return "?";
}

// The search a --method name names, if it names one.
inline std::optional<PartialMethod> partial_method_from_string(std::string_view name) {
  for (const MethodInfo& row : kPartialMethods) {
    if (row.name == name) return static_cast<PartialMethod>(row.id);
  }
  return std::nullopt;
}
// The rows a user names with --method: every row but the one a horizon chooses.
inline bool named_by_user(const MethodInfo& row) {
  return !row.needs_horizon;
}

// The row of a Method (every Method has one).
const MethodInfo& method_info(Method method);

}  // namespace sgplan::mdp
