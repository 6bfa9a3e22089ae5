// Point names as in the Renju case files: a column letter A.. from the left and a row number 1..
// from the bottom, so on 15x15 "H8" is the centre and "A15" the top-left corner. All letters are
// used (no "I" gap, unlike Go). Parsing is case-insensitive.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "models/gomoku/board.hpp"

namespace sgplan::models::gomoku {

std::string point_name(Point p, int size);
// The point named by `text` on a size x size board, or nothing.
std::optional<Point> parse_point(std::string_view text, int size);

}  // namespace sgplan::models::gomoku
