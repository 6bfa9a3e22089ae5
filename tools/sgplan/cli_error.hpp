// How the CLI reports an error: a line on stderr ("sgplan: error: ...", "sgplan: resource limit:
// ...", "sgplan: internal error: ...") and, when --json was asked for, one JSON object on stdout,
//   {"error": {"kind": "input", "message": ..., "file": ..., "line": ..., "column": ...}}
// with null file/line/column where the error has no place in a file. Returns the exit code of the
// kind (core/errors.hpp): usage and input 2, resource 3, internal 1.
#pragma once

#include <string>

#include "core/errors.hpp"

namespace sgplan::cli {

enum class ErrorKind { Usage, Input, Resource, Internal };

int report_error(bool json, ErrorKind kind, const std::string& message,
                 const SourceLocation& where = SourceLocation{});
int report_error(bool json, const InputError& error);

}  // namespace sgplan::cli
