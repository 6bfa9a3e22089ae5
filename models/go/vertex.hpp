// Go points, colours and their names, as the Go Text Protocol writes them (GTP 2, section 2.11).
//
// A point is the index row * size + column on a size x size board (5 <= size <= 19), row 0 at the
// bottom and column 0 on the left, so every point is below 361 and fits a lambda-search Move. The
// GTP name of a point is a column letter A..T skipping I (the Go convention: "J" follows "H") and
// a row number from 1 at the bottom: on 19x19 "A1" is the lower-left corner and "T19" the
// upper-right one. Parsing is case-insensitive and also accepts "pass". SGF names a point with two
// letters, column then row, 'a' at the left and at the TOP (SGF FF[4], section "Go: Point").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sgplan::models::go {

using Point = std::uint16_t;
inline constexpr Point kNoPoint = 0xFFFF;
inline constexpr Point kPassPoint = 0xFFFE;

inline constexpr int kMinSize = 5;
inline constexpr int kMaxSize = 19;
inline constexpr int kMaxPoints = kMaxSize * kMaxSize;

enum class Color : std::uint8_t { kEmpty = 0, kBlack = 1, kWhite = 2, kWall = 3 };

inline Color opponent(Color c) {
  return c == Color::kBlack ? Color::kWhite : Color::kBlack;
}
// "black" / "white" / "empty".
std::string color_name(Color c);
// "b", "black", "w", "white" (any case), else nothing.
std::optional<Color> parse_color(std::string_view text);

// "D4", "T19"; "PASS" for kPassPoint.
std::string vertex_name(Point p, int size);
// The point named by a GTP vertex on a size x size board; kPassPoint for "pass"; nothing when the
// text is not a vertex or lies off the board.
std::optional<Point> parse_vertex(std::string_view text, int size);

// SGF point "dd" (column, row from the top); an empty value or "tt" on boards up to 19 is a pass.
std::optional<Point> parse_sgf_point(std::string_view text, int size);

}  // namespace sgplan::models::go
