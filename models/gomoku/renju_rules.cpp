#include "models/gomoku/renju_rules.hpp"

#include <array>
#include <bit>

namespace sgplan::models::gomoku {

namespace {

// The cells of a board, copied once, in which the recursion places and lifts stones.
class Checker {
 public:
  Checker(const Board& board, MoveSet* read)
      : board_(board), table_(LinePatternTable::get(true)), read_(read) {
    const auto& src = board.cells();
    for (std::size_t i = 0; i < src.size(); ++i) cells_[i] = src[i];
  }

  LinePattern pattern(int pp, int dir) const {
    const int s = board_.stride(dir);
    int code = 0;
    int i = 0;
    for (int k = -5; k <= 5; ++k) {
      if (k == 0) continue;
      const Stone x = cells_[static_cast<std::size_t>(pp + k * s)];
      const int cell = x == Stone::kEmpty ? 0 : x == Stone::kBlack ? 1 : 2;
      code += cell * kPow3[static_cast<std::size_t>(i++)];
    }
    return table_.at(code);
  }

  void note(int pp) {
    if (read_ != nullptr) board_.add_lines(board_.point_of(pp), 5, *read_);
  }

  // Steps: 1. a five: allowed. 2. an overline: forbidden. 3. two fours: forbidden. 4. fewer than
  // two threes by pattern: allowed. 5. place the stone; count the threes with an allowed
  // straight-four point (recursively); lift it. Two or more real threes: forbidden.
  bool forbidden(int pp, int depth, RenjuRules::Shapes* shapes = nullptr) {
    note(pp);
    std::array<LinePattern, 4> lines;
    bool five = false, overline = false;
    int fours = 0, threes = 0;
    for (int d = 0; d < 4; ++d) {
      lines[static_cast<std::size_t>(d)] = pattern(pp, d);
      const LinePattern& lp = lines[static_cast<std::size_t>(d)];
      five = five || lp.five();
      overline = overline || lp.overline();
      fours += lp.fours();
      threes += lp.three_points() != 0 ? 1 : 0;
    }
    if (shapes != nullptr) {
      shapes->five = five;
      shapes->overline = overline;
      shapes->fours = fours;
      shapes->threes = threes;
    }
    if (five) return false;
    if (overline || fours >= 2) return true;
    if (threes < 2 && shapes == nullptr) return false;
    cells_[static_cast<std::size_t>(pp)] = Stone::kBlack;
    int real = 0;
    for (int d = 0; d < 4 && (real < 2 || shapes != nullptr); ++d) {
      std::uint32_t mask = lines[static_cast<std::size_t>(d)].three_points();
      while (mask != 0) {
        const int offset = std::countr_zero(mask) - 5;
        mask &= mask - 1;
        const int e = pp + offset * board_.stride(d);
        if (depth >= RenjuRules::kMaxDepth || !forbidden(e, depth + 1)) {
          ++real;
          break;
        }
      }
    }
    cells_[static_cast<std::size_t>(pp)] = Stone::kEmpty;
    if (shapes != nullptr) shapes->real_threes = real;
    return real >= 2;
  }

 private:
  const Board& board_;
  const LinePatternTable& table_;
  MoveSet* read_;
  std::array<Stone, kMaxPadded> cells_{};
};

}  // namespace

bool RenjuRules::forbidden(const Board& board, Point p, MoveSet* read) {
  if (board.rule() != Rule::kRenju || !board.empty_at(p)) return false;
  if (read == nullptr && !board.suspects().contains(p)) return false;
  Checker checker(board, read);
  return checker.forbidden(board.padded(p), 0);
}

RenjuRules::Shapes RenjuRules::shapes(const Board& board, Point p) {
  Shapes s;
  if (!board.empty_at(p)) return s;
  Checker checker(board, nullptr);
  checker.forbidden(board.padded(p), 0, &s);
  return s;
}

}  // namespace sgplan::models::gomoku
