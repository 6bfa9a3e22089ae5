// Line patterns of five-in-a-row: what placing a stone at a point does along one line, read from
// the five cells on either side (each empty, own, or blocked: the opponent's stone or the edge).
//
// For every one of the 3^10 neighbourhoods the table holds, for a stone placed at the centre:
//   five        it makes a winning five (exactly five for an "exact" colour: Black in Renju and
//               both colours in standard Go-Moku; five or more otherwise)
//   overline    it makes six or more in a row
//   fours       how many distinct fours through it it makes (0..2): a four is a set of four stones
//               that one more stone turns into a winning five; a straight four (.oooo.) is one four
//               with two completion points, o.ooo.o on one line is two (RIF definitions)
//   five points the completion points of those fours (offsets -4..4)
//   three points the points e such that adding e makes a straight four through the centre (an
//               unbroken four whose both ends complete a winning five): the centre then makes a
//               three in this line, real or not (Renju realness is decided by renju_rules.hpp)
//   best window the most own stones (centre included) in a five-cell window through the centre
//               free of blocked cells: 3 makes a "sword" (a four next move), 2 a "two"
// Offsets are -5..5 with bit (offset + 5) in the masks. Tables are built once, on first use.
#pragma once

#include <array>
#include <cstdint>

namespace sgplan::models::gomoku {

struct LinePattern {
  std::uint32_t bits = 0;

  bool five() const { return (bits & 1u) != 0; }
  bool overline() const { return (bits & 2u) != 0; }
  int fours() const { return static_cast<int>((bits >> 2) & 3u); }
  std::uint32_t five_points() const { return (bits >> 4) & 0x7FFu; }
  std::uint32_t three_points() const { return (bits >> 15) & 0x7FFu; }
  int best_window() const { return static_cast<int>((bits >> 26) & 7u); }
};

enum class Cell : std::uint8_t { kEmpty = 0, kOwn = 1, kBlocked = 2 };

inline constexpr int kPatternCodes = 59049;  // 3^10

class LinePatternTable {
 public:
  // exact: only exactly five wins (and six or more is an overline).
  static const LinePatternTable& get(bool exact);

  LinePattern at(int code) const { return LinePattern{table_[static_cast<std::size_t>(code)]}; }
  // The one-byte summary of at(code), for the board's incremental update: bit 0 five, bit 1
  // overline, bits 2-3 fours, bit 4 a three, bits 5-7 the best window.
  std::uint8_t summary(int code) const { return summary_[static_cast<std::size_t>(code)]; }
  static std::uint8_t summary_of(LinePattern lp);

  // The code of a neighbourhood: cells at offsets -5..-1 and 1..5, in that order.
  static int code_of(const std::array<Cell, 10>& cells);
  // Evaluates one neighbourhood directly (the table's definition; tests compare the two).
  static LinePattern evaluate(const std::array<Cell, 10>& cells, bool exact);

 private:
  explicit LinePatternTable(bool exact);
  std::array<std::uint32_t, kPatternCodes> table_{};
  std::array<std::uint8_t, kPatternCodes> summary_{};
};

// 3^i for the code of offset index i (0..9).
inline constexpr std::array<int, 10> kPow3 = {1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683};

}  // namespace sgplan::models::gomoku
