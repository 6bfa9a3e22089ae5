#include "models/phutball/board.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <utility>

#include "core/errors.hpp"

namespace sgplan::models::phutball {

namespace {
constexpr std::size_t kMaxJumpSequences = 20'000;
constexpr int kDirections[8][2] = {{-1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}};
}  // namespace

Board::Board(int width, int height, int ball_row, int ball_column)
    : width_(width),
      height_(height),
      men_(static_cast<std::size_t>(width * height), 0),
      ball_row_(ball_row),
      ball_column_(ball_column) {
  if (width < 3 || height < 3) throw std::invalid_argument("a phutball board needs at least 3 x 3 points");
  if (!on_board(ball_row, ball_column)) throw std::invalid_argument("the ball must start on the board");
}

void Board::place(Point p) {
  men_[p] = 1;
}
void Board::remove(Point p) {
  men_[p] = 0;
}
void Board::move_ball(int row, int column) {
  ball_row_ = row;
  ball_column_ = column;
}

std::vector<Jump> Board::jumps() const {
  std::vector<Jump> out;
  if (!ball_on_board()) return out;
  Jump current;
  current.final_row = ball_row_;
  current.final_column = ball_column_;
  std::vector<char> men = men_;
  extend(current, men, out);
  // Two sequences that remove the same men and leave the ball on the same point give the same
  // position: one move. Keep the first of each.
  std::set<std::pair<int, std::vector<Point>>> seen;
  std::vector<Jump> distinct;
  for (Jump& j : out) {
    std::vector<Point> removed = j.removed;
    std::sort(removed.begin(), removed.end());
    if (seen.emplace(j.final_row * (width_ + 2) + j.final_column, std::move(removed)).second)
      distinct.push_back(std::move(j));
  }
  return distinct;
}

// From the ball's place in `current` (men as they stand after its removals): every single jump,
// recorded as a move of its own, then continued.
void Board::extend(Jump& current, std::vector<char>& men, std::vector<Jump>& out) const {
  const int r0 = current.final_row, c0 = current.final_column;
  for (const auto& d : kDirections) {
    int r = r0 + d[0], c = c0 + d[1];
    std::size_t jumped = 0;
    while (on_board(r, c) && men[static_cast<std::size_t>(point(r, c))] != 0) {
      ++jumped;
      r += d[0];
      c += d[1];
    }
    if (jumped == 0) continue;
    const bool past_goal = (r < 0 || r >= height_) && c >= 0 && c < width_;
    if (!on_board(r, c) && !past_goal) continue;  // off a side edge
    Jump next = current;
    for (std::size_t k = 1; k <= jumped; ++k) {
      const Point p = point(r0 + d[0] * static_cast<int>(k), c0 + d[1] * static_cast<int>(k));
      next.removed.push_back(p);
      men[p] = 0;
    }
    next.landings.push_back(r * width_ + c);
    next.final_row = r;
    next.final_column = c;
    // The sequences can grow exponentially with the men around the ball: refuse before the time
    // and memory do.
    if (out.size() >= kMaxJumpSequences)
      throw ResourceError("more than " + std::to_string(kMaxJumpSequences) +
                          " jump sequences from the ball's point: the position is too crowded to search");
    out.push_back(next);
    if (!past_goal) extend(next, men, out);
    for (Point p : next.removed) men[p] = 1;
    for (Point p : current.removed) men[p] = 0;  // restore exactly the state on entry
  }
}

std::string Board::text() const {
  std::string s;
  for (int r = 0; r < height_; ++r) {
    for (int c = 0; c < width_; ++c) {
      const Point p = point(r, c);
      s += ball_at(p) ? '*' : man(p) ? 'o' : '.';
    }
    s += '\n';
  }
  return s;
}

}  // namespace sgplan::models::phutball
