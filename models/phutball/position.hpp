// A Phutball position to search: the board, which goal line the side to move (the attacker) wants
// the ball on or past, and the default order of the direct-threat search.
#pragma once

#include <string>

#include "models/phutball/board.hpp"

namespace sgplan::models::phutball {

struct PhutballPosition {
  Board board{3, 3, 1, 1};
  bool attacker_south = false;  // the attacker's goal is the last row (south), else the first
  int order = 2;                // winning_0 .. winning_order are tried
  std::string file;
};

// The largest board a position file may give: the move numbers above its points number the jump
// sequences (phutball_game.hpp), and 19 x 15 (the full game) must fit with room for them.
inline constexpr int kMaxPoints = 300;

}  // namespace sgplan::models::phutball
