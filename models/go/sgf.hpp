// Reading Go game records in SGF (Smart Game Format, FF[4]; FF[1]..FF[3] files read the same way).
//
// The grammar: Collection = GameTree+; GameTree = "(" Node+ GameTree* ")"; Node = ";" Property*;
// Property = PropIdent PropValue+; PropValue = "[" text "]" with "\]" and "\\" escaped. Only the
// first game of a collection and its main line (the first variation at every branch) are kept.
// Variations may nest to any depth: the reader keeps its open trees on a heap stack, not the call
// stack.
// Lower-case letters inside a property identifier are ignored, as FF[4] asks of readers of older
// files ("AddBlack" reads as "AB").
// The Go properties used: SZ (square boards 5..19; 19 when absent), AB, AW, AE (setup, point lists
// and FF[4] compressed rectangles "aa:cc"), PL (the player to move), B and W (moves; "" and "tt"
// are passes). GM other than 1 is refused; every other property is read and ignored.
// position_at(game, N) follows GNU Go's convention for `loadsgf FILE N`: it plays the moves 1 .. N-1
// of the main line (setup nodes on the way are applied), so the position is the one in which move N
// is about to be played; N = 0 plays the whole line. Errors are InputError naming the file, the line
// and column of the offending property and what is wrong with it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/errors.hpp"
#include "models/go/board.hpp"

namespace sgplan::models::go {

struct SgfProperty {
  std::string name;  // upper-case identifier, e.g. "AB"
  std::vector<std::string> values;
  SourceLocation where;
};

struct SgfNode {
  std::vector<SgfProperty> properties;
};

struct SgfGame {
  std::string file;
  int size = 19;
  std::vector<SgfNode> main_line;
  int moves() const;  // B and W properties on the main line
};

// Parses SGF text (the file name is used in messages only).
SgfGame parse_sgf(std::string_view text, const std::string& file);
// Reads and parses a file; InputError when it cannot be read.
SgfGame read_sgf(const std::string& path);

struct SgfPosition {
  Board board;
  Color to_move = Color::kBlack;
  int moves_played = 0;
};

// The position before move `move_number` (1-based; 0 or past the end: after the last move).
SgfPosition position_at(const SgfGame& game, int move_number);
// The position before the first move played at `vertex` (GTP `loadsgf FILE VERTEX`).
SgfPosition position_before(const SgfGame& game, Point vertex);

}  // namespace sgplan::models::go
