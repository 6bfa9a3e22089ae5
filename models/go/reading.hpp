// Tactical reading of Go strings by lambda search: can a string be captured (attack), can it be
// saved (defend), is it caught in a ladder (ladder_attack)? The answers use GNU Go's result codes:
//   0  no;   1  yes, unconditionally;
//   2  yes by ko, the side asking making the first ko capture (it wins if it may ignore one ko
//      threat: "KO_A");   3  yes by ko, the other side capturing first (it needs a ko threat of
//      its own: "KO_B").
// Each code is a search under one ko rule (CaptureRules), from the hardest to the easiest for the
// side asking:
//   attack   1: the attacker obeys the ko ban, the defender has one ko threat;
//            2: both obey the ban (no ko threats anywhere: the first to take a ko keeps it);
//            3: the attacker has one ko threat, the defender obeys the ban.
//   defend   the same with the roles exchanged.
// One ko threat is GNU Go's komaster scheme (the GNU Go manual, "Ko Handling"): a side may make
// one conditional ko capture (a retake against the ban) in a line of play; it then wins that ko
// (its opponent may not take it back, even later) and makes no other conditional capture. So a
// code 1 attack may still use a ko the defender can win only by two threats in the same line.
// A search that met no ko point at all would be repeated identically, so the next rules are
// skipped then. Every "yes" of attack is a lambda proof (Thomsen 2000) that the target is captured
// against every defence; a "no" means "no lambda tree of order max_order or below, within the
// candidate moves (capture_game.hpp)" when the searches behind it were exhaustive, and only "not
// found within the limits" when the depth limit or the budget cut one off (the defender is
// credited with a win at `safe_liberties` liberties, at the depth limit and when the budget runs
// out): ReadingResult says which (depth_limited, budget_limited), and sgplan gtp prints it.
// Ladders have no depth limit but the board: each order is deepened until its search fails with
// no depth cut (capture_search.hpp), a ladder ending at the edge, at a breaker, or where the target
// gains a third liberty; only nets (orders 2 and up) keep a fixed depth limit.
// defend: the defender moves first. If the attacker, moving first, cannot capture, no defence is
// needed and the answer is the move PASS (as GNU Go answers for a string with five liberties).
// Otherwise the attack proof's relevancy zone holds every defender move that could refute it
// (capture_game.hpp); each legal one is tried, best first (within a tenth of the budget each, then
// the unresolved ones again with all that is left), and the defence is the first after which the
// attack search was exhaustive (no capture at any depth), else the first after which only the
// depth limit stopped it, else the first the budget stopped. None: code 0 under these rules (every
// candidate refuted by a proof, so this 0 never rests on a limit).
// ladder_attack: the attack question at order 1 only (every attacker move an atari).
#pragma once

#include <cstdint>
#include <vector>

#include "models/go/board.hpp"
#include "search/lambda/lambda_options.hpp"

namespace sgplan::models::go {

struct ReadingOptions {
  int max_order = 3;  // lambda order: 1 ladders, 2 nets, 3 nets of strings with three liberties
  // Attacker moves, the capture included, for ladders (orders 0, 1); 0: as many as the board has
  // empty points (at most search::lambda::kMaxDepth), so a ladder is read to its end.
  int max_depth = 0;
  int net_depth = 12;                   // the same for order 2; order n > 2: net_depth - 3 (n - 2)
  int safe_liberties = 5;               // the defender wins with this many liberties
  std::uint64_t max_nodes = 2'000'000;  // per question, all its searches together
  double max_seconds = 0.0;             // per question (0: no limit)
  std::size_t table_mib = 32;           // per ko rule
  search::lambda::Engine engine = search::lambda::Engine::kAlphaBeta;
  bool ko_results = true;  // false: only code 1 is searched for (no ko rules beyond the first)
  // Dual lambda search (search/lambda/counter_threats.hpp): the defender's counter-threats
  // (captures of attacker strings touching the target) restrict the attacker's moves.
  bool dual = false;
};

struct ReadingResult {
  int code = 0;           // 0, 1, 2, 3 (see above)
  Point move = kNoPoint;  // the attack or defence (kPassPoint: no defence needed); kNoPoint when 0
  std::vector<Point> pv;  // attack: the proof's principal variation, ending with the capture
  int order = 0;          // the lambda order and depth of the deciding search
  int depth = 0;
  std::uint64_t nodes = 0;  // every search of the question
  int searches = 0;
  double seconds = 0.0;
  bool budget_exhausted = false;  // some search stopped at the node or time limit
  // The "no" parts of the answer (attack 0; under a ko code, the stricter rules' failed attacks;
  // the attack a named defence or PASS leaves unproven) rest on searches that found nothing. They
  // were exhaustive unless one was cut off by the depth limit or by the budget:
  bool depth_limited = false;
  bool budget_limited = false;
  bool exhaustive() const { return !depth_limited && !budget_limited; }
};

// The target must hold a stone (std::invalid_argument otherwise). The board is not changed.
ReadingResult attack(const Board& board, Point target, const ReadingOptions& options);
ReadingResult defend(const Board& board, Point target, const ReadingOptions& options);
ReadingResult ladder_attack(const Board& board, Point target, const ReadingOptions& options);

// Connection questions (connection_game.hpp), GNU Go's connect and disconnect: `a` and `b` hold
// stones of one colour. connect: that colour moves first and joins the two strings into one (the
// attack question of the connection game: every 1 is a lambda proof, with its principal
// variation; two stones of one string give 1 PASS). disconnect: the other colour moves first and
// keeps them apart (the defence question: the cut after which no connection was found; 1 PASS
// when even a pass keeps them apart; 0 for one string). The ko codes are as above. Two empty
// points, a point off the board or two colours: std::invalid_argument.
ReadingResult connect(const Board& board, Point a, Point b, const ReadingOptions& options);
ReadingResult disconnect(const Board& board, Point a, Point b, const ReadingOptions& options);

}  // namespace sgplan::models::go
