// sgplan simulate: solve, then play the extracted policies of both players with chance sampled, and
// compare the success frequency with the computed value. A search from the initial state (brtdp)
// plays its policy on the part it explored, and says how many runs left that part.
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "core/errors.hpp"
#include "mdp/explored_policy.hpp"
#include "mdp/simulation.hpp"
#include "models/model_partial_search.hpp"
#include "tools/sgplan/cli_common.hpp"

namespace sgplan::cli {

namespace {

struct SimulateCommand {
  ModelOptions model;
  SolverOptions solver;
  mdp::SimulationOptions simulation;
};

// What was played and against which answer, for the report.
struct Played {
  std::string kind;
  std::string method;
  double value = 0.0, lower = 0.0;
  std::optional<double> upper;  // absent where the solver gives no sound upper bound
  mdp::SimulationResult result;
  double simulate_seconds = 0.0;
  std::uint64_t explored = 0;  // a search from the initial state: the states it expanded
};

void print_report(const SimulateCommand& cmd, const Played& p, double seconds) {
  const mdp::SimulationResult& r = p.result;
  const bool inside = mdp::agrees_with(r, p.lower, p.upper.value_or(p.lower));
  Report report;
  report.add("model", p.kind, "model", p.kind + " (" + cmd.model.file + ")")
      .json("file", cmd.model.file)
      .json("method", p.method)
      .add("value", p.value, "value", format_number(p.value, 10) + " (" + p.method + ")")
      .json("lower", p.lower)
      .json("upper", p.upper ? Json(*p.upper) : Json(nullptr))
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
  if (p.explored > 0) {
    report.json("left_explored_part", r.left).json("explored", p.explored);
    if (r.left > 0) {
      report.line(
          "left",
          format_count(r.left) + " runs left the " + format_count(p.explored) +
              " explored states, where the policy ends (scored neither way; the interval allows both)");
    }
  }
  report
      .line("agreement", inside ? "the computed value lies in the 95% interval"
                                : "the computed value is OUTSIDE the 95% interval")
      .json("simulate_seconds", p.simulate_seconds)
      .add("seconds", seconds, "time", format_number(seconds, 3) + " s")
      .print(std::cout, cmd.model.json);
}

// The policy of a search from the initial state, on the part it explored.
int simulate_partial(const SimulateCommand& cmd, const std::string& method,
                     std::chrono::steady_clock::time_point start) {
  const models::ModelFile file = models::ModelRegistry::builtin().open(cmd.model.file);
  ModelOptions model_options = cmd.model;
  model_options.deadline = cmd.solver.deadline();
  auto model = models::ModelRegistry::builtin().load_graph(file, model_options.load_options());
  const std::optional<mdp::InfinitePlay> rule = model->infinite_play();
  ProgressLine line(!cmd.model.quiet && !cmd.model.json);
  std::optional<models::PartialSearchResult> found;
  try {
    if (rule && *rule != mdp::InfinitePlay::MinWins && !model->acyclic()) {
      throw MethodError("in this game infinite plays count as " + std::string(mdp::to_string(*rule)) +
                        ", but the search counts them as losses for the first player");
    }
    found = model->search_from_start(
        partial_search_options(cmd.solver, cmd.model, cmd.simulation.seed, method, line));
    if (!found) throw MethodError("it offers no implicit model to search");
  } catch (const MethodError& e) {
    throw method_refusal(MethodCommand::Simulate, model->kind(), method, e.what(), facts_of(*model, false));
  }
  const mdp::BrtdpResult& search = found->search;
  const mdp::ExploredPolicy policy = mdp::policy_on_explored_part(search.game);
  Played p;
  p.kind = model->kind();
  p.method = method;
  p.value = 0.5 * (search.lower + search.upper);
  p.lower = search.lower;
  p.upper = search.upper;
  const auto sim_start = std::chrono::steady_clock::now();
  p.result = mdp::simulate(policy.built.graph, policy.profile, cmd.simulation, policy.outside);
  p.simulate_seconds = seconds_since(sim_start);
  p.explored = search.game.num_expanded();
  print_report(cmd, p, seconds_since(start));
  if (!mdp::reached_target(search.status)) {
    mdp::Solution as_solution;
    as_solution.status = search.status;
    as_solution.iterations = search.paths;
    std::cerr << "sgplan: resource limit: " << limit_message(as_solution, cmd.solver.epsilon) << "\n";
  }
  return exit_code_for(search.status);
}

int run_simulate(const SimulateCommand& cmd) {
  const auto start = std::chrono::steady_clock::now();
  check_method_name(MethodCommand::Simulate, cmd.solver.method);
  if (cmd.solver.method_given() && method_family(cmd.solver.method) == MethodFamily::Partial)
    return simulate_partial(cmd, cmd.solver.method, start);
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
  const mdp::StateIndex s0 = g.initial_state();
  Played p;
  p.kind = loaded.model->kind();
  p.method = std::string(mdp::to_string(sol.method));
  p.value = sol.value(s0);
  p.lower = sol.lower[s0];
  if (sol.sound) p.upper = sol.upper[s0];
  const auto sim_start = std::chrono::steady_clock::now();
  p.result = mdp::simulate(g, sol.policy, cmd.simulation);
  p.simulate_seconds = seconds_since(sim_start);
  print_report(cmd, p, seconds_since(start));
  return kExitOk;
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
  sub->add_option("--seed", cmd->simulation.seed,
                  "random seed (of the plays, and of --method brtdp's or maxprob's paths)")
      ->capture_default_str();
  sub->add_option("--max-steps", cmd->simulation.max_steps, "truncate a play after this many steps")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  sub->callback([cmd, &exit_code]() { exit_code = run_simulate(*cmd); });
  refuse_negative_counts(*sub);
}

}  // namespace sgplan::cli
