#include "models/go/connection_game.hpp"

#include <algorithm>
#include <cassert>
#include <vector>

#include "search/lambda/move_ordering.hpp"

namespace sgplan::models::go {

namespace {
// Defender strings up to this many liberties touching either string are in the attacker's region:
// a cutting string short enough to capture within the orders searched (3 at most: order n takes at
// most n + 1 liberties).
constexpr int kShortCutter = 4;
}  // namespace

ConnectionGame::ConnectionGame(const Board& board, Point a, Point b, Color first, const GoRules& rules)
    : GoPlay(board, board.at(a), first, rules), a_(a), b_(b) {
  assert(board.at(a) == board.at(b));
}

MoveSet ConnectionGame::common_liberties() const {
  if (!alive()) return MoveSet{};
  MoveSet both = board_.liberty_set(a_);
  both &= board_.liberty_set(b_);
  return both;
}

void ConnectionGame::winning_moves(MoveList& out) const {
  out.clear();
  if (!alive() || attacker_won()) return;
  if (to_move_ == attacker_) {
    common_liberties().for_each([&](Move m) {
      if (is_legal(m)) out.push_back(m);
    });
    return;
  }
  // The defender wins at once by capturing either string.
  MoveSet last;
  for (Point s : {a_, b_}) {
    if (board_.liberties(s) == 1) last |= board_.liberty_set(s);
  }
  last.for_each([&](Move m) {
    if (is_legal(m)) out.push_back(m);
  });
}

void ConnectionGame::add_status_zone(MoveSet& zone) const {
  if (!alive()) return;
  zone |= board_.liberty_set(a_);
  zone |= board_.liberty_set(b_);
}

void ConnectionGame::add_move_zone(Move m, int /*order*/, MoveSet& zone) const {
  add_status_zone(zone);
  add_move_effects(m, zone);
}

void ConnectionGame::defence_extras(int /*order*/, MoveList& out) const {
  out.clear();
}

void ConnectionGame::add_region(MoveSet& region) const {
  if (!alive()) return;
  // The two strings, and the attacker's strings one move from joining either (they touch one of
  // its liberties): a connection often runs through a third string.
  std::vector<Point> strings{board_.string_id(a_), board_.string_id(b_)};
  for (Point s : {a_, b_}) {
    board_.liberty_set(s).for_each([&](Move x) {
      board_.for_each_neighbour(x, [&](Point q) {
        if (board_.at(q) != attacker_) return;
        const Point id = board_.string_id(q);
        if (std::find(strings.begin(), strings.end(), id) == strings.end()) strings.push_back(id);
      });
    });
  }
  for (Point s : strings) {
    const PointSet& libs = board_.liberty_set(s);
    region |= libs;
    add_near(libs, region);  // approach moves
    // Short defender strings touching the string or its liberties: cutting stones to capture.
    const auto add_cutter = [&](Point q) {
      if (board_.at(q) == defender_ && board_.liberties(q) <= kShortCutter) region |= board_.liberty_set(q);
    };
    board_.for_each_adjacent_string(s, add_cutter);
    libs.for_each([&](Move x) { board_.for_each_neighbour(x, add_cutter); });
  }
}

void ConnectionGame::threat_candidates(int order, MoveList& out) const {
  out.clear();
  if (!alive() || attacker_won() || order < 1) return;
  MoveSet points;
  if (order == 1 && !common_liberties().empty()) {
    // A shared liberty the attacker may not fill now (a ko ban, or a suicide until some capture)
    // may become fillable after almost any move: every legal move is a candidate.
    legal_moves(out);
    return;
  }
  if (order == 1) {
    // Exact otherwise: a move after which the attacker could join the strings at once must give
    // them a shared liberty, so it extends one of them (it stands on a liberty) or captures a
    // defender string touching one of them (at that string's last liberty).
    for (Point s : {a_, b_}) {
      points |= board_.liberty_set(s);
      board_.for_each_adjacent_string(s, [&](Point q) {
        if (board_.liberties(q) == 1) points |= board_.liberty_set(q);
      });
    }
  } else {
    add_region(points);
  }
  search::lambda::append_legal_by_priority(*this, points, out);
}

int ConnectionGame::move_priority(Move m) const {
  if (m >= move_limit() || !board_.empty_at(m)) return -1000;
  const Color me = to_move_, enemy = opponent(to_move_);
  int empties = 0, own_libs = 0, captured = 0, ataris = 0;
  board_.for_each_neighbour(m, [&](Point q) {
    const Color c = board_.at(q);
    if (c == Color::kEmpty) {
      ++empties;
    } else if (c == me) {
      own_libs += board_.liberties(q) - 1;
    } else if (c == enemy) {
      const int l = board_.liberties(q);
      if (l == 1) {
        captured += board_.string_size(q);
      } else if (l == 2) {
        ++ataris;
      }
    }
  });
  int score = 0;
  if (alive()) {
    if (common_liberties().contains(m)) score += 80;
    for (Point s : {a_, b_}) {
      if (board_.liberty_set(s).contains(m)) score += 20 + (board_.liberties(s) <= 2 ? 20 : 0);
    }
  }
  const int reach = empties + own_libs + captured;
  score += 12 * captured + 4 * ataris + 2 * std::min(reach, 6);
  if (reach <= 1) score -= 15;  // a self-atari
  return score;
}

}  // namespace sgplan::models::go
