#include "models/go/regression_file.hpp"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/errors.hpp"
#include "models/go/sgf.hpp"

namespace sgplan::models::go {

std::vector<RegressionQuestion> read_regression_questions(const std::string& tst_path) {
  std::ifstream in(tst_path);
  if (!in) throw InputError(SourceLocation{tst_path, 0, 0}, "cannot open the regression file");
  const std::filesystem::path folder = std::filesystem::path(tst_path).parent_path();
  const std::string stem = std::filesystem::path(tst_path).stem().string();
  std::vector<RegressionQuestion> out;
  Board board(19);
  int tentative = 0;  // trymove depth: popgo undoes only these
  int line_number = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    const SourceLocation where{tst_path, line_number, 1};
    std::istringstream words(line);
    std::string first;
    if (!(words >> first) || first[0] == '#') continue;
    if (first == "loadsgf") {
      std::string file;
      int n = 0;
      words >> file;
      if (!(words >> n)) n = 0;
      board = position_at(read_sgf((folder / file).string()), n).board;
      tentative = 0;
    } else if (first == "trymove" || first == "play") {
      std::string color, vertex;
      words >> color >> vertex;
      const auto c = parse_color(color);
      const auto v = parse_vertex(vertex, board.size());
      if (!c || !v || *v == kPassPoint || !board.play(*v, *c)) {
        throw InputError(where, "expected a legal `" + first + " COLOR VERTEX`, found: " + line);
      }
      tentative += first == "trymove" ? 1 : 0;
    } else if (first == "popgo") {
      if (tentative == 0) throw InputError(where, "popgo without a trymove to undo");
      board.undo();
      --tentative;
    } else if (std::isdigit(static_cast<unsigned char>(first[0])) != 0) {
      std::string command, vertex, second;
      words >> command >> vertex >> second;
      const auto v = parse_vertex(vertex, board.size());
      if (!v || *v == kPassPoint || board.empty_at(*v)) continue;
      if (command == "attack" || command == "defend") {
        out.push_back({stem + ":" + first, command, board, *v});
      } else if (command == "connect" || command == "disconnect" || command == "same_dragon") {
        const auto w = parse_vertex(second, board.size());
        if (!w || *w == kPassPoint || board.empty_at(*w)) continue;
        out.push_back({stem + ":" + first, command, board, *v, *w});
      }
    }
  }
  return out;
}

}  // namespace sgplan::models::go
