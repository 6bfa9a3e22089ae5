// The lambda searchers instantiated for Go-Moku (one place compiles the templates), and the check
// of a winning line by replaying it.
//
// replay_line: plays the line from the position, attacker first, alternating; every move must be
// legal for its side (an empty point; for Black under Renju not forbidden) and nobody may win
// before the end; the last move must give the attacker its five. It says which move broke the
// line, if any.
#pragma once

#include <string>
#include <vector>

#include "models/gomoku/board.hpp"
#include "search/lambda/lambda_options.hpp"
#include "search/lambda/plain_alphabeta.hpp"

namespace sgplan::models::gomoku {

search::lambda::LambdaResult solve_lambda(const Board& board, Stone attacker,
                                          const search::lambda::LambdaOptions& options);
search::lambda::PlainResult solve_plain(const Board& board, Stone attacker, int depth,
                                        std::uint64_t max_nodes, std::size_t table_mib = 64);

struct LineCheck {
  bool wins = false;       // legal throughout, and the attacker's last move makes its five
  int attacker_moves = 0;  // moves of the attacker in the line
  std::string problem;     // empty when it wins
};
LineCheck replay_line(const Board& board, Stone attacker, const std::vector<Point>& line);
// Plays a line that must stay open: every move legal, nobody wins (problem empty when fine).
LineCheck check_playable_line(const Board& board, Stone attacker, const std::vector<Point>& line);

// A published Renju line (a case file's `expect`): it stops at the attacker move after which the
// win can no longer be stopped. Replays it (every move legal, nobody wins before the end) and
// checks that end: the defender, to move, has no five of its own and cannot block every five of
// the attacker (two or more five points, or one the defender may not play).
LineCheck check_unstoppable_line(const Board& board, Stone attacker, const std::vector<Point>& line);

}  // namespace sgplan::models::gomoku
