// sgplan solve: the value of a model, by the method the model suggests or --method names:
//   graph methods (interval, topological, policy, vi, gauss-seidel, attractor) build the state
//     graph and compute the value of eventual success (or of success within --horizon steps);
//   retrograde builds the graph of a deterministic game and classifies every state as a win, a
//     loss or a draw (search/retrograde.hpp);
//   tree methods (alphabeta, minimax, expectiminimax, star1, star2, expectimax) search the implicit
//     model without a graph, to the end of acyclic games or to --horizon steps (counted as the graph
//     counts them, so every method gives the same value at every horizon).
// The method names come from methods.hpp; a method the model cannot use is refused with the model
// kind and the methods that work on it.
// Win/loss/draw games (nim, formula-game) also report the outcome for the player to move at the
// start and the move; `value` stays the first player's: 1, 0 or 1/2 (or a win probability).
#include <algorithm>
#include <cmath>
#include <iostream>
#include <memory>
#include <optional>

#include "core/errors.hpp"
#include "mdp/retrograde.hpp"
#include "tools/sgplan/cli_common.hpp"
#include "tools/sgplan/exact_answer.hpp"

namespace sgplan::cli {

namespace {

struct SolveCommand {
  ModelOptions model;
  SolverOptions solver;
  std::uint32_t horizon = 0;
  bool render = false;
  bool iterative_deepening = false;
  bool exact = false;    // the answer as a fraction (exact_answer.hpp)
  bool certify = false;  // the floating-point answer with an exact proof
  std::size_t table_entries = std::size_t{1} << 20;
  CLI::Option* horizon_option = nullptr;
};

// "win", "loss" or "draw" for the player to move at the start, from the first player's value.
std::string outcome_for(double value, mdp::Owner root_owner) {
  const bool second = root_owner == mdp::Owner::Min;
  if (value == 0.5) return "draw";
  if (value == 1.0) return second ? "loss" : "win";
  if (value == 0.0) return second ? "win" : "loss";
  return "";
}

// A value within epsilon of 0, 1/2 or 1 snapped to it (numeric solvers on win/loss/draw games).
double snapped(double value, double epsilon) {
  for (double v : {0.0, 0.5, 1.0}) {
    if (std::abs(value - v) <= epsilon) return v;
  }
  return value;
}

void add_report_json(Json& j, const std::vector<models::ReportTable>& tables) {
  for (const models::ReportTable& t : tables) {
    Json rows = Json::array();
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
      Json row;
      for (std::size_t c = 0; c < t.columns.size(); ++c) row[t.columns[c]] = t.rows[r][c];
      if (r < t.notes.size() && !t.notes[r].empty()) row["note"] = t.notes[r];
      rows.push_back(row);
    }
    j[t.key] = rows;
  }
}

void print_report_text(const std::vector<models::ReportTable>& tables) {
  for (const models::ReportTable& t : tables) {
    std::cout << t.title << "\n";
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
      std::cout << " ";
      for (std::size_t c = 0; c < t.columns.size(); ++c) {
        std::cout << " " << t.columns[c] << " " << format_number(t.rows[r][c], 6);
      }
      if (r < t.notes.size() && !t.notes[r].empty()) std::cout << ": " << t.notes[r];
      std::cout << "\n";
    }
  }
}

