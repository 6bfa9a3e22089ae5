// The reading questions of a GNU Go regression file (.tst, as in GNU Go's regression/ folder): every
// numbered `attack VERTEX` or `defend VERTEX` (and `connect`, `disconnect`, `same_dragon V1 V2`)
// with the position a GTP engine would hold at that
// point. The position commands are read as GNU Go's engine reads them: `loadsgf FILE [N]` (FILE
// relative to the .tst file; the position before move N), `play COLOR VERTEX`, and
// `trymove COLOR VERTEX` / `popgo` (a tentative move and its undo). Other commands and the expected
// answers (`#? [...]`) are skipped: tools/gtp-regress.sh judges answers through the real engine.
#pragma once

#include <string>
#include <vector>

#include "models/go/board.hpp"

namespace sgplan::models::go {

struct RegressionQuestion {
  std::string name;     // "<file stem>:<command number>", e.g. "reading:12"
  std::string command;  // "attack", "defend", "connect", "disconnect" or "same_dragon"
  Board board;
  Point target = kNoPoint;  // a stone of the string asked about (the first of two)
  Point second = kNoPoint;  // connect, disconnect, same_dragon: a stone of the second string
};

// Throws InputError (file:line) on an unreadable file, an illegal move, or popgo without trymove.
std::vector<RegressionQuestion> read_regression_questions(const std::string& tst_path);

}  // namespace sgplan::models::go
