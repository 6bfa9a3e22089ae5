#include "models/gomoku/line_patterns.hpp"

#include <algorithm>

namespace sgplan::models::gomoku {

namespace {

// The line -5..5 with the centre (index 5) own.
struct Line {
  std::array<Cell, 11> c{};
  Cell at(int offset) const {
    if (offset < -5 || offset > 5) return Cell::kBlocked;
    return c[static_cast<std::size_t>(offset + 5)];
  }
  void set(int offset, Cell v) { c[static_cast<std::size_t>(offset + 5)] = v; }
};

// The unbroken run of own stones through `offset`.
void run_through(const Line& line, int offset, int& lo, int& hi) {
  lo = offset;
  hi = offset;
  while (line.at(lo - 1) == Cell::kOwn) --lo;
  while (line.at(hi + 1) == Cell::kOwn) ++hi;
}

bool winning(int length, bool exact) {
  return exact ? length == 5 : length >= 5;
}

std::uint32_t bit(int offset) {
  return 1u << static_cast<unsigned>(offset + 5);
}

}  // namespace

int LinePatternTable::code_of(const std::array<Cell, 10>& cells) {
  int code = 0;
  for (std::size_t i = 0; i < 10; ++i) code += static_cast<int>(cells[i]) * kPow3[i];
  return code;
}

LinePattern LinePatternTable::evaluate(const std::array<Cell, 10>& cells, bool exact) {
  Line line;
  for (int i = 0; i < 5; ++i) line.set(i - 5, cells[static_cast<std::size_t>(i)]);
  for (int i = 5; i < 10; ++i) line.set(i - 4, cells[static_cast<std::size_t>(i)]);
  line.set(0, Cell::kOwn);

  std::uint32_t bits = 0;
  int lo = 0, hi = 0;
  run_through(line, 0, lo, hi);
  if (winning(hi - lo + 1, exact)) bits |= 1u;
  if (hi - lo + 1 >= 6) bits |= 2u;

  // Fours through the centre: completion points, and the distinct stone sets they complete.
  std::uint32_t five_points = 0;
  std::array<std::uint32_t, 9> four_sets{};
  int four_count = 0;
  for (int e = -4; e <= 4; ++e) {
    if (e == 0 || line.at(e) != Cell::kEmpty) continue;
    line.set(e, Cell::kOwn);
    run_through(line, 0, lo, hi);
    if (lo <= e && e <= hi && winning(hi - lo + 1, exact)) {
      five_points |= bit(e);
      std::uint32_t stones = 0;
      for (int k = lo; k <= hi; ++k) {
        if (k != e) stones |= bit(k);
      }
      bool seen = false;
      for (int i = 0; i < four_count; ++i) seen = seen || four_sets[static_cast<std::size_t>(i)] == stones;
      if (!seen) four_sets[static_cast<std::size_t>(four_count++)] = stones;
    }
    line.set(e, Cell::kEmpty);
  }
  bits |= static_cast<std::uint32_t>(std::min(four_count, 3)) << 2;
  bits |= five_points << 4;

  // Threes: points that make an unbroken four through the centre, open at both ends, each end
  // completing a winning five.
  std::uint32_t three_points = 0;
  for (int e = -4; e <= 4; ++e) {
    if (e == 0 || line.at(e) != Cell::kEmpty) continue;
    line.set(e, Cell::kOwn);
    run_through(line, 0, lo, hi);
    if (lo <= e && e <= hi && hi - lo + 1 == 4 && line.at(lo - 1) == Cell::kEmpty &&
        line.at(hi + 1) == Cell::kEmpty) {
      const bool left = !exact || line.at(lo - 2) != Cell::kOwn;
      const bool right = !exact || line.at(hi + 2) != Cell::kOwn;
      if (left && right) three_points |= bit(e);
    }
    line.set(e, Cell::kEmpty);
  }
  bits |= three_points << 15;

  int best = 0;
  for (int s = -4; s <= 0; ++s) {
    int own = 0;
    bool blocked = false;
    for (int k = s; k < s + 5; ++k) {
      blocked = blocked || line.at(k) == Cell::kBlocked;
      own += line.at(k) == Cell::kOwn ? 1 : 0;
    }
    if (!blocked) best = std::max(best, own);
  }
  bits |= static_cast<std::uint32_t>(best) << 26;
  return LinePattern{bits};
}

LinePatternTable::LinePatternTable(bool exact) {
  std::array<Cell, 10> cells{};
  for (int code = 0; code < kPatternCodes; ++code) {
    int x = code;
    for (std::size_t i = 0; i < 10; ++i) {
      cells[i] = static_cast<Cell>(x % 3);
      x /= 3;
    }
    const LinePattern lp = evaluate(cells, exact);
    table_[static_cast<std::size_t>(code)] = lp.bits;
    summary_[static_cast<std::size_t>(code)] = summary_of(lp);
  }
}

std::uint8_t LinePatternTable::summary_of(LinePattern lp) {
  return static_cast<std::uint8_t>(
      (lp.five() ? 1u : 0u) | (lp.overline() ? 2u : 0u) | static_cast<std::uint32_t>(lp.fours()) << 2 |
      (lp.three_points() != 0 ? 16u : 0u) | static_cast<std::uint32_t>(lp.best_window()) << 5);
}

const LinePatternTable& LinePatternTable::get(bool exact) {
  static const LinePatternTable exact_table(true);
  static const LinePatternTable long_table(false);
  return exact ? exact_table : long_table;
}

}  // namespace sgplan::models::gomoku