void run_tree_search(const SolveCommand& cmd, const models::GraphModel& model, const std::string& method) {
  const auto start = std::chrono::steady_clock::now();
  const bool has_horizon = cmd.horizon_option->count() > 0;
  models::TreeSearchRequest request;
  request.method = method;
  request.depth = has_horizon ? cmd.horizon : search::kNoDepthLimit;
  request.table_entries = cmd.table_entries;
  request.iterative_deepening = cmd.iterative_deepening;
  request.deadline = cmd.solver.deadline();
  if (!has_horizon && !model.acyclic()) {
    throw MethodError("its plays can be of unbounded length: tree search needs --horizon K");
  }
  auto result = model.tree_search(request);
  if (!result) {
    throw MethodError("it offers no tree search");
  }
  const double seconds = seconds_since(start);
  const bool game = model.infinite_play().has_value();
  const std::string outcome = game && result->exact ? outcome_for(result->value, result->root_owner) : "";
  if (cmd.model.json) {
    Json j;
    j["model"] = model.kind();
    j["file"] = cmd.model.file;
    j["objective"] = has_horizon ? "horizon" : "eventual";
    j["horizon"] = has_horizon ? Json(cmd.horizon) : Json(nullptr);
    j["method"] = result->algorithm;
    j["value"] = result->value;
    j["lower"] = result->value;
    j["upper"] = result->value;
    j["exact"] = result->exact;
    j["nodes"] = result->nodes;
    j["leaves"] = result->leaves;
    j["table_hits"] = result->table_hits;
    j["first_choice"] = result->best_choice;
    if (game) {
      j["outcome"] = outcome.empty() ? Json(nullptr) : Json(outcome);
      j["move"] = result->best_choice.empty() ? Json(nullptr) : Json(result->best_choice);
    }
    j["status"] = "converged";
    j["seconds"] = seconds;
    j["solve_seconds"] = seconds;
    print_json(j);
    return;
  }
  std::cout << "model        " << model.kind() << " (" << cmd.model.file << ")\n"
            << "objective    "
            << (has_horizon ? "success within " + std::to_string(cmd.horizon) + " steps"
                            : std::string("the game's value (to the end of every play)"))
            << "\n"
            << "method       " << result->algorithm << " (tree search, transposition table)\n"
            << "value        " << format_number(result->value, 12)
            << (result->exact ? "" : " (depends on the evaluation at the depth limit)") << "\n";
  if (!outcome.empty()) std::cout << "outcome      " << outcome << " for the player to move\n";
  std::cout << "nodes        " << format_count(result->nodes) << " entered, " << format_count(result->leaves)
            << " leaves, " << format_count(result->table_hits) << " table hits\n";
  if (!result->best_choice.empty())
    std::cout << (game ? "move         " : "first choice ") << result->best_choice << "\n";
  std::cout << "time         " << format_number(seconds, 3) << " s\n";
}

// After the report: a solve that ended at a limit says so on stderr and exits with 3.
int finish_solve(const mdp::Solution& sol, double epsilon) {
  const std::string message = limit_message(sol, epsilon);
  if (!message.empty()) std::cerr << "sgplan: resource limit: " << message << "\n";
  return exit_code_for(sol.status);
}

std::string choice_name(const mdp::StateGraph& g, mdp::StateIndex s, mdp::ChoiceIndex c) {
  if (c == mdp::kNoChoice) return "";
  return g.choice_label(c).empty() ? "#" + std::to_string(c - g.first_choice(s)) : g.choice_label(c);
}

