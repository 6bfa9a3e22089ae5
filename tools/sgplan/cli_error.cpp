#include "tools/sgplan/cli_error.hpp"

#include <iostream>
#include <nlohmann/json.hpp>

namespace sgplan::cli {

namespace {

const char* kind_name(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::Usage:
      return "usage";
    case ErrorKind::Input:
      return "input";
    case ErrorKind::Resource:
      return "resource";
    case ErrorKind::Internal:
      return "internal";
  }
  return "internal";
}

const char* stderr_prefix(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::Usage:
    case ErrorKind::Input:
      return "sgplan: error: ";
    case ErrorKind::Resource:
      return "sgplan: resource limit: ";
    case ErrorKind::Internal:
      return "sgplan: internal error: ";
  }
  return "sgplan: internal error: ";
}

int exit_code_of(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::Usage:
    case ErrorKind::Input:
      return kExitInput;
    case ErrorKind::Resource:
      return kExitResource;
    case ErrorKind::Internal:
      return kExitInternal;
  }
  return kExitInternal;
}

nlohmann::ordered_json or_null(const std::string& s) {
  return s.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(s);
}
nlohmann::ordered_json or_null(int n) {
  return n > 0 ? nlohmann::ordered_json(n) : nlohmann::ordered_json(nullptr);
}

}  // namespace

namespace {

int report(bool json, ErrorKind kind, const std::string& text, const std::string& message,
           const SourceLocation& where) {
  std::cerr << stderr_prefix(kind) << text << '\n';
  if (json) {
    nlohmann::ordered_json e;
    e["kind"] = kind_name(kind);
    e["message"] = message;
    e["file"] = or_null(where.file);
    e["line"] = or_null(where.line);
    e["column"] = or_null(where.column);
    nlohmann::ordered_json j;
    j["error"] = e;
    // Invalid UTF-8 in a message (a file's bytes quoted back) must not make the report throw.
    std::cout << j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << std::endl;
  }
  return exit_code_of(kind);
}

}  // namespace

int report_error(bool json, ErrorKind kind, const std::string& message, const SourceLocation& where) {
  return report(json, kind, message, message, where);
}

// stderr gets the whole "file:line:col: detail"; the JSON object the detail and the place apart.
int report_error(bool json, const InputError& error) {
  return report(json, ErrorKind::Input, error.what(), error.detail(), error.location());
}

}  // namespace sgplan::cli
