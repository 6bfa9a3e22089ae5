// Move ordering for the lambda searchers, kept apart from the search loops as a chess engine keeps
// its move picker apart from its search (docs/DESIGN.md, "Lambda search").
//
// The order of a list is: the table's move (the proof or refutation found before) first, then the
// killer move of that side and depth (the move that settled the last sibling: after one defence
// is refuted, the same attack often refutes the next), then by a history score (how often and how deep the
// move settled a node for that side: Schaeffer's history heuristic), then by the game's static priority, then
// the game's own order (the sort is stable, so the same input always gives the same order). Nothing here
// allocates.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "core/move_set.hpp"
#include "search/lambda/threat_game.hpp"

namespace sgplan::search::lambda {

// Appends the legal points of `points` (below the game's move limit) to `out`, by the game's
// static move priority, highest first; the sort is stable, so equal priorities keep the set's
// order. The candidate generators of Go's capture game and of Go-Moku share it.
template <class G>
void append_legal_by_priority(const G& game, const MoveSet& points, MoveList& out) {
  std::array<int, kMaxMoves> score{};
  const std::size_t start = out.size();
  points.for_each([&](Move m) {
    if (m < game.move_limit() && game.is_legal(m)) {
      out.push_back(m);
      score[m] = game.move_priority(m);
    }
  });
  std::stable_sort(out.begin() + start, out.end(), [&score](Move a, Move b) { return score[a] > score[b]; });
}

class MoveOrdering {
 public:
  enum Side : std::uint8_t { kAttacker = 0, kDefender = 1 };

  // Sorts `moves` for `side` at `depth` (attacker moves left); `first` (may be kNoMove) goes to
  // the front, then the killer.
  template <ThreatGame G>
  void sort(const G& game, MoveList& moves, Side side, Move first, int depth = -1) const {
    const auto& history = history_[side];
    std::array<std::int64_t, kMaxMoves> key{};
    for (Move m : moves) {
      key[m] = static_cast<std::int64_t>(history[m]) * 4096 + move_priority(game, m);
    }
    std::stable_sort(moves.begin(), moves.end(), [&key](Move a, Move b) { return key[a] > key[b]; });
    if (depth >= 0 && depth < kKillerDepths) {
      const Move killer = killers_[side][static_cast<std::size_t>(depth)];
      if (killer != kNoMove && killer != first) moves.move_to_front(killer);
    }
    if (first != kNoMove) moves.move_to_front(first);
  }

  // The move settled a node with `depth` attacker moves left.
  void reward(Side side, Move m, int depth) {
    if (m >= kMaxMoves) return;
    if (depth >= 0 && depth < kKillerDepths) killers_[side][static_cast<std::size_t>(depth)] = m;
    auto& h = history_[side][m];
    h += static_cast<std::uint32_t>(depth * depth);
    if (h > (1u << 30)) {
      for (auto& v : history_[side]) v /= 2;
    }
  }
  void clear() {
    for (auto& side : history_) side.fill(0);
    for (auto& side : killers_) side.fill(kNoMove);
  }

 private:
  static constexpr int kKillerDepths = 128;
  std::array<std::array<std::uint32_t, kMaxMoves>, 2> history_{};
  std::array<std::array<Move, kKillerDepths>, 2> killers_ = [] {
    std::array<std::array<Move, kKillerDepths>, 2> k{};
    for (auto& side : k) side.fill(kNoMove);
    return k;
  }();
};

}  // namespace sgplan::search::lambda
