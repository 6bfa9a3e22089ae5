// The depth-first search loop shared by alpha-beta (alphabeta.hpp) and by Ballard's *-minimax
// searches Star1 and Star2 (star_minimax.hpp): fail-soft alpha-beta at Max and Min positions, and
// at chance positions either nothing (alpha-beta: a chance position is a rule violation) or
// Ballard's pruning with known bounds [L, U] on every utility (B. W. Ballard, "The *-minimax search
// procedure for trees containing chance nodes", Artificial Intelligence 21, 1983).
// The move ordering (move_ordering.hpp) and the transposition table (transposition_table.hpp) are
// separate parts the loop calls.
//
// Fail-soft contract of search(depth, alpha, beta): with v the returned value and V the true
// (depth-limited) value, v <= alpha means V <= v, v >= beta means V >= v, anything between is V.
//
// Decision positions. Children in the orderer's order, the hash move first; the window narrows as
// usual and the loop stops when alpha >= beta. The root differs: its value is always exact, and its
// move is the first best one in the game's generation order, whatever the move ordering: a move
// generated before the current best is searched with the window just below the best value (the next
// double), so a tie is recognized as one and the earlier move wins it.
//
// Chance positions, outcomes i = 1..n with probabilities p_i. With each child's value known to lie
// in [lb_i, ub_i] (at first [L, U]), after children 1..i-1 have exact values summing (weighted) to S,
//   the chance value is at most  S + p_i x + sum_{j>i} p_j ub_j   and at least  S + p_i x + sum_{j>i} p_j
//   lb_j
// where x is child i's value. So child i fails the chance position low when x <= A_i and high when
// x >= B_i, with A_i = (alpha - S - sum_{j>i} p_j ub_j) / p_i and B_i = (beta - S - sum_{j>i} p_j lb_j) /
// p_i; child i is searched with the window (max(A_i, lb_i), min(B_i, ub_i)), and a cutoff returns the bound
// above. Star1 is this loop with lb = L and ub = U for every child. A cutoff's bound is clamped to the
// window's edge: in exact arithmetic it lies beyond the edge already, and with rounding (probabilities like
// 1/6) the clamp keeps a lower bound from passing for an exact value by a few ulps, which would let a parent
// or the transposition table take it for the value. The bound sums are built by additions only (sums
// of the children before and after i), never by taking a term back out of a total, so that with L = 0
// no sum comes out negative; a returned value is kept within [L, U], where a chance position's value
// lies (a convex combination of values in [L, U]) and which its rounded sum can leave by an ulp.
// Star2 first probes: for every child that is a Max position it searches only the child's first move
// (in move order), which bounds the child from below; a Min child's first move bounds it from above. The
// probe's window is the child's (A_i, B_i) with the bounds known so far. After each probe the chance position
// fails high when sum p_j lb_j >= beta, low when sum p_j ub_j <= alpha; otherwise the Star1 loop follows with
// the probed bounds. (Ballard probes regular trees, where a chance position's children all belong to one
// player; the two-sided probe generalizes it. A probe's result becomes a bound only when it is one: a
// fail-soft value at or below the probe's lower window edge says nothing about a Max child's lower bound.)
// Terminal children and children at the depth limit are scored during the probe and not searched again; a
// child whose probed bounds meet is not searched either. Star2 searches a probed move twice unless the
// transposition table keeps it: give it a table. Every utility and evaluation must lie in [L, U]; with them,
// Star1 and Star2 return the value of plain expectiminimax (up to rounding in the window arithmetic: exactly
// with dyadic probabilities).
//
// Transposition table: a position's result is stored with its bound type (from the window) and its
// draft (the depth searched) and whether it is solved (no evaluation at the depth limit influenced
// it); an entry settles a later visit of the same depth (of any depth from its draft on, if
// solved) when its bound fits the window.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <limits>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "search/game.hpp"
#include "search/move_ordering.hpp"
#include "search/search_counters.hpp"
#include "search/transposition_table.hpp"