void run_retrograde(const SolveCommand& cmd, const models::GraphModel& model) {
  const auto start = std::chrono::steady_clock::now();
  const mdp::BuiltGraph built = build_model(model, cmd.model);
  const mdp::StateGraph& g = built.graph;
  const double build_seconds = seconds_since(start);
  const auto solve_start = std::chrono::steady_clock::now();
  // Models that are not win/loss/draw games have the reachability reading: a play that never ends
  // is a failure for Max.
  mdp::RetrogradeOptions options;
  options.infinite_play = model.infinite_play().value_or(mdp::InfinitePlay::MinWins);
  const mdp::RetrogradeSolution r = mdp::retrograde(g, options);
  const double solve_seconds = seconds_since(solve_start);
  const mdp::StateIndex s0 = g.initial_state();
  const double value = r.value(s0);
  const std::string outcome = outcome_for(value, g.owner(s0));
  const std::string move = choice_name(g, s0, r.move[s0]);
  const std::uint32_t distance = r.distance[s0];
  if (cmd.model.json) {
    Json j;
    j["model"] = model.kind();
    j["file"] = cmd.model.file;
    add_graph_sizes(j, g);
    j["objective"] = "eventual";
    j["horizon"] = nullptr;
    j["method"] = "retrograde";
    j["infinite_play"] = std::string(mdp::to_string(options.infinite_play));
    j["value"] = value;
    j["lower"] = value;
    j["upper"] = value;
    j["sound"] = true;
    j["exact"] = true;
    j["outcome"] = outcome;
    j["move"] = move.empty() ? Json(nullptr) : Json(move);
    j["distance"] = distance == mdp::kNoDistance ? Json(nullptr) : Json(distance);
    j["nodes"] = g.num_states();
    j["max_wins"] = r.max_wins;
    j["min_wins"] = r.min_wins;
    j["draws"] = r.draws;
    j["first_choice"] = move.empty() ? Json(nullptr) : Json(move);
    j["status"] = "converged";
    j["build_seconds"] = build_seconds;
    j["solve_seconds"] = solve_seconds;
    j["seconds"] = seconds_since(start);
    print_json(j);
    return;
  }
  std::cout << "model        " << model.kind() << " (" << cmd.model.file << ")\n"
            << "states       " << format_count(g.num_states()) << " (" << owner_summary(g) << ")\n"
            << "method       retrograde (exact; infinite plays: " << mdp::to_string(options.infinite_play)
            << ")\n"
            << "value        " << format_number(value, 10) << "\n"
            << "outcome      " << outcome << " for the player to move";
  if (distance != mdp::kNoDistance && outcome != "draw") std::cout << ", in " << distance << " plies";
  if (distance == mdp::kNoDistance && outcome != "draw") std::cout << ", by infinite play";
  std::cout << "\n"
            << "states won   " << format_count(r.max_wins) << " by the first player, "
            << format_count(r.min_wins) << " by the second, " << format_count(r.draws) << " drawn\n";
  if (!move.empty()) std::cout << "move         " << move << "\n";
  std::cout << "time         build " << format_number(build_seconds, 3) << " s, solve "
            << format_number(solve_seconds, 3) << " s, total " << format_number(seconds_since(start), 3)
            << " s\n";
}

