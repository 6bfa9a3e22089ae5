// Plain expectiminimax on a play/undo game (game.hpp), depth-limited: the reference value that the
// pruning searches (alphabeta.hpp, star_minimax.hpp) must reproduce.
//
//   value(p) = utility(p)                          at a terminal position
//            = evaluation(p)                       at the depth limit
//            = max / min over moves of value       at Max / Min positions
//            = sum over outcomes of p_i value_i    at chance positions (every outcome, exactly)
// Without chance this is minimax; without Min, expectimax. No pruning: every position of the
// depth-limited tree is entered, unless the transposition table (optional) already holds its exact
// value for the depth needed (transposition_table.hpp says when an entry answers). The root's move is the
// first best one in generation order. Sums run over the outcomes in generation order, as the Star searches'
// exact sums do, so on trees with dyadic probabilities their values agree bit for bit. search/expectimax.hpp
// computes the same quantity straight on an implicit model (choices that are distributions); through
// search/implicit_game.hpp the two can be compared.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <utility>
#include <vector>

#include "search/alphabeta_engine.hpp"

namespace sgplan::search {

struct ExpectiminimaxOptions {
  std::uint32_t depth = kNoDepthLimit;  // steps (game.hpp); unlimited needs a game whose plays all end
  std::size_t table_entries = 0;        // 0: no transposition table (every node entered)
};

namespace detail {

template <Game G, class Eval>
class ExpectiminimaxEngine {
 public:
  using Move = typename G::Move;
  ExpectiminimaxEngine(G& game, const ExpectiminimaxOptions& options, Eval& eval)
      : game_(game), eval_(eval), table_(options.table_entries), depth_(options.depth) {}

  SearchResult<Move> run() {
    SearchResult<Move> result;
    result.depth = depth_;
    result.iterations = 1;
    std::uint32_t best_index = kNoMoveIndex;
    result.value = value(depth_, 0, &best_index);
    if (best_index != kNoMoveIndex) {
      result.best_index = best_index;
      result.best_move = moves_[0][best_index];
    }
    result.exact = horizon_uses_ == 0;
    result.counters = counters_;
    return result;
  }

 private:
  double horizon_value() {
    ++counters_.leaves;
    ++counters_.horizon_leaves;
    ++horizon_uses_;
    return eval_(std::as_const(game_));
  }

  double value(std::uint32_t depth, std::uint32_t ply, std::uint32_t* root_best) {
    ++counters_.nodes;
    const Owner owner = game_.to_move();
    if (owner == Owner::Terminal) {
      ++counters_.leaves;
      return game_.utility();
    }
    if (depth == 0) return horizon_value();
    const std::uint64_t key = game_.hash();
    if (root_best == nullptr) {
      if (const TableEntry* e = table_.probe(key); e != nullptr && e->answers(depth)) {
        ++counters_.table_hits;
        if (!e->solved) ++horizon_uses_;
        return e->value;
      }
    }
    const std::uint64_t uses_before = horizon_uses_;
    double result = 0.0;
    if (owner == Owner::Chance) {
      std::vector<ChanceOutcome<Move>>& outcomes = level(outcomes_, ply);
      if constexpr (StochasticGame<G>) {
        game_.chance_outcomes(outcomes);
      } else {
        outcomes.clear();
      }
      if (outcomes.empty()) {
        ++counters_.rule_violations;
        return horizon_value();
      }
      double least = kInfinity, greatest = -kInfinity;
      for (const auto& o : outcomes) {
        const std::uint32_t child_depth = depth_after(game_, o.move, depth);
        game_.play(o.move);
        const double v = value(child_depth, ply + 1, nullptr);
        game_.undo(o.move);
        result += o.probability * v;
        least = std::min(least, v);
        greatest = std::max(greatest, v);
      }
      result = expectation_in_range(result, least, greatest);
    } else {
      std::vector<Move>& moves = level(moves_, ply);
      game_.legal_moves(moves);
      if (moves.empty()) {
        ++counters_.rule_violations;
        return horizon_value();
      }
      const bool maximize = owner == Owner::Max;
      result = maximize ? -kInfinity : kInfinity;
      for (std::uint32_t i = 0; i < moves.size(); ++i) {
        const std::uint32_t child_depth = depth_after(game_, moves[i], depth);
        game_.play(moves[i]);
        const double v = value(child_depth, ply + 1, nullptr);
        game_.undo(moves[i]);
        if (maximize ? v > result : v < result) {
          result = v;
          if (root_best != nullptr) *root_best = i;
        }
      }
    }
    table_.store(key, result, Bound::Exact, depth, horizon_uses_ == uses_before, kNoMoveIndex);
    return result;
  }

  G& game_;
  Eval& eval_;
  TranspositionTable table_;
  std::uint32_t depth_;
  SearchCounters counters_;
  std::uint64_t horizon_uses_ = 0;
  std::deque<std::vector<Move>> moves_;
  std::deque<std::vector<ChanceOutcome<Move>>> outcomes_;
};

}  // namespace detail

template <Game G, class Eval = ConstantEvaluation>
SearchResult<typename G::Move> expectiminimax(G& game, const ExpectiminimaxOptions& options, Eval eval = {}) {
  detail::ExpectiminimaxEngine<G, Eval> engine(game, options, eval);
  return engine.run();
}

}  // namespace sgplan::search
