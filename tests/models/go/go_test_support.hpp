// Helpers of the Go tests: boards from diagrams (top row first, 'X' black, 'O' white, '.' empty),
// points by GTP name, and where the shared GNU Go cases live ($SGPLAN_CASES/gnugo).
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/go/board.hpp"
#include "models/go/go_play.hpp"

namespace sgplan::testing {

inline models::go::Board diagram(const std::vector<std::string>& rows) {
  const int size = static_cast<int>(rows.size());
  models::go::Board b(size);
  for (int r = 0; r < size; ++r) {
    const std::string& row = rows[static_cast<std::size_t>(r)];
    EXPECT_EQ(static_cast<int>(row.size()), size) << "row " << r;
    for (int c = 0; c < size && c < static_cast<int>(row.size()); ++c) {
      const auto p = static_cast<models::go::Point>((size - 1 - r) * size + c);
      if (row[static_cast<std::size_t>(c)] == 'X') b.setup(p, models::go::Color::kBlack);
      if (row[static_cast<std::size_t>(c)] == 'O') b.setup(p, models::go::Color::kWhite);
    }
  }
  return b;
}

inline models::go::Point pt(const std::string& name, int size) {
  const auto p = models::go::parse_vertex(name, size);
  EXPECT_TRUE(p.has_value()) << name;
  return p.value_or(0);
}

// A random position of `size` x `size`: `stones` tries of a random point and colour; a try on an
// occupied point, or one that would leave a string without a liberty, places nothing.
inline models::go::Board random_board(std::mt19937& rng, int size, int stones) {
  models::go::Board b(size);
  const auto points = static_cast<unsigned>(size * size);
  for (int i = 0; i < stones; ++i) {
    const auto p = static_cast<models::go::Point>(rng() % points);
    if (!b.empty_at(p)) continue;
    try {
      b.setup(p, rng() % 2 == 0 ? models::go::Color::kBlack : models::go::Color::kWhite);
    } catch (const std::invalid_argument&) {
    }
  }
  return b;
}

// Everything a Go threat game's hash() covers when no side has a limited number of ko threats,
// but the goal: the stones, the side to move, and the ko point when it binds the side to move.
inline std::string go_position_key(const models::go::GoPlay& g) {
  const models::go::Board& b = g.board();
  std::string key = b.text() + (g.to_move() == models::go::Color::kBlack ? "X" : "O") + " to move";
  const bool free =
      g.to_move() == g.attacker() ? g.rules().attacker_ignores_ko : g.rules().defender_ignores_ko;
  if (b.ko_point() != models::go::kNoPoint && b.ko_banned() == g.to_move() && !free) {
    key += ", ko at " + models::go::vertex_name(b.ko_point(), b.size());
  }
  return key;
}

inline std::filesystem::path gnugo_cases() {
  if (const char* env = std::getenv("SGPLAN_CASES"); env != nullptr && *env != '\0') {
    return std::filesystem::path(env) / "gnugo";
  }
  return std::filesystem::path(SGPLAN_CASES_DEFAULT) / "gnugo";
}

inline std::string missing_gnugo_message() {
  return "the GNU Go cases are not at " + gnugo_cases().string() +
         " (set SGPLAN_CASES to the folder holding gnugo/)";
}

}  // namespace sgplan::testing
