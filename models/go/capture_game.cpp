#include "models/go/capture_game.hpp"

#include <algorithm>
#include <array>
#include <cassert>

#include "search/lambda/counter_threats.hpp"
#include "search/lambda/move_ordering.hpp"

namespace sgplan::models::go {

CaptureGame::CaptureGame(const Board& board, Point target, Color first, const CaptureRules& rules)
    : GoPlay(board, opponent(board.at(target)), first, rules), target_(target) {}

bool CaptureGame::final_capture(Move m) const {
  if (!board_.play(m, attacker_, ignores_ko(attacker_))) return false;
  bool final = true;
  if (!alive() && board_.liberties(m) == 1 && board_.liberty_set(m).contains(target_)) {
    // The capturing string is left in atari on the target's point: the defender takes back
    // there at once (a ko when one stone took one stone, else a snapback)...
    const bool ko = board_.ko_point() == target_;
    // ...unless it is a ko and the defender must obey the ban.
    final = ko && (!ignores_ko(defender_) || won_ko(defender_) == target_);
  }
  board_.undo();
  return final;
}

bool CaptureGame::retake_pending() const {
  return !alive() && to_move_ == defender_ && board_.empty_at(target_) && is_legal(target_) &&
         board_.captures_at(target_, defender_);
}

void CaptureGame::winning_moves(MoveList& out) const {
  out.clear();
  if (to_move_ == attacker_) {
    if (!alive()) {
      // Taken by a capture the defender could have taken back and did not: filling the point
      // ends it.
      if (is_legal(target_)) out.push_back(target_);
      return;
    }
    if (board_.liberties(target_) != 1) return;
    board_.liberty_set(target_).for_each([&](Move m) {
      if (is_legal(m) && final_capture(m)) out.push_back(m);
    });
    return;
  }
  if (!alive()) return;
  // The defender: moves after which the target has safe_liberties liberties (extensions and
  // captures of the attacker's strings in atari around it).
  MoveSet tries = board_.liberty_set(target_);
  board_.for_each_adjacent_string(target_, [&](Point s) {
    if (board_.liberties(s) == 1) tries |= board_.liberty_set(s);
  });
  const bool free = ignores_ko(defender_);
  tries.for_each([&](Move m) {
    if (!board_.play(m, defender_, free)) return;
    const bool safe = board_.liberties(target_) >= rules_.safe_liberties;
    board_.undo();
    if (safe) out.push_back(m);
  });
}

void CaptureGame::add_string_liberties(Point p, MoveSet& zone) const {
  zone |= board_.liberty_set(p);
}

void CaptureGame::add_status_zone(MoveSet& zone) const {
  if (!alive()) {  // taken by a ko capture: whether it can be taken back
    add_illegal_zone(target_, zone);
    return;
  }
  const PointSet& libs = board_.liberty_set(target_);
  zone |= libs;
  board_.for_each_adjacent_string(target_, [&](Point s) { add_string_liberties(s, zone); });
  libs.for_each([&](Move x) {
    board_.for_each_neighbour(x, [&](Point q) {
      if (!board_.empty_at(q) && board_.string_id(q) != board_.string_id(target_))
        add_string_liberties(q, zone);
    });
  });
}

void CaptureGame::add_move_zone(Move m, int /*order*/, MoveSet& zone) const {
  add_status_zone(zone);
  add_move_effects(m, zone);
}

void CaptureGame::defence_extras(int /*order*/, MoveList& out) const {
  out.clear();
}

void CaptureGame::add_region(MoveSet& region) const {
  if (!alive()) return;
  const PointSet& libs = board_.liberty_set(target_);
  add_near(libs, region);
  // The attacker's short strings around the target: save them, or capture what threatens them.
  add_race_region(target_, region);
  // The defender's strings next to the target's liberties (the target would join them): shorten
  // them so that joining does not help, or capture them. The target extended to such a string is
  // the string to capture, so the attacker's short strings around it count as around the target:
  // saving them (or taking what threatens them) is a way to capture the joined string.
  libs.for_each([&](Move x) {
    board_.for_each_neighbour(x, [&](Point q) {
      if (board_.at(q) == defender_ && board_.string_id(q) != board_.string_id(target_) &&
          board_.liberties(q) <= 4) {
        region |= board_.liberty_set(q);
        add_near(board_.liberty_set(q), region);
        add_race_region(q, region);
      }
    });
  });
}

void CaptureGame::add_race_region(Point s, MoveSet& region) const {
  // A capturing race: an attacker string touching s with few liberties (four or fewer: the
  // region is used when the target has at most max order + 1 = 4 liberties, and a string much
  // longer than the target is not in a race with it) is saved by extending it or by capturing a
  // defender string that shortens it. The attacker, moving first, wins a race against a string of
  // as many liberties as its own; one liberty more may still lose, since the defender must also
  // answer the threats against the target. Longer defender strings are not worth shortening.
  board_.for_each_adjacent_string(s, [&](Point a) {
    const int short_libs = board_.liberties(a);
    if (short_libs > 4) return;
    region |= board_.liberty_set(a);
    board_.for_each_adjacent_string(a, [&](Point e) {
      if (board_.string_id(e) != board_.string_id(target_) && board_.liberties(e) <= short_libs + 1) {
        region |= board_.liberty_set(e);
      }
    });
  });
}

void CaptureGame::sorted(const MoveSet& points, MoveList& out) const {
  search::lambda::append_legal_by_priority(*this, points, out);
}

void CaptureGame::threat_candidates(int order, MoveList& out) const {
  out.clear();
  if (!alive() || order < 1) return;
  const int libs = board_.liberties(target_);
  if (libs > order + 1) return;  // no attacker move can bring a lower-order win within reach
  MoveSet points = board_.liberty_set(target_);
  if (libs <= order) add_region(points);
  sorted(points, out);
}

int CaptureGame::counter_threat(int max_order, std::uint64_t max_nodes, MoveSet& zone, std::uint64_t& nodes) {
  nodes = 0;
  max_order = std::min(max_order, kMaxCounterOrder);
  if (!alive() || max_order < 0) return -1;
  if (!counter_) counter_ = std::make_shared<search::lambda::CounterThreatSearch>();
  const std::uint64_t key = hash() * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(max_order);
  if (const search::lambda::CounterThreat* known = counter_->remembered(key)) {
    zone |= known->zone;
    return known->order;
  }
  // The attacker strings touching the target that a lambda tree of order <= max_order can capture
  // (order n needs n + 1 liberties or fewer), fewest liberties first.
  std::vector<std::pair<int, Point>> strings;
  board_.for_each_adjacent_string(target_, [&](Point s) {
    const int libs = board_.liberties(s);
    if (libs <= max_order + 1) strings.emplace_back(libs, s);
  });
  std::sort(strings.begin(), strings.end());
  search::lambda::OrderSchedule schedule;
  schedule.max_order = max_order;
  schedule.max_depth.fill(6);
  schedule.max_depth[0] = 1;
  schedule.max_depth[1] = std::clamp(board_.empty_points(), 2, search::lambda::kMaxDepth);  // ladders
  CaptureRules obey = rules_;
  obey.attacker_ignores_ko = false;
  obey.defender_ignores_ko = false;
  int best = -1;
  MoveSet best_zone;
  bool cacheable = true;  // no search stopped at the outer budget
  for (const auto& [libs, s] : strings) {
    const int limit = best >= 0 ? best : max_order;
    if (libs > limit + 1) break;
    if (nodes >= max_nodes) {  // the outer budget is spent: no answer to keep
      cacheable = false;
      break;
    }
    // The position after the attacker's pass: the defender to move, capturing s.
    CaptureGame nested(board_, s, defender_, obey);
    nested.salt_hash((static_cast<std::uint64_t>(board_.string_id(s)) + 1) * 0xd6e8feb86659fd93ULL);
    nested.counter_ = counter_;  // one table for every level (the salts keep the goals apart)
    const std::uint64_t cap = std::min(kCounterNodes, max_nodes - nodes);
    const search::lambda::CounterThreat c = counter_->find(nested, limit, schedule, cap);
    nodes += c.nodes;
    if (c.aborted && cap < kCounterNodes) {  // stopped by the outer budget: no answer to keep
      cacheable = false;
      break;
    }
    if (c.order < 0) continue;
    if (best < 0 || c.order < best) {
      best = c.order;
      best_zone = c.zone;
    } else {
      best_zone |= c.zone;
    }
  }
  if (cacheable || best >= 0) counter_->remember(key, best, best_zone);
  if (best >= 0) zone |= best_zone;
  return best;
}

int CaptureGame::move_priority(Move m) const {
  if (m >= move_limit() || !board_.empty_at(m)) return -1000;
  const Color me = to_move_, enemy = opponent(to_move_);
  const bool target_alive = alive();
  const Point target_id = target_alive ? board_.string_id(target_) : kNoPoint;
  int empties = 0, own_libs = 0, captured = 0, ataris = 0;
  bool captures_next_to_target = false;
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
        if (me == defender_ && target_alive) {
          board_.for_each_adjacent_string(q, [&](Point s) { captures_next_to_target |= s == target_id; });
        }
      } else if (l == 2) {
        ++ataris;
      }
    }
  });
  const bool on_liberty = target_alive && board_.liberty_set(target_).contains(m);
  const int reach = empties + own_libs + captured;
  int score = 0;
  if (me == attacker_) {
    score += on_liberty ? 40 : 0;
    score += 12 * captured + 4 * ataris + 2 * std::min(reach, 6);
    if (reach <= 1) score -= 15;  // a self-atari: sometimes right (a throw-in), seldom
  } else {
    score += captures_next_to_target ? 60 : 0;
    score += on_liberty ? 30 : 0;
    score += 8 * captured + 3 * ataris + 4 * std::min(reach, 6);
  }
  return score;
}

}  // namespace sgplan::models::go
