// Move ordering, kept apart from the search loop and the transposition table (docs/DESIGN.md): an
// orderer turns a position's generated moves into the order the search tries them in, as a
// permutation of their generation indices. The search then promotes the transposition table's best
// move (the "hash move") to the front.
//
//   void order(const G& game, std::span<const Move> moves, std::vector<std::uint32_t>& order);
//
// The order changes only which moves get cut off, never the value; and since the searchers break
// ties by generation index (the first best move in the game's own order), not the best move either.
// Alpha-beta visits the fewest leaves when the best move comes first everywhere (Knuth and Moore
// 1975), which is what a good orderer approximates.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <numeric>
#include <span>
#include <utility>
#include <vector>

#include "search/game.hpp"

namespace sgplan::search {

template <class O, class G>
concept MoveOrderer = Game<G> &&
    requires(O& o, const G& g, std::span<const typename G::Move> moves, std::vector<std::uint32_t>& order) {
  o.order(g, moves, order);
};

// The game's own order.
struct GenerationOrder {
  template <class G>
  void order(const G&, std::span<const typename G::Move> moves, std::vector<std::uint32_t>& order) const {
    order.resize(moves.size());
    std::iota(order.begin(), order.end(), std::uint32_t{0});
  }
};

// Sorts by a score of each move, best first for the player to move (highest for Max, lowest for
// Min); a stable sort, so equal scores keep the generation order. `score(game, move)` is any cheap
// estimate of the value after the move (a static evaluation, a history count, a known value).
template <class Score>
struct ScoreOrder {
  explicit ScoreOrder(Score s) : score(std::move(s)) {}
  Score score;
  template <class G>
  void order(const G& game, std::span<const typename G::Move> moves, std::vector<std::uint32_t>& order) {
    order.resize(moves.size());
    std::iota(order.begin(), order.end(), std::uint32_t{0});
    scores_.resize(moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) scores_[i] = score(game, moves[i]);
    const bool maximize = game.to_move() != Owner::Min;
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
      return maximize ? scores_[a] > scores_[b] : scores_[a] < scores_[b];
    });
  }

 private:
  std::vector<double> scores_;
};

template <class Score>
ScoreOrder<Score> order_by_score(Score score) {
  return ScoreOrder<Score>{std::move(score)};
}

// Moves generation index `first` to the front, keeping the others in their order. No-op when
// `first` is not in the list (kNoMoveIndex, or a stale index from a hash collision).
inline void promote(std::vector<std::uint32_t>& order, std::uint32_t first) {
  auto it = std::find(order.begin(), order.end(), first);
  if (it != order.end()) std::rotate(order.begin(), it, it + 1);
}

}  // namespace sgplan::search