int run_graph_method(const SolveCommand& cmd, const models::GraphModel& model, const std::string& method) {
  const auto start = std::chrono::steady_clock::now();
  const bool has_horizon = cmd.horizon_option->count() > 0;
  const std::optional<mdp::InfinitePlay> rule = model.infinite_play();
  if (rule && *rule != mdp::InfinitePlay::MinWins && !model.acyclic() && !has_horizon) {
    throw InputError("in this game infinite plays count as " + std::string(mdp::to_string(*rule)) +
                     ", but --method " + method +
                     " counts them as losses for the first player: use --method retrograde");
  }
  SolverOptions solver = cmd.solver;
  solver.method = method;
  const mdp::BuiltGraph built = build_model(model, cmd.model);
  const mdp::StateGraph& g = built.graph;
  const double build_seconds = seconds_since(start);
  const auto solve_start = std::chrono::steady_clock::now();
  mdp::Solution sol = run_solver(g, solver, cmd.model, cmd.horizon, has_horizon);
  const std::string float_method(mdp::to_string(sol.method));
  std::optional<mdp::ExactSolution> exact;
  if (cmd.exact || cmd.certify) {
    exact = solve_exactly(g, sol, has_horizon, cmd.horizon, cmd.solver);
    if (cmd.exact) {
      // The exact answer replaces the floating-point one (which started it).
      for (mdp::StateIndex s = 0; s < g.num_states(); ++s)
        sol.lower[s] = sol.upper[s] = to_double(exact->value[s]);
      sol.policy = exact->policy;
      sol.exact = true;
      sol.sound = true;
    }
  }
  const double solve_seconds = seconds_since(solve_start);
  const double seconds = seconds_since(start);
  const mdp::StateIndex s0 = g.initial_state();
  const mdp::ChoiceIndex first = sol.policy[s0];
  const std::string first_label = choice_name(g, s0, first);
  const std::vector<models::ReportTable> tables =
      has_horizon ? std::vector<models::ReportTable>{} : model.report(built, sol);
  const bool game = rule.has_value() && !has_horizon;
  const double epsilon = sol.exact ? 0.0 : cmd.solver.epsilon;
  const std::string outcome = game ? outcome_for(snapped(sol.value(s0), epsilon), g.owner(s0)) : "";

  if (cmd.model.json) {
    Json j;
    j["model"] = model.kind();
    j["file"] = cmd.model.file;
    add_graph_sizes(j, g);
    j["objective"] = has_horizon ? "horizon" : "eventual";
    j["horizon"] = has_horizon ? Json(cmd.horizon) : Json(nullptr);
    j["method"] = float_method;
    j["value"] = sol.value(s0);
    if (exact) {
      Json e;
      e["value"] = to_string(exact->value[s0]);
      e["start_optimal"] = exact->start_optimal;
      e["strategy_changes"] = exact->switches;
      e["evaluations"] = exact->evaluations;
      j[cmd.exact ? "exact_value" : "certificate"] = cmd.exact ? Json(to_string(exact->value[s0])) : e;
      if (cmd.exact) j["exact_solve"] = e;
    }
    j["lower"] = sol.lower[s0];
    j["upper"] = sol.sound ? Json(sol.upper[s0]) : Json(nullptr);
    j["sound"] = sol.sound;
    j["exact"] = sol.exact;
    j["epsilon"] = (sol.sound && !sol.exact && !has_horizon) ? Json(cmd.solver.epsilon) : Json(nullptr);
    j["iterations"] = sol.iterations;
    j["nodes"] = g.num_states();
    j["status"] = std::string(mdp::to_string(sol.status));
    j["zero_states"] = sol.zero_states;
    j["one_states"] = sol.one_states;
    j["end_components"] = sol.end_components;
    if (sol.method == mdp::Method::Topological) j["components"] = sol.stats.components;
    if (!sol.note.empty()) j["note"] = sol.note;
    j["first_choice"] = first == mdp::kNoChoice ? Json(nullptr) : Json(first_label);
    if (game) {
      j["outcome"] = outcome.empty() ? Json(nullptr) : Json(outcome);
      j["move"] = first == mdp::kNoChoice ? Json(nullptr) : Json(first_label);
    }
    if (sol.stats.direct_regions > 0) {
      j["direct_regions"] = sol.stats.direct_regions;
      j["evaluations"] = sol.stats.evaluations;
    }
    add_report_json(j, tables);
    j["build_seconds"] = build_seconds;
    j["solve_seconds"] = solve_seconds;
    j["seconds"] = seconds;
    print_json(j);
    return cmd.exact ? kExitOk : finish_solve(sol, cmd.solver.epsilon);
  }
  std::cout << "model        " << model.kind() << " (" << cmd.model.file << ")\n"
            << "states       " << format_count(g.num_states()) << " (" << owner_summary(g) << ")\n"
            << "choices      " << format_count(g.num_choices()) << ", transitions "
            << format_count(g.num_transitions()) << ", " << format_number(g.bytes_per_transition(), 3)
            << " bytes per transition\n"
            << "objective    "
            << (has_horizon ? "success within " + std::to_string(cmd.horizon) + " steps"
                            : std::string("eventual success"))
            << "\n"
            << "method       " << float_method;
  if (cmd.exact) {
    std::cout << (has_horizon
                      ? " (exact: backward induction in rational arithmetic)"
                      : " (exact: strategy iteration in rational arithmetic, from this method's strategies)");
  } else if (sol.exact) {
    std::cout << " (exact)";
  } else if (sol.sound && has_horizon) {
    std::cout << " (sound bounds, rounded outward)";
  } else if (sol.sound) {
    std::cout << " (sound bounds, epsilon " << format_number(cmd.solver.epsilon, 3) << ")";
  } else {
    std::cout << " (no guarantee: stops when a sweep changes little; the value is only a lower bound)";
  }
  // A solve stopped by a limit prints only the digits its bounds support.
  const bool reached = mdp::reached_target(sol.status);
  std::cout << "\nvalue        "
            << (cmd.exact               ? exact_text(exact->value[s0])
                : reached || !sol.sound ? format_number(sol.value(s0), 10)
                                        : format_supported(sol.lower[s0], sol.upper[s0]))
            << "\n";
  if (sol.sound && !sol.exact) {
    std::cout << "bounds       [" << format_number(sol.lower[s0], 10) << ", "
              << format_number(sol.upper[s0], 10) << "]\n";
  }
  if (!outcome.empty()) std::cout << "outcome      " << outcome << " for the player to move\n";
  std::cout << "status       " << status_text(sol, has_horizon);
  if (cmd.exact) {
    std::cout << "; exact after " << format_count(exact->evaluations)
              << (has_horizon               ? " steps"
                  : exact->evaluations == 1 ? " exact evaluation"
                                            : " exact evaluations")
              << (has_horizon            ? ""
                  : exact->start_optimal ? " (the strategies were optimal)"
                                         : " and " + format_count(exact->switches) + " strategy changes");
  }
  std::cout << "\n";
  if (cmd.certify) {
    std::cout << "certified    exact value " << exact_text(exact->value[s0]) << " lies in the bounds; ";
    if (has_horizon) {
      std::cout << "computed by exact backward induction\n";
    } else if (exact->start_optimal) {
      std::cout << "the strategies are optimal (one exact evaluation and Bellman step)\n";
    } else {
      std::cout << "the strategies were not optimal: " << format_count(exact->switches) << " changes in "
                << format_count(exact->evaluations) << " exact evaluations made them so\n";
    }
  }
  if (!has_horizon) {
    std::cout << "precomputed  " << format_count(sol.zero_states) << " states with value 0, "
              << format_count(sol.one_states) << " with value 1";
    if (sol.end_components > 0)
      std::cout << "; " << format_count(sol.end_components)
                << (sol.end_components == 1 ? " end component" : " end components") << " collapsed";
    std::cout << "\n";
  }
  if (!sol.note.empty()) std::cout << "note         " << sol.note << "\n";
  if (first != mdp::kNoChoice) std::cout << (game ? "move         " : "first choice ") << first_label << "\n";
  print_report_text(tables);
  std::cout << "time         build " << format_number(build_seconds, 3) << " s, solve "
            << format_number(solve_seconds, 3) << " s, total " << format_number(seconds, 3) << " s\n";
  if (cmd.render) {
    std::string drawing = model.render(built, sol, s0);
    if (drawing.empty()) {
      std::cout << "(this model kind has no drawing)\n";
    } else {
      std::cout << "\n" << drawing;
    }
  }
  return cmd.exact ? kExitOk : finish_solve(sol, cmd.solver.epsilon);
}

