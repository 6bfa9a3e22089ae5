// Line patterns: the table equals the direct evaluation for every neighbourhood, and hand-checked
// shapes give the documented fives, fours, five points, threes and windows.
#include "models/gomoku/line_patterns.hpp"

#include <gtest/gtest.h>

#include <string>

namespace sgplan::models::gomoku {
namespace {

// "..o.X.o..." : 11 characters, offsets -5..5, the centre 'X' (the stone placed); '.' empty, 'o'
// own, 'x' blocked.
LinePattern shape(const std::string& line, bool exact) {
  EXPECT_EQ(line.size(), 11u);
  std::array<Cell, 10> cells{};
  int i = 0;
  for (int k = 0; k < 11; ++k) {
    if (k == 5) continue;
    const char c = line[static_cast<std::size_t>(k)];
    cells[static_cast<std::size_t>(i++)] = c == 'o' ? Cell::kOwn : c == 'x' ? Cell::kBlocked : Cell::kEmpty;
  }
  return LinePatternTable::get(exact).at(LinePatternTable::code_of(cells));
}

std::uint32_t bits(std::initializer_list<int> offsets) {
  std::uint32_t b = 0;
  for (int o : offsets) b |= 1u << static_cast<unsigned>(o + 5);
  return b;
}

TEST(LinePatterns, TableEqualsEvaluation) {
  for (bool exact : {false, true}) {
    const LinePatternTable& t = LinePatternTable::get(exact);
    for (int code = 0; code < kPatternCodes; code += 7) {
      std::array<Cell, 10> cells{};
      int x = code;
      for (auto& c : cells) {
        c = static_cast<Cell>(x % 3);
        x /= 3;
      }
      ASSERT_EQ(t.at(code).bits, LinePatternTable::evaluate(cells, exact).bits) << code;
    }
  }
}

TEST(LinePatterns, FivesAndOverlines) {
  EXPECT_TRUE(shape("...ooXoo...", true).five());
  EXPECT_FALSE(shape("...ooXoo...", true).overline());
  EXPECT_FALSE(shape("..oooXoo...", true).five());  // six: no five for an exact colour
  EXPECT_TRUE(shape("..oooXoo...", true).overline());
  EXPECT_TRUE(shape("..oooXoo...", false).five());  // five or more
  EXPECT_FALSE(shape("...ooX.o...", true).five());
}

TEST(LinePatterns, FoursAndTheirFivePoints) {
  const LinePattern straight = shape("...ooXo....", true);  // .oooo. : one four, two points
  EXPECT_EQ(straight.fours(), 1);
  EXPECT_EQ(straight.five_points(), bits({-3, 2}));
  const LinePattern broken = shape("..o.oXo....", true);  // o.ooo : one four at -2
  EXPECT_EQ(broken.fours(), 1);
  EXPECT_EQ(broken.five_points(), bits({-2}));
  const LinePattern two = shape("..o.oXo.o..", true);  // o.ooo.o : two fours, one line
  EXPECT_EQ(two.fours(), 2);
  EXPECT_EQ(two.five_points(), bits({-2, 2}));
  // o.oooo (the centre one of the four): the gap would make six. Exact: only the far end is a
  // five point; five-or-more: both are, and they complete different stone sets.
  EXPECT_EQ(shape("...o.Xooo..", true).fours(), 1);
  EXPECT_EQ(shape("...o.Xooo..", true).five_points(), bits({4}));
  EXPECT_EQ(shape("...o.Xooo..", false).fours(), 2);
  EXPECT_EQ(shape("...o.Xooo..", false).five_points(), bits({-1, 4}));
  // A closed four: xoooo.
  EXPECT_EQ(shape("..xooXo....", true).fours(), 1);
  EXPECT_EQ(shape("..xooXo....", true).five_points(), bits({2}));
}

TEST(LinePatterns, ThreesAndWindows) {
  const LinePattern open = shape("....oXo....", true);  // .ooo. : straight fours at -2 and 2
  EXPECT_EQ(open.three_points(), bits({-2, 2}));
  EXPECT_EQ(open.fours(), 0);
  EXPECT_EQ(open.best_window(), 3);
  const LinePattern split = shape("....oX.o...", true);  // .oo.o. : the gap makes it straight
  EXPECT_EQ(split.three_points(), bits({1}));
  const LinePattern closed = shape("...xoXo....", true);  // xooo.. : no straight four
  EXPECT_EQ(closed.three_points(), 0u);
  EXPECT_EQ(closed.best_window(), 3);
  EXPECT_EQ(shape(".....X.....", true).best_window(), 1);
  EXPECT_EQ(shape("....xXx....", true).best_window(), 0);
  EXPECT_EQ(shape("...o.X.....", true).best_window(), 2);
}

}  // namespace
}  // namespace sgplan::models::gomoku
