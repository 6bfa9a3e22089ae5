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
// Ko: the rules of go_play.hpp (GoRules, GNU Go's komaster scheme). When the
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
//
// Dual lambda search (search/lambda/counter_threats.hpp) asks counter_threat(): in a capturing
// race the defender's own threat is to capture an attacker string touching the target (the target
// gains its liberties). It is found by the same lambda search with the roles exchanged: a
// CaptureGame whose target is that attacker string, the defender to move, every ko ban obeyed.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "models/go/go_play.hpp"

namespace sgplan::search::lambda {
class CounterThreatSearch;
}

namespace sgplan::models::go {

class CaptureGame : public GoPlay {
 public:
  // `target` must hold a stone; `first` moves first (the attacker for attack questions, the
  // defender for defence questions).
  CaptureGame(const Board& board, Point target, Color first, const CaptureRules& rules);

  // The goal part of the ThreatGame concept (the rest is GoPlay's).
  void winning_moves(MoveList& out) const;
  bool defender_won() const { return alive() && board_.liberties(target_) >= rules_.safe_liberties; }
  bool attacker_won() const { return !alive() && !retake_pending(); }

  // The hints (add_illegal_zone and hash_after are GoPlay's).
  void threat_candidates(int order, MoveList& out) const;
  void defence_extras(int order, MoveList& out) const;
  void add_move_zone(Move m, int order, MoveSet& zone) const;
  int move_priority(Move m) const;

  // The hint of dual lambda search, attacker to move: were it to pass, the lowest order m <=
  // max_order (at most kMaxCounterOrder) of a lambda tree by which the defender captures an attacker
  // string touching the target, or -1; adds the zone of the lowest-order trees (their union).
  // Within kCounterNodes nodes per string (and max_nodes in all); answers are cached by position.
  // kCounterNodes: on reading.tst caps of 30 to 600 nodes all gain cases 108, 109 and 172 over
  // plain lambda search, 2,000 loses more than it gains (README, "The GNU Go reading suite").
  int counter_threat(int max_order, std::uint64_t max_nodes, MoveSet& zone, std::uint64_t& nodes);
  static constexpr int kMaxCounterOrder = 2;
  static constexpr std::uint64_t kCounterNodes = 100;

  Point target() const { return target_; }
  bool alive() const { return board_.at(target_) == defender_; }
  // The target was just taken and the defender, to move, can take back on the target's point.
  bool retake_pending() const;
  // Is the attacker's capture of the target at m final: the defender cannot take back on the
  // target's point at once (a snapback), or it is a ko whose ban the defender must obey? (The
  // target in atari at m, the attacker to move.)
  bool final_capture(Move m) const;

  // The status part of every zone (see above), for the current position.
  void add_status_zone(MoveSet& zone) const;
  // The candidate region of the attacker beyond the target's liberties (points within two steps
  // of them and the short strings' liberties), legal moves only.
  void add_region(MoveSet& region) const;

 private:
  void sorted(const MoveSet& points, MoveList& out) const;
  void add_string_liberties(Point p, MoveSet& zone) const;
  // The race part of the region around the defender string at s: the liberties of the attacker's
  // strings of four liberties or fewer touching it, and of the defender strings shortening them.
  void add_race_region(Point s, MoveSet& region) const;

  Point target_;
  // The nested searches, made at the first counter_threat() and shared with the nested games.
  std::shared_ptr<search::lambda::CounterThreatSearch> counter_;
};

}  // namespace sgplan::models::go
