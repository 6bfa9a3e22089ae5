// sgplan solve: build the state graph and compute the value of eventual success (or success within
// a horizon), with bounds, the method's status, sizes, timings and the recommended first choice.
// `--method expectimax` searches the implicit model instead (depth-limited, needs --horizon).
#include <iostream>
#include <memory>

#include "core/errors.hpp"
#include "tools/sgplan/cli_common.hpp"

namespace sgplan::cli {

namespace {

struct SolveCommand {
  ModelOptions model;
  SolverOptions solver;
  std::uint32_t horizon = 0;
  bool render = false;
  CLI::Option* horizon_option = nullptr;
};

void run_tree_search(const SolveCommand& cmd) {
  const auto start = std::chrono::steady_clock::now();
  if (cmd.horizon_option->count() == 0) {
    throw InputError("--method " + cmd.solver.method + " searches a tree to a depth: give --horizon K");
  }
  auto model = models::load_graph_model(cmd.model.file, cmd.model.load_options());
  auto result = model->tree_search(cmd.horizon);
  if (!result)
    throw InputError("model kind '" + model->kind() + "' offers no tree search; use a graph method");
  const double seconds = seconds_since(start);
  if (cmd.model.json) {
    Json j;
    j["model"] = model->kind();
    j["file"] = cmd.model.file;
    j["objective"] = "horizon";
    j["horizon"] = cmd.horizon;
    j["method"] = result->algorithm;
    j["value"] = result->value;
    j["lower"] = result->value;
    j["upper"] = result->value;
    j["nodes"] = result->nodes;
    j["table_hits"] = result->table_hits;
    j["first_choice"] = result->best_choice;
    j["status"] = "converged";
    j["seconds"] = seconds;
    j["solve_seconds"] = seconds;
    print_json(j);
    return;
  }
  std::cout << "model        " << model->kind() << " (" << cmd.model.file << ")\n"
            << "objective    success within " << cmd.horizon << " steps\n"
            << "method       " << result->algorithm << " (tree search, transposition table)\n"
            << "value        " << format_number(result->value, 12) << "\n"
            << "nodes        " << format_count(result->nodes) << " expanded, "
            << format_count(result->table_hits) << " table hits\n";
  if (!result->best_choice.empty()) std::cout << "first choice " << result->best_choice << "\n";
  std::cout << "time         " << format_number(seconds, 3) << " s\n";
}

void run_solve(const SolveCommand& cmd) {
  if (cmd.solver.method == "expectimax" || cmd.solver.method == "expectiminimax" ||
      cmd.solver.method == "minimax") {
    run_tree_search(cmd);
    return;
  }
  const auto start = std::chrono::steady_clock::now();
  LoadedGraph loaded = load_and_build(cmd.model);
  const mdp::StateGraph& g = loaded.built.graph;
  const double build_seconds = seconds_since(start);
  const auto solve_start = std::chrono::steady_clock::now();
  const bool has_horizon = cmd.horizon_option->count() > 0;
  mdp::Solution sol = run_solver(g, cmd.solver, cmd.model, cmd.horizon, has_horizon);
  const double solve_seconds = seconds_since(solve_start);
  const double seconds = seconds_since(start);
  const mdp::StateIndex s0 = g.initial_state();
  const mdp::ChoiceIndex first = sol.policy[s0];
  const std::string first_label =
      first == mdp::kNoChoice
          ? ""
          : (g.choice_label(first).empty() ? "#" + std::to_string(first - g.first_choice(s0))
                                           : g.choice_label(first));

  if (cmd.model.json) {
    Json j;
    j["model"] = loaded.model->kind();
    j["file"] = cmd.model.file;
    add_graph_sizes(j, g);
    j["objective"] = has_horizon ? "horizon" : "eventual";
    j["horizon"] = has_horizon ? Json(cmd.horizon) : Json(nullptr);
    j["method"] = std::string(mdp::to_string(sol.method));
    j["value"] = sol.value(s0);
    j["lower"] = sol.lower[s0];
    j["upper"] = sol.sound ? Json(sol.upper[s0]) : Json(nullptr);
    j["sound"] = sol.sound;
    j["exact"] = sol.exact;
    j["epsilon"] = (sol.sound && !sol.exact) ? Json(cmd.solver.epsilon) : Json(nullptr);
    j["iterations"] = sol.iterations;
    j["status"] = std::string(mdp::to_string(sol.status));
    j["zero_states"] = sol.zero_states;
    j["one_states"] = sol.one_states;
    j["end_components"] = sol.end_components;
    if (sol.method == mdp::Method::Topological) j["components"] = sol.components;
    if (!sol.note.empty()) j["note"] = sol.note;
    j["first_choice"] = first == mdp::kNoChoice ? Json(nullptr) : Json(first_label);
    j["build_seconds"] = build_seconds;
    j["solve_seconds"] = solve_seconds;
    j["seconds"] = seconds;
    print_json(j);
    return;
  }
  std::cout << "model        " << loaded.model->kind() << " (" << cmd.model.file << ")\n"
            << "states       " << format_count(g.num_states()) << " (" << owner_summary(g) << ")\n"
            << "choices      " << format_count(g.num_choices()) << ", transitions "
            << format_count(g.num_transitions()) << ", " << format_number(g.bytes_per_transition(), 3)
            << " bytes per transition\n"
            << "objective    "
            << (has_horizon ? "success within " + std::to_string(cmd.horizon) + " steps"
                            : std::string("eventual success"))
            << "\n"
            << "method       " << mdp::to_string(sol.method);
  if (sol.exact) {
    std::cout << " (exact up to rounding)";
  } else if (sol.sound) {
    std::cout << " (sound bounds, epsilon " << format_number(cmd.solver.epsilon, 3) << ")";
  } else {
    std::cout << " (no guarantee: stops when a sweep changes little; the value is only a lower bound)";
  }
  std::cout << "\nvalue        " << format_number(sol.value(s0), 10) << "\n";
  if (sol.sound && !sol.exact) {
    std::cout << "bounds       [" << format_number(sol.lower[s0], 10) << ", "
              << format_number(sol.upper[s0], 10) << "]\n";
  }
  std::cout << "status       " << mdp::to_string(sol.status) << " after " << format_count(sol.iterations)
            << (sol.method == mdp::Method::Policy ? " policy evaluations"
                : has_horizon                     ? " steps"
                                                  : " sweeps")
            << "\n";
  if (!has_horizon) {
    std::cout << "precomputed  " << format_count(sol.zero_states) << " states with value 0, "
              << format_count(sol.one_states) << " with value 1";
    if (sol.end_components > 0)
      std::cout << "; " << format_count(sol.end_components)
                << (sol.end_components == 1 ? " end component" : " end components") << " collapsed";
    std::cout << "\n";
  }
  if (!sol.note.empty()) std::cout << "note         " << sol.note << "\n";
  if (first != mdp::kNoChoice) std::cout << "first choice " << first_label << "\n";
  std::cout << "time         build " << format_number(build_seconds, 3) << " s, solve "
            << format_number(solve_seconds, 3) << " s, total " << format_number(seconds, 3) << " s\n";
  if (cmd.render) {
    std::string drawing = loaded.model->render(loaded.built, sol, s0);
    if (drawing.empty()) {
      std::cout << "(this model kind has no drawing)\n";
    } else {
      std::cout << "\n" << drawing;
    }
  }
}

}  // namespace

void register_solve(CLI::App& app, int& exit_code) {
  auto cmd = std::make_shared<SolveCommand>();
  CLI::App* sub =
      app.add_subcommand("solve", "compute the value of eventual success (or within --horizon steps)");
  cmd->model.add_to(*sub);
  cmd->solver.add_to(*sub);
  cmd->horizon_option = sub->add_option("--horizon", cmd->horizon, "success within K steps (transitions)");
  sub->add_flag("--render", cmd->render,
                "draw the initial state and the recommended choice (models with a drawing)");
  sub->callback([cmd, &exit_code]() {
    run_solve(*cmd);
    exit_code = kExitOk;
  });
}

}  // namespace sgplan::cli
