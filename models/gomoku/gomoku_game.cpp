#include "models/gomoku/gomoku_game.hpp"

#include <algorithm>
#include <array>

#include "models/gomoku/coordinates.hpp"
#include "models/gomoku/renju_rules.hpp"
#include "models/gomoku/vcf_search.hpp"
#include "search/lambda/counter_threats.hpp"
#include "search/lambda/move_ordering.hpp"

namespace sgplan::models::gomoku {

using sgplan::kPass;

GomokuGame::GomokuGame(const Board& board, Stone attacker)
    : board_(board), attacker_(attacker), to_move_(attacker) {
  // Every move and null move of a search, sub-searches included, stays on this stack: reserved up
  // front so that play() never allocates (the hot loops must not throw).
  history_.reserve(kHistoryReserve);
}

bool GomokuGame::forbidden(Point p) const {
  return to_move_ == Stone::kBlack && board_.rule() == Rule::kRenju && board_.suspects().contains(p) &&
         RenjuRules::forbidden(board_, p);
}

bool GomokuGame::is_legal(Move m) const {
  return m < move_limit() && board_.empty_at(m) && !(to_move_ == Stone::kBlack && forbidden(m));
}

void GomokuGame::legal_moves(MoveList& out) const {
  out.clear();
  for (Point p = 0; p < board_.points(); ++p) {
    if (board_.empty_at(p) && !forbidden(p)) out.push_back(p);
  }
}

void GomokuGame::winning_moves(MoveList& out) const {
  out.clear();
  board_.fives(to_move_).for_each([&out](Move m) { out.push_back(m); });
}

void GomokuGame::play(Move m) {
  Stone won = winner();
  if (won == Stone::kEmpty) {
    if (board_.fives(to_move_).contains(m)) {
      won = to_move_;
    } else if (forbidden(m)) {
      won = Stone::kWhite;  // a forbidden Black move loses (RIF 9.2)
    }
  }
  board_.place(m, to_move_);
  history_.push_back(Played{m, won});
  to_move_ = opponent(to_move_);
}

void GomokuGame::pass() {
  history_.push_back(Played{kPass, winner()});
  to_move_ = opponent(to_move_);
}

void GomokuGame::undo() {
  const Played last = history_.back();
  history_.pop_back();
  to_move_ = opponent(to_move_);
  if (last.move != kPass) board_.remove(last.move);
}

std::string GomokuGame::move_name(Move m) const {
  if (m == kPass) return "pass";
  return point_name(m, board_.size());
}

int GomokuGame::move_priority(Move m) const {
  const Stone me = to_move_, them = opponent(to_move_);
  int score = 0;
  for (int d = 0; d < 4; ++d) {
    const LinePattern own = board_.pattern(m, me, d);
    const LinePattern other = board_.pattern(m, them, d);
    score += own.fours() * 40 + (own.three_points() != 0 ? 12 : 0) + own.best_window() * 2;
    score += other.fours() * 30 + (other.three_points() != 0 ? 10 : 0) + other.best_window();
  }
  return score;
}

void GomokuGame::sorted_legal(const MoveSet& points, MoveList& out) const {
  search::lambda::append_legal_by_priority(*this, points, out);
}

void GomokuGame::threat_candidates(int order, MoveList& out) const {
  out.clear();
  const Stone me = to_move_, them = opponent(to_move_);
  const MoveSet& their_fives = board_.fives(them);
  if (!their_fives.empty()) {  // forced: block the only five point, or lose
    if (their_fives.size() == 1) {
      their_fives.for_each([&](Move m) {
        if (is_legal(m)) out.push_back(m);
      });
    }
    return;
  }
  MoveSet points = board_.fours(me);
  if (order >= 2) points |= board_.twos(me);
  points -= board_.fives(me);
  sorted_legal(points, out);
}

void GomokuGame::defence_extras(int order, MoveList& out) const {
  out.clear();
  if (order <= 0) return;
  const Stone me = to_move_;
  MoveSet points;
  if (order >= 4) {
    for (Point p = 0; p < board_.points(); ++p) {
      if (board_.empty_at(p)) points.insert(p);
    }
  } else {
    points = board_.fours(me);
    if (order >= 2) points |= board_.swords(me);
    if (order >= 3) points |= board_.twos(me);
  }
  points.for_each([&out](Move m) { out.push_back(m); });
}

void GomokuGame::add_move_zone(Move m, int order, MoveSet& zone) const {
  zone.insert(m);
  if (to_move_ == attacker_) {
    if (to_move_ == Stone::kBlack && board_.rule() == Rule::kRenju && board_.suspects().contains(m)) {
      RenjuRules::forbidden(board_, m, &zone);
    }
    return;
  }
  const int threshold = std::max(0, 4 - std::max(order, 1));
  if (threshold == 0) {
    board_.add_lines(m, 4, zone);
    return;
  }
  // The defender (to move) answers where its own lines could still grow: opponent(to_move_) is the
  // attacker, so its stones close a window.
  board_.add_live_windows(m, to_move_, threshold, zone);
}

bool GomokuGame::defender_threat(int fours, MoveSet& zone, std::uint64_t& nodes) {
  nodes = 0;
  const std::uint64_t key = (board_.hash() ^ (to_move_ == Stone::kWhite ? kWhiteToMove : 0)) * 31 +
                            static_cast<std::uint64_t>(fours) + 1;
  // Sized at the first check, not in the constructor: dual lambda search builds a game with the
  // colours exchanged for each counter-threat search, and most of them never ask.
  if (threat_cache_.empty()) threat_cache_.resize(kThreatSlots);
  ThreatSlot& slot = threat_cache_[(key ^ (key >> 29)) & (kThreatSlots - 1)];
  if (slot.key != key) {
    slot.key = key;
    slot.zone.clear();
    VcfSearch vcf(board_);
    slot.wins = vcf.wins(opponent(to_move_), fours, slot.zone);
    nodes = vcf.nodes();
  }
  if (slot.wins) zone |= slot.zone;
  return slot.wins;
}

int GomokuGame::counter_threat(int max_order, std::uint64_t max_nodes, MoveSet& zone, std::uint64_t& nodes) {
  nodes = 0;
  if (max_order < 0 || winner() != Stone::kEmpty) return -1;
  pass();  // the defender to move
  MoveList fives;
  winning_moves(fives);
  undo();
  if (!fives.empty()) {
    for (Move f : fives) zone.insert(f);
    return 0;
  }
  if (max_order < 1) return -1;
  if (defender_threat(kCounterFours, zone, nodes)) return 1;
  if (max_order < 2) return -1;
  if (!counter_) counter_ = std::make_shared<search::lambda::CounterThreatSearch>();
  const std::uint64_t key = hash();
  if (const search::lambda::CounterThreat* known = counter_->remembered(key)) {
    zone |= known->zone;
    return known->order;
  }
  if (nodes >= max_nodes) return -1;  // the outer budget is spent
  // The defender's VCT from the position after the attacker's pass: the colours exchanged, the
  // defender moving first as the nested game's attacker (that game asks back for the attacker's
  // fives and VCFs, its orders below 2).
  GomokuGame swapped(board_, opponent(attacker_));
  search::lambda::OrderSchedule schedule;
  schedule.max_order = 2;
  schedule.max_depth.fill(6);
  schedule.max_depth[0] = 1;
  const std::uint64_t cap = std::min(kCounterNodes, max_nodes - nodes);
  const search::lambda::CounterThreat c = counter_->find(swapped, 2, schedule, cap);
  nodes += c.nodes;
  const int order = c.order;  // 1: a VCF longer than kCounterFours fours
  // An answer that holds for this position: not one the outer budget cut short.
  if (!c.aborted || cap == kCounterNodes || order >= 0) counter_->remember(key, order, c.zone);
  if (order >= 0) zone |= c.zone;
  return order;
}

void GomokuGame::add_illegal_zone(Move m, MoveSet& zone) const {
  if (m < move_limit() && board_.empty_at(m) && to_move_ == Stone::kBlack && board_.rule() == Rule::kRenju) {
    RenjuRules::forbidden(board_, m, &zone);
  }
}

}  // namespace sgplan::models::gomoku
