// Plain alpha-beta to a fixed depth, full width: the yardstick lambda search is measured against
// (the same game, the same goal, the same depth in attacker moves, every legal move at every
// node). Values are 1 (the attacker reaches its goal within the depth whatever the defender does)
// or 0, so alpha-beta is "first winning attacker move, first refuting defender move". It has the
// usual enhancements and nothing game-specific: the goal-in-one test at every node, a
// transposition table (the lambda table at order 0), history move ordering and iterative
// deepening over depth. No null moves, no threats, no zones: an independent second algorithm for
// the tests (whenever lambda search proves a win, this must agree).
#pragma once

#include <algorithm>

#include "search/lambda/lambda_options.hpp"
#include "search/lambda/lambda_table.hpp"
#include "search/lambda/move_ordering.hpp"
#include "search/lambda/search_budget.hpp"
#include "search/lambda/threat_game.hpp"

namespace sgplan::search::lambda {

struct PlainResult {
  bool proven = false;
  bool budget_exhausted = false;
  Move move = kNoMove;
  int depth = 0;  // proven: the shallowest winning depth; else the deepest depth searched
  SearchStats stats;
  double seconds = 0.0;
};

template <ThreatGame G>
class PlainAlphaBeta {
 public:
  PlainAlphaBeta(G& game, std::uint64_t max_nodes, std::size_t table_mib)
      : game_(game), table_(table_mib), budget_(max_nodes, 0.0) {}

  // Attacker to move: does it reach its goal within `depth` attacker moves?
  Outcome attack(int a) {
    if (!budget_.tick(stats_)) return Outcome::kAborted;
    ++stats_.attacker_nodes;
    if (game_.defender_won()) return Outcome::kNotProven;
    MoveList goal;
    game_.winning_moves(goal);
    if (!goal.empty()) {
      last_best_ = goal[0];
      return Outcome::kProven;
    }
    if (a <= 1) return Outcome::kNotProven;
    const std::uint64_t key = game_.hash();
    Move first = kNoMove;
    if (const LambdaEntry* e = table_.probe(key)) {
      if (e->proves(0, a)) {
        ++stats_.table_hits;
        last_best_ = e->best;
        return Outcome::kProven;
      }
      if (e->refutes(0, a)) {
        ++stats_.table_hits;
        return Outcome::kNotProven;
      }
      first = e->best;
    }
    MoveList moves;
    game_.legal_moves(moves);
    ordering_.sort(game_, moves, MoveOrdering::kAttacker, first);
    for (Move m : moves) {
      game_.play(m);
      const Outcome r = defend(a - 1);
      game_.undo();
      if (r == Outcome::kAborted) return r;
      if (r == Outcome::kProven) {
        table_.store_proof(key, 0, a, m, MoveSet{});
        ordering_.reward(MoveOrdering::kAttacker, m, a);
        last_best_ = m;
        return r;
      }
    }
    table_.store_failure(key, 0, a);
    return Outcome::kNotProven;
  }

  Move last_best() const { return last_best_; }
  const SearchStats& stats() const { return stats_; }
  double seconds() const { return budget_.seconds(); }

 private:
  Outcome defend(int a) {
    if (!budget_.tick(stats_)) return Outcome::kAborted;
    ++stats_.defender_nodes;
    if (game_.defender_won()) return Outcome::kNotProven;
    MoveList own_goal;
    game_.winning_moves(own_goal);
    if (!own_goal.empty()) return Outcome::kNotProven;
    const std::uint64_t key = game_.hash();
    Move first = kNoMove;
    if (const LambdaEntry* e = table_.probe(key)) {
      if (e->proves(0, a)) {
        ++stats_.table_hits;
        return Outcome::kProven;
      }
      if (e->refutes(0, a)) {
        ++stats_.table_hits;
        return Outcome::kNotProven;
      }
      first = e->best;
    }
    MoveList moves;
    game_.legal_moves(moves);
    ordering_.sort(game_, moves, MoveOrdering::kDefender, first);
    for (Move c : moves) {
      game_.play(c);
      const Outcome r = attack(a);
      game_.undo();
      if (r == Outcome::kAborted) return r;
      if (r == Outcome::kNotProven) {
        table_.store_failure(key, 0, a, c);
        ordering_.reward(MoveOrdering::kDefender, c, a);
        return r;
      }
    }
    table_.store_proof(key, 0, a, kNoMove, MoveSet{});
    return Outcome::kProven;
  }

  G& game_;
  LambdaTable table_;
  MoveOrdering ordering_;
  Budget budget_;
  SearchStats stats_;
  Move last_best_ = kNoMove;
};

// Iterative deepening from depth 1 to max_depth; the first depth that wins is the answer.
template <ThreatGame G>
PlainResult plain_alphabeta(G& game, int max_depth, std::uint64_t max_nodes, std::size_t table_mib = 64) {
  PlainAlphaBeta<G> search(game, max_nodes, table_mib);
  PlainResult result;
  for (int a = 1; a <= max_depth; ++a) {
    const Outcome r = search.attack(a);
    if (r == Outcome::kAborted) {
      result.budget_exhausted = true;
      break;
    }
    result.depth = a;
    if (r == Outcome::kProven) {
      result.proven = true;
      result.move = search.last_best();
      break;
    }
  }
  result.stats = search.stats();
  result.seconds = search.seconds();
  return result;
}

}  // namespace sgplan::search::lambda
