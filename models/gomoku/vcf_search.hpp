// A small victory-by-continuous-fours search for either colour, with the relevancy zone of the
// win it finds: the X-0-0 hint of GomokuGame ("were the attacker to pass, would the defender win by
// fours?") and a tool for the tests.
//
// The side to move plays fours only; the opponent's reply is forced (the one five point, unless it
// can make five itself: then the line fails); the side wins when it has a five point, two five
// points after a four, or one the opponent may not play (a Black forbidden point under Renju). A
// counter-four of the opponent's block must be answered by a four on its five point. At most
// `fours` fours. The zone: every point where a stone of the opponent played beforehand could change
// the line (the fours, the blocks, the five points, the clean windows through each block that hold
// three of the opponent's stones with it, and the read sets of Renju checks on Black moves).
// The board is changed during the search and restored before it returns.
#pragma once

#include "models/gomoku/board.hpp"

namespace sgplan::models::gomoku {

class VcfSearch {
 public:
  explicit VcfSearch(Board& board) : board_(board) {}

  // Does `side` (to move) win by at most `fours` fours? On success the zone is added to `zone`.
  bool wins(Stone side, int fours, MoveSet& zone);
  std::uint64_t nodes() const { return nodes_; }

 private:
  bool legal(Point p, Stone s) const;
  void add_block_zone(Point block, Stone blocker, MoveSet& zone) const;
  void add_forbidden_zone(Point p, Stone s, MoveSet& zone) const;

  Board& board_;
  std::uint64_t nodes_ = 0;
};

}  // namespace sgplan::models::gomoku
