// What every fuzz harness checks, whatever the format (issue 11, "Fuzzing in CI"): a loader given
// any bytes either accepts them or refuses them with one of the two errors the CLI maps to its
// documented exit codes, sgplan::InputError (2) naming file:line:col (or, for a JSON format, the
// file and the JSON pointer), or sgplan::ResourceError (3).
// Any other exception, an input error without a location, or an accepted model whose solution
// breaks 0 <= lower <= value <= upper <= 1 is a finding. A finding aborts the process with a
// message (so libFuzzer reports it), or, in the replay test, is collected for the test to report.
// The inputs reach the path-taking loaders through one temporary directory per process.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "mdp/state_graph.hpp"
#include "models/model_kind.hpp"

namespace sgplan::fuzz {

// Limits small enough that no input runs for more than a second or two.
inline constexpr std::uint64_t kMaxStates = 20'000;
inline constexpr std::uint64_t kMaxTransitions = 200'000;
inline constexpr std::uint64_t kMaxBuildBytes = std::uint64_t{64} << 20;
inline constexpr std::uint64_t kMaxTreeNodes = 20'000;
inline constexpr std::uint64_t kMaxSweeps = 100'000;
inline constexpr double kMaxSolveSeconds = 1.0;

// Reports a finding: by default prints "sgplan fuzz finding [target]: what" and aborts.
void report_finding(std::string_view target, const std::string& what);
// The replay test collects findings instead of aborting (and takes them with take_findings).
void collect_findings(bool on);
std::vector<std::string> take_findings();

// Runs one loader call: returns true when it returned normally, false when it refused the input
// with a located InputError or a ResourceError; reports anything else as a finding.
bool guarded(std::string_view target, const std::function<void()>& body);

// The input as a file in this process's temporary directory, named `name` (the extension tells the
// loaders the format); returns the path.
std::string write_temp_file(const std::string& name, std::string_view bytes);

// Solves the reachability objective with the default sound method (interval iteration) under the
// limits above and checks the bounds at the initial state.
void check_solution(std::string_view target, const mdp::StateGraph& graph);

// The file-format harnesses' common end: loads the graph model at `path` with `load`, builds it
// under the limits above and checks its solution; a refusal at any step ends the run quietly.
void load_build_and_check(std::string_view target, const std::string& path, const models::LoadOptions& load);

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace sgplan::fuzz
