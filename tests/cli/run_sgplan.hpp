// Runs the built sgplan binary for the CLI tests and captures its output and exit code.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace sgplan::testing {

namespace fs = std::filesystem;
inline const fs::path kSource = SGPLAN_SOURCE_DIR;
inline const fs::path kBinary = SGPLAN_BINARY;

struct CommandResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs `PROGRAM ARGS` in `dir` with `input` on stdin (empty: no input), capturing stdout and
// stderr. `program` is a shell command line's start, quoted by the caller where it needs to be.
inline CommandResult run_program(const std::string& program, const std::vector<std::string>& args,
                                 const fs::path& dir, const std::string& input = "") {
  const std::string stem = "sgplan_cli_test_" + std::to_string(::getpid());
  const fs::path in_file = fs::temp_directory_path() / (stem + ".in");
  const fs::path err_file = fs::temp_directory_path() / (stem + ".err");
  {
    std::ofstream out(in_file, std::ios::binary);
    out << input;
  }
  std::string command = "cd " + quote(dir.string()) + " && " + program;
  for (const auto& a : args) command += " " + quote(a);
  command += " < " + quote(in_file.string()) + " 2>" + quote(err_file.string());
  CommandResult r;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe != nullptr) {
    std::array<char, 4096> buffer{};
    std::size_t n = 0;
    while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) r.out.append(buffer.data(), n);
    const int status = ::pclose(pipe);
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream err(err_file);
    std::stringstream ss;
    ss << err.rdbuf();
    r.err = ss.str();
  }
  fs::remove(in_file);
  fs::remove(err_file);
  return r;
}

// Runs `sgplan ARGS` in `dir` with `input` on stdin (empty: no input), capturing stdout and stderr.
inline CommandResult sgplan(const std::vector<std::string>& args, const fs::path& dir = kSource,
                            const std::string& input = "") {
  return run_program(quote(kBinary.string()), args, dir, input);
}

inline nlohmann::json parse_json(const CommandResult& r) {
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << "exactly one JSON line: " << r.out;
  return nlohmann::json::parse(r.out);
}

// A command's JSON without its timings (every key ending in "seconds"), for comparing two runs.
inline nlohmann::json without_timings(nlohmann::json j) {
  for (auto it = j.begin(); it != j.end();) {
    const std::string key = it.key();
    if (key.size() >= 7 && key.compare(key.size() - 7, 7, "seconds") == 0) {
      it = j.erase(it);
    } else {
      ++it;
    }
  }
  return j;
}

inline std::vector<std::string> split(const std::string& line, char sep) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, sep)) out.push_back(field);
  return out;
}

// One line of a bad-input corpus's expected.tsv: the file, its arguments (what they mean is the
// corpus's own convention), the exit code and the first line of the error.
struct ErrorCase {
  std::string file;
  std::string args;
  int exit_code = 0;
  std::string first_line;
};

// The cases of CORPUS/expected.tsv (tab-separated, four fields, blank lines skipped).
inline std::vector<ErrorCase> read_error_corpus(const fs::path& corpus) {
  std::ifstream in(corpus / "expected.tsv");
  EXPECT_TRUE(in) << "missing " << (corpus / "expected.tsv");
  std::vector<ErrorCase> cases;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    const auto f = split(line, '\t');
    EXPECT_EQ(f.size(), 4u) << line;
    if (f.size() == 4) cases.push_back({f[0], f[1], std::stoi(f[2]), f[3]});
  }
  return cases;
}

// Runs a bad-input corpus: each case is a file, extra arguments ('-' for none), the exit code and
// the first line of stderr of `sgplan COMMAND... FILE ARGS`, run inside the corpus folder; an
// error must print nothing on stdout. Returns the number of cases.
inline int run_error_corpus(const fs::path& corpus, const std::vector<std::string>& command,
                            const std::vector<std::string>& flags = {}) {
  const std::vector<ErrorCase> cases = read_error_corpus(corpus);
  for (const ErrorCase& c : cases) {
    std::vector<std::string> args = command;
    args.push_back(c.file);
    args.insert(args.end(), flags.begin(), flags.end());
    if (c.args != "-") {
      for (const auto& a : split(c.args, ' ')) args.push_back(a);
    }
    const CommandResult r = sgplan(args, corpus);
    EXPECT_EQ(r.exit_code, c.exit_code) << c.file << " " << c.args << ": " << r.err;
    EXPECT_EQ(r.err.substr(0, r.err.find('\n')), c.first_line) << c.file << " " << c.args;
    EXPECT_TRUE(r.out.empty()) << "nothing on stdout for an error";
  }
  return static_cast<int>(cases.size());
}

}  // namespace sgplan::testing
