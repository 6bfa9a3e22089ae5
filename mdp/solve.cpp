#include <array>
#include <stdexcept>
#include <utility>

#include "mdp/finite_horizon.hpp"
#include "mdp/policy_iteration.hpp"
#include "mdp/reachability.hpp"

namespace sgplan::mdp {

namespace {
constexpr std::array<std::pair<Method, std::string_view>, 7> kMethodNames{{
    {Method::Interval, "interval"},
    {Method::ValueIteration, "vi"},
    {Method::GaussSeidel, "gauss-seidel"},
    {Method::Topological, "topological"},
    {Method::Policy, "policy"},
    {Method::Attractor, "attractor"},
    {Method::Horizon, "backward-induction"},
}};
}  // namespace

std::string_view to_string(Method method) {
  for (const auto& [m, name] : kMethodNames) {
    if (m == method) return name;
  }
  return "?";
}

bool method_from_string(std::string_view text, Method& out) {
  for (const auto& [m, name] : kMethodNames) {
    if (name == text && m != Method::Horizon) {
      out = m;
      return true;
    }
  }
  return false;
}

std::string_view to_string(SolveStatus status) {
  switch (status) {
    case SolveStatus::Converged:
      return "converged";
    case SolveStatus::SmallChange:
      return "small-change";
    case SolveStatus::IterationLimit:
      return "iteration-limit";
    case SolveStatus::TimeLimit:
      return "time-limit";
    case SolveStatus::Stalled:
      return "stalled";
    case SolveStatus::Aborted:
      return "aborted";
  }
  return "?";
}

Solution solve_reachability(const StateGraph& graph, const SolveOptions& options) {
  switch (options.method) {
    case Method::Interval:
      return solve_interval(graph, options);
    case Method::Topological:
      return solve_topological(graph, options);
    case Method::ValueIteration:
      return solve_plain_value_iteration(graph, options, false);
    case Method::GaussSeidel:
      return solve_plain_value_iteration(graph, options, true);
    case Method::Policy:
      return solve_policy_iteration(graph, options);
    case Method::Attractor:
      return solve_attractor(graph, options);
    case Method::Horizon:
      if (!options.horizon) throw std::invalid_argument("Method::Horizon needs SolveOptions::horizon");
      return solve_finite_horizon(graph, *options.horizon, options);
  }
  throw std::logic_error("solve_reachability: an unknown method");
}

}  // namespace sgplan::mdp
