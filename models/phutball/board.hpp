// Philosopher's Football (Phutball; Berlekamp, Conway and Guy, Winning Ways, chapter 22): a board
// of points (19 x 15 for the full game, smaller for tests), one ball and any number of men, which
// belong to nobody. A move either places a man on an empty point or moves the ball by a jump: over
// a contiguous line of men (one or more, in any of the 8 directions) to the first point beyond,
// which must be empty or lie past a goal line, the men jumped being removed at once; a jump may be
// followed by more jumps in the same move, and the mover may stop after any of them. The goal
// lines are the first row (north) and the last row (south); a side wins when the ball ends its move
// on or beyond the opponent's goal line (a jump off the board across a goal line ends the move
// there; off a side edge is not a jump). The ball may pass through a goal line mid-move.
//
// Invariants: points are row * width + column, row 0 the north goal line; the ball is on an empty
// point of the board or past a goal line (row -1 or height, then the game is over); every jump
// sequence lists the points the ball lands on and the men it removes, in order.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace sgplan::models::phutball {

using Point = std::uint16_t;

struct Jump {
  std::vector<int>
      landings;  // the ball's row * width + column after each jump (a row of -1 or height: past a goal)
  std::vector<Point> removed;  // the men jumped, in the order they are removed
  int final_row = 0;           // the row the ball ends on (-1 or height past a goal line)
  int final_column = 0;
};

class Board {
 public:
  // An empty board with the ball on (row, column); width and height at least 3.
  Board(int width, int height, int ball_row, int ball_column);

  int width() const { return width_; }
  int height() const { return height_; }
  int points() const { return width_ * height_; }
  Point point(int row, int column) const { return static_cast<Point>(row * width_ + column); }
  int row_of(Point p) const { return p / width_; }
  int column_of(Point p) const { return p % width_; }
  bool on_board(int row, int column) const {
    return row >= 0 && row < height_ && column >= 0 && column < width_;
  }

  bool man(Point p) const { return men_[p] != 0; }
  int ball_row() const { return ball_row_; }
  int ball_column() const { return ball_column_; }
  bool ball_on_board() const { return on_board(ball_row_, ball_column_); }
  bool ball_at(Point p) const { return ball_on_board() && point(ball_row_, ball_column_) == p; }
  // Empty: no man and not the ball.
  bool empty(Point p) const { return !man(p) && !ball_at(p); }

  void place(Point p);   // p is empty
  void remove(Point p);  // p holds a man
  void move_ball(int row, int column);

  // Every jump sequence from the ball's point, each stopping place after one or more jumps a
  // sequence of its own (two sequences removing different men are different moves; two that
  // remove the same men and stop on the same point are one), depth first in the direction order
  // N, NE, E, SE, S, SW, W, NW.
  std::vector<Jump> jumps() const;

  // Rows top to bottom, '.' empty, 'o' a man, '*' the ball (when on the board).
  std::string text() const;

 private:
  void extend(Jump& current, std::vector<char>& men, std::vector<Jump>& out) const;

  int width_, height_;
  std::vector<char> men_;
  int ball_row_, ball_column_;
};

}  // namespace sgplan::models::phutball
