// sgplan solve: the value of a model, by the method the model suggests or --method names (the
// names and what each promises come from the method tables, docs/DESIGN.md "Method tables"):
//   graph methods build the state graph and compute the value of eventual success (or of success
//     within --horizon steps, by backward induction);
//   retrograde builds the graph of a deterministic game and classifies every state as a win, a
//     loss or a draw (mdp/retrograde.hpp);
//   tree methods search the implicit model without a graph, to the end of acyclic games or to
//     --horizon steps (counted as the graph counts them, so every method gives the same value at
//     every horizon).
// A method the model cannot use is refused with the model kind and the methods that work on it.
// Each runner fills one Report (report.hpp), printed as text or as one JSON object.
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
#include "tools/sgplan/report.hpp"
#include "tools/sgplan/solve_matrix_free.hpp"

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
  bool profile = false;  // the seconds of each phase
  std::size_t table_entries = std::size_t{1} << 20;
  CLI::Option* horizon_option = nullptr;
  std::uint64_t seed = 1;         // the searches that sample (brtdp)
  std::string props;              // a properties file (solve --props)
  std::string property;           // one of its properties, by name or 1-based index
  std::string engine = "stored";  // stored (the graph built) or matrix-free (solve_matrix_free.hpp)
};

// The phases of a graph solve (--profile): where the time went, in seconds, and the sweeps'
// throughput. "other" is the solve's time outside the named phases (setting up the bounds, the
// regions, direct solves, policy iteration's evaluations, the exact arithmetic of --exact and
// --certify); `sweeps` counts the value-iteration methods' sweeps (for --method policy: its
// evaluations, whose time is in "other").
void add_profile(Report& report, double build, double solve, const mdp::SolverStats& stats,
                 std::uint64_t sweeps) {
  const double other = std::max(0.0, solve - stats.predecessor_seconds - stats.qualitative_seconds -
                                         stats.sweep_seconds - stats.policy_seconds);
  Json j;
  j["build"] = build;
  j["predecessors"] = stats.predecessor_seconds;
  j["precomputation"] = stats.qualitative_seconds;
  j["end_components"] = stats.end_component_seconds;
  j["sweeps"] = stats.sweep_seconds;
  j["policy"] = stats.policy_seconds;
  j["other"] = other;
  j["transitions_swept"] = stats.transitions_swept;
  report.json("profile", j);
  auto s = [](double x) { return format_number(x, 3) + " s"; };
  std::string text = "build " + s(build) + "; predecessor lists " + s(stats.predecessor_seconds) +
                     ", precomputation " + s(stats.qualitative_seconds) + " (end components " +
                     s(stats.end_component_seconds) + "), sweeps " + s(stats.sweep_seconds) + " (" +
                     format_count(sweeps) + (sweeps == 1 ? " sweep)" : " sweeps)");
  if (stats.sweep_seconds > 0.0 && stats.transitions_swept > 0) {
    text += ", " +
            format_number(static_cast<double>(stats.transitions_swept) / stats.sweep_seconds / 1e6, 3) +
            " million transitions/s";
  }
  text += ", policy " + s(stats.policy_seconds) + ", other " + s(other);
  report.line("profile", text);
}

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

