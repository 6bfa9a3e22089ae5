// The moves of a Go threat game, whatever its goal (capture_game.hpp: capture a string;
// connection_game.hpp: connect two strings): the board, whose turn it is, and the ko rules, with
// the parts of the ThreatGame concept (search/lambda/threat_game.hpp) that do not depend on the
// goal: legality, play, pass, undo, the hash, move names and the zones of a move's own effects.
//
// Ko: the board's simple ko rule applies, and each side may be allowed to ignore it ("it wins
// every ko": it always has a ko threat that must be answered), or to ignore it a limited number of
// times in a line (GoRules::ko_threats, GNU Go's komaster: a side that took a ko against the ban
// has won that ko, and its opponent may never take it back there). reading.hpp runs each question
// under three such rules to tell unconditional results from ko results (GNU Go's codes 1, 2, 3).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/move_set.hpp"
#include "models/go/board.hpp"

namespace sgplan::models::go {

using sgplan::Move;
using sgplan::MoveList;
using sgplan::MoveSet;

struct CaptureRules {
  int safe_liberties = 5;            // capture: the defender wins with this many liberties (2..10)
  bool attacker_ignores_ko = false;  // the attacker may retake a ko at once
  bool defender_ignores_ko = false;  // the defender may retake a ko at once
  // When positive, a side allowed to ignore the ko ban may do so this many times in a line of
  // play (it has that many ko threats), and obeys the ban afterwards; 0: every time. GNU Go's
  // komaster scheme lets a side make one conditional ko capture in a line (reading.hpp).
  int ko_threats = 0;
};
// The rules of every Go threat game (connection games read only the ko fields).
using GoRules = CaptureRules;

class GoPlay {
 public:
  // `attacker`: the side that wants the goal; `first` moves first.
  GoPlay(const Board& board, Color attacker, Color first, const GoRules& rules);

  // The goal-free part of the ThreatGame concept.
  std::size_t move_limit() const { return static_cast<std::size_t>(board_.points()); }
  bool attacker_to_move() const { return to_move_ == attacker_; }
  std::uint64_t hash() const;
  void legal_moves(MoveList& out) const;
  bool is_legal(Move m) const;
  void play(Move m);
  void pass();
  void undo();
  std::string move_name(Move m) const;
  void add_illegal_zone(Move m, MoveSet& zone) const;
  std::uint64_t hash_after(Move m) const;

  const Board& board() const { return board_; }
  Color attacker() const { return attacker_; }
  Color defender() const { return defender_; }
  Color to_move() const { return to_move_; }
  const GoRules& rules() const { return rules_; }
  // Mixes `salt` into every hash: games with different goals on one board (the nested searches of
  // dual lambda search share a table across targets) then never share entries.
  void salt_hash(std::uint64_t salt) { salt_ = salt; }
  // Moves played so far that left a ko point (or 1 when the start position had one): while it is
  // 0 the ko rules made no difference to anything searched.
  std::uint64_t ko_events() const { return ko_events_; }

 protected:
  // What m, about to be played by the side to move, reads of the board: the point, its
  // neighbours, the liberties of the strings touching it, and for each string it captures, the
  // captured stones and the liberties of the strings touching them. An extra defender stone
  // outside this set changes neither m's legality nor what m joins or captures.
  void add_move_effects(Move m, MoveSet& zone) const;
  // The empty points within two steps of `libs` through empty points (approach moves, nets): the
  // candidate regions of the goal games start from it.
  void add_near(const PointSet& libs, MoveSet& region) const;
  bool ignores_ko(Color c) const {
    const bool free = c == attacker_ ? rules_.attacker_ignores_ko : rules_.defender_ignores_ko;
    return free && (rules_.ko_threats == 0 || threats_used(c) < rules_.ko_threats);
  }
  // The point where c may not take a ko: the ko its opponent won by spending a threat.
  Point won_ko(Color c) const { return c == attacker_ ? defender_won_ko_ : attacker_won_ko_; }

  // Mutable only so that const queries (winning moves, hash_after) may play and undo a move:
  // every such query leaves the board exactly as it found it.
  mutable Board board_;
  Color attacker_;
  Color defender_;
  Color to_move_;
  GoRules rules_;

 private:
  static constexpr std::uint64_t kWhiteToMove = 0x5be0cd19137e2179ULL;
  static std::uint64_t ko_key(Point p);
  int threats_used(Color c) const { return c == attacker_ ? attacker_threats_ : defender_threats_; }
  // Does m, played by the side to move, take a ko against the ban (a ko threat spent)?
  bool spends_threat(Move m) const;
  // Is m, by the side to move, a ko capture at the point of a ko the opponent has won?
  bool retakes_won_ko(Move m) const;
  std::uint64_t threats_key(int attacker_threats, int defender_threats, Point attacker_won,
                            Point defender_won) const;

  std::uint64_t salt_ = 0;
  std::uint64_t ko_events_ = 0;
  // Ko threats spent in the current line (rules_.ko_threats > 0), and the ko a side won by
  // spending a threat (the point of the stone it captured, where the opponent may not take back),
  // kNoPoint when none; per move played, whether it spent one (for undo).
  int attacker_threats_ = 0;
  int defender_threats_ = 0;
  Point attacker_won_ko_ = kNoPoint;
  Point defender_won_ko_ = kNoPoint;
  struct Spent {
    bool spent;
    Point won_before;  // the mover's won ko before the move
  };
  std::vector<Spent> spent_;
};

}  // namespace sgplan::models::go
