// The Go-Moku board, 5x5 to 19x19, with incrementally maintained line patterns.
//
// Points are indices row * size + column, row 0 at the bottom (row "1") and column 0 on the left
// (column "A"), as in the Renju case files. Internally the cells sit in a grid padded with five
// wall cells on every side, so a line neighbourhood never leaves the array.
// For every point, colour and direction the board keeps the code of the point's line neighbourhood
// (the five cells each way, as seen by that colour), so the LinePattern of placing that colour there
// is one table lookup (line_patterns.hpp). Placing or removing a stone changes one digit of the
// codes of the points within five cells along its four lines (40 at most) and refreshes the
// per-colour point sets derived from them:
//   fives    points where the colour completes a winning five
//   fours    points where it makes a four (a new five point through it)
//   swords   points where it gets three stones in a clean five-cell window
//   twos     points where it gets two or more (so the swords are twos too)
//   suspects (Renju, Black) points that may be forbidden: two threes, two fours or an overline by
//            pattern; renju_rules.hpp decides
// Winning fives are exact for Black under Renju and for both colours under standard rules; five
// or more otherwise. The board does not know whose turn it is (GomokuGame does).
// Invariant: the pattern cache equals a recomputation from scratch (tests check it after random
// play and undo). The Zobrist hash covers the stones only.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/move_set.hpp"
#include "models/gomoku/line_patterns.hpp"

namespace sgplan::models::gomoku {

using sgplan::MoveSet;
using Point = std::uint16_t;

enum class Stone : std::uint8_t { kEmpty = 0, kBlack = 1, kWhite = 2, kWall = 3 };
enum class Rule : std::uint8_t { kFreestyle, kStandard, kRenju };

inline Stone opponent(Stone s) {
  return s == Stone::kBlack ? Stone::kWhite : Stone::kBlack;
}
std::string rule_name(Rule r);
std::string stone_name(Stone s);  // "black" / "white"

inline constexpr int kMinSize = 5;
inline constexpr int kMaxSize = 19;
inline constexpr int kPad = 5;
inline constexpr int kMaxPadded = (kMaxSize + 2 * kPad) * (kMaxSize + 2 * kPad);

class Board {
 public:
  Board(int size, Rule rule);

  int size() const { return size_; }
  int points() const { return size_ * size_; }
  Rule rule() const { return rule_; }
  Stone at(Point p) const { return cells_[static_cast<std::size_t>(padded(p))]; }
  bool empty_at(Point p) const { return at(p) == Stone::kEmpty; }
  int stones() const { return stones_; }
  std::uint64_t hash() const { return hash_; }
  static std::uint64_t zobrist(Stone s, Point p);

  // Places a stone on an empty point / removes one.
  void place(Point p, Stone s);
  void remove(Point p);

  // Does colour c win with exactly five (true) or five or more (false)?
  bool exact_five(Stone c) const {
    return rule_ == Rule::kStandard || (rule_ == Rule::kRenju && c == Stone::kBlack);
  }

  LinePattern pattern(Point p, Stone c, int dir) const {
    const std::size_t ci = index(c);
    return tables_[ci]->at(codes_[ci][static_cast<std::size_t>(dir)][p]);
  }
  const MoveSet& fives(Stone c) const { return fives_[index(c)]; }
  const MoveSet& fours(Stone c) const { return fours_[index(c)]; }
  const MoveSet& swords(Stone c) const { return swords_[index(c)]; }
  const MoveSet& twos(Stone c) const { return twos_[index(c)]; }
  const MoveSet& suspects() const { return suspects_; }

  // The pattern of placing c at p in direction dir, computed from the cells (not the cache).
  LinePattern compute_pattern(Point p, Stone c, int dir) const;
  // Every cached pattern and set equals a recomputation (for the tests).
  bool cache_consistent() const;

  // Geometry.
  int width() const { return size_ + 2 * kPad; }
  int padded(Point p) const { return padded_[p]; }
  Point point_of(int padded_index) const { return point_[static_cast<std::size_t>(padded_index)]; }
  int stride(int dir) const {
    const int w = width();
    return dir == 0 ? 1 : dir == 1 ? w : dir == 2 ? w + 1 : w - 1;
  }
  const std::vector<Stone>& cells() const { return cells_; }
  // Every point on the four lines through p within `radius` cells, p included.
  void add_lines(Point p, int radius, MoveSet& out) const;
  // The empty points of every five-cell window through p that `owner` could still fill (no wall,
  // no opponent stone) and that holds at least `min_own` of owner's stones, p counted as one.
  void add_live_windows(Point p, Stone owner, int min_own, MoveSet& out) const;

 private:
  static std::size_t index(Stone c) { return c == Stone::kBlack ? 0 : 1; }
  int compute_code(Point p, Stone c, int dir) const;
  // Adds sign * (the stone's digit) to the codes of the points along the lines through pp.
  void update_codes(int padded_index, Stone s, int sign);
  void refresh_flags(Point p, std::size_t colour);

  int size_;
  Rule rule_;
  int stones_ = 0;
  std::uint64_t hash_ = 0;
  std::vector<Stone> cells_;
  // [colour][direction][point]: the neighbourhood code, kept for occupied points too
  std::array<std::array<std::vector<std::uint16_t>, 4>, 2> codes_;
  // [colour][point]: the summaries of the four directions, one byte each
  std::array<std::vector<std::uint32_t>, 2> summaries_;
  // [colour][point]: the set memberships last written (five, four, sword, two, suspect)
  std::array<std::vector<std::uint8_t>, 2> flags_;
  std::array<MoveSet, 2> fives_, fours_, swords_, twos_;
  MoveSet suspects_;
  std::array<const LinePatternTable*, 2> tables_{};
  std::vector<std::uint16_t> padded_;  // point -> padded index
  std::vector<Point> point_;           // padded index -> point (walls: 0)
};

}  // namespace sgplan::models::gomoku
