#include "models/gomoku/vcf_search.hpp"

#include "models/gomoku/renju_rules.hpp"

namespace sgplan::models::gomoku {

namespace {

Point first_of(const MoveSet& s) {
  Point p = 0;
  bool found = false;
  s.for_each([&](sgplan::Move m) {
    if (!found) p = m;
    found = true;
  });
  return p;
}

}  // namespace

bool VcfSearch::legal(Point p, Stone s) const {
  return board_.empty_at(p) && !(s == Stone::kBlack && board_.rule() == Rule::kRenju &&
                                 board_.suspects().contains(p) && RenjuRules::forbidden(board_, p));
}

void VcfSearch::add_forbidden_zone(Point p, Stone s, MoveSet& zone) const {
  if (s == Stone::kBlack && board_.rule() == Rule::kRenju && board_.suspects().contains(p)) {
    RenjuRules::forbidden(board_, p, &zone);
  }
}

void VcfSearch::add_block_zone(Point block, Stone blocker, MoveSet& zone) const {
  zone.insert(block);
  board_.add_live_windows(block, blocker, 3, zone);
}

// Steps: 1. a five point: won. 2. no fours left: lost. 3. the opponent threatens five: only a four
// on that point. 4. each four: the opponent's reply is forced; two five points, or one it may not
// play, win; otherwise block and go on.
bool VcfSearch::wins(Stone side, int fours, MoveSet& zone) {
  ++nodes_;
  const Stone other = opponent(side);
  const MoveSet& own_fives = board_.fives(side);
  if (!own_fives.empty()) {
    zone.insert(first_of(own_fives));
    return true;
  }
  if (fours <= 0) return false;
  MoveSet candidates = board_.fours(side);
  const MoveSet& their_fives = board_.fives(other);
  if (!their_fives.empty()) {
    if (their_fives.size() > 1) return false;
    candidates &= their_fives;
  }
  bool won = false;
  MoveSet proof;
  candidates.for_each([&](sgplan::Move f) {
    if (won || !legal(f, side)) return;
    MoveSet z;
    add_forbidden_zone(f, side, z);
    board_.place(f, side);
    z.insert(f);
    const MoveSet fives = board_.fives(side);
    if (board_.fives(other).empty() && !fives.empty()) {
      const Point q = first_of(fives);
      if (fives.size() >= 2 || !legal(q, other)) {
        z |= fives;
        add_forbidden_zone(q, other, z);
        won = true;
      } else if (fours > 1) {  // after the last four the block leaves no five point: f made only q
        board_.place(q, other);
        MoveSet sub;
        if (wins(side, fours - 1, sub)) {
          add_block_zone(q, other, z);
          z |= sub;
          won = true;
        }
        board_.remove(q);
      }
    }
    board_.remove(f);
    if (won) proof = z;
  });
  if (won) zone |= proof;
  return won;
}

}  // namespace sgplan::models::gomoku
