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
  if (cmd.model.json) {
    Json j;
    j["model"] = loaded.model->kind();
    j["file"] = cmd.model.file;
    j["method"] = std::string(mdp::to_string(sol.method));
    j["value"] = sol.value(s0);
    j["lower"] = sol.lower[s0];
    j["upper"] = sol.sound ? Json(sol.upper[s0]) : Json(nullptr);
    j["runs"] = r.runs;
    j["seed"] = cmd.simulation.seed;
    j["successes"] = r.successes;
    j["estimate"] = r.estimate;
    j["ci_low"] = r.ci_low;
    j["ci_high"] = r.ci_high;
    j["mean_steps"] = r.mean_steps;
    j["truncated"] = r.truncated;
    j["simulate_seconds"] = sim_seconds;
    j["seconds"] = seconds_since(start);
    print_json(j);
    return;
  }
  std::cout << "model        " << loaded.model->kind() << " (" << cmd.model.file << ")\n"
            << "value        " << format_number(sol.value(s0), 10) << " (" << mdp::to_string(sol.method)
            << ")\n"
            << "runs         " << format_count(r.runs) << " (seed " << cmd.simulation.seed << "), "
            << format_count(r.successes) << " successes\n"
            << "estimate     " << format_number(r.estimate, 6) << ", 95% interval ["
            << format_number(r.ci_low, 6) << ", " << format_number(r.ci_high, 6) << "]\n"
            << "mean steps   " << format_number(r.mean_steps, 6) << "\n";
  if (r.truncated > 0) {
    std::cout << "truncated    " << format_count(r.truncated) << " runs reached --max-steps "
              << cmd.simulation.max_steps << "\n";
  }
  const bool inside = mdp::agrees_with(r, sol.lower[s0], sol.sound ? sol.upper[s0] : sol.lower[s0]);
  std::cout << "agreement    "
            << (inside ? "the computed value lies in the 95% interval"
                       : "the computed value is OUTSIDE the 95% interval")
            << "\n"
            << "time         " << format_number(seconds_since(start), 3) << " s\n";
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
