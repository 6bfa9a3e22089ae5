#include "tools/sgplan/solve_matrix_free.hpp"

#include <iostream>

#include "core/errors.hpp"
#include "tools/sgplan/report.hpp"

namespace sgplan::cli {

int run_matrix_free(const ModelOptions& model_options, const SolverOptions& solver,
                    const models::GraphModel& model, bool profile) {
  const auto start = std::chrono::steady_clock::now();
  mdp::MatrixFreeOptions options;
  options.epsilon = solver.epsilon;
  options.max_sweeps = solver.max_iterations;
  options.max_states = model_options.max_states;
  options.deadline = solver.deadline();
  ProgressLine progress(!model_options.quiet && !model_options.json);
  options.progress = [&progress](const mdp::Progress& p) {
    progress.show("matrix-free: " + format_count(p.iterations) + " sweeps, gap " + format_number(p.gap, 3));
    return true;
  };
  const std::optional<mdp::MatrixFreeResult> found = model.solve_matrix_free(options);
  if (!found) {
    throw MethodError(
        "the matrix-free engine regenerates states from a packed state index, which this model "
        "kind has not (robot-monster, Nim, Pig and the formula game have one)");
  }
  const mdp::MatrixFreeResult& r = *found;
  const double seconds = seconds_since(start);
  const double mib = 1.0 / 1048576.0;
  Report report;
  report.add("model", model.kind(), "model", model.kind() + " (" + model_options.file + ")")
      .json("file", model_options.file)
      .add("engine", "matrix-free", "engine",
           "matrix-free (no stored transitions: each sweep regenerates the states' choices from their packed "
           "keys)")
      .add("states", r.states, "states",
           format_count(r.states) + " reachable (" + format_count(r.terminals) +
               " terminal) of a packed bound of " + format_count(model.state_bound()))
      .add("objective", "eventual", "objective", "eventual success")
      .add("method", "interval", "method",
           "interval (sound bounds, epsilon " + format_number(solver.epsilon, 3) +
               "; end components not collapsed)");
  add_interval_answer(report, r.lower, r.upper, r.status, r.sweeps, solver.epsilon)
      .add("zero_states", r.zero_states, "precomputed",
           format_count(r.zero_states) + " states with value 0 (" + format_count(r.zero_passes) +
               (r.zero_passes == 1 ? " pass" : " passes") + ")")
      .json("zero_passes", r.zero_passes)
      .add("memory_bytes", r.bytes, "memory",
           format_printf("%.1f MiB: reached set %.1f MiB, bounds and flags %.1f MiB (%.1f bytes per state)",
                         static_cast<double>(r.bytes) * mib, static_cast<double>(r.set_bytes) * mib,
                         static_cast<double>(r.bytes - r.set_bytes) * mib,
                         static_cast<double>(r.bytes) / static_cast<double>(r.states)))
      .json("set_bytes", r.set_bytes)
      .add("seconds", seconds, "time", "total " + format_number(seconds, 3) + " s");
  if (profile) {
    Json j;
    j["explore"] = r.explore_seconds;
    j["zero_states"] = r.zero_seconds;
    j["sweeps"] = r.sweep_seconds;
    report.add("profile", j, "profile",
               "explore " + format_number(r.explore_seconds, 3) + " s, states of value 0 " +
                   format_number(r.zero_seconds, 3) + " s, sweeps " + format_number(r.sweep_seconds, 3) +
                   " s");
  }
  report.print(std::cout, model_options.json);
  const std::string message = sweep_limit_message(r.status, r.sweeps, solver.epsilon);
  if (!message.empty()) std::cerr << "sgplan: resource limit: " << message << "\n";
  return exit_code_for(r.status);
}

}  // namespace sgplan::cli
