// sgplan simulate: solve, then play the extracted policies of both players with chance sampled, and
// compare the success frequency with the computed value.
#include <iostream>
#include <memory>

#include "core/errors.hpp"
#include "mdp/simulation.hpp"
#include "tools/sgplan/cli_common.hpp"

namespace sgplan::cli {

namespace {

struct SimulateCommand {
  ModelOptions model;
  SolverOptions solver;
  mdp::SimulationOptions simulation;
};

void run_simulate(const SimulateCommand& cmd) {
  const auto start = std::chrono::steady_clock::now();
  check_method_name(MethodCommand::Simulate, cmd.solver.method);
  ModelOptions model_options = cmd.model;
  model_options.deadline = cmd.solver.deadline();
  LoadedGraph loaded = load_and_build(model_options);
  const mdp::StateGraph& g = loaded.built.graph;
  mdp::Solution sol;
  try {
    sol = run_solver(g, cmd.solver, cmd.model, 0, false);
  } catch (const MethodError& e) {
    ModelFacts facts = facts_of(*loaded.model, false);
    add_graph_facts(facts, g);
    throw method_refusal(MethodCommand::Simulate, loaded.model->kind(), cmd.solver.method, e.what(), facts);
  }
  const auto sim_start = std::chrono::steady_clock::now();
  mdp::SimulationResult r = mdp::simulate(g, sol.policy, cmd.simulation);
  const double sim_seconds = seconds_since(sim_start);
  const mdp::StateIndex s0 = g.initial_state();
  const bool inside = mdp::agrees_with(r, sol.lower[s0], sol.sound ? sol.upper[s0] : sol.lower[s0]);
  const std::string method(mdp::to_string(sol.method));
  Report report;
  report.add("model", loaded.model->kind(), "model", loaded.model->kind() + " (" + cmd.model.file + ")")
      .json("file", cmd.model.file)
      .json("method", method)
      .add("value", sol.value(s0), "value", format_number(sol.value(s0), 10) + " (" + method + ")")
      .json("lower", sol.lower[s0])
      .json("upper", sol.sound ? Json(sol.upper[s0]) : Json(nullptr))
      .add("runs", r.runs, "runs",
           format_count(r.runs) + " (seed " + std::to_string(cmd.simulation.seed) + "), " +
               format_count(r.successes) + " successes")
      .json("seed", cmd.simulation.seed)
      .json("successes", r.successes)
      .add("estimate", r.estimate, "estimate",
           format_number(r.estimate, 6) + ", 95% interval [" + format_number(r.ci_low, 6) + ", " +
               format_number(r.ci_high, 6) + "]")
      .json("ci_low", r.ci_low)
      .json("ci_high", r.ci_high)
      .add("mean_steps", r.mean_steps, "mean steps", format_number(r.mean_steps, 6))
      .json("truncated", r.truncated);
  if (r.truncated > 0) {
    report.line("truncated", format_count(r.truncated) + " runs reached --max-steps " +
                                 std::to_string(cmd.simulation.max_steps));
  }
  const double seconds = seconds_since(start);
  report
      .line("agreement", inside ? "the computed value lies in the 95% interval"
                                : "the computed value is OUTSIDE the 95% interval")
      .json("simulate_seconds", sim_seconds)
      .add("seconds", seconds, "time", format_number(seconds, 3) + " s")
      .print(std::cout, cmd.model.json);
}

}  // namespace

void register_simulate(CLI::App& app, int& exit_code) {
  auto cmd = std::make_shared<SimulateCommand>();
  CLI::App* sub =
      app.add_subcommand("simulate", "play the optimal policies with chance sampled and estimate the value");
  cmd->model.add_to(*sub);
  cmd->solver.add_to(*sub, MethodCommand::Simulate);
  sub->add_option("--runs", cmd->simulation.runs, "number of plays")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  sub->add_option("--seed", cmd->simulation.seed, "random seed")->capture_default_str();
  sub->add_option("--max-steps", cmd->simulation.max_steps, "truncate a play after this many steps")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  sub->callback([cmd, &exit_code]() {
    run_simulate(*cmd);
    exit_code = kExitOk;
  });
  refuse_negative_counts(*sub);
}

}  // namespace sgplan::cli
