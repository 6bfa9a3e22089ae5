#include "tools/sgplan/cli_common.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <iostream>

#include "core/errors.hpp"
#include "mdp/finite_horizon.hpp"
#include "mdp/reachability.hpp"

namespace sgplan::cli {

void ModelOptions::add_to(CLI::App& command) {
  command.add_option("FILE", file, "model file (YAML, or PRISM .tra)")->required();
  command.add_option("--labels", labels, "PRISM: the .lab file of a .tra model");
  command.add_option("--target", target, "PRISM: the label that marks success");
  command.add_flag("--minimize", minimize, "PRISM: states are Min states (Pmin) instead of Max");
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
}

void SolverOptions::add_to(CLI::App& command) {
  method_option =
      command
          .add_option(
              "--method", method,
              "graph: interval (default for most models), topological, policy, vi, gauss-seidel, "
              "attractor, retrograde; tree search: alphabeta, expectiminimax, star1, star2, expectimax")
          ->capture_default_str();
  command.add_option("--epsilon", epsilon, "precision: upper - lower <= epsilon at every state")
      ->capture_default_str();
  command.add_option("--max-iterations", max_iterations, "stop after this many sweeps")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
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
  build.progress = [&progress](std::size_t states, std::size_t done) {
    progress.show("building: " + format_count(states) + " states found, " + format_count(done) + " expanded");
  };
  return model.build(build);
}

LoadedGraph load_and_build(const ModelOptions& options) {
  LoadedGraph out;
  out.model = models::load_graph_model(options.file, options.load_options());
  out.built = build_model(*out.model, options);
  return out;
}

mdp::Solution run_solver(const mdp::StateGraph& graph, const SolverOptions& solver, const ModelOptions& model,
                         std::uint32_t horizon, bool has_horizon) {
  mdp::SolveOptions options;
  options.epsilon = solver.epsilon;
  options.max_iterations = solver.max_iterations;
  ProgressLine progress(!model.quiet);
  options.progress = [&progress](const mdp::Progress& p) {
    char buffer[96];
    std::snprintf(buffer, sizeof buffer, "solving: %llu sweeps, gap %.3g",
                  static_cast<unsigned long long>(p.iterations), p.gap);
    progress.show(buffer);
    return true;
  };
  if (!(solver.epsilon > 0.0 && solver.epsilon < 1.0)) {
    throw InputError("--epsilon must lie strictly between 0 and 1, got " + format_number(solver.epsilon));
  }
  if (has_horizon) return mdp::solve_finite_horizon(graph, horizon, options);

  if (!mdp::method_from_string(solver.method, options.method)) {
    throw InputError("unknown --method '" + solver.method +
                     "' (expected interval, topological, policy, vi, gauss-seidel, attractor, retrograde, "
                     "alphabeta, expectiminimax, star1, star2 or expectimax)");
  }
  return mdp::solve_reachability(graph, options);
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string format_number(double value, int precision) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*g", precision, value);
  return buffer;
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

void add_graph_sizes(Json& j, const mdp::StateGraph& g) {
  j["states"] = g.num_states();
  j["choices"] = g.num_choices();
  j["transitions"] = g.num_transitions();
  j["owners"] = {{"max", g.count_owner(mdp::Owner::Max)},
                 {"min", g.count_owner(mdp::Owner::Min)},
                 {"chance", g.count_owner(mdp::Owner::Chance)},
                 {"terminal", g.count_owner(mdp::Owner::Terminal)}};
  j["graph_bytes"] = g.memory_bytes();
  j["bytes_per_transition"] = g.bytes_per_transition();
}

void print_json(const Json& json) {
  std::cout << json.dump() << std::endl;
}

}  // namespace sgplan::cli