// The facts that decide which methods work, for a refusal's message: the graph's, when it has at
// most 100,000 states (built on this error path only, so a refusal stays quick), else the model's
// own, and the list leaves out the methods that need the graph's facts.
ModelFacts facts_for_refusal(const SolveCommand& cmd, const models::GraphModel& model) {
  ModelFacts facts = facts_of(model, cmd.horizon_option->count() > 0);
  try {
    ModelOptions quiet = cmd.model;
    quiet.quiet = true;
    quiet.keep_exact = false;
    quiet.max_states = std::min<std::uint64_t>(quiet.max_states, 100'000);
    add_graph_facts(facts, build_model(model, quiet).graph);
  } catch (const ResourceError&) {
    // Too big to look at: the methods that need the graph's facts are left out of the list.
  } catch (const InputError&) {
    // A model that cannot be built (exactly) says so in its own error; the list stays the model's.
  }
  return facts;
}

int run_solve(const SolveCommand& cmd_in) {
  SolveCommand cmd = cmd_in;
  cmd.model.keep_exact = cmd.exact || cmd.certify;
  cmd.model.deadline = cmd.solver.deadline();
  if (cmd.solver.method_given()) check_method_name(MethodCommand::Solve, cmd.solver.method);
  auto model = models::load_graph_model(cmd.model.file, cmd.model.load_options());
  std::string method = cmd.solver.method_given() ? cmd.solver.method : model->default_method();
  // Exact answers are for state graphs: a model whose default is a tree search (Nim, the formula
  // game) is solved exactly from interval iteration's strategies unless --method says otherwise.
  if ((cmd.exact || cmd.certify) && !cmd.solver.method_given() &&
      method_family(method).value_or(MethodFamily::Graph) != MethodFamily::Graph) {
    method = "interval";
  }
  const bool has_horizon = cmd.horizon_option->count() > 0;
  try {
    const MethodFamily family = method_family(method).value_or(MethodFamily::Graph);
    if ((cmd.exact || cmd.certify) && family != MethodFamily::Graph) {
      throw InputError(
          "--exact and --certify apply to the graph methods (interval, topological, policy, vi, "
          "gauss-seidel, attractor), not to --method " +
          method);
    }
    const std::optional<mdp::InfinitePlay> rule = model->infinite_play();
    if (family == MethodFamily::Graph && !has_horizon && rule && *rule != mdp::InfinitePlay::MinWins &&
        !model->acyclic()) {
      // run_graph_method refuses this too; here the refusal names the methods that work.
      throw MethodError("in this game infinite plays count as " + std::string(mdp::to_string(*rule)) +
                        ", but the graph solvers count them as losses for the first player");
    }
    if (family == MethodFamily::Tree) {
      run_tree_search(cmd, *model, method);
    } else if (family == MethodFamily::Retrograde) {
      if (has_horizon) throw MethodError("retrograde analysis solves the whole game: drop --horizon");
      run_retrograde(cmd, *model);
    } else {
      return run_graph_method(cmd, *model, method);
    }
  } catch (const MethodError& e) {
    throw method_refusal(MethodCommand::Solve, model->kind(), method, e.what(),
                         facts_for_refusal(cmd, *model));
  }
  return kExitOk;
}

}  // namespace

