#include "tools/sgplan/cli_common.hpp"

#include <unistd.h>

#include <algorithm>
#include <cfenv>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "core/errors.hpp"
#include "mdp/finite_horizon.hpp"
#include "mdp/reachability.hpp"

namespace sgplan::cli {

void ModelOptions::add_to(CLI::App& command) {
  command
      .add_option(
          "FILE", file,
          "model file (YAML, PRISM .tra, the PRISM language: .prism, .nm, .pm, or a PPDDL problem: .pddl)")
      ->required();
  command.add_option("--labels", labels, "PRISM: the .lab file of a .tra model");
  command.add_option(
      "--target", target,
      "PRISM: the label that marks success (.tra); PRISM language: a state expression; PPDDL: a "
      "condition that replaces the goal");
  command.add_flag("--minimize", minimize, "PRISM: states are Min states (Pmin) instead of Max");
  command.add_option("--const", constants, "PRISM language: values of open constants, N=3,K=2");
  command.add_option("--coalition", coalition, "PRISM language, smg: the players who maximise, p1,p2");
  command.add_option("--domain", domain, "PPDDL: the problem's domain file (default: domain.pddl beside it)");
  command.add_flag(
      "--lenient", lenient,
      "PPDDL: accept an undeclared object and an action defined twice, as mdpsim and ppddl2jani do "
      "(each reported)");
  command
      .add_option("--max-ground-actions", max_ground_actions,
                  "PPDDL: stop grounding beyond this many actions")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  command.add_option("--max-states", max_states, "stop building beyond this many states")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  command
      .add_option("--max-transitions", max_transitions,
                  "PRISM: refuse a .tra file declaring more transitions")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  command.add_flag("--json", json, "print one JSON object on stdout");
  command.add_flag("--quiet", quiet, "no progress on stderr");
  command.add_flag("--plain-probabilities{false}", pool_probabilities,
                   "store a double per transition instead of an index into the model's distinct "
                   "probabilities (same answers; for memory comparisons)");
  command
      .add_option("--threads", threads,
                  "threads that build the state graph (robot-monster, Nim, Pig, the formula game) and "
                  "extract the solver's policy; the graph, its state numbering and the answer are the same "
                  "for every count (default: the machine's hardware threads)")
      ->check(CLI::Range(1u, 1024u));
}

void SolverOptions::add_to(CLI::App& command, MethodCommand methods) {
  std::string graph, tree, partial;
  for (std::string_view name : method_names(methods)) {
    const std::optional<MethodFamily> family = method_family(name);
    std::string& part = family == MethodFamily::Tree      ? tree
                        : family == MethodFamily::Partial ? partial
                                                          : graph;
    part += std::string(part.empty() ? "" : ", ") + std::string(name);
    if (name == "interval")
      part += methods == MethodCommand::Solve ? " (default for most models)" : " (default)";
  }
  const std::string help =
      methods == MethodCommand::Solve
          ? "graph: " + graph + "; tree search: " + tree + "; from the initial state only: " + partial +
                " (sgplan kinds says what each promises)"
          : "the graph solver whose policies are played (tree search is for sgplan solve): " + graph;
  method_option = command.add_option("--method", method, help)->capture_default_str();
  command.add_option("--epsilon", epsilon, "precision: upper - lower <= epsilon at every state")
      ->capture_default_str();
  command
      .add_option("--max-iterations", max_iterations, "stop after this many sweeps (or policy evaluations)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  command
      .add_option("--max-seconds", max_seconds,
                  "stop building and solving after this many seconds (0: no limit)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
}

std::optional<std::chrono::steady_clock::time_point> SolverOptions::deadline() const {
  if (!(max_seconds > 0.0)) return std::nullopt;
  return started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                       std::chrono::duration<double>(max_seconds));
}

void refuse_negative_counts(CLI::App& command) {
  // No description, so the help text stays as it is; the check runs on the text before conversion.
  const CLI::Validator non_negative(
      [](std::string& text) {
        const std::size_t first = text.find_first_not_of(" \t");
        if (first == std::string::npos || text[first] != '-') return std::string();
        return "expected a non-negative integer, found " + text;
      },
      "", "non-negative");
  for (CLI::Option* option : command.get_options()) {
    // transform(), not check(): it runs first, before a PositiveNumber range check's message.
    if (option->get_type_name().find("UINT") != std::string::npos) option->transform(non_negative);
  }
  for (CLI::App* sub : command.get_subcommands({})) refuse_negative_counts(*sub);
}

ProgressLine::ProgressLine(bool enabled) : enabled_(enabled && isatty(STDERR_FILENO) != 0) {}

ProgressLine::~ProgressLine() {
  if (shown_) std::cerr << "\r\033[K" << std::flush;
}

void ProgressLine::show(const std::string& text) {
  if (!enabled_) return;
  std::cerr << "\r\033[K" << text << std::flush;
  shown_ = true;
}

mdp::BuiltGraph build_model(const models::GraphModel& model, const ModelOptions& options) {
  ProgressLine progress(!options.quiet);
  mdp::BuildOptions build;
  build.max_states = options.max_states;
  build.keep_exact = options.keep_exact;
  build.pool_probabilities = options.pool_probabilities;
  build.threads = options.threads;
  build.deadline = options.deadline;
  build.progress = [&progress](std::size_t states, std::size_t done) {
    progress.show("building: " + format_count(states) + " states found, " + format_count(done) + " expanded");
  };
  return model.build(build);
}

LoadedGraph load_and_build(const ModelOptions& options) {
  return load_and_build(options, models::ModelRegistry::builtin().open(options.file));
}

LoadedGraph load_and_build(const ModelOptions& options, const models::ModelFile& file) {
  LoadedGraph out;
  out.model = models::ModelRegistry::builtin().load_graph(file, options.load_options());
  out.built = build_model(*out.model, options);
  return out;
}

mdp::BrtdpOptions partial_search_options(const SolverOptions& solver, const ModelOptions& model,
                                         std::uint64_t seed, const std::string& method, ProgressLine& line) {
  mdp::BrtdpOptions options;
  options.method = *mdp::partial_method_from_string(method);
  options.epsilon = solver.epsilon;
  options.max_states = model.max_states;
  options.max_paths = solver.max_iterations;
  options.seed = seed;
  options.deadline = solver.deadline();
  if (!(options.epsilon > 0.0)) throw InputError("--epsilon must be positive for --method " + method);
  options.progress = [&line, method](const mdp::Progress& p) {
    line.show(method + ": " + format_count(p.iterations) + " paths, gap " + format_number(p.gap, 3));
    return true;
  };
  return options;
}

mdp::Solution run_solver(const mdp::StateGraph& graph, const SolverOptions& solver, const ModelOptions& model,
                         std::uint32_t horizon, bool has_horizon) {
  mdp::SolveOptions options;
  options.epsilon = solver.epsilon;
  options.max_iterations = solver.max_iterations;
  options.threads = model.threads;
  if (const auto deadline = solver.deadline()) options.deadline = *deadline;
  ProgressLine progress(!model.quiet);
  options.progress = [&progress](const mdp::Progress& p) {
    char buffer[128];
    std::snprintf(buffer, sizeof buffer, "solving: %llu %s, gap %.3g",
                  static_cast<unsigned long long>(p.iterations), p.unit, p.gap);
    progress.show(buffer);
    return true;
  };
  if (!(solver.epsilon > 0.0 && solver.epsilon < 1.0)) {
    throw InputError("--epsilon must lie strictly between 0 and 1, got " + format_number(solver.epsilon));
  }
  if (has_horizon) return mdp::solve_finite_horizon(graph, horizon, options);

  if (!mdp::method_from_string(solver.method, options.method)) {
    throw InputError("unknown --method '" + solver.method + "' (expected " +
                     method_list(MethodCommand::Simulate) + ")");  // the graph solvers
  }
  return mdp::solve_reachability(graph, options);
}

std::string format_number(double value, int precision) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*g", precision, value);
  return buffer;
}

std::string format_printf(const char* format, ...) {
  va_list args;
  va_start(args, format);
  va_list again;
  va_copy(again, args);
  const int size = std::vsnprintf(nullptr, 0, format, args);
  va_end(args);
  std::string out(size > 0 ? static_cast<std::size_t>(size) : 0, '\0');
  if (size > 0) std::vsnprintf(out.data(), out.size() + 1, format, again);
  va_end(again);
  return out;
}

std::string format_supported(double lower, double upper, int precision) {
  const double mid = 0.5 * (lower + upper);
  const double gap = upper - lower;
  if (!(gap > 0.0) || mid == 0.0) return format_number(mid, precision);
  // Significant digits whose last one the gap does not swamp.
  const int digits = static_cast<int>(std::floor(std::log10(std::abs(mid) / gap)));
  return format_number(mid, std::clamp(digits, 1, precision));
}

namespace {
// `value` with `precision` significant digits, rounded toward -infinity (down) or +infinity. glibc's
// printf rounds its decimal conversion in the current rounding mode (C11 7.21.6.1 leaves it to the
// implementation); the result is read back to make sure, and where it is on the wrong side the
// exact round-trip form (17 digits) is printed instead.
std::string format_directed(double value, int precision, bool down) {
  char buffer[64];
  const int mode = std::fegetround();
  std::fesetround(down ? FE_DOWNWARD : FE_UPWARD);
  std::snprintf(buffer, sizeof buffer, "%.*g", precision, value);
  std::fesetround(mode);
  const double back = std::strtod(buffer, nullptr);
  if (down ? back <= value : back >= value) return buffer;
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}
}  // namespace

std::string format_interval(double lower, double upper, int precision) {
  return "[" + format_directed(lower, precision, true) + ", " + format_directed(upper, precision, false) +
         "]";
}

std::string sweep_limit_message(mdp::SolveStatus status, std::uint64_t sweeps, double epsilon) {
  mdp::Solution as_solution;  // limit_message reads only these two
  as_solution.status = status;
  as_solution.iterations = sweeps;
  return limit_message(as_solution, epsilon);
}

Report& add_interval_answer(Report& report, double lower, double upper, mdp::SolveStatus status,
                            std::uint64_t sweeps, double epsilon) {
  const double value = 0.5 * (lower + upper);
  const std::string name(mdp::to_string(status));
  return report
      .add("value", value, "value",
           mdp::reached_target(status) ? format_number(value, 10) : format_supported(lower, upper))
      .json("lower", lower)
      .json("upper", upper)
      .json("sound", true)
      .json("epsilon", epsilon)
      .line("bounds", format_interval(lower, upper))
      .add("status", name, "status",
           name + " after " + format_count(sweeps) + (sweeps == 1 ? " sweep" : " sweeps"))
      .json("iterations", sweeps);
}

int exit_code_for(mdp::SolveStatus status) {
  return mdp::reached_target(status) ? kExitOk : kExitResource;
}

std::string status_text(const mdp::Solution& sol, bool horizon) {
  std::string text = std::string(mdp::to_string(sol.status)) + " after " + format_count(sol.iterations);
  if (sol.method == mdp::Method::Policy) {
    text += sol.iterations == 1 ? " policy evaluation" : " policy evaluations";
  } else {
    text += horizon ? " steps" : " sweeps";
  }
  if (sol.method != mdp::Method::Policy && sol.stats.direct_regions > 0) {
    text += "; " + format_count(sol.stats.direct_regions) +
            (sol.stats.direct_regions == 1 ? " slow region solved directly ("
                                           : " slow regions solved directly (") +
            format_count(sol.stats.evaluations) +
            (sol.stats.evaluations == 1 ? " policy evaluation)" : " policy evaluations)");
  }
  return text;
}

std::string limit_message(const mdp::Solution& sol, double epsilon) {
  switch (sol.status) {
    case mdp::SolveStatus::Converged:
    case mdp::SolveStatus::SmallChange:
      return "";
    case mdp::SolveStatus::IterationLimit:
      return "iteration limit: the solve stopped after " + format_count(sol.iterations) +
             " iterations before the bounds were epsilon apart; the bounds printed hold (raise it with "
             "--max-iterations)";
    case mdp::SolveStatus::TimeLimit:
      return "time limit: the solve stopped before the bounds were epsilon apart; the bounds printed hold "
             "(raise it with --max-seconds)";
    case mdp::SolveStatus::Stalled:
      return "precision limit: floating point stopped improving the bounds before they were " +
             format_number(epsilon, 3) +
             " apart; the bounds printed hold (ask for less with a larger --epsilon, or use --exact)";
    case mdp::SolveStatus::Aborted:
      return "the solve was stopped before the bounds were epsilon apart; the bounds printed hold";
    case mdp::SolveStatus::StateLimit:
      return "state limit: the search met --max-states explored states before the bounds were epsilon apart; "
             "the bounds printed hold (raise it with --max-states)";
  }
  return "";
}

std::string format_count(std::uint64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string owner_summary(const mdp::StateGraph& g) {
  std::string out;
  for (mdp::Owner o : {mdp::Owner::Max, mdp::Owner::Min, mdp::Owner::Chance, mdp::Owner::Terminal}) {
    const std::size_t k = g.count_owner(o);
    if (k == 0) continue;
    if (!out.empty()) out += ", ";
    out += format_count(k) + " " + std::string(mdp::to_string(o));
  }
  return out;
}

Json graph_sizes(const mdp::StateGraph& g) {
  Json j;
  j["states"] = g.num_states();
  j["choices"] = g.num_choices();
  j["transitions"] = g.num_transitions();
  j["owners"] = {{"max", g.count_owner(mdp::Owner::Max)},
                 {"min", g.count_owner(mdp::Owner::Min)},
                 {"chance", g.count_owner(mdp::Owner::Chance)},
                 {"terminal", g.count_owner(mdp::Owner::Terminal)}};
  j["graph_bytes"] = g.memory_bytes();
  j["bytes_per_transition"] = g.bytes_per_transition();
  const mdp::ProbabilityColumn& p = g.probability_column();
  j["probability_bytes"] = p.bytes_per_entry();     // per transition: 1 or 2 (pooled) or 8
  j["distinct_probabilities"] = p.values().size();  // the pool; 0 when plain
  return j;
}

std::string probability_storage(const mdp::StateGraph& g) {
  const mdp::ProbabilityColumn& p = g.probability_column();
  if (p.width() == mdp::ProbabilityColumn::Width::Plain) return "8-byte doubles";
  return std::to_string(p.bytes_per_entry()) + "-byte index into " + format_count(p.values().size()) +
         " values";
}

void add_graph_sizes(Json& j, const mdp::StateGraph& g) {
  const Json sizes = graph_sizes(g);  // (items() refers into it: it must outlive the loop)
  for (const auto& [key, value] : sizes.items()) j[key] = value;
}

void add_graph_sizes(Report& report, const mdp::StateGraph& g) {
  const Json sizes = graph_sizes(g);
  for (const auto& [key, value] : sizes.items()) report.json(key, value);
}

void print_json(const Json& json) {
  std::cout << json.dump() << std::endl;
}

}  // namespace sgplan::cli
