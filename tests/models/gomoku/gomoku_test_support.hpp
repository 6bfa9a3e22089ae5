// Building Go-Moku boards for the tests from point names ("H8") or from rows of text.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "models/gomoku/board.hpp"
#include "models/gomoku/coordinates.hpp"

namespace sgplan::models::gomoku::test {

inline Point pt(const char* name, int size = 15) {
  const auto p = parse_point(name, size);
  EXPECT_TRUE(p.has_value()) << name;
  return p.value_or(0);
}

inline Board make_board(Rule rule, std::initializer_list<const char*> black,
                        std::initializer_list<const char*> white, int size = 15) {
  Board b(size, rule);
  for (const char* n : black) b.place(pt(n, size), Stone::kBlack);
  for (const char* n : white) b.place(pt(n, size), Stone::kWhite);
  return b;
}

// Rows top first, cells '.', 'o' (Black), 'x' (White), optionally separated by spaces.
inline Board board_from_rows(Rule rule, const std::vector<std::string>& rows) {
  const int size = static_cast<int>(rows.size());
  Board b(size, rule);
  for (int i = 0; i < size; ++i) {
    int col = 0;
    for (char c : rows[static_cast<std::size_t>(i)]) {
      if (c == ' ') continue;
      const Point p = static_cast<Point>((size - 1 - i) * size + col);
      if (c == 'o') b.place(p, Stone::kBlack);
      if (c == 'x') b.place(p, Stone::kWhite);
      ++col;
    }
    EXPECT_EQ(col, size) << "row " << i;
  }
  return b;
}

}  // namespace sgplan::models::gomoku::test
