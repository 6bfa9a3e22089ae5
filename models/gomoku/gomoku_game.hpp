// Go-Moku and Renju as a threat game for lambda search (search/lambda/threat_game.hpp).
//
// The attacker (Black or White) moves first and wants a five; the defender wants to stop it, and
// wins outright by making a five of its own (or, under Renju, when Black plays a forbidden point:
// the searchers never do, forbidden points are not legal moves). Rules: freestyle (five or more
// wins), standard (exactly five wins, for both colours), renju (Black: exactly five, and
// double-three, double-four and overline are forbidden; White: five or more).
// Lambda moves here: order 1 are fours (a threat to make five next move: VCF), order 2 are the moves
// after which a VCF would follow a pass, threes included (VCT), and so on.
// The hints:
//   threat_candidates(n)  if the defender has a four, only the block (two or more: nothing); else
//                         the attacker's four-making points, for n >= 2 also its "twos" (the
//                         points that add a stone to a clean window of two or more, which covers
//                         the "swords", three stones in a clean window), its five points removed.
//                         A heuristic superset of what can threaten (it can only cost
//                         completeness, never soundness).
//   defence_extras(t)     counter-threats that may refute a threat of order t from outside its
//                         zone: t = 1 the defender's four-making points, t = 2 also its swords, t = 3
//                         also its twos, t >= 4 every empty point.
//   add_move_zone         an attacker move: the point (and, for a Black move that may be a
//                         double-three, the read set of the forbidden-point check); a defender move
//                         in a proof of order n: the point and the empty cells of every five-cell
//                         window through it free of attacker stones that holds at least 4 - n
//                         defender stones with it (where an earlier defender stone could turn the
//                         proof's blocks into a counter-four: 3 stones in a VCF, 2 at order 2, 1 at
//                         order 3, every line at order 4 and up).
//   add_illegal_zone      a Black forbidden point: the read set of the Renju check.
// Together with the extras these zones make the proofs sound: a defender stone outside them
// changes nothing any node of the proof looked at (see the argument in the README).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/move_set.hpp"
#include "models/gomoku/board.hpp"

namespace sgplan::search::lambda {
class CounterThreatSearch;
}

namespace sgplan::models::gomoku {

using sgplan::Move;
using sgplan::MoveList;

class GomokuGame {
 public:
  GomokuGame(const Board& board, Stone attacker);

  // The ThreatGame concept.
  std::size_t move_limit() const { return static_cast<std::size_t>(board_.points()); }
  bool attacker_to_move() const { return to_move_ == attacker_; }
  std::uint64_t hash() const { return board_.hash() ^ (to_move_ == Stone::kWhite ? kWhiteToMove : 0); }
  void legal_moves(MoveList& out) const;
  bool is_legal(Move m) const;
  void winning_moves(MoveList& out) const;
  bool defender_won() const { return winner() == opponent(attacker_); }
  bool attacker_won() const { return winner() == attacker_; }
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
  // X-0-0 hint, attacker to move: were the attacker to pass, would the defender win by at most
  // `fours` fours? The zone of that win is added to `zone` (vcf_search.hpp); `nodes` receives the
  // nodes the VCF search visited (0 when the answer came from the cache).
  bool defender_threat(int fours, MoveSet& zone, std::uint64_t& nodes);
  std::uint64_t hash_after(Move m) const { return hash() ^ Board::zobrist(to_move_, m) ^ kWhiteToMove; }
  // Dual lambda search hint (search/lambda/counter_threats.hpp), attacker to move: were it to pass,
  // the lowest order m <= max_order by which the defender makes a five: 0 a five at once, 1 a VCF
  // (of at most kCounterFours fours, the X-0-0 check's search), 2 a VCT (a nested lambda search
  // with the colours exchanged, within kCounterNodes nodes and 6 moves, which may also find a
  // longer VCF: order 1); -1 when none. Adds its zone. kCounterFours: on the Renju puzzles at 2
  // million nodes 3, 4, 6 and 8 fours gave 86, 88, 85 and 80 right answers (README).
  int counter_threat(int max_order, std::uint64_t max_nodes, MoveSet& zone, std::uint64_t& nodes);
  static constexpr int kCounterFours = 4;
  static constexpr std::uint64_t kCounterNodes = 5000;

  const Board& board() const { return board_; }
  Stone attacker() const { return attacker_; }
  Stone to_move() const { return to_move_; }
  // The side that has won by the moves played so far (a five, or Black's forbidden move), or kEmpty.
  Stone winner() const { return history_.empty() ? Stone::kEmpty : history_.back().winner; }
  bool forbidden(Point p) const;

 private:
  static constexpr std::uint64_t kWhiteToMove = 0x7a3c5e1f9b2d4861ULL;
  struct Played {
    Move move;
    Stone winner;
  };
  void sorted_legal(const MoveSet& points, MoveList& out) const;

  // Results of defender_threat by position (a direct-mapped cache; a collision only costs time).
  struct ThreatSlot {
    std::uint64_t key = 0;
    bool wins = false;
    MoveSet zone;
  };
  static constexpr std::size_t kThreatSlots = 1 << 14;
  // Deeper than any search: depth 127 gives 254 plies, each nesting of sub-searches a null move.
  static constexpr std::size_t kHistoryReserve = 4096;

  Board board_;
  Stone attacker_;
  Stone to_move_;
  std::vector<Played> history_;
  std::vector<ThreatSlot> threat_cache_;
  // The nested VCT searches and their answers by position, made when first used.
  std::shared_ptr<search::lambda::CounterThreatSearch> counter_;
};

}  // namespace sgplan::models::gomoku
