// The shared test data (../shared/cases, or SGPLAN_CASES) as the PRISM-language tests read it.
#pragma once

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace sgplan::models::prism_language::testing {

// The folder holding qvbs/, prism-tests/ and prism-games/, or "" where it is absent.
inline std::string cases_dir() {
  const char* env = std::getenv("SGPLAN_CASES");
  const std::string dir = env != nullptr && *env != '\0' ? env : SGPLAN_CASES_DEFAULT;
  std::error_code ec;
  return std::filesystem::is_directory(std::filesystem::path(dir) / "qvbs", ec) ? dir : std::string();
}

inline std::string read(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// QVBS's index.json holds some exact results as integers of hundreds of digits, beyond what a
// JSON reader takes as a number; the tests need none of them, so each such run reads as 0.
inline std::string without_huge_numbers(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    std::size_t j = i;
    while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])) != 0) ++j;
    if (j - i >= 300) {
      out += '0';
    } else {
      out.append(text, i, std::max<std::size_t>(j - i, 1));
    }
    i = j > i ? j : i + 1;
  }
  return out;
}

}  // namespace sgplan::models::prism_language::testing
