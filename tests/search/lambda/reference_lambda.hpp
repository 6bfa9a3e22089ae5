// Thomsen's lambda-tree definitions transcribed literally, for the tests: no table, no zones, no
// hints, no clamping of the order by the depth, every legal move tried everywhere. Exponential;
// meant for boards of a few dozen points. Also a brute-force "win within a attacker moves".
//   attack(n, a): the attacker to move wins by a lambda tree of order n within a attacker moves:
//     its goal now; or (n >= 1, a >= 2) some move m such that after m and a null move a tree of
//     some order below n wins within a - 1 moves (m is a lambda-n move), and defend(n, a - 1).
//   defend(n, a): the defender (to move) has no goal move, and after every move either a tree of
//     order below n wins (the move is not a lambda-n move) or attack(n, a) holds.
#pragma once

#include <cstdint>

#include "search/lambda/threat_game.hpp"

namespace sgplan::testing {

template <search::lambda::ThreatGame G>
class ReferenceLambda {
 public:
  explicit ReferenceLambda(G& game) : g_(game) {}

  bool attack(int n, int a) {
    ++nodes;
    if (g_.defender_won()) return false;
    sgplan::MoveList goal;
    g_.winning_moves(goal);
    if (!goal.empty()) return true;
    if (n == 0 || a <= 1) return false;
    sgplan::MoveList moves;
    g_.legal_moves(moves);
    for (auto m : moves) {
      g_.play(m);
      g_.pass();
      const bool threat = below(n, a - 1);
      g_.undo();
      const bool win = threat && defend(n, a - 1);
      g_.undo();
      if (win) return true;
    }
    return false;
  }

  // A tree of some order below n wins within a moves.
  bool below(int n, int a) {
    for (int k = 0; k < n; ++k) {
      if (attack(k, a)) return true;
    }
    return false;
  }

  bool defend(int n, int a) {
    if (g_.defender_won()) return false;
    sgplan::MoveList own;
    g_.winning_moves(own);
    if (!own.empty()) return false;
    sgplan::MoveList moves;
    g_.legal_moves(moves);
    for (auto r : moves) {
      g_.play(r);
      const bool lost = below(n, a) || attack(n, a);
      g_.undo();
      if (!lost) return false;
    }
    return true;
  }

  // Brute force: the attacker reaches its goal within a moves whatever the defender does.
  bool win_within(int a) {
    if (g_.defender_won()) return false;
    sgplan::MoveList goal;
    g_.winning_moves(goal);
    if (!goal.empty()) return true;
    if (a <= 1) return false;
    sgplan::MoveList moves;
    g_.legal_moves(moves);
    for (auto m : moves) {
      g_.play(m);
      bool all = true;
      sgplan::MoveList own;
      g_.winning_moves(own);
      if (!own.empty()) {
        all = false;
      } else {
        sgplan::MoveList replies;
        g_.legal_moves(replies);
        for (auto r : replies) {
          g_.play(r);
          all = win_within(a - 1);
          g_.undo();
          if (!all) break;
        }
      }
      g_.undo();
      if (all) return true;
    }
    return false;
  }

  std::uint64_t nodes = 0;

 private:
  G& g_;
};

// A view of a game without its hints: the searchers then use every legal move and whole-board
// zones, i.e. the definitions exactly.
template <search::lambda::ThreatGame G>
class PlainView {
 public:
  explicit PlainView(G& game) : g_(game) {}
  std::size_t move_limit() const { return g_.move_limit(); }
  bool attacker_to_move() const { return g_.attacker_to_move(); }
  std::uint64_t hash() const { return g_.hash(); }
  void legal_moves(sgplan::MoveList& out) const { g_.legal_moves(out); }
  bool is_legal(sgplan::Move m) const { return g_.is_legal(m); }
  void winning_moves(sgplan::MoveList& out) const { g_.winning_moves(out); }
  bool defender_won() const { return g_.defender_won(); }
  bool attacker_won() const { return g_.attacker_won(); }
  void play(sgplan::Move m) { g_.play(m); }
  void pass() { g_.pass(); }
  void undo() { g_.undo(); }
  std::string move_name(sgplan::Move m) const { return g_.move_name(m); }

 private:
  G& g_;
};

}  // namespace sgplan::testing
