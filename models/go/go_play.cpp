#include "models/go/go_play.hpp"

#include <cassert>

namespace sgplan::models::go {

using sgplan::kPass;

GoPlay::GoPlay(const Board& board, Color attacker, Color first, const GoRules& rules)
    : board_(board), attacker_(attacker), defender_(opponent(attacker)), to_move_(first), rules_(rules) {
  assert(attacker_ == Color::kBlack || attacker_ == Color::kWhite);
  if (board_.ko_point() != kNoPoint) ko_events_ = 1;
}

std::uint64_t GoPlay::ko_key(Point p) {
  return Board::zobrist(Color::kBlack, p) * 0x9e3779b97f4a7c15ULL + 0x2545f4914f6cdd1dULL;
}

bool GoPlay::spends_threat(Move m) const {
  return rules_.ko_threats > 0 && m < move_limit() && ignores_ko(to_move_) &&
         !board_.is_legal(m, to_move_, false);
}

bool GoPlay::retakes_won_ko(Move m) const {
  if (m != won_ko(to_move_)) return false;
  if (!board_.play(m, to_move_, ignores_ko(to_move_))) return false;
  const bool ko = board_.ko_point() != kNoPoint;
  board_.undo();
  return ko;
}

std::uint64_t GoPlay::threats_key(int attacker_threats, int defender_threats, Point attacker_won,
                                  Point defender_won) const {
  // The same stones with fewer ko threats left, or with a ko won, are another position.
  if (rules_.ko_threats == 0) return 0;
  std::uint64_t h = (static_cast<std::uint64_t>(attacker_threats) * 0x9e3779b97f4a7c15ULL) ^
                    (static_cast<std::uint64_t>(defender_threats) * 0xc2b2ae3d27d4eb4fULL);
  if (attacker_won != kNoPoint) h ^= ko_key(attacker_won) * 3;
  if (defender_won != kNoPoint) h ^= ko_key(defender_won) * 5;
  return h;
}

std::uint64_t GoPlay::hash() const {
  std::uint64_t h =
      board_.hash() ^ threats_key(attacker_threats_, defender_threats_, attacker_won_ko_, defender_won_ko_);
  if (to_move_ == Color::kWhite) h ^= kWhiteToMove;
  const Point ko = board_.ko_point();
  if (ko != kNoPoint && board_.ko_banned() == to_move_ && !ignores_ko(to_move_)) h ^= ko_key(ko);
  return h ^ salt_;
}

std::uint64_t GoPlay::hash_after(Move m) const {
  const bool spends = spends_threat(m);
  if (!board_.play(m, to_move_, ignores_ko(to_move_))) return hash() ^ kWhiteToMove;
  const bool by_attacker = to_move_ == attacker_;
  const int a = attacker_threats_ + (spends && by_attacker ? 1 : 0);
  const int d = defender_threats_ + (spends && !by_attacker ? 1 : 0);
  const Point aw = spends && by_attacker ? board_.ko_point() : attacker_won_ko_;
  const Point dw = spends && !by_attacker ? board_.ko_point() : defender_won_ko_;
  std::uint64_t h = board_.hash() ^ threats_key(a, d, aw, dw);
  const Color next = opponent(to_move_);
  if (next == Color::kWhite) h ^= kWhiteToMove;
  const Point ko = board_.ko_point();
  const bool next_free =
      next == attacker_ ? rules_.attacker_ignores_ko && (rules_.ko_threats == 0 || a < rules_.ko_threats)
                        : rules_.defender_ignores_ko && (rules_.ko_threats == 0 || d < rules_.ko_threats);
  if (ko != kNoPoint && board_.ko_banned() == next && !next_free) h ^= ko_key(ko);
  board_.undo();
  return h ^ salt_;
}

void GoPlay::legal_moves(MoveList& out) const {
  out.clear();
  const bool free = ignores_ko(to_move_);
  for (Point p = 0; p < board_.points(); ++p) {
    if (board_.is_legal(p, to_move_, free) && !retakes_won_ko(p)) out.push_back(p);
  }
}

bool GoPlay::is_legal(Move m) const {
  return m < move_limit() && board_.is_legal(m, to_move_, ignores_ko(to_move_)) && !retakes_won_ko(m);
}

void GoPlay::play(Move m) {
  const bool spends = spends_threat(m);
  [[maybe_unused]] const bool ok = board_.play(m, to_move_, ignores_ko(to_move_));
  assert(ok && "the searchers play legal moves only");
  if (board_.ko_point() != kNoPoint) ++ko_events_;
  Point& won = to_move_ == attacker_ ? attacker_won_ko_ : defender_won_ko_;
  spent_.push_back({spends, won});
  if (spends) {
    ++(to_move_ == attacker_ ? attacker_threats_ : defender_threats_);
    won = board_.ko_point();
  }
  to_move_ = opponent(to_move_);
}

void GoPlay::pass() {
  board_.pass();
  spent_.push_back({false, kNoPoint});
  to_move_ = opponent(to_move_);
}

void GoPlay::undo() {
  board_.undo();
  to_move_ = opponent(to_move_);
  if (!spent_.empty()) {
    if (spent_.back().spent) {
      --(to_move_ == attacker_ ? attacker_threats_ : defender_threats_);
      (to_move_ == attacker_ ? attacker_won_ko_ : defender_won_ko_) = spent_.back().won_before;
    }
    spent_.pop_back();
  }
}

std::string GoPlay::move_name(Move m) const {
  if (m == kPass) return "PASS";
  return vertex_name(m, board_.size());
}

void GoPlay::add_illegal_zone(Move m, MoveSet& zone) const {
  if (m >= move_limit() || !board_.empty_at(m)) return;
  zone.insert(m);
  board_.for_each_neighbour(m, [&](Point q) {
    zone.insert(q);
    if (!board_.empty_at(q)) zone |= board_.liberty_set(q);
  });
}

void GoPlay::add_move_effects(Move m, MoveSet& zone) const {
  if (m >= move_limit()) return;
  zone.insert(m);
  if (!board_.empty_at(m)) return;
  const Color enemy = opponent(to_move_);
  board_.for_each_neighbour(m, [&](Point q) {
    zone.insert(q);
    if (board_.empty_at(q)) return;
    zone |= board_.liberty_set(q);
    if (board_.at(q) == enemy && board_.liberties(q) == 1) {  // captured by m
      board_.for_each_stone(q, [&](Point s) { zone.insert(s); });
      board_.for_each_adjacent_string(q, [&](Point s) { zone |= board_.liberty_set(s); });
    }
  });
}

void GoPlay::add_near(const PointSet& libs, MoveSet& region) const {
  libs.for_each([&](Move x) {
    board_.for_each_neighbour(x, [&](Point n) {
      if (!board_.empty_at(n)) return;
      region.insert(n);
      board_.for_each_neighbour(n, [&](Point n2) {
        if (board_.empty_at(n2)) region.insert(n2);
      });
    });
  });
}

}  // namespace sgplan::models::go
