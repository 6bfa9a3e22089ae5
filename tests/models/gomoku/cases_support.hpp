// Where the shared test cases live: $SGPLAN_CASES, or ../shared/cases beside the source tree.
// Tests that need them GTEST_SKIP with this message when the folder is missing.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>

namespace sgplan::testing {

inline std::filesystem::path cases_dir() {
  if (const char* env = std::getenv("SGPLAN_CASES"); env != nullptr && *env != '\0') return env;
  return std::filesystem::path(SGPLAN_CASES_DEFAULT);
}

inline std::string missing_cases_message(const std::filesystem::path& dir) {
  return "the shared cases are not at " + dir.string() + " (set SGPLAN_CASES to the folder holding renju/)";
}

}  // namespace sgplan::testing
