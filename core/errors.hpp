// Error types shared by every layer, and the process exit codes they map to (docs/DESIGN.md, "Errors").
//
// InputError   bad user input (YAML, model files, CLI flags): the message names file:line:col,
//              what was found and what was expected. Exit code 2. MethodError, one of them: a
//              method the model cannot use.
// ResourceError a configured limit (states, memory, plan counts) would be exceeded; the message
//              says which limit and how to raise it. Thrown before the allocation. Exit code 3.
// Anything else escaping main is a bug: exit code 1.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace sgplan {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInternal = 1;
inline constexpr int kExitInput = 2;
inline constexpr int kExitResource = 3;

// A position in a user's file. Lines and columns are 1-based; 0 means "unknown".
struct SourceLocation {
  std::string file;
  int line = 0;
  int column = 0;

  std::string to_string() const {
    std::string s = file.empty() ? std::string("<input>") : file;
    if (line > 0) {
      s += ':' + std::to_string(line);
      if (column > 0) s += ':' + std::to_string(column);
    }
    return s;
  }
};

// what() is the whole message ("file:line:col: detail"); location() and detail() keep its parts
// for structured reports (the CLI's JSON error object).
class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message) : std::runtime_error(message), detail_(message) {}
  InputError(const SourceLocation& where, const std::string& message)
      : std::runtime_error(where.to_string() + ": " + message), location_(where), detail_(message) {}

  // Empty file and zero line/column where the error has no place in a file (a bad flag).
  const SourceLocation& location() const { return location_; }
  const std::string& detail() const { return detail_; }

 private:
  SourceLocation location_;
  std::string detail_;
};

// A method (a solver, a tree search) that cannot run on this model: a game with chance for
// alpha-beta, a stochastic one for retrograde analysis. An input error (exit code 2) that the CLI
// completes with the model kind and the methods that do work on it.
class MethodError : public InputError {
 public:
  explicit MethodError(const std::string& message) : InputError(message) {}
};

class ResourceError : public std::runtime_error {
 public:
  explicit ResourceError(const std::string& message) : std::runtime_error(message) {}
};

// Checks a limit before an allocation. `what` names the quantity, `flag` the option that raises it.
inline void check_limit(std::uint64_t needed, std::uint64_t limit, const std::string& what,
                        const std::string& flag) {
  if (needed > limit) {
    throw ResourceError(what + ": " + std::to_string(needed) + " exceeds the limit of " +
                        std::to_string(limit) + " (raise it with " + flag + ")");
  }
}

}  // namespace sgplan
