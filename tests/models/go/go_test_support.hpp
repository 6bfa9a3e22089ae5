// Helpers of the Go tests: boards from diagrams (top row first, 'X' black, 'O' white, '.' empty),
// points by GTP name, and where the shared GNU Go cases live ($SGPLAN_CASES/gnugo).
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "models/go/board.hpp"

namespace sgplan::testing {

inline models::go::Board diagram(const std::vector<std::string>& rows) {
  const int size = static_cast<int>(rows.size());
  models::go::Board b(size);
  for (int r = 0; r < size; ++r) {
    const std::string& row = rows[static_cast<std::size_t>(r)];
    EXPECT_EQ(static_cast<int>(row.size()), size) << "row " << r;
    for (int c = 0; c < size && c < static_cast<int>(row.size()); ++c) {
      const auto p = static_cast<models::go::Point>((size - 1 - r) * size + c);
      if (row[static_cast<std::size_t>(c)] == 'X') b.setup(p, models::go::Color::kBlack);
      if (row[static_cast<std::size_t>(c)] == 'O') b.setup(p, models::go::Color::kWhite);
    }
  }
  return b;
}

inline models::go::Point pt(const std::string& name, int size) {
  const auto p = models::go::parse_vertex(name, size);
  EXPECT_TRUE(p.has_value()) << name;
  return p.value_or(0);
}

inline std::filesystem::path gnugo_cases() {
  if (const char* env = std::getenv("SGPLAN_CASES"); env != nullptr && *env != '\0') {
    return std::filesystem::path(env) / "gnugo";
  }
  return std::filesystem::path(SGPLAN_CASES_DEFAULT) / "gnugo";
}

inline std::string missing_gnugo_message() {
  return "the GNU Go cases are not at " + gnugo_cases().string() +
         " (set SGPLAN_CASES to the folder holding gnugo/)";
}

}  // namespace sgplan::testing