void register_solve(CLI::App& app, int& exit_code) {
  auto cmd = std::make_shared<SolveCommand>();
  CLI::App* sub = app.add_subcommand(
      "solve",
      "compute a model's value: eventual success, success within --horizon steps, or a game's outcome");
  cmd->model.add_to(*sub);
  cmd->solver.add_to(*sub, MethodCommand::Solve);
  cmd->horizon_option = sub->add_option(
      "--horizon", cmd->horizon, "success within K steps (a move of either player or of chance is one step)");
  sub->add_flag("--render", cmd->render,
                "draw the initial state and the recommended choice (models with a drawing)");
  sub->add_flag("--exact", cmd->exact,
                "graph methods: the answer as a fraction, by strategy iteration (or, with --horizon, "
                "backward induction) in rational arithmetic");
  sub->add_flag("--certify", cmd->certify,
                "graph methods: check the answer exactly: evaluate its strategies in rational arithmetic "
                "and prove them optimal by one exact Bellman step");
  sub->add_flag("--iterative-deepening", cmd->iterative_deepening,
                "tree search: search depth 1, 2, ... up to --horizon, or until the value is exact");
  sub->add_option("--table-entries", cmd->table_entries, "tree search: transposition table entries (0: none)")
      ->capture_default_str();
  sub->callback([cmd, &exit_code]() { exit_code = run_solve(*cmd); });
  refuse_negative_counts(*sub);
}

}  // namespace sgplan::cli
