#include "models/gomoku/gomoku_solver.hpp"

#include "models/gomoku/coordinates.hpp"
#include "models/gomoku/gomoku_game.hpp"
#include "search/lambda/lambda_search.hpp"

namespace sgplan::models::gomoku {

search::lambda::LambdaResult solve_lambda(const Board& board, Stone attacker,
                                          const search::lambda::LambdaOptions& options) {
  GomokuGame game(board, attacker);
  return search::lambda::lambda_search(game, options);
}

search::lambda::PlainResult solve_plain(const Board& board, Stone attacker, int depth,
                                        std::uint64_t max_nodes, std::size_t table_mib) {
  GomokuGame game(board, attacker);
  return search::lambda::plain_alphabeta(game, depth, max_nodes, table_mib);
}

namespace {

// Plays `line` into `game`; false (with the problem) at the first illegal move or early win.
bool play_line(GomokuGame& game, const std::vector<Point>& line, LineCheck& check) {
  const int size = game.board().size();
  for (std::size_t i = 0; i < line.size(); ++i) {
    const Point p = line[i];
    const std::string name = point_name(p, size);
    const std::string who = game.attacker_to_move() ? "the attacker" : "the defender";
    if (game.winner() != Stone::kEmpty) {
      check.problem = "the game was over before move " + std::to_string(i + 1) + " (" + name + ")";
      return false;
    }
    if (p >= game.board().points() || !game.board().empty_at(p)) {
      check.problem = "move " + std::to_string(i + 1) + " (" + name + ") is on an occupied point";
      return false;
    }
    if (!game.is_legal(p)) {
      check.problem = "move " + std::to_string(i + 1) + " (" + name + ") is forbidden for " + who;
      return false;
    }
    if (game.attacker_to_move()) ++check.attacker_moves;
    game.play(p);
  }
  return true;
}

}  // namespace

LineCheck check_unstoppable_line(const Board& board, Stone attacker, const std::vector<Point>& line) {
  LineCheck check;
  GomokuGame game(board, attacker);
  if (!play_line(game, line, check)) return check;
  if (game.winner() != Stone::kEmpty) {
    check.problem = "the game is over at the end of the line";
    return check;
  }
  if (game.attacker_to_move()) {
    check.problem = "the line does not end with an attacker move";
    return check;
  }
  MoveList own;
  game.winning_moves(own);
  if (!own.empty()) {
    check.problem = "the defender has a five at " + point_name(own[0], board.size());
    return check;
  }
  const MoveSet& fives = game.board().fives(attacker);
  int blockable = 0;
  fives.for_each([&](Move m) { blockable += game.is_legal(m) ? 1 : 0; });
  if (fives.empty()) {
    check.problem = "the attacker has no five point at the end of the line";
  } else if (fives.size() == 1 && blockable == 1) {
    check.problem = "the defender can block the only five point";
  } else {
    check.wins = true;
  }
  return check;
}

LineCheck check_playable_line(const Board& board, Stone attacker, const std::vector<Point>& line) {
  LineCheck check;
  GomokuGame game(board, attacker);
  if (play_line(game, line, check) && game.winner() != Stone::kEmpty) {
    check.problem = "the line ends the game";
  }
  return check;
}

LineCheck replay_line(const Board& board, Stone attacker, const std::vector<Point>& line) {
  LineCheck check;
  GomokuGame game(board, attacker);
  if (!play_line(game, line, check)) return check;
  if (!game.attacker_won()) {
    check.problem = "the line does not end with the attacker's five";
    return check;
  }
  check.wins = true;
  return check;
}

}  // namespace sgplan::models::gomoku
