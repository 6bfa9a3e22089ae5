#include "models/go/vertex.hpp"

#include <cctype>

namespace sgplan::models::go {

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::string color_name(Color c) {
  return c == Color::kBlack ? "black" : c == Color::kWhite ? "white" : "empty";
}

std::optional<Color> parse_color(std::string_view text) {
  const std::string t = lower(text);
  if (t == "b" || t == "black") return Color::kBlack;
  if (t == "w" || t == "white") return Color::kWhite;
  return std::nullopt;
}

std::string vertex_name(Point p, int size) {
  if (p == kPassPoint) return "PASS";
  const int column = p % size, row = p / size;
  const char letter = static_cast<char>('A' + column + (column >= 8 ? 1 : 0));
  return std::string(1, letter) + std::to_string(row + 1);
}

std::optional<Point> parse_vertex(std::string_view text, int size) {
  const std::string t = lower(text);
  if (t == "pass") return kPassPoint;
  if (t.size() < 2 || t.size() > 3) return std::nullopt;
  const char letter = t[0];
  if (letter < 'a' || letter > 'z' || letter == 'i') return std::nullopt;
  const int column = letter - 'a' - (letter > 'i' ? 1 : 0);
  int row = 0;
  for (std::size_t i = 1; i < t.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(t[i]))) return std::nullopt;
    row = row * 10 + (t[i] - '0');
  }
  if (t[1] == '0' || column >= size || row < 1 || row > size) return std::nullopt;
  return static_cast<Point>((row - 1) * size + column);
}

std::optional<Point> parse_sgf_point(std::string_view text, int size) {
  if (text.empty()) return kPassPoint;
  if (text.size() != 2) return std::nullopt;
  const char c = text[0], r = text[1];
  if (size <= 19 && c == 't' && r == 't') return kPassPoint;
  if (c < 'a' || c > 'z' || r < 'a' || r > 'z') return std::nullopt;
  const int column = c - 'a', row_from_top = r - 'a';
  if (column >= size || row_from_top >= size) return std::nullopt;
  return static_cast<Point>((size - 1 - row_from_top) * size + column);
}

}  // namespace sgplan::models::go
