#include "models/gomoku/coordinates.hpp"

#include <cctype>

namespace sgplan::models::gomoku {

std::string point_name(Point p, int size) {
  std::string s(1, static_cast<char>('A' + p % size));
  return s + std::to_string(p / size + 1);
}

std::optional<Point> parse_point(std::string_view text, int size) {
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  const int column = letter - 'A';
  if (column < 0 || column >= size) return std::nullopt;
  int row = 0;
  for (std::size_t i = 1; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) return std::nullopt;
    row = row * 10 + (text[i] - '0');
  }
  if (text[1] == '0' || row < 1 || row > size) return std::nullopt;
  return static_cast<Point>((row - 1) * size + column);
}

}  // namespace sgplan::models::gomoku
