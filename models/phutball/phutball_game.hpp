// Phutball as a threat game for lambda search and direct threats (search/lambda/threat_game.hpp):
// the attacker, to move first, wants the ball on or beyond its goal line (north or south), the
// defender on or beyond the other one. Men belong to nobody, so either side may jump any of them.
//
// Moves: a placement is the point's number (row * width + column); a jump sequence is
// points() + k, k its index in Board::jumps() of the position it is played in (so a jump's number
// means something only in its own position, which is how the searchers use moves). A jump that
// ends on or beyond the mover's own goal line hands the opponent the game and is left out of the
// legal moves (never worth making). A position with more jump sequences than move numbers left
// (kMaxMoves - points()) is refused with a ResourceError rather than searched with moves missing.
// No hints: every legal move is a candidate and every zone the whole board, so the searches follow
// the definitions exactly.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/move_set.hpp"
#include "models/phutball/board.hpp"

namespace sgplan::models::phutball {

class PhutballGame {
 public:
  // `attacker_south`: the attacker's goal is the last row (else the first).
  PhutballGame(Board board, bool attacker_south);

  const Board& board() const { return board_; }
  bool attacker_south() const { return attacker_south_; }

  std::size_t move_limit() const { return kMaxMoves; }
  bool attacker_to_move() const { return attacker_to_move_; }
  std::uint64_t hash() const;
  void legal_moves(MoveList& out) const;  // placements first, then jumps
  bool is_legal(Move m) const;
  void winning_moves(MoveList& out) const;  // the mover's jumps that end on or past its goal line
  bool defender_won() const { return past_line(!attacker_south_); }
  bool attacker_won() const { return past_line(attacker_south_); }
  void play(Move m);
  void pass();
  void undo();
  std::string move_name(Move m) const;

 private:
  // Whether the ball lies on or past the south (or north) goal line.
  bool past_line(bool south) const;
  bool mover_south() const { return attacker_to_move_ == attacker_south_; }
  bool ends_past(const Jump& j, bool south) const;
  const std::vector<Jump>& current_jumps() const;
  // The board's men change only through these, which keep men_hash_ (Zobrist keys of the men).
  void place(Point p);
  void remove(Point p);

  struct Undo {
    bool pass = false;
    int placed = -1;
    int ball_row = 0, ball_column = 0;
    std::vector<Point> removed;
  };
  Board board_;
  bool attacker_south_;
  bool attacker_to_move_ = true;
  std::uint64_t men_hash_ = 0;
  std::vector<Undo> history_;
  mutable std::vector<Jump> jumps_;  // of the current position, when jumps_valid_
  mutable bool jumps_valid_ = false;
};

}  // namespace sgplan::models::phutball
