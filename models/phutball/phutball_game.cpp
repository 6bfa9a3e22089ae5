#include "models/phutball/phutball_game.hpp"

#include "core/errors.hpp"
#include "core/hash.hpp"

namespace sgplan::models::phutball {

namespace {
// Zobrist keys from a fixed seed: a man on point p, the ball on point p (p + 1024; past a goal
// line, 3000 and 3001), the attacker to move.
std::uint64_t key(std::uint64_t n) {
  return mix64(0x5048555442414c4cULL + n * 0x9e3779b97f4a7c15ULL);
}
}  // namespace

PhutballGame::PhutballGame(Board board, bool attacker_south)
    : board_(std::move(board)), attacker_south_(attacker_south) {
  if (board_.points() >= static_cast<int>(kMaxMoves))
    throw ResourceError("a phutball board of " + std::to_string(board_.points()) +
                        " points leaves no move numbers for jumps (at most " + std::to_string(kMaxMoves - 1) +
                        " points)");
  for (int p = 0; p < board_.points(); ++p) {
    if (board_.man(static_cast<Point>(p))) men_hash_ ^= key(static_cast<std::uint64_t>(p));
  }
}

void PhutballGame::place(Point p) {
  board_.place(p);
  men_hash_ ^= key(p);
}

void PhutballGame::remove(Point p) {
  board_.remove(p);
  men_hash_ ^= key(p);
}

std::uint64_t PhutballGame::hash() const {
  std::uint64_t h = men_hash_ ^ (attacker_to_move_ ? key(5000) : 0);
  const int r = board_.ball_row();
  h ^= r < 0                  ? key(3000)
       : r >= board_.height() ? key(3001)
                              : key(1024 + static_cast<std::uint64_t>(board_.point(r, board_.ball_column())));
  return h;
}

bool PhutballGame::past_line(bool south) const {
  return south ? board_.ball_row() >= board_.height() - 1 : board_.ball_row() <= 0;
}

bool PhutballGame::ends_past(const Jump& j, bool south) const {
  return south ? j.final_row >= board_.height() - 1 : j.final_row <= 0;
}

const std::vector<Jump>& PhutballGame::current_jumps() const {
  if (!jumps_valid_) {
    jumps_ = board_.jumps();
    jumps_valid_ = true;
    const std::size_t room = kMaxMoves - static_cast<std::size_t>(board_.points());
    if (jumps_.size() > room) {
      throw ResourceError("a phutball position with " + std::to_string(jumps_.size()) +
                          " jump sequences: at most " + std::to_string(room) +
                          " fit beside the placements on this board");
    }
  }
  return jumps_;
}

void PhutballGame::legal_moves(MoveList& out) const {
  out.clear();
  if (attacker_won() || defender_won()) return;
  for (int p = 0; p < board_.points(); ++p) {
    if (board_.empty(static_cast<Point>(p))) out.push_back(static_cast<Move>(p));
  }
  const std::vector<Jump>& jumps = current_jumps();
  for (std::size_t k = 0; k < jumps.size(); ++k) {
    if (!ends_past(jumps[k], !mover_south()))
      out.push_back(static_cast<Move>(board_.points() + static_cast<int>(k)));
  }
}

bool PhutballGame::is_legal(Move m) const {
  if (attacker_won() || defender_won() || m >= kMaxMoves) return false;
  if (m < board_.points()) return board_.empty(static_cast<Point>(m));
  const std::vector<Jump>& jumps = current_jumps();
  const std::size_t k = m - static_cast<std::size_t>(board_.points());
  return k < jumps.size() && !ends_past(jumps[k], !mover_south());
}

void PhutballGame::winning_moves(MoveList& out) const {
  out.clear();
  if (attacker_won() || defender_won()) return;
  const std::vector<Jump>& jumps = current_jumps();
  for (std::size_t k = 0; k < jumps.size(); ++k) {
    if (ends_past(jumps[k], mover_south()))
      out.push_back(static_cast<Move>(board_.points() + static_cast<int>(k)));
  }
}

void PhutballGame::play(Move m) {
  Undo u;
  u.ball_row = board_.ball_row();
  u.ball_column = board_.ball_column();
  if (m < board_.points()) {
    place(static_cast<Point>(m));
    u.placed = m;
  } else {
    const Jump j = current_jumps()[m - static_cast<std::size_t>(board_.points())];
    for (Point p : j.removed) remove(p);
    board_.move_ball(j.final_row, j.final_column);
    u.removed = j.removed;
  }
  history_.push_back(std::move(u));
  attacker_to_move_ = !attacker_to_move_;
  jumps_valid_ = false;
}

void PhutballGame::pass() {
  Undo u;
  u.pass = true;
  u.ball_row = board_.ball_row();
  u.ball_column = board_.ball_column();
  history_.push_back(std::move(u));
  attacker_to_move_ = !attacker_to_move_;
  jumps_valid_ = false;
}

void PhutballGame::undo() {
  const Undo u = std::move(history_.back());
  history_.pop_back();
  if (u.placed >= 0) remove(static_cast<Point>(u.placed));
  for (Point p : u.removed) place(p);
  board_.move_ball(u.ball_row, u.ball_column);
  attacker_to_move_ = !attacker_to_move_;
  jumps_valid_ = false;
}

std::string PhutballGame::move_name(Move m) const {
  const auto name = [&](int row, int column) {
    return std::string(1, static_cast<char>('A' + column)) + std::to_string(board_.height() - row);
  };
  if (m == kPass) return "pass";
  if (m < board_.points())
    return name(board_.row_of(static_cast<Point>(m)), board_.column_of(static_cast<Point>(m)));
  const std::size_t k = m - static_cast<std::size_t>(board_.points());
  const std::vector<Jump>& jumps = current_jumps();
  if (k >= jumps.size()) return "?";
  std::string s = "ball";
  for (int landing : jumps[k].landings) {
    const int row = landing >= 0 ? landing / board_.width() : -1;
    const int column = ((landing % board_.width()) + board_.width()) % board_.width();
    s += "-" + (row < 0                  ? std::string(1, static_cast<char>('A' + column)) + "(north goal)"
                : row >= board_.height() ? std::string(1, static_cast<char>('A' + column)) + "(south goal)"
                                         : name(row, column));
  }
  return s;
}

}  // namespace sgplan::models::phutball
