// Connecting two Go strings as a threat game for lambda search (search/lambda/threat_game.hpp;
// Thomsen 2000, whose lambda search is meant for "open-space Go problems: capture a group, connect
// two of your own groups"; Cazenave's Golois read connections the same way).
//
// The two strings are given by one stone each, of the same colour: the attacker is that colour
// (it wants them connected), the defender the other (it wants them apart). The attacker wins when
// both stones are in one string; the defender wins when it has captured either of them. Moves and
// ko rules are GoPlay's (go_play.hpp), so GNU Go's result codes 1, 2, 3 come from the same three
// ko rules as for capture (reading.hpp). Lambda moves: order 0 fills a common liberty; order 1
// threatens to (a move after which the strings share a liberty, a capture of a cutting stone, a
// hane that the defender must answer ...); order 2 threatens an order-1 win, and so on.
//
// Relevancy zones (soundness: an extra defender stone outside a proof's zone must change nothing
// the proof read). Every node reads whether the two stones share a string and whether each is
// still on the board, and the defender's one-move win reads whether either string is in atari; an
// extra defender stone can change none of that unless it stands on a liberty of one of the two
// strings (a stone elsewhere neither joins them nor takes their last liberty). So the status zone
// is the liberties of both strings; each move adds what it reads of the board (GoPlay's
// add_move_effects: its point, neighbours, the liberties of the strings it touches and what it
// captures). No defence comes from outside the zone, and defence_extras() is empty.
// The attacker's candidates are a heuristic superset: the two strings' liberties, the points
// within two steps of them, and the liberties of short defender strings touching either string
// (capturing a cutting stone, or winning a race against one). A move they miss costs completeness
// (a "not proven"), never soundness.
#pragma once

#include "models/go/go_play.hpp"

namespace sgplan::models::go {

class ConnectionGame : public GoPlay {
 public:
  // `a` and `b` hold stones of one colour; `first` moves first (the attacker for connect
  // questions, the defender for disconnect questions).
  ConnectionGame(const Board& board, Point a, Point b, Color first, const GoRules& rules);

  // The goal part of the ThreatGame concept (the rest is GoPlay's).
  void winning_moves(MoveList& out) const;
  bool defender_won() const { return !alive(); }
  bool attacker_won() const { return alive() && board_.string_id(a_) == board_.string_id(b_); }

  // The hints (add_illegal_zone and hash_after are GoPlay's).
  void threat_candidates(int order, MoveList& out) const;
  void defence_extras(int order, MoveList& out) const;
  void add_move_zone(Move m, int order, MoveSet& zone) const;
  int move_priority(Move m) const;

  Point first_stone() const { return a_; }
  Point second_stone() const { return b_; }
  // Both strings are still on the board.
  bool alive() const { return board_.at(a_) == attacker_ && board_.at(b_) == attacker_; }
  // The points where a stone of the attacker would join the two strings at once.
  MoveSet common_liberties() const;
  // The status part of every zone (see above), for the current position.
  void add_status_zone(MoveSet& zone) const;
  // The attacker's candidate region (see above), legal or not.
  void add_region(MoveSet& region) const;

 private:
  Point a_, b_;
};

}  // namespace sgplan::models::go
