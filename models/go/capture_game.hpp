// Capturing a Go string as a threat game for lambda search (search/lambda/threat_game.hpp;
// Thomsen 2000, "Lambda-search in game trees, with application to Go").
//
// The target is the string through one given stone; the attacker is the other colour. The attacker
// wins when the target is captured. The defender wins when the target has `safe_liberties`
// liberties (5 by default, as GNU Go's reading treats a string with five liberties as safe) or when
// the search runs out of depth. Lambda moves: order 0 takes the last liberty; order 1 are ataris
// (a lambda-1 tree is a ladder); order 2 are moves after which a ladder would work (nets); ...
// A lambda-n tree needs the target at n + 1 liberties or fewer (an attacker move takes at most one
// liberty), which prunes most of the board: with exactly n + 1 liberties only the liberties
// themselves can be lambda-n moves.
//
// Ko: the board's simple ko rule applies, and each side may be allowed to ignore it ("it wins
// every ko": it always has a ko threat that must be answered), or to ignore it a limited number of
// times in a line (CaptureRules::ko_threats, GNU Go's komaster: a side that took a ko against the
// ban has won that ko, and its opponent may never take it back there). reading.hpp runs the search under
// three such rules to tell unconditional results from ko results (GNU Go's codes 1, 2, 3). When the
// defender may ignore the ban, taking the target by a ko capture is not final: the capture is an
// ordinary move, the defender may take back, and the target lives on as the stone that does.
// Likewise a capture that leaves the capturing string in atari on the target's point (the
// defender's snapback) is not final, whatever the ko rules (GNU Go reads it so). The attacker's goal
// is then reached when it is to move and the target's point is still empty.
//
// Relevancy zones (soundness: a proof's zone must hold every point where an extra defender stone
// could change anything the proof looked at). A proof reads the target's status at every node and
// what each of its moves does, so each move's zone is:
//   status  the target's liberties; the liberties of every attacker string touching the target
//           (capturing one gives liberties); for each target liberty, the liberties of every string
//           touching it (the defender's one-move win by extension or capture reads them);
//   move    the point, its neighbours, the liberties of every string touching it, and for each
//           string it captures, the captured stones and the liberties of the strings touching them.
// An extra defender stone outside these sets changes no colour, liberty set or capture the proof
// relied on: to capture a string whose stones were read it would have to fill a liberty the zone
// holds, and to join a string it would have to stand on one of its liberties. So no defence can come
// from outside the zone and defence_extras() is empty.
// The candidates of the attacker (threat_candidates) are a heuristic superset: the target's
// liberties, then the points within two steps of them, the liberties of the attacker's short
// strings next to the target (and of the defender strings up to one liberty longer that shorten
// them: a capturing race), and the same around the defender's short strings next to its
// liberties (the target joined to one of them is the string to capture).
// A move they miss costs completeness (a "not proven"), never soundness.
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
  int safe_liberties = 5;            // the defender wins with this many liberties (2..10)
  bool attacker_ignores_ko = false;  // the attacker may retake a ko at once
  bool defender_ignores_ko = false;  // the defender may retake a ko at once
  // When positive, a side allowed to ignore the ko ban may do so this many times in a line of
  // play (it has that many ko threats), and obeys the ban afterwards; 0: every time. GNU Go's
  // komaster scheme lets a side make one conditional ko capture in a line (reading.hpp).
  int ko_threats = 0;
};

class CaptureGame {
 public:
  // `target` must hold a stone; `first` moves first (the attacker for attack questions, the
  // defender for defence questions).
  CaptureGame(const Board& board, Point target, Color first, const CaptureRules& rules);

