#include <array>
#include <stdexcept>
#include <utility>

#include "mdp/finite_horizon.hpp"
#include "mdp/methods.hpp"
#include "mdp/policy_iteration.hpp"
#include "mdp/reachability.hpp"

namespace sgplan::mdp {

const MethodInfo& method_info(Method method) {
  const MethodInfo* row = find_method_by_id(kGraphMethods, static_cast<int>(method));
  if (row == nullptr) throw std::logic_error("mdp::method_info: a Method without a row in kGraphMethods");
  return *row;
}

std::string_view to_string(Method method) {
  return method_info(method).name;
}

// A name the user gives: a Method's row, except the one a horizon chooses.
bool method_from_string(std::string_view text, Method& out) {
  const MethodInfo* row = find_method(kGraphMethods, text);
  if (row == nullptr || row->id < 0 || !named_by_user(*row)) return false;
  out = static_cast<Method>(row->id);
  return true;
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
    case SolveStatus::StateLimit:
      return "state-limit";
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
