// A Go-Moku position to solve, as read from a file: the board, the rule, the attacker (to move),
// the search settings the file carries, and for Renju case files the published answer.
//
// Two file formats (cells '.', 'x', 'o' separated by single spaces, top row first; 'o' is Black and
// 'x' White, as in the Renju case files; coordinates: columns A.. from the left, rows 1.. from the
// bottom):
//   YAML (models/gomoku/position_yaml.cpp):   model: gomoku, size (5..19, default 15), rule
//     (freestyle | standard | renju, default freestyle), attacker (x | o), board (a literal block),
//     and optionally order, depth (attacker moves, the winning move included), threat_depth.
//   Renju case files (../shared/cases/renju/SOURCE.md): '#' comments, then `mode: vcf | vct...`,
//     `attacker: o | x`, `limit: N` (attacks until the win cannot be stopped), `threat_limit: K`
//     (VCT: the longest VCF a threat may prepare), `tags: ...`, `expect: H8,G7,... | disproven`,
//     `board:` and the rows. The rule is Renju. Search settings: vcf is order 1, vct order 2;
//     depth = limit + 1 (the five itself is one more attacker move); threat_depth = threat_limit + 1.
// Every error is an InputError at file:line:col saying what was found and what was expected.
#pragma once

#include <string>
#include <vector>

#include "core/errors.hpp"
#include "models/gomoku/board.hpp"

namespace sgplan::models::gomoku {

struct GomokuPosition {
  std::string file;
  int size = 15;
  Rule rule = Rule::kFreestyle;
  Stone attacker = Stone::kBlack;
  std::vector<Stone> stones;  // by point

  int order = 2;         // search settings from the file; flags override them
  int depth = 0;         // 0: not given
  int threat_depth = 0;  // 0: not given

  bool case_file = false;  // Renju case files only:
  std::string mode;
  int limit = 0;
  int threat_limit = -1;  // -1: not given
  std::vector<std::string> tags;
  bool expect_disproven = false;
  std::vector<Point> expect;

  Board board() const;
  bool has_tag(const std::string& tag) const;
};

// One parsed board row-block: the rows as text with the 1-based line and column of each row's
// first character, so cell errors point at the cell.
struct BoardRow {
  std::string text;
  int line = 0;
  int column = 1;
};

// Parses rows of cells into `position.stones` (and sets `position.size` to the row count when
// `size` is 0). `file` names the source for errors.
void parse_board_rows(const std::vector<BoardRow>& rows, int size, const std::string& file, int block_line,
                      GomokuPosition& position);

// Checks that the position is still open: no five on the board, Black has no overline under
// Renju. InputError at `where` (the board) otherwise.
void check_position_open(const GomokuPosition& position, const SourceLocation& where);

// Is this text a Renju case file (its first line that is not a comment starts with "mode:")?
bool looks_like_renju_case(const std::string& text);
GomokuPosition parse_renju_case(const std::string& text, const std::string& file);
GomokuPosition load_renju_case(const std::string& path);

}  // namespace sgplan::models::gomoku
