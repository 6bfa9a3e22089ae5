// The sgplan binary end to end: the bad-input corpus (exact message and exit code for each file),
// the JSON of every command, exit codes, and every command shown in README.md.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
const fs::path kSource = SGPLAN_SOURCE_DIR;
const fs::path kBinary = SGPLAN_BINARY;

struct CommandResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs `sgplan ARGS` in `dir`, capturing stdout and stderr.
CommandResult sgplan(const std::vector<std::string>& args, const fs::path& dir = kSource) {
  const fs::path err_file = fs::temp_directory_path() / ("sgplan_cli_test_" + std::to_string(::getpid()) + ".err");
  std::string command = "cd " + quote(dir.string()) + " && " + quote(kBinary.string());
  for (const auto& a : args) command += " " + quote(a);
  command += " 2>" + quote(err_file.string());
  CommandResult r;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return r;
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) r.out.append(buffer.data(), n);
  const int status = ::pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream err(err_file);
  std::stringstream ss;
  ss << err.rdbuf();
  r.err = ss.str();
  fs::remove(err_file);
  return r;
}

nlohmann::json parse_json(const CommandResult& r) {
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << "exactly one JSON line: " << r.out;
  return nlohmann::json::parse(r.out);
}

std::vector<std::string> split(const std::string& line, char sep) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, sep)) out.push_back(field);
  return out;
}

TEST(Cli, BadInputCorpusGivesExactMessagesAndExitCodes) {
  const fs::path corpus = kSource / "tests/cli/bad_inputs";
  std::ifstream in(corpus / "expected.tsv");
  ASSERT_TRUE(in) << "missing expected.tsv";
  int cases = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    const auto f = split(line, '\t');
    ASSERT_EQ(f.size(), 4u) << line;
    std::vector<std::string> args{"solve", f[0]};
    if (f[1] != "-") {
      for (const auto& a : split(f[1], ' ')) args.push_back(a);
    }
    const CommandResult r = sgplan(args, corpus);
    EXPECT_EQ(r.exit_code, std::stoi(f[2])) << f[0] << " " << f[1] << ": " << r.err;
    EXPECT_EQ(r.err.substr(0, r.err.find('\n')), f[3]) << f[0] << " " << f[1];
    EXPECT_TRUE(r.out.empty()) << "nothing on stdout for an error";
    ++cases;
  }
  EXPECT_GE(cases, 30);
}

