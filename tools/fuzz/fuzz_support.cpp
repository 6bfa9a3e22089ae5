#include "tools/fuzz/fuzz_support.hpp"

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <typeinfo>

#include "core/errors.hpp"
#include "mdp/reachability.hpp"
#include "models/registry.hpp"

namespace sgplan::fuzz {

namespace {

bool collecting = false;
// SGPLAN_FUZZ_VERBOSE=1 prints every refusal, to see how far a seed gets.
const bool verbose = std::getenv("SGPLAN_FUZZ_VERBOSE") != nullptr;
std::vector<std::string> findings;

// Removed when the process ends, so a long fuzzing run leaves nothing behind.
struct TempDirectory {
  std::filesystem::path path;
  TempDirectory()
      : path(std::filesystem::temp_directory_path() / ("sgplan-fuzz-" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(path);
  }
  ~TempDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
};

const std::filesystem::path& temp_directory() {
  static const TempDirectory dir;
  return dir.path;
}

}  // namespace

void report_finding(std::string_view target, const std::string& what) {
  const std::string message = "sgplan fuzz finding [" + std::string(target) + "]: " + what;
  if (collecting) {
    findings.push_back(message);
    return;
  }
  std::fprintf(stderr, "%s\n", message.c_str());
  std::abort();
}

void collect_findings(bool on) {
  collecting = on;
}

std::vector<std::string> take_findings() {
  std::vector<std::string> out;
  out.swap(findings);
  return out;
}

bool guarded(std::string_view target, const std::function<void()>& body) {
  try {
    body();
    return true;
  } catch (const InputError& e) {
    if (verbose)
      std::fprintf(stderr, "[%.*s] input error: %s\n", int(target.size()), target.data(), e.what());
    // Exit code 2: the message must say where (file:line:col, or for a JSON file such as JANI's
    // the file and the JSON pointer: "file: /automata/0/edges/3: ..."), not only what.
    const bool json_pointer = e.detail().rfind('/', 0) == 0;
    if (e.location().file.empty() || (e.location().line <= 0 && !json_pointer)) {
      report_finding(target, std::string("an input error without file:line:col: ") + e.what());
    }
  } catch (const ResourceError& e) {
    if (verbose) std::fprintf(stderr, "[%.*s] limit: %s\n", int(target.size()), target.data(), e.what());
    // Exit code 3: a limit refused the input before allocating for it.
  } catch (const std::exception& e) {
    report_finding(target, std::string("an exception the CLI maps to exit code 1 (") + typeid(e).name() +
                               "): " + e.what());
  } catch (...) {
    report_finding(target, "an exception of unknown type");
  }
  return false;
}

std::string write_temp_file(const std::string& name, std::string_view bytes) {
  const std::filesystem::path path = temp_directory() / name;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) report_finding("support", "cannot write the temporary file " + path.string());
  return path.string();
}

void check_solution(std::string_view target, const mdp::StateGraph& graph) {
  if (graph.num_states() == 0) {
    report_finding(target, "a model that loaded into a graph without states");
    return;
  }
  mdp::SolveOptions options;
  options.method = mdp::Method::Interval;
  options.max_iterations = kMaxSweeps;
  options.deadline =
      std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                             std::chrono::duration<double>(kMaxSolveSeconds));
  const mdp::Solution sol = mdp::solve_reachability(graph, options);
  const mdp::StateIndex s0 = graph.initial_state();
  if (s0 >= sol.lower.size() || s0 >= sol.upper.size()) {
    report_finding(target, "the solution has no bounds for the initial state");
    return;
  }
  const double lower = sol.lower[s0];
  const double upper = sol.upper[s0];
  const double value = sol.value(s0);
  if (verbose)
    std::fprintf(stderr, "[%.*s] solved: [%.17g, %.17g]\n", int(target.size()), target.data(), lower, upper);
  if (!sol.sound) report_finding(target, "interval iteration returned bounds it does not call sound");
  if (!(0.0 <= lower && lower <= value && value <= upper && upper <= 1.0)) {
    char buffer[160];
    std::snprintf(buffer, sizeof buffer,
                  "bounds out of order at the initial state: lower %.17g, value %.17g, upper %.17g", lower,
                  value, upper);
    report_finding(target, buffer);
  }
}

void load_build_and_check(std::string_view target, const std::string& path, const models::LoadOptions& load) {
  std::unique_ptr<models::GraphModel> model;
  if (!guarded(target, [&] { model = models::load_graph_model(path, load); })) return;
  mdp::BuildOptions build;
  build.max_states = kMaxStates;
  build.max_bytes = kMaxBuildBytes;
  mdp::BuiltGraph built;
  if (!guarded(target, [&] { built = model->build(build); })) return;
  guarded(target, [&] { check_solution(target, built.graph); });
}

}  // namespace sgplan::fuzz
