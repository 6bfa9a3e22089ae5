// A deliberately naive Go board for the conformance tests: every question is answered by flood
// fill from the cells, nothing is kept incrementally. The same rules as models/go/board.hpp
// (captures, suicide forbidden, simple ko), written independently.
#pragma once

#include <vector>

#include "models/go/vertex.hpp"

namespace sgplan::testing {

using models::go::Color;
using models::go::Point;

class ReferenceBoard {
 public:
  explicit ReferenceBoard(int size)
      : size_(size), cells_(static_cast<std::size_t>(size * size), Color::kEmpty) {}

  Color at(Point p) const { return cells_[p]; }
  std::vector<Point> neighbours(Point p) const {
    std::vector<Point> out;
    const int r = p / size_, c = p % size_;
    if (c > 0) out.push_back(static_cast<Point>(p - 1));
    if (c + 1 < size_) out.push_back(static_cast<Point>(p + 1));
    if (r > 0) out.push_back(static_cast<Point>(p - size_));
    if (r + 1 < size_) out.push_back(static_cast<Point>(p + size_));
    return out;
  }
  // The string through p and its liberties.
  void group(Point p, std::vector<Point>& stones, std::vector<Point>& libs) const {
    stones.clear();
    libs.clear();
    std::vector<char> seen(cells_.size(), 0);
    std::vector<Point> stack{p};
    seen[p] = 1;
    while (!stack.empty()) {
      const Point s = stack.back();
      stack.pop_back();
      stones.push_back(s);
      for (Point q : neighbours(s)) {
        if (seen[q] != 0) continue;
        if (cells_[q] == Color::kEmpty) {
          seen[q] = 1;
          libs.push_back(q);
        } else if (cells_[q] == cells_[p]) {
          seen[q] = 1;
          stack.push_back(q);
        }
      }
    }
  }
  int liberties(Point p) const {
    std::vector<Point> s, l;
    group(p, s, l);
    return static_cast<int>(l.size());
  }
  // Plays c at p; false (nothing changed) when occupied, suicide or a forbidden ko retake.
  bool play(Point p, Color c) {
    if (cells_[p] != Color::kEmpty) return false;
    if (p == ko_ && c == ko_banned_) return false;
    std::vector<Color> before = cells_;
    cells_[p] = c;
    int captured = 0;
    Point captured_at = models::go::kNoPoint;
    std::vector<Point> stones, libs;
    for (Point q : neighbours(p)) {
      if (cells_[q] != models::go::opponent(c)) continue;
      group(q, stones, libs);
      if (!libs.empty()) continue;
      for (Point s : stones) cells_[s] = Color::kEmpty;
      captured += static_cast<int>(stones.size());
      captured_at = q;
    }
    group(p, stones, libs);
    if (libs.empty()) {
      cells_ = before;
      return false;
    }
    if (captured == 1 && stones.size() == 1 && libs.size() == 1) {
      ko_ = captured_at;
      ko_banned_ = models::go::opponent(c);
    } else {
      ko_ = models::go::kNoPoint;
      ko_banned_ = Color::kEmpty;
    }
    return true;
  }
  void pass() {
    ko_ = models::go::kNoPoint;
    ko_banned_ = Color::kEmpty;
  }
  bool is_legal(Point p, Color c) const {
    ReferenceBoard copy = *this;
    return copy.play(p, c);
  }

 private:
  int size_;
  std::vector<Color> cells_;
  Point ko_ = models::go::kNoPoint;
  Color ko_banned_ = Color::kEmpty;
};

}  // namespace sgplan::testing