TEST(Cli, SolveJsonHasTheDocumentedKeys) {
  const auto j = parse_json(sgplan({"solve", "configs/explicit-example.yaml", "--json", "--epsilon", "1e-9"}));
  for (const char* key : {"model", "states", "choices", "transitions", "objective", "horizon", "method", "value",
                          "lower", "upper", "iterations", "status", "build_seconds", "solve_seconds", "seconds"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  EXPECT_EQ(j["objective"], "eventual");
  EXPECT_EQ(j["method"], "interval");
  EXPECT_EQ(j["status"], "converged");
  EXPECT_EQ(j["states"], 5);
  EXPECT_NEAR(j["value"].get<double>(), 3.0 / 13.0, 1e-9);
  EXPECT_LE(j["lower"].get<double>(), 3.0 / 13.0);
  EXPECT_GE(j["upper"].get<double>(), 3.0 / 13.0);
  EXPECT_EQ(j["first_choice"], "go");
}

TEST(Cli, SolveHorizonAndMethods) {
  // Within 2 steps: go (1/2 to s1), then s1's 0.3 chance of success: 0.15.
  auto j = parse_json(sgplan({"solve", "configs/explicit-example.yaml", "--json", "--horizon", "2"}));
  EXPECT_EQ(j["objective"], "horizon");
  EXPECT_EQ(j["horizon"], 2);
  EXPECT_NEAR(j["value"].get<double>(), 0.15, 1e-15);
  for (const char* m : {"topological", "policy", "vi", "gauss-seidel"}) {
    j = parse_json(sgplan({"solve", "configs/explicit-example.yaml", "--json", "--method", m, "--epsilon", "1e-10"}));
    EXPECT_EQ(j["method"], m);
    EXPECT_NEAR(j["value"].get<double>(), 3.0 / 13.0, 1e-8) << m;
  }
  EXPECT_TRUE(j["upper"].is_null());  // plain value iteration has no upper bound
}

TEST(Cli, InfoSimulateAndExport) {
  auto j = parse_json(sgplan({"info", "configs/explicit-example.yaml", "--json"}));
  EXPECT_EQ(j["states"], 5);
  EXPECT_EQ(j["choices"], 5);
  EXPECT_EQ(j["transitions"], 7);
  j = parse_json(sgplan({"simulate", "configs/explicit-example.yaml", "--json", "--runs", "4000", "--seed", "7"}));
  for (const char* key : {"runs", "successes", "estimate", "ci_low", "ci_high", "mean_steps", "truncated"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  EXPECT_EQ(j["runs"], 4000);
  EXPECT_LE(j["ci_low"].get<double>(), 3.0 / 13.0);
  EXPECT_GE(j["ci_high"].get<double>(), 3.0 / 13.0);
  // Same seed, same answer.
  const auto again = parse_json(sgplan({"simulate", "configs/explicit-example.yaml", "--json", "--runs", "4000", "--seed", "7"}));
  EXPECT_EQ(again["successes"], j["successes"]);

  const fs::path dir = fs::temp_directory_path() / ("sgplan_export_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path prefix = dir / "example";
  // A game with Max and Min has no PRISM MDP counterpart: refused.
  CommandResult refused = sgplan({"export", "configs/explicit-example.yaml", "--format", "prism", "--out", prefix.string()});
  EXPECT_EQ(refused.exit_code, 2);
  j = parse_json(sgplan({"export", "configs/robot-monster-tiny.yaml", "--format", "prism", "--out", prefix.string(), "--json"}));
  EXPECT_EQ(j["written"].size(), 3u);
  const auto original = parse_json(sgplan({"solve", "configs/robot-monster-tiny.yaml", "--json", "--epsilon", "1e-10"}));
  const auto imported = parse_json(sgplan({"solve", prefix.string() + ".tra", "--labels", prefix.string() + ".lab",
                                           "--target", "success", "--json", "--epsilon", "1e-10"}));
  EXPECT_EQ(imported["states"], original["states"]);
  EXPECT_EQ(imported["owners"], original["owners"]);
  EXPECT_NEAR(imported["value"].get<double>(), original["value"].get<double>(), 1e-9);
  j = parse_json(sgplan({"export", "configs/explicit-example.yaml", "--format", "dot", "--out", prefix.string(), "--json"}));
  std::ifstream dot(prefix.string() + ".dot");
  std::stringstream text;
  text << dot.rdbuf();
  EXPECT_NE(text.str().find("digraph"), std::string::npos);
  EXPECT_NE(text.str().find("label=\"go\""), std::string::npos);
  fs::remove_all(dir);
}

TEST(Cli, UsageErrorsAndHelp) {
  EXPECT_EQ(sgplan({}).exit_code, 2);
  EXPECT_EQ(sgplan({"frobnicate"}).exit_code, 2);
  EXPECT_EQ(sgplan({"solve"}).exit_code, 2);
  const CommandResult help = sgplan({"solve", "--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--method"), std::string::npos);
}

// Every command in README.md's console blocks ("$ tools/run.sh ARGS") runs and exits 0; the ones
// with --json print one JSON object.
TEST(Cli, ReadmeExamplesRun) {
  std::ifstream readme(kSource / "README.md");
  ASSERT_TRUE(readme) << "README.md is missing";
  int commands = 0;
  for (std::string line; std::getline(readme, line);) {
    const std::string prefix = "$ tools/run.sh ";
    if (line.rfind(prefix, 0) != 0) continue;
    std::vector<std::string> args = split(line.substr(prefix.size()), ' ');
    args.erase(std::remove(args.begin(), args.end(), std::string()), args.end());
    const CommandResult r = sgplan(args);
    EXPECT_EQ(r.exit_code, 0) << line << "\n" << r.err;
    if (std::find(args.begin(), args.end(), "--json") != args.end()) {
      EXPECT_NO_THROW((void)nlohmann::json::parse(r.out)) << line;
    }
    ++commands;
  }
  EXPECT_GE(commands, 5);
}

}  // namespace
