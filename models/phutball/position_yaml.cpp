#include "models/phutball/position_yaml.hpp"

#include <sstream>
#include <vector>

#include "core/errors.hpp"

namespace sgplan::models::phutball {

namespace {
struct Row {
  std::string text;
  int line = 0, column = 0;  // where the row's first point is in the file
};
}  // namespace

PhutballPosition load_phutball_yaml(const formats::YamlDocument& doc) {
  const YAML::Node& root = doc.root();
  doc.check_keys(root, {"model", "attacker_goal", "order", "board"}, "a phutball position");
  PhutballPosition position;
  position.file = doc.file();
  position.attacker_south = doc.one_of(doc.required(root, "attacker_goal", "a phutball position"),
                                       {"north", "south"}, "attacker_goal") == "south";
  if (root["order"]) position.order = static_cast<int>(doc.integer(root["order"], "order", 0, 6));
  const YAML::Node board = doc.required(root, "board", "a phutball position");
  const std::string text = doc.scalar(board, "the board (a literal block of rows)");
  std::vector<Row> rows;
  std::istringstream in(text);
  int line = doc.where(board).line;
  for (std::string row; std::getline(in, row);) {
    ++line;
    const auto first = row.find_first_not_of(" \t");
    if (first == std::string::npos) continue;
    const auto last = row.find_last_not_of(" \t");
    row = row.substr(first, last - first + 1);
    const auto at = doc.source_line(line).find(row);
    rows.push_back(Row{row, line, at == std::string::npos ? 1 : static_cast<int>(at) + 1});
  }
  const SourceLocation block = doc.where(board);
  if (rows.size() < 3 || rows.size() > 19)
    throw InputError(block, "a phutball board has 3 to 19 rows, found " + std::to_string(rows.size()));
  const std::size_t width = rows[0].text.size();
  if (width < 3 || width > 19)
    throw InputError(SourceLocation{doc.file(), rows[0].line, rows[0].column},
                     "a phutball board has 3 to 19 points in a row, found " + std::to_string(width));
  if (width * rows.size() > static_cast<std::size_t>(kMaxPoints))
    throw InputError(block, "a phutball board of " + std::to_string(width * rows.size()) +
                                " points: at most " + std::to_string(kMaxPoints) +
                                " (19 x 15 is the full game)");
  int ball_row = -1, ball_column = -1;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const Row& row = rows[r];
    if (row.text.size() != width)
      throw InputError(
          SourceLocation{doc.file(), row.line, row.column},
          "this row has " + std::to_string(row.text.size()) + " points, the first " + std::to_string(width));
    for (std::size_t c = 0; c < width; ++c) {
      const char ch = row.text[c];
      const SourceLocation here{doc.file(), row.line, row.column + static_cast<int>(c)};
      if (ch != '.' && ch != 'o' && ch != '*')
        throw InputError(
            here, std::string("unexpected '") + ch + "' (expected '.' empty, 'o' a man or '*' the ball)");
      if (ch != '*') continue;
      if (ball_row >= 0) throw InputError(here, "a second ball (there is one)");
      if (r == 0 || r + 1 == rows.size())
        throw InputError(here, "the ball is on a goal line (the first or last row): the game is over");
      ball_row = static_cast<int>(r);
      ball_column = static_cast<int>(c);
    }
  }
  if (ball_row < 0) throw InputError(block, "the board has no ball ('*')");
  position.board = Board(static_cast<int>(width), static_cast<int>(rows.size()), ball_row, ball_column);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    for (std::size_t c = 0; c < width; ++c) {
      if (rows[r].text[c] == 'o')
        position.board.place(position.board.point(static_cast<int>(r), static_cast<int>(c)));
    }
  }
  return position;
}

}  // namespace sgplan::models::phutball
