// Forbidden points for Black under the Renju rules (RIF International Rules, 1996, sections 3, 9.2
// and 9.3), decided exactly, with the recursive definition of a three.
//
// Black may not play a move that, without making a five at the same time, makes
//   an overline (six or more in a row), a double-four (two or more fours through the point, on
//   different lines or on one line, as in o.ooo.o), or a double-three.
// A five always wins, even if the same stone makes an overline elsewhere or a double-four. A three
// is a row that one more stone turns into a straight four, and it is real only if that stone is
// itself allowed: a double-three is forbidden only when at least two of its threes are real. So
// deciding "is p forbidden" places p and asks, for each three through p, whether one of its
// straight-four points is allowed, which is the same question one stone later (9.3 b: "as deep as
// needed"). The recursion places a stone each level, so it ends; kMaxDepth bounds the pathological
// case (at that depth a three counts as real).
// The read set: with `read` given, the checker adds every point whose content its answer depends
// on (the lines, five cells each way, through every point it examined). A stone placed outside that
// set leaves the answer unchanged; lambda search uses it as the relevancy zone of the answer.
#pragma once

#include "models/gomoku/board.hpp"

namespace sgplan::models::gomoku {

class RenjuRules {
 public:
  static constexpr int kMaxDepth = 12;

  // Is an empty point forbidden for Black on this board? Always false unless the rule is Renju.
  static bool forbidden(const Board& board, Point p, MoveSet* read = nullptr);

  // What placing Black at p makes, for explanations and tests.
  struct Shapes {
    bool five = false;
    bool overline = false;
    int fours = 0;        // distinct fours through p
    int threes = 0;       // lines with a three through p, real or not
    int real_threes = 0;  // lines with a real three
  };
  static Shapes shapes(const Board& board, Point p);
};

}  // namespace sgplan::models::gomoku
