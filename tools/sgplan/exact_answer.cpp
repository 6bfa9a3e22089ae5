#include "tools/sgplan/exact_answer.hpp"

#include <stdexcept>

#include "core/errors.hpp"

namespace sgplan::cli {

mdp::ExactSolution solve_exactly(const mdp::StateGraph& g, const mdp::Solution& floating, bool has_horizon,
                                 std::uint32_t horizon, const SolverOptions& solver) {
  if (!g.has_exact()) {
    throw InputError(
        "this model has no exact probabilities to solve with (--exact and --certify need a model "
        "whose numbers are exact: explicit YAML, PRISM explicit files, or a game kind that "
        "states them)");
  }
  mdp::ExactSolveOptions options;
  options.max_evaluations = solver.max_iterations;
  if (const auto deadline = solver.deadline()) options.limits.deadline = *deadline;
  mdp::ExactSolution exact = has_horizon ? mdp::solve_exact_horizon(g, horizon, options)
                                         : mdp::solve_exact(g, floating.policy, options);
  // The floating-point bounds must contain the exact values; a sound method that fails this has a
  // bug, and the run says so instead of printing either number.
  for (mdp::StateIndex s = 0; s < g.num_states(); ++s) {
    const bool below = from_double(floating.lower[s]) <= exact.value[s];
    const bool above = !floating.sound || exact.value[s] <= from_double(floating.upper[s]);
    if (!below || !above) {
      throw std::logic_error("the floating-point bounds [" + format_number(floating.lower[s], 17) + ", " +
                             format_number(floating.upper[s], 17) + "] of state " + g.state_display_name(s) +
                             " exclude its exact value " + to_string(exact.value[s]));
    }
  }
  return exact;
}

std::string exact_text(const Rational& value) {
  const std::string fraction = to_string(value);
  const std::string decimal = format_number(to_double(value), 10);
  return fraction == decimal ? fraction : fraction + " = " + decimal;
}

}  // namespace sgplan::cli