// A model's tables (models::ReportTable): an array of rows in the JSON, a titled block in the text.
void add_tables(Report& report, const std::vector<models::ReportTable>& tables) {
  for (const models::ReportTable& t : tables) {
    Json rows = Json::array();
    std::string text = t.title + "\n";
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
      Json row;
      text += " ";
      for (std::size_t c = 0; c < t.columns.size(); ++c) {
        row[t.columns[c]] = t.rows[r][c];
        text += " " + t.columns[c] + " " + format_number(t.rows[r][c], 6);
      }
      if (r < t.notes.size() && !t.notes[r].empty()) {
        row["note"] = t.notes[r];
        text += ": " + t.notes[r];
      }
      rows.push_back(row);
      text += "\n";
    }
    report.json(t.key, rows).block(text);
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
  Report report;
  report.add("model", model.kind(), "model", model.kind() + " (" + cmd.model.file + ")")
      .json("file", cmd.model.file)
      .add("objective", has_horizon ? "horizon" : "eventual", "objective",
           has_horizon ? "success within " + std::to_string(cmd.horizon) + " steps"
                       : std::string("the game's value (to the end of every play)"))
      .json("horizon", has_horizon ? Json(cmd.horizon) : Json(nullptr))
      .add("method", result->algorithm, "method", result->algorithm + " (tree search, transposition table)")
      .add("value", result->value, "value",
           format_number(result->value, 12) +
               (result->exact ? "" : " (depends on the evaluation at the depth limit)"))
      .json("lower", result->value)
      .json("upper", result->value)
      .json("exact", result->exact);
  if (!outcome.empty()) report.line("outcome", outcome + " for the player to move");
  report
      .add("nodes", result->nodes, "nodes",
           format_count(result->nodes) + " entered, " + format_count(result->leaves) + " leaves, " +
               format_count(result->table_hits) + " table hits")
      .json("leaves", result->leaves)
      .json("table_hits", result->table_hits)
      .json("first_choice", result->best_choice);
  if (!result->best_choice.empty()) report.line(game ? "move" : "first choice", result->best_choice);
  if (game) {
    report.json("outcome", outcome.empty() ? Json(nullptr) : Json(outcome))
        .json("move", result->best_choice.empty() ? Json(nullptr) : Json(result->best_choice));
  }
  report.json("status", "converged")
      .json("seconds", seconds)
      .json("solve_seconds", seconds)
      .line("time", format_number(seconds, 3) + " s")
      .print(std::cout, cmd.model.json);
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
  std::string outcome_text = outcome + " for the player to move";
  if (distance != mdp::kNoDistance && outcome != "draw")
    outcome_text += ", in " + std::to_string(distance) + " plies";
  if (distance == mdp::kNoDistance && outcome != "draw") outcome_text += ", by infinite play";
  const std::string rule(mdp::to_string(options.infinite_play));
  Report report;
  report.add("model", model.kind(), "model", model.kind() + " (" + cmd.model.file + ")")
      .json("file", cmd.model.file);
  add_graph_sizes(report, g);
  report.line("states", format_count(g.num_states()) + " (" + owner_summary(g) + ")")
      .json("objective", "eventual")
      .json("horizon", nullptr)
      .add("method", "retrograde", "method", "retrograde (exact; infinite plays: " + rule + ")")
      .json("infinite_play", rule)
      .add("value", value, "value", format_number(value, 10))
      .json("lower", value)
      .json("upper", value)
      .json("sound", true)
      .json("exact", true)
      .add("outcome", outcome, "outcome", outcome_text)
      .json("move", move.empty() ? Json(nullptr) : Json(move))
      .json("distance", distance == mdp::kNoDistance ? Json(nullptr) : Json(distance))
      .json("nodes", g.num_states())
      .add("max_wins", r.max_wins, "states won",
           format_count(r.max_wins) + " by the first player, " + format_count(r.min_wins) +
               " by the second, " + format_count(r.draws) + " drawn")
      .json("min_wins", r.min_wins)
      .json("draws", r.draws)
      .json("first_choice", move.empty() ? Json(nullptr) : Json(move));
  if (!move.empty()) report.line("move", move);
  const double seconds = seconds_since(start);
  report.json("status", "converged")
      .json("build_seconds", build_seconds)
      .json("solve_seconds", solve_seconds)
      .add("seconds", seconds, "time",
           "build " + format_number(build_seconds, 3) + " s, solve " + format_number(solve_seconds, 3) +
               " s, total " + format_number(seconds, 3) + " s")
      .print(std::cout, cmd.model.json);
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

  std::string method_text = float_method;
  if (cmd.exact) {
    method_text += has_horizon
                       ? " (exact: backward induction in rational arithmetic)"
                       : " (exact: strategy iteration in rational arithmetic, from this method's strategies)";
  } else if (sol.exact) {
    method_text += " (exact)";
  } else if (sol.sound && has_horizon) {
    method_text += " (sound bounds, rounded outward)";
  } else if (sol.sound) {
    method_text += " (sound bounds, epsilon " + format_number(cmd.solver.epsilon, 3) + ")";
  } else {
    method_text += " (no guarantee: stops when a sweep changes little; the value is only a lower bound)";
  }
  // A solve stopped by a limit prints only the digits its bounds support.
  const bool reached = mdp::reached_target(sol.status);
  const std::string value_text = cmd.exact               ? exact_text(exact->value[s0])
                                 : reached || !sol.sound ? format_number(sol.value(s0), 10)
                                                         : format_supported(sol.lower[s0], sol.upper[s0]);
  Report report;
  report.add("model", model.kind(), "model", model.kind() + " (" + cmd.model.file + ")")
      .json("file", cmd.model.file);
  add_graph_sizes(report, g);
  report.line("states", format_count(g.num_states()) + " (" + owner_summary(g) + ")")
      .line("choices", format_count(g.num_choices()) + ", transitions " + format_count(g.num_transitions()) +
                           ", " + format_number(g.bytes_per_transition(), 3) + " bytes per transition")
      .add("objective", has_horizon ? "horizon" : "eventual", "objective",
           has_horizon ? "success within " + std::to_string(cmd.horizon) + " steps"
                       : std::string("eventual success"))
      .json("horizon", has_horizon ? Json(cmd.horizon) : Json(nullptr))
      .json("engine", "stored")
      .add("method", float_method, "method", method_text)
      .add("value", sol.value(s0), "value", value_text);
  if (exact) {
    Json e;
    e["value"] = to_string(exact->value[s0]);
    e["start_optimal"] = exact->start_optimal;
    e["strategy_changes"] = exact->switches;
    e["evaluations"] = exact->evaluations;
    report.json(cmd.exact ? "exact_value" : "certificate", cmd.exact ? Json(to_string(exact->value[s0])) : e);
    if (cmd.exact) report.json("exact_solve", e);
  }
  report.json("lower", sol.lower[s0])
      .json("upper", sol.sound ? Json(sol.upper[s0]) : Json(nullptr))
      .json("sound", sol.sound)
      .json("exact", sol.exact)
      .json("epsilon", (sol.sound && !sol.exact && !has_horizon) ? Json(cmd.solver.epsilon) : Json(nullptr))
      .json("iterations", sol.iterations)
      .json("nodes", g.num_states());
  if (sol.sound && !sol.exact) {
    report.line("bounds", format_interval(sol.lower[s0], sol.upper[s0]));
  }
  if (!outcome.empty()) report.line("outcome", outcome + " for the player to move");
  std::string status = status_text(sol, has_horizon);
  if (cmd.exact) {
    status += "; exact after " + format_count(exact->evaluations) +
              (has_horizon               ? " steps"
               : exact->evaluations == 1 ? " exact evaluation"
                                         : " exact evaluations") +
              (has_horizon            ? ""
               : exact->start_optimal ? " (the strategies were optimal)"
                                      : " and " + format_count(exact->switches) + " strategy changes");
  }
  report.add("status", std::string(mdp::to_string(sol.status)), "status", status);
  if (cmd.certify) {
    std::string certified = "exact value " + exact_text(exact->value[s0]) + " lies in the bounds; ";
    if (has_horizon) {
      certified += "computed by exact backward induction";
    } else if (exact->start_optimal) {
      certified += "the strategies are optimal (one exact evaluation and Bellman step)";
    } else {
      certified += "the strategies were not optimal: " + format_count(exact->switches) + " changes in " +
                   format_count(exact->evaluations) + " exact evaluations made them so";
    }
    report.line("certified", certified);
  }
  report.json("zero_states", sol.zero_states)
      .json("one_states", sol.one_states)
      .json("end_components", sol.end_components);
  if (!has_horizon) {
    std::string precomputed = format_count(sol.zero_states) + " states with value 0, " +
                              format_count(sol.one_states) + " with value 1";
    if (sol.end_components > 0)
      precomputed += "; " + format_count(sol.end_components) +
                     (sol.end_components == 1 ? " end component" : " end components") + " collapsed";
    report.line("precomputed", precomputed);
  }
  if (sol.method == mdp::Method::Topological) report.json("components", sol.stats.components);
  if (!sol.note.empty()) report.add("note", sol.note, "note", sol.note);
  report.json("first_choice", first == mdp::kNoChoice ? Json(nullptr) : Json(first_label));
  if (first != mdp::kNoChoice) report.line(game ? "move" : "first choice", first_label);
  if (game) {
    report.json("outcome", outcome.empty() ? Json(nullptr) : Json(outcome))
        .json("move", first == mdp::kNoChoice ? Json(nullptr) : Json(first_label));
  }
  if (sol.stats.direct_regions > 0) {
    report.json("direct_regions", sol.stats.direct_regions).json("evaluations", sol.stats.evaluations);
  }
  add_tables(report, tables);
  report.json("build_seconds", build_seconds)
      .json("solve_seconds", solve_seconds)
      .add("seconds", seconds, "time",
           "build " + format_number(build_seconds, 3) + " s, solve " + format_number(solve_seconds, 3) +
               " s, total " + format_number(seconds, 3) + " s");
  if (cmd.profile) add_profile(report, build_seconds, solve_seconds, sol.stats, sol.iterations);
  if (cmd.render && !cmd.model.json) {
    const std::string drawing = model.render(built, sol, s0);
    report.block(drawing.empty() ? "(this model kind has no drawing)\n" : "\n" + drawing);
  }
  report.print(std::cout, cmd.model.json);
  return cmd.exact ? kExitOk : finish_solve(sol, cmd.solver.epsilon);
}

