// Shared pieces of the sgplan commands: the options every model-reading command takes, loading and
// building with them, printing (human text or one JSON object), and progress on stderr.
#pragma once

#include <CLI/CLI.hpp>
#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/stopwatch.hpp"
#include "core/worker_pool.hpp"
#include "mdp/bounded_rtdp.hpp"
#include "mdp/build_graph.hpp"
#include "mdp/solution.hpp"
#include "models/graph_model.hpp"
#include "models/registry.hpp"
#include "tools/sgplan/methods.hpp"
#include "tools/sgplan/report.hpp"

namespace sgplan::cli {

// Options shared by every command that reads a model.
struct ModelOptions {
  std::string file;
  std::string labels;
  std::string target;
  bool minimize = false;
  std::uint64_t max_states = 50'000'000;
  std::uint64_t max_transitions = 500'000'000;
  std::string constants;
  std::string coalition;
  std::string domain;
  bool lenient = false;
  std::uint64_t max_ground_actions = 1'000'000;
  bool json = false;
  bool quiet = false;
  bool pool_probabilities = true;  // false: --plain-probabilities
  bool keep_exact = false;         // set by commands that solve exactly (solve --exact / --certify)
  unsigned threads = default_thread_count();  // --threads: the graph build's
  // The build stops at this time (set from --max-seconds by the commands that solve).
  std::optional<std::chrono::steady_clock::time_point> deadline;

  void add_to(CLI::App& command);
  models::LoadOptions load_options() const {
    return {labels,    target,    minimize, keep_exact, max_states,        max_transitions,
            constants, coalition, domain,   lenient,    max_ground_actions};
  }
};

// Options of the solvers (solve and simulate).
struct SolverOptions {
  std::string method = "interval";
  double epsilon = 1e-6;
  // Sweeps (or policy evaluations); a million sweeps of a 10^5-state model take minutes, not days.
  std::uint64_t max_iterations = 1'000'000;
  double max_seconds = 0.0;  // 0: no time limit; it bounds building and solving together
  // When the command started (its options were registered), so build and solve share one budget.
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  // started + max_seconds, or none without a limit.
  std::optional<std::chrono::steady_clock::time_point> deadline() const;
  CLI::Option* method_option = nullptr;
  void add_to(CLI::App& command, MethodCommand methods);  // --method lists the command's methods
  bool method_given() const { return method_option != nullptr && method_option->count() > 0; }
};

// Makes every unsigned option of `command` and of its subcommands refuse a negative value with a
// clear message (exit code 2): CLI11 reads "-1" into a 64-bit unsigned option as 2^64 - 1 (strtoull
// wraps), and into a narrower one fails with "Could not convert". Each register_* calls it last.
void refuse_negative_counts(CLI::App& command);

// Registers each command on the app; the callbacks run the command and set the exit code.
void register_solve(CLI::App& app, int& exit_code);
void register_info(CLI::App& app, int& exit_code);
void register_simulate(CLI::App& app, int& exit_code);
void register_export(CLI::App& app, int& exit_code);
void register_bench(CLI::App& app, int& exit_code);
void register_count(CLI::App& app, int& exit_code);
void register_strategy(CLI::App& app, int& exit_code);
void register_lambda(CLI::App& app, int& exit_code);
void register_threats(CLI::App& app, int& exit_code);
void register_gtp(CLI::App& app, int& exit_code);
void register_kinds(CLI::App& app, int& exit_code);

// Loads and builds, with build progress on stderr when it is a terminal.
struct LoadedGraph {
  std::unique_ptr<models::GraphModel> model;
  mdp::BuiltGraph built;
};
LoadedGraph load_and_build(const ModelOptions& options);
// The same for a file the registry has already opened (a command that first asked what it is).
LoadedGraph load_and_build(const ModelOptions& options, const models::ModelFile& file);
mdp::BuiltGraph build_model(const models::GraphModel& model, const ModelOptions& options);

// Runs the chosen method (with progress on stderr when it is a terminal).
mdp::Solution run_solver(const mdp::StateGraph& graph, const SolverOptions& solver, const ModelOptions& model,
                         std::uint32_t horizon, bool has_horizon);

// A progress line on stderr, rewritten in place; only when stderr is a terminal and not quiet.
class ProgressLine {
 public:
  explicit ProgressLine(bool enabled);
  ~ProgressLine();
  void show(const std::string& text);

 private:
  bool enabled_;
  bool shown_ = false;
};

// The options of a search from the initial state (--method brtdp), with its progress line.
mdp::BrtdpOptions partial_search_options(const SolverOptions& solver, const ModelOptions& model,
                                         std::uint64_t seed, const std::string& method, ProgressLine& line);

std::string format_number(double value, int precision = 10);
// The midpoint of [lower, upper] with only the significant digits the bounds support (at least one,
// at most `precision`): [0.4999995, 0.5000005] prints as 0.5, [0.2, 0.6] as 0.4.
std::string format_supported(double lower, double upper, int precision = 10);
// "[lower, upper]" with `precision` significant digits, the lower bound rounded down and the upper
// rounded up, so the printed interval still holds the value: a lower bound of 0.99999999999803
// prints as 0.9999999999, never as 1.
std::string format_interval(double lower, double upper, int precision = 10);
// The exit code a solve's status calls for: 0 when it reached its target, 3 (a limit) otherwise.
int exit_code_for(mdp::SolveStatus status);
// The text after "status  ": "converged after 13 sweeps", with the direct solves where there were.
std::string status_text(const mdp::Solution& solution, bool horizon);
// The stderr line for a solve that ended at a limit (empty when it reached its target).
std::string limit_message(const mdp::Solution& solution, double epsilon);
// The same for an engine that reports only a status and a sweep count (matrix-free, distributed).
std::string sweep_limit_message(mdp::SolveStatus status, std::uint64_t sweeps, double epsilon);
// The answer entries of an interval-iteration engine without a stored graph: value (the digits the
// bounds support unless it converged), lower, upper, sound, epsilon, the bounds line, the status
// with its sweeps, and the iteration count.
Report& add_interval_answer(Report& report, double lower, double upper, mdp::SolveStatus status,
                            std::uint64_t sweeps, double epsilon);
std::string format_count(std::uint64_t n);  // 11 529 602 -> "11,529,602"
// printf's formatting into a string (the benchmarks' fixed-width figures).
std::string format_printf(const char* format, ...) __attribute__((format(printf, 1, 2)));
std::string owner_summary(const mdp::StateGraph& graph);
// The graph's sizes as JSON members: states, choices, transitions, owners, graph_bytes,
// bytes_per_transition (the text says them in its own lines).
Json graph_sizes(const mdp::StateGraph& graph);
// How the graph stores its probabilities: "1-byte index into 7 values", "8-byte doubles".
std::string probability_storage(const mdp::StateGraph& g);
void add_graph_sizes(Json& json, const mdp::StateGraph& graph);
void add_graph_sizes(Report& report, const mdp::StateGraph& graph);

// Prints the JSON object on stdout (one line).
void print_json(const Json& json);

}  // namespace sgplan::cli
