// "12:5": a position in the file being read, for messages that point back to an earlier place in
// the same file ("... does not match its first description at 12:5").
#pragma once

#include <string>

#include "core/errors.hpp"

namespace sgplan::models::formats {

inline std::string line_and_column(const SourceLocation& where) {
  return std::to_string(where.line) + ":" + std::to_string(where.column);
}

}  // namespace sgplan::models::formats