namespace sgplan::search {

inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

// An expectation lies between the least and the greatest value of its outcomes. The rounded sum of
// p_i v_i can leave that range by an ulp or two when the probabilities' doubles do not sum to
// exactly 1 (thirds, tenths), which would put a probability above 1; the sum is brought back into
// the range the mathematics guarantees (a no-op whenever the sum is exact, as with dyadic ones).
inline double expectation_in_range(double sum, double least, double greatest) {
  return std::clamp(sum, least, greatest);
}

// Per-ply scratch vectors of a recursive search, kept between calls so that a node does not allocate.
template <class T>
std::vector<T>& level(std::deque<std::vector<T>>& stack, std::uint32_t ply) {
  while (stack.size() <= ply) stack.emplace_back();
  return stack[ply];
}

struct AlphaBetaOptions {
  std::uint32_t depth = kNoDepthLimit;  // steps (game.hpp); unlimited needs a game whose plays all end
  bool iterative_deepening = false;     // depth 1, 2, ... up to `depth`, or until the value is exact
  std::size_t table_entries = std::size_t{1} << 16;  // 0 disables the transposition table
  // Known bounds on every utility and evaluation. The root's window; Star1 and Star2 need them finite.
  double lower_bound = -kInfinity;
  double upper_bound = kInfinity;
};

enum class ChancePruning : std::uint8_t { None, Star1, Star2 };

template <class Move>
struct SearchResult {
  double value = 0.0;
  std::optional<Move> best_move;            // at a Max or Min root
  std::uint32_t best_index = kNoMoveIndex;  // its index in the root's generation order
  bool exact = false;                       // no evaluation at the depth limit influenced the value
  std::uint32_t depth = 0;                  // of the last (deepest) iteration
  std::uint32_t iterations = 0;             // iterative deepening iterations (1 without)
  SearchCounters counters;
};

namespace detail {

template <Game G, class Eval, class Orderer>
class AlphaBetaEngine {
 public:
  using Move = typename G::Move;

  AlphaBetaEngine(G& game, const AlphaBetaOptions& options, ChancePruning chance, Eval& eval,
                  Orderer& orderer)
      : game_(game),
        options_(options),
        chance_(chance),
        eval_(eval),
        orderer_(orderer),
        table_(options.table_entries) {}