// A search from the initial state (bounded RTDP): sound bounds there, from the explored part only.
int run_partial(const SolveCommand& cmd, const models::GraphModel& model, const std::string& method) {
  const auto start = std::chrono::steady_clock::now();
  ProgressLine line(!cmd.model.quiet && !cmd.model.json);
  const mdp::BrtdpOptions options = partial_search_options(cmd.solver, cmd.model, cmd.seed, method, line);
  const std::optional<models::PartialSearchResult> found = model.search_from_start(options);
  if (!found) throw MethodError("it offers no implicit model to search");
  const mdp::BrtdpResult& r = found->search;
  const mdp::ExploredGame& g = r.game;
  const double seconds = seconds_since(start);
  const double value = 0.5 * (r.lower + r.upper);
  const bool reached = mdp::reached_target(r.status);
  const std::optional<mdp::InfinitePlay> rule = model.infinite_play();
  const bool game = rule.has_value();
  const std::string outcome =
      game && reached ? outcome_for(snapped(value, cmd.solver.epsilon), g.owner(0)) : "";
  Report report;
  report.add("model", model.kind(), "model", model.kind() + " (" + cmd.model.file + ")")
      .json("file", cmd.model.file)
      .add("objective", "eventual", "objective", "eventual success")
      .json("horizon", nullptr)
      .add("method", method, "method",
           method + " (sound bounds at the initial state, epsilon " + format_number(cmd.solver.epsilon, 3) +
               "; explores from the initial state only)")
      .add("value", value, "value", reached ? format_number(value, 10) : format_supported(r.lower, r.upper))
      .json("lower", r.lower)
      .json("upper", r.upper)
      .json("sound", true)
      .json("exact", false)
      .json("epsilon", cmd.solver.epsilon)
      .line("bounds", format_interval(r.lower, r.upper));
  if (!outcome.empty()) report.line("outcome", outcome + " for the player to move");
  std::string status = std::string(mdp::to_string(r.status)) + " after " + format_count(r.paths) +
                       (r.paths == 1 ? " path" : " paths");
  report.add("status", std::string(mdp::to_string(r.status)), "status", status)
      .json("iterations", r.paths)
      .add("states", g.num_states(), "explored",
           format_count(g.num_expanded()) + " states expanded, " + format_count(g.num_states()) + " met (" +
               format_count(g.num_terminals()) + " terminal), " + format_count(g.num_entries()) +
               " transitions, " + format_count(g.memory_bytes() >> 20) + " MiB" +
               (g.complete() ? "; the whole reachable graph" : ""))
      .json("expanded", g.num_expanded())
      // Known only once nothing is left to expand; elsewhere the reachable graph's size is unknown.
      .json("explored_fraction", g.complete() ? Json(1.0) : Json(nullptr))
      .json("transitions", g.num_entries())
      .json("memory_bytes", g.memory_bytes())
      .add("paths", r.paths, "search",
           format_count(r.paths) + " paths (" + format_count(r.steps) + " steps, longest " +
               format_count(r.longest_path) + "), " + format_count(r.backups) + " backups, " +
               format_count(r.refinements) + " passes over the explored part" +
               (options.method == mdp::PartialMethod::LabelledGoalSearch
                    ? ", " + format_count(r.solved_states) + " states labelled solved"
                    : ""))
      .json("steps", r.steps)
      .json("solved_states", r.solved_states)
      .json("backups", r.backups)
      .json("refinements", r.refinements)
      .add("end_components", r.end_components, "proven",
           format_count(r.zero_states) + " states with value 0, " + format_count(r.one_states) +
               " with value 1; " + format_count(r.end_components) +
               (r.end_components == 1 ? " end component deflated" : " end components deflated"))
      .json("zero_states", r.zero_states)
      .json("one_states", r.one_states)
      .json("seed", cmd.seed)
      .json("first_choice", found->first_choice.empty() ? Json(nullptr) : Json(found->first_choice));
  if (!found->first_choice.empty()) report.line(game ? "move" : "first choice", found->first_choice);
  if (game) {
    report.json("outcome", outcome.empty() ? Json(nullptr) : Json(outcome))
        .json("move", found->first_choice.empty() ? Json(nullptr) : Json(found->first_choice));
  }
  report.json("build_seconds", 0.0)
      .json("solve_seconds", r.seconds)
      .add("seconds", seconds, "time", format_number(seconds, 3) + " s");
  report.print(std::cout, cmd.model.json);
  if (!reached) {
    mdp::Solution as_solution;
    as_solution.status = r.status;
    as_solution.iterations = r.paths;
    std::cerr << "sgplan: resource limit: " << limit_message(as_solution, cmd.solver.epsilon) << "\n";
  }
  return exit_code_for(r.status);
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

// solve --props: every property of the file (or the one --property names), each with its value,
// bounds, truth for a bound query, and the graph it was answered on; a property the language has
// but sgplan does not answer yet is listed with the reason. Exit code 3 if any stopped at a limit.
// A model whose file holds its properties (JANI) answers them the same way, without --props.
int run_properties(const SolveCommand& cmd, const models::ModelFile& file) {
  const bool search = cmd.solver.method_given() && method_family(cmd.solver.method) == MethodFamily::Partial;
  if ((cmd.solver.method_given() && !search) || cmd.horizon_option->count() > 0 || cmd.exact || cmd.certify ||
      cmd.render) {
    throw InputError(
        "answering properties is by interval iteration (backward induction for a step bound), or by a "
        "search from the initial state (--method brtdp or maxprob): drop --horizon, --exact, --certify, "
        "--render and "
        "any other --method");
  }
  if (!file.kind().answer_properties) {
    throw InputError("--props is for model languages with properties files (the PRISM language); " +
                     file.kind().called_in_errors() + " has none");
  }
  models::PropertyRequest request;
  request.path = cmd.props;
  request.which = cmd.property;
  request.epsilon = cmd.solver.epsilon;
  request.search_from_start = search;
  if (search) request.partial_method = *mdp::partial_method_from_string(cmd.solver.method);
  request.seed = cmd.seed;
  request.max_iterations = cmd.solver.max_iterations;
  request.deadline = cmd.solver.deadline();
  if (!(request.epsilon > 0.0 && request.epsilon < 1.0)) {
    throw InputError("--epsilon must lie strictly between 0 and 1, got " + format_number(request.epsilon));
  }
  const std::vector<models::PropertyResult> results =
      file.kind().answer_properties(file, cmd.model.load_options(), request);
  Report report;
  report.add("model", file.kind().name, "model", file.kind().name + " (" + cmd.model.file + ")")
      .add("file", cmd.model.file, "properties", cmd.props);
  Json list = Json::array();
  bool all_reached = true;
  for (const models::PropertyResult& r : results) {
    Json j;
    j["index"] = r.index;
    j["name"] = r.name.empty() ? Json(nullptr) : Json(r.name);
    const std::string head = std::to_string(r.index) + (r.name.empty() ? "" : " \"" + r.name + "\"");
    if (!r.unsupported.empty()) {
      j["answered"] = false;
      j["reason"] = r.unsupported;
      report.line(head, "not answered: " + r.unsupported);
      list.push_back(j);
      continue;
    }
    all_reached = all_reached && r.reached;
    j["answered"] = true;
    j["property"] = r.text;
    j["value"] = r.value;
    j["lower"] = r.lower;
    j["upper"] = r.sound ? Json(r.upper) : Json(nullptr);
    j["sound"] = r.sound;
    j["holds"] = r.truth ? Json(*r.truth) : Json(nullptr);
    j["states"] = r.states;
    j["transitions"] = r.transitions;
    j["deadlocks"] = r.deadlocks;
    j["status"] = r.status;
    j["iterations"] = r.iterations;
    j["seconds"] = r.seconds;
    j["build_seconds"] = r.build_seconds;
    list.push_back(j);
    std::string answer = r.truth ? std::string(*r.truth ? "true" : "false") + " (" : "";
    answer += format_supported(r.lower, r.upper) + " in " + format_interval(r.lower, r.upper) +
              (r.truth ? ")" : "");
    report.line(head, r.text);
    report.line(
        "", "  = " + answer + "; " + format_count(r.states) + " states" +
                (r.deadlocks > 0 ? ", " + format_count(r.deadlocks) + " deadlocks (self-loops added)" : "") +
                ", " + r.status + ", " + format_number(r.seconds, 3) + " s");
  }
  report.json("properties", list).print(std::cout, cmd.model.json);
  return all_reached ? kExitOk : kExitResource;
}

int run_solve(const SolveCommand& cmd_in) {
  const models::ModelFile file = models::ModelRegistry::builtin().open(cmd_in.model.file);
  if (!cmd_in.props.empty()) return run_properties(cmd_in, file);
  if (file.kind().capabilities.properties_in_model && cmd_in.model.target.empty()) {
    SolveCommand own = cmd_in;  // the model file is its own properties file
    own.props = cmd_in.model.file;
    return run_properties(own, file);
  }
  if (!cmd_in.property.empty())
    throw InputError("--property chooses one property of --props FILE: give the file");
  SolveCommand cmd = cmd_in;
  cmd.model.keep_exact = cmd.exact || cmd.certify;
  cmd.model.deadline = cmd.solver.deadline();
  if (cmd.solver.method_given()) check_method_name(MethodCommand::Solve, cmd.solver.method);
  auto model = models::ModelRegistry::builtin().load_graph(file, cmd.model.load_options());
  std::string method = cmd.solver.method_given() ? cmd.solver.method : model->default_method();
  // Exact answers are for state graphs: a model whose default is a tree search (Nim, the formula
  // game) is solved exactly from interval iteration's strategies unless --method says otherwise.
  if ((cmd.exact || cmd.certify) && !cmd.solver.method_given() &&
      method_family(method).value_or(MethodFamily::Graph) != MethodFamily::Graph) {
    method = "interval";
  }
  const bool has_horizon = cmd.horizon_option->count() > 0;
  try {
    if (cmd.engine == "matrix-free") {
      if (cmd.solver.method_given() && method != "interval") {
        throw MethodError(
            "the matrix-free engine runs interval iteration only (drop --method, or give --method "
            "interval)");
      }
      if (has_horizon || cmd.exact || cmd.certify || cmd.render) {
        throw MethodError(
            "the matrix-free engine computes eventual success in floating point: drop --horizon, "
            "--exact, --certify and --render");
      }
      const std::optional<mdp::InfinitePlay> rule = model->infinite_play();
      if (rule && *rule != mdp::InfinitePlay::MinWins && !model->acyclic()) {
        throw MethodError("in this game infinite plays count as " + std::string(mdp::to_string(*rule)) +
                          ", but the matrix-free engine counts them as losses for the first player");
      }
      return run_matrix_free(cmd.model, cmd.solver, *model, cmd.profile);
    }
    const MethodFamily family = method_family(method).value_or(MethodFamily::Graph);
    if ((cmd.exact || cmd.certify) && family != MethodFamily::Graph) {
      std::string graph_methods;
      for (std::string_view name : method_names(MethodCommand::Simulate))
        graph_methods += (graph_methods.empty() ? "" : ", ") + std::string(name);
      throw InputError("--exact and --certify apply to the graph methods (" + graph_methods +
                       "), not to --method " + method);
    }
    const std::optional<mdp::InfinitePlay> rule = model->infinite_play();
    if (family == MethodFamily::Graph && !has_horizon && rule && *rule != mdp::InfinitePlay::MinWins &&
        !model->acyclic()) {
      // run_graph_method refuses this too; here the refusal names the methods that work.
      throw MethodError("in this game infinite plays count as " + std::string(mdp::to_string(*rule)) +
                        ", but the graph solvers count them as losses for the first player");
    }
    if (family == MethodFamily::Partial) {
      if (has_horizon) throw MethodError("it searches for eventual success: drop --horizon");
      if (rule && *rule != mdp::InfinitePlay::MinWins && !model->acyclic()) {
        throw MethodError("in this game infinite plays count as " + std::string(mdp::to_string(*rule)) +
                          ", but the search counts them as losses for the first player");
      }
      return run_partial(cmd, *model, method);
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
  sub->add_flag("--profile", cmd->profile,
                "graph methods: print the seconds of each phase (build, predecessor lists, precomputation, "
                "end components, sweeps, policy)");
  sub->add_option("--engine", cmd->engine,
                  "stored: build the state graph, then solve it (the default); matrix-free: keep only two "
                  "bounds per state and regenerate every state's choices in each sweep (robot-monster, Nim, "
                  "Pig, the formula game; interval iteration, memory per state instead of per transition)")
      ->check(CLI::IsMember({"stored", "matrix-free"}))
      ->capture_default_str();
  sub->add_flag("--iterative-deepening", cmd->iterative_deepening,
                "tree search: search depth 1, 2, ... up to --horizon, or until the value is exact");
  sub->add_option(
      "--props", cmd->props,
      "a properties file of the model's language (PRISM: Pmax=? [ F \"goal\" ], ...): answer each");
  sub->add_option("--property", cmd->property, "with --props: only this property, by name or 1-based index");
  sub->add_option("--seed", cmd->seed, "--method brtdp or maxprob: the seed of its random paths")
      ->capture_default_str();
  sub->add_option("--table-entries", cmd->table_entries, "tree search: transposition table entries (0: none)")
      ->capture_default_str();
  sub->callback([cmd, &exit_code]() { exit_code = run_solve(*cmd); });
  refuse_negative_counts(*sub);
}

}  // namespace sgplan::cli