  // The ThreatGame concept.
  std::size_t move_limit() const { return static_cast<std::size_t>(board_.points()); }
  bool attacker_to_move() const { return to_move_ == attacker_; }
  std::uint64_t hash() const;
  void legal_moves(MoveList& out) const;
  bool is_legal(Move m) const;
  void winning_moves(MoveList& out) const;
  bool defender_won() const { return alive() && board_.liberties(target_) >= rules_.safe_liberties; }
  bool attacker_won() const { return !alive() && !retake_pending(); }
  void play(Move m);
  void pass();
  void undo();
  std::string move_name(Move m) const;

  // The hints.
  void threat_candidates(int order, MoveList& out) const;
  void defence_extras(int order, MoveList& out) const;
  void add_move_zone(Move m, int order, MoveSet& zone) const;
  void add_illegal_zone(Move m, MoveSet& zone) const;
  int move_priority(Move m) const;
  std::uint64_t hash_after(Move m) const;

  const Board& board() const { return board_; }
  Point target() const { return target_; }
  Color attacker() const { return attacker_; }
  Color defender() const { return defender_; }
  Color to_move() const { return to_move_; }
  const CaptureRules& rules() const { return rules_; }
  bool alive() const { return board_.at(target_) == defender_; }
  // The target was just taken and the defender, to move, can take back on the target's point.
  bool retake_pending() const;
  // Is the attacker's capture of the target at m final: the defender cannot take back on the
  // target's point at once (a snapback), or it is a ko whose ban the defender must obey? (The
  // target in atari at m, the attacker to move.)
  bool final_capture(Move m) const;
  // Moves played so far that left a ko point (or 1 when the start position had one): while it is
  // 0 the ko rules made no difference to anything searched.
  std::uint64_t ko_events() const { return ko_events_; }

  // The status part of every zone (see above), for the current position.
  void add_status_zone(MoveSet& zone) const;
  // The candidate region of the attacker beyond the target's liberties (points within two steps
  // of them and the short strings' liberties), legal moves only.
  void add_region(MoveSet& region) const;

 private:
  static constexpr std::uint64_t kWhiteToMove = 0x5be0cd19137e2179ULL;
  static std::uint64_t ko_key(Point p);
  bool ignores_ko(Color c) const {
    const bool free = c == attacker_ ? rules_.attacker_ignores_ko : rules_.defender_ignores_ko;
    return free && (rules_.ko_threats == 0 || threats_used(c) < rules_.ko_threats);
  }
  int threats_used(Color c) const { return c == attacker_ ? attacker_threats_ : defender_threats_; }
  // Does m, played by the side to move, take a ko against the ban (a ko threat spent)?
  bool spends_threat(Move m) const;
  // The point where c may not take a ko: the ko its opponent won by spending a threat.
  Point won_ko(Color c) const { return c == attacker_ ? defender_won_ko_ : attacker_won_ko_; }
  // Is m, by the side to move, a ko capture at the point of a ko the opponent has won?
  bool retakes_won_ko(Move m) const;
  std::uint64_t threats_key(int attacker_threats, int defender_threats, Point attacker_won,
                            Point defender_won) const;
  void sorted(const MoveSet& points, MoveList& out) const;
  void add_string_liberties(Point p, MoveSet& zone) const;
  // The empty points within two steps of `libs` through empty points (approach moves, nets).
  void add_near(const PointSet& libs, MoveSet& region) const;
  // The race part of the region around the defender string at s: the liberties of the attacker's
  // strings of four liberties or fewer touching it, and of the defender strings shortening them.
  void add_race_region(Point s, MoveSet& region) const;

  // Mutable only so that const queries (winning_moves, hash_after) may play and undo a move: every
  // such query leaves the board exactly as it found it.
  mutable Board board_;
  Point target_;
  Color defender_;
  Color attacker_;
  Color to_move_;
  CaptureRules rules_;
  std::uint64_t ko_events_ = 0;
  // Ko threats spent in the current line (rules_.ko_threats > 0), and per move played whether it
  // spent one (for undo).
  // The ko a side won by spending a threat (the point of the stone it captured, where the
  // opponent may not take back), kNoPoint when none.
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