  SearchResult<Move> run() {
    SearchResult<Move> result;
    if (!options_.iterative_deepening || options_.depth == 0) {
      root(options_.depth, result);
      result.iterations = 1;
    } else {
      for (std::uint32_t d = 1;; ++d) {
        root(d, result);
        ++result.iterations;
        if (result.exact || d >= options_.depth) break;
      }
    }
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

  double violation() {
    ++counters_.rule_violations;
    return horizon_value();
  }

  // Generates and orders the moves of the position at `ply`; false when there are none.
  bool prepare_moves(std::uint32_t ply, std::uint32_t hash_move) {
    std::vector<Move>& moves = level(moves_, ply);
    game_.legal_moves(moves);
    if (moves.empty()) return false;
    std::vector<std::uint32_t>& order = level(orders_, ply);
    orderer_.order(std::as_const(game_), std::span<const Move>(moves), order);
    promote(order, hash_move);
    return true;
  }

  std::uint32_t hash_move_of(std::uint64_t key) const {
    const TableEntry* e = table_.probe(key);
    return e != nullptr ? e->move : kNoMoveIndex;
  }

  void root(std::uint32_t depth, SearchResult<Move>& result) {
    const std::uint64_t uses_before = horizon_uses_;
    result.depth = depth;
    result.best_move.reset();
    result.best_index = kNoMoveIndex;
    ++counters_.nodes;
    const Owner owner = game_.to_move();
    const double lo = options_.lower_bound, hi = options_.upper_bound;
    if (owner == Owner::Terminal) {
      ++counters_.leaves;
      result.value = game_.utility();
    } else if (depth == 0) {
      result.value = horizon_value();
    } else if (owner == Owner::Chance) {
      result.value = chance_ == ChancePruning::None ? violation() : chance_node(depth, lo, hi, 0);
    } else if (!prepare_moves(0, hash_move_of(game_.hash()))) {
      result.value = violation();
    } else {
      const bool maximize = owner == Owner::Max;
      const double goal = maximize ? hi : lo;
      double best = maximize ? -kInfinity : kInfinity;
      std::uint32_t best_index = kNoMoveIndex;
      const std::vector<Move>& moves = moves_[0];
      for (std::uint32_t idx : orders_[0]) {
        const bool have = best_index != kNoMoveIndex;
        if (have && best == goal && idx > best_index) continue;
        double a = lo, b = hi;
        if (have && maximize) a = idx < best_index ? std::nextafter(best, -kInfinity) : best;
        if (have && !maximize) b = idx < best_index ? std::nextafter(best, kInfinity) : best;
        const std::uint32_t child_depth = depth_after(game_, moves[idx], depth);
        game_.play(moves[idx]);
        const double v = search(child_depth, a, b, 1);
        game_.undo(moves[idx]);
        const bool earlier = idx < best_index;
        const bool better =
            maximize ? (v > best || (earlier && v >= best)) : (v < best || (earlier && v <= best));
        if (better) {
          best = v;
          best_index = idx;
        }
      }
      result.value = best;
      result.best_index = best_index;
      result.best_move = moves[best_index];
      table_.store(game_.hash(), best, Bound::Exact, depth, horizon_uses_ == uses_before, best_index);
    }
    result.exact = horizon_uses_ == uses_before;
  }

  double search(std::uint32_t depth, double alpha, double beta, std::uint32_t ply) {
    ++counters_.nodes;
    const Owner owner = game_.to_move();
    if (owner == Owner::Terminal) {
      ++counters_.leaves;
      return game_.utility();
    }
    if (depth == 0) return horizon_value();
    const std::uint64_t key = game_.hash();
    std::uint32_t hash_move = kNoMoveIndex;
    if (const TableEntry* e = table_.probe(key)) {
      if (e->settles(depth, alpha, beta)) {
        ++counters_.table_hits;
        if (!e->solved) ++horizon_uses_;
        return e->value;
      }
      hash_move = e->move;
    }
    const std::uint64_t uses_before = horizon_uses_;
    double value = 0.0;
    std::uint32_t best_index = kNoMoveIndex;
    if (owner == Owner::Chance) {
      if (chance_ == ChancePruning::None) return violation();
      value = chance_node(depth, alpha, beta, ply);
    } else {
      if (!prepare_moves(ply, hash_move)) return violation();
      value = decision_node(owner == Owner::Max, depth, alpha, beta, ply, best_index);
    }
    const Bound bound = value <= alpha ? Bound::Upper : value >= beta ? Bound::Lower : Bound::Exact;
    table_.store(key, value, bound, depth, horizon_uses_ == uses_before, best_index);
    return value;
  }

  double decision_node(bool maximize, std::uint32_t depth, double alpha, double beta, std::uint32_t ply,
                       std::uint32_t& best_index) {
    const std::vector<Move>& moves = moves_[ply];
    double best = maximize ? -kInfinity : kInfinity;
    for (std::uint32_t idx : orders_[ply]) {
      const std::uint32_t child_depth = depth_after(game_, moves[idx], depth);
      game_.play(moves[idx]);
      const double v = search(child_depth, alpha, beta, ply + 1);
      game_.undo(moves[idx]);
      if (maximize ? v > best : v < best) {
        best = v;
        best_index = idx;
        if (maximize && best > alpha) alpha = best;
        if (!maximize && best < beta) beta = best;
      }
      if (alpha >= beta) break;
    }
    return best;
  }

  // Star2's probe of the child just played (a Max or Min position): searches its first move only.
  // Returns the probe's value and sets `bounded` when it bounds the child (from below at Max).
  double probe(bool maximize, std::uint32_t child_depth, double a, double b, std::uint32_t ply,
               bool& bounded) {
    ++counters_.nodes;
    bounded = false;
    if (!prepare_moves(ply, hash_move_of(game_.hash()))) {
      ++counters_.rule_violations;
      return maximize ? a : b;
    }
    const Move& first = moves_[ply][orders_[ply][0]];
    const std::uint32_t first_depth = depth_after(game_, first, child_depth);
    game_.play(first);
    const double v = search(first_depth, a, b, ply + 1);
    game_.undo(first);
    bounded = maximize ? v > a : v < b;
    return v;
  }

  double chance_node(std::uint32_t depth, double alpha, double beta, std::uint32_t ply) {
    std::vector<ChanceOutcome<Move>>& outcomes = level(outcomes_, ply);
    chance_outcomes_of(outcomes);
    if (outcomes.empty()) return violation();
    const double lo = options_.lower_bound, hi = options_.upper_bound;
    const std::size_t n = outcomes.size();
    std::vector<double>& lb = level(lower_, ply);
    std::vector<double>& ub = level(upper_, ply);
    std::vector<std::uint8_t>& known = level(known_, ply);
    lb.assign(n, lo);
    ub.assign(n, hi);
    known.assign(n, 0);
    // rest_lo[i] = sum_{j>i} p_j lb_j and rest_hi[i] likewise, accumulated from the right. Every
    // bound sum here is built by additions only, never by taking a term back out of a total: with
    // L = 0 a sum of non-negative terms cannot come out negative (a total of 1 minus its terms one by
    // one left -2.3e-17 where 0 was meant: reported/t4.yaml).
    std::vector<double>& rest_lo = level(rest_lower_, ply);
    std::vector<double>& rest_hi = level(rest_upper_, ply);
    auto accumulate_rests = [&]() {
      rest_lo.assign(n, 0.0);
      rest_hi.assign(n, 0.0);
      for (std::size_t i = n - 1; i > 0; --i) {
        rest_lo[i - 1] = rest_lo[i] + outcomes[i].probability * lb[i];
        rest_hi[i - 1] = rest_hi[i] + outcomes[i].probability * ub[i];
      }
    };
    accumulate_rests();

    if (chance_ == ChancePruning::Star2) {
      double done_lo = 0.0, done_hi = 0.0;  // sum_{j<i} p_j lb_j and sum_{j<i} p_j ub_j (probed)
      for (std::size_t i = 0; i < n; ++i) {
        const double p = outcomes[i].probability;
        const double lo_others = done_lo + rest_lo[i], hi_others = done_hi + rest_hi[i];
        const std::uint32_t child_depth = depth_after(game_, outcomes[i].move, depth);
        game_.play(outcomes[i].move);
        const Owner child = game_.to_move();
        bool cut_high = false, cut_low = false;
        if (child == Owner::Terminal || child_depth == 0) {
          ++counters_.nodes;
          double v = 0.0;
          if (child == Owner::Terminal) {
            ++counters_.leaves;
            v = game_.utility();
          } else {
            v = horizon_value();
          }
          lb[i] = ub[i] = v;
          known[i] = 1;
        } else if (child == Owner::Max || child == Owner::Min) {
          // The probe's window: what the chance position still needs from this child.
          const double a_i = (alpha - hi_others) / p, b_i = (beta - lo_others) / p;
          const bool maximize = child == Owner::Max;
          bool bounded = false;
          const double v =
              probe(maximize, child_depth, std::max(a_i, lo), std::min(b_i, hi), ply + 1, bounded);
          if (bounded && maximize) lb[i] = v;
          if (bounded && !maximize) ub[i] = v;
          cut_high = maximize && v >= b_i;
          cut_low = !maximize && v <= a_i;
        }
        game_.undo(outcomes[i].move);
        done_lo += p * lb[i];
        done_hi += p * ub[i];
        const double lo_total = done_lo + rest_lo[i], hi_total = done_hi + rest_hi[i];
        if (cut_high || lo_total >= beta) return within_bounds(std::max(lo_total, beta));
        if (cut_low || hi_total <= alpha) return within_bounds(std::min(hi_total, alpha));
      }
      accumulate_rests();  // with the probed bounds
    }

    // The Star1 loop, with the probed bounds.
    double sum = 0.0;
    double least = kInfinity, greatest = -kInfinity;  // of the exact child values summed so far
    for (std::size_t i = 0; i < n; ++i) {
      const double p = outcomes[i].probability;
      const double a_i = (alpha - sum - rest_hi[i]) / p;
      const double b_i = (beta - sum - rest_lo[i]) / p;
      double x = lb[i];
      if (known[i] || lb[i] >= ub[i]) {
        x = lb[i];  // scored during the probe, or pinned by its bounds
      } else if (lb[i] >= b_i) {
        return within_bounds(std::max(sum + p * lb[i] + rest_lo[i], beta));
      } else if (ub[i] <= a_i) {
        return within_bounds(std::min(sum + p * ub[i] + rest_hi[i], alpha));
      } else {
        const std::uint32_t child_depth = depth_after(game_, outcomes[i].move, depth);
        game_.play(outcomes[i].move);
        x = search(child_depth, std::max(a_i, lb[i]), std::min(b_i, ub[i]), ply + 1);
        game_.undo(outcomes[i].move);
      }
      if (x <= a_i) return within_bounds(std::min(sum + p * x + rest_hi[i], alpha));
      if (x >= b_i) return within_bounds(std::max(sum + p * x + rest_lo[i], beta));
      sum += p * x;
      least = std::min(least, x);
      greatest = std::max(greatest, x);
    }
    return expectation_in_range(sum, least, greatest);
  }

  // A chance position's value is a convex combination of values in [L, U], so it lies in [L, U];
  // a cutoff's bound sum of n rounded products can leave that range by a few ulps (the
  // probabilities' doubles need not sum to exactly 1), and is brought back into it.
  double within_bounds(double v) const { return std::clamp(v, options_.lower_bound, options_.upper_bound); }

  void chance_outcomes_of(std::vector<ChanceOutcome<Move>>& outcomes) {
    if constexpr (StochasticGame<G>) {
      game_.chance_outcomes(outcomes);
    } else {
      outcomes.clear();
    }
  }

  G& game_;
  const AlphaBetaOptions& options_;
  ChancePruning chance_;
  Eval& eval_;
  Orderer& orderer_;
  TranspositionTable table_;
  SearchCounters counters_;
  std::uint64_t horizon_uses_ = 0;  // evaluations at the depth limit, and table hits that rest on some
  // Per-ply scratch; a deque so that deeper levels never move shallower ones.
  std::deque<std::vector<Move>> moves_;
  std::deque<std::vector<std::uint32_t>> orders_;
  std::deque<std::vector<ChanceOutcome<Move>>> outcomes_;
  std::deque<std::vector<double>> lower_, upper_, rest_lower_, rest_upper_;
  std::deque<std::vector<std::uint8_t>> known_;
};

}  // namespace detail

}  // namespace sgplan::search
