#include "models/go/reading.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "models/go/capture_search.hpp"
#include "models/go/connection_game.hpp"
#include "models/go/vertex.hpp"

namespace sgplan::models::go {

namespace lambda = search::lambda;

namespace {

// The share of a question's budget that a defence candidate gets in the first pass (see defend).
constexpr double kFirstPassShare = 0.1;

struct KoRule {
  bool attacker_ignores_ko;
  bool defender_ignores_ko;
  int ko_threats;
  int code;
};

// From the hardest rule for the side asking to the easiest (see reading.hpp).
constexpr std::array<KoRule, 3> kAttackRules{
    {{false, true, 1, 1}, {false, false, 0, 2}, {true, false, 1, 3}}};
constexpr std::array<KoRule, 3> kDefendRules{
    {{true, false, 1, 1}, {false, false, 0, 2}, {false, true, 1, 3}}};

// The budget of one question, shared by its searches, and its counters.
class Question {
 public:
  explicit Question(const ReadingOptions& options)
      : options_(options), start_(std::chrono::steady_clock::now()) {}

  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  bool spent() const {
    return nodes_ >= options_.max_nodes || (options_.max_seconds > 0.0 && elapsed() >= options_.max_seconds);
  }
  lambda::LambdaOptions lambda_options(int max_order) const {
    lambda::LambdaOptions o;
    o.max_order = max_order;
    o.max_depth = std::max(options_.max_depth, options_.net_depth);
    o.engine = options_.engine;
    o.table_mib = options_.table_mib;
    o.max_nodes = options_.max_nodes;
    o.track_depth_cuts = true;
    o.dual = options_.dual;
    return o;
  }
  // Ladders: the board's empty points unless a depth is given. Each attacker move fills one (only
  // a capture frees points), so no ladder is longer; should one be, the cut says so.
  DepthSchedule depths(const Board& board) const {
    int ladder = options_.max_depth;
    if (ladder <= 0) ladder = std::clamp(board.empty_points(), 2, lambda::kMaxDepth);
    return DepthSchedule{ladder, options_.net_depth};
  }
  // One search within what is left of the budget, and within `share` of the whole (0 < share <= 1).
  template <class Game>
  RootResult prove(RootProver& prover, Game& game, double share = 1.0) {
    if (spent()) {
      RootResult none;
      none.result.budget_exhausted = true;
      exhausted_ = true;
      return none;
    }
    const double seconds =
        options_.max_seconds > 0.0
            ? std::max(std::min(options_.max_seconds - elapsed(), options_.max_seconds * share), 1e-3)
            : 0.0;
    const auto nodes =
        std::min(options_.max_nodes - nodes_,
                 std::max<std::uint64_t>(
                     static_cast<std::uint64_t>(static_cast<double>(options_.max_nodes) * share), 1));
    RootResult r = prover.prove(game, nodes, seconds);
    nodes_ += r.result.stats.nodes;
    // Each search enters at most the nodes it was given, and those never pass what is left.
    if (nodes_ > options_.max_nodes) {
      throw std::logic_error("Go reading: a question entered " + std::to_string(nodes_) +
                             " nodes, past its budget of " + std::to_string(options_.max_nodes));
    }
    ++searches_;
    exhausted_ = exhausted_ || r.result.budget_exhausted;
    return r;
  }
  void finish(ReadingResult& out) const {
    out.nodes = nodes_;
    out.searches = searches_;
    out.seconds = elapsed();
    out.budget_exhausted = exhausted_;
  }

 private:
  const ReadingOptions& options_;
  std::chrono::steady_clock::time_point start_;
  std::uint64_t nodes_ = 0;
  int searches_ = 0;
  bool exhausted_ = false;
};

// The answer rests on the failure `r`: is it exhaustive?
void note_failure(ReadingResult& out, const RootResult& r) {
  out.depth_limited = out.depth_limited || r.depth_limited;
  out.budget_limited = out.budget_limited || r.result.budget_exhausted;
}

CaptureRules rules_for(const ReadingOptions& options, const KoRule& k) {
  CaptureRules r;
  r.safe_liberties = options.safe_liberties;
  r.attacker_ignores_ko = k.attacker_ignores_ko;
  r.defender_ignores_ko = k.defender_ignores_ko;
  r.ko_threats = k.ko_threats;
  return r;
}

// Attacker to move: a search under each ko rule in turn, from the hardest for the side asking;
// make(rules) builds the game (a CaptureGame or a ConnectionGame) with the attacker first.
template <class MakeGame>
ReadingResult attack_with(const Board& board, const ReadingOptions& options, int max_order, std::size_t rules,
                          MakeGame make) {
  ReadingResult out;
  Question question(options);
  for (std::size_t i = 0; i < rules; ++i) {
    auto game = make(rules_for(options, kAttackRules[i]));
    RootProver prover(question.lambda_options(max_order), question.depths(board));
    const RootResult r = question.prove(prover, game);
    out.order = r.result.order;
    out.depth = r.result.depth;
    if (r.result.proven) {
      out.code = kAttackRules[i].code;
      out.move = r.result.move;
      out.pv.assign(r.result.pv.begin(), r.result.pv.end());
      break;
    }
    // A 0, or the ko code of an easier rule, rests on this failure.
    note_failure(out, r);
    if (r.result.budget_exhausted || game.ko_events() == 0) break;
  }
  question.finish(out);
  return out;
}

ReadingResult attack_at_order(const Board& board, Point target, const ReadingOptions& options, int max_order,
                              std::size_t rules) {
  const Color attacker = opponent(board.at(target));
  return attack_with(board, options, max_order, rules,
                     [&](const CaptureRules& r) { return CaptureGame(board, target, attacker, r); });
}

}  // namespace

// The preconditions of the questions, checked (a caller from outside, Python for one, gets an
// error rather than undefined behaviour): the points are on the board and hold stones, and a
// connection question's two stones are of one colour.
namespace {

void require_stone(const Board& board, Point p, const char* question) {
  if (p >= board.points()) {
    throw std::invalid_argument(std::string("Go reading: ") + question + ": point " + std::to_string(p) +
                                " is not on the " + std::to_string(board.size()) + "x" +
                                std::to_string(board.size()) + " board");
  }
  if (board.empty_at(p)) {
    throw std::invalid_argument(std::string("Go reading: ") + question + ": vertex " +
                                vertex_name(p, board.size()) + " must not be empty");
  }
}

void require_pair(const Board& board, Point a, Point b, const char* question) {
  require_stone(board, a, question);
  require_stone(board, b, question);
  if (board.at(a) != board.at(b)) {
    throw std::invalid_argument(std::string("Go reading: ") + question + ": vertices " +
                                vertex_name(a, board.size()) + " and " + vertex_name(b, board.size()) +
                                " must have the same colour");
  }
}

}  // namespace

ReadingResult attack(const Board& board, Point target, const ReadingOptions& options) {
  require_stone(board, target, "attack");
  return attack_at_order(board, target, options, options.max_order, options.ko_results ? 3 : 1);
}

ReadingResult ladder_attack(const Board& board, Point target, const ReadingOptions& options) {
  require_stone(board, target, "ladder_attack");
  return attack_at_order(board, target, options, std::min(options.max_order, 1), 1);
}

namespace {

// The legal defender moves of `zone`, best first: moves near the fight (the target's liberties
// and the points within two steps of them, the liberties of the strings around it) before distant
// ones such as ladder breakers, then by the game's priority. Under a ko rule (ko = true) a defence
// is a ko fight the defender takes part in, so its ko captures come first, then its moves on the
// liberties of the attacker's strings around the target (or around a defender string the target
// joins through a liberty) that are short enough for a capturing race, the weakest first.
MoveList defence_order(CaptureGame& game, const MoveSet& zone, bool ko) {
  MoveList out;
  std::array<int, sgplan::kMaxMoves> score{};
  const Board& b = game.board();
  MoveSet race, near, guard, weakest;
  if (game.alive()) {
    // A race is one the target can win: moving first, against a string with at most one
    // liberty more than its own.
    const int target_libs = b.liberties(game.target());
    int shortest = target_libs + 2;
    const auto add_race = [&](Point s) {
      near |= b.liberty_set(s);
      const int l = b.liberties(s);
      if (l > target_libs + 1) return;
      race |= b.liberty_set(s);
      if (l < shortest) {
        shortest = l;
        weakest.clear();
      }
      if (l == shortest) weakest |= b.liberty_set(s);
    };
    b.for_each_adjacent_string(game.target(), add_race);
    // The target joined to a defender string next to its liberties races that string's
    // neighbours too.
    b.liberty_set(game.target()).for_each([&](Move x) {
      b.for_each_neighbour(x, [&](Point q) {
        if (b.at(q) == game.defender() && b.string_id(q) != b.string_id(game.target())) {
          b.for_each_adjacent_string(q, [&](Point s) {
            if (b.at(s) == game.attacker()) add_race(s);
          });
        }
      });
    });
    near |= b.liberty_set(game.target());
    game.add_region(near);
    // The defender's strings of two liberties next to the target's liberties: the attacker's
    // move there would take the target and a liberty of theirs at once (a double threat), so
    // giving them liberties is a defence of the target too.
    b.liberty_set(game.target()).for_each([&](Move x) {
      b.for_each_neighbour(x, [&](Point q) {
        if (b.at(q) == game.defender() && b.string_id(q) != b.string_id(game.target()) &&
            b.liberties(q) <= 2) {
          guard |= b.liberty_set(q);
        }
      });
    });
  }
  zone.for_each([&](Move m) {
    if (!game.is_legal(m)) return;
    out.push_back(m);
    int key = game.move_priority(m) + (near.contains(m) ? 40 : 0) + (guard.contains(m) ? 30 : 0);
    const int libs_before = game.alive() ? b.liberties(game.target()) : 0;
    const bool captured = b.captures_at(m, game.to_move());
    game.play(m);
    const bool ko_capture = game.board().ko_point() != kNoPoint;
    const int libs_after = game.alive() ? game.board().liberties(game.target()) : 0;
    game.undo();
    // A capture that gains the target no liberty (it fills one to free another) neither saves it
    // nor helps it in a race: it counts as neither a capture (the game's priority counted it) nor
    // a race move.
    const bool empty_capture = captured && libs_after <= libs_before && !ko_capture;
    if (empty_capture) key -= 60;
    if (ko) {
      if (ko_capture) key += 1000;
      // A race is won by shortening the opponent's weakest string first.
      if (race.contains(m) && !empty_capture) key += weakest.contains(m) ? 70 : 50;
    }
    score[m] = key;
  });
  std::stable_sort(out.begin(), out.end(), [&score](Move a, Move b) { return score[a] > score[b]; });
  return out;
}

// Defender to move: the attack after a pass, then the defences in its proof's zone (see
// reading.hpp), under each ko rule in turn; make(rules) builds the game with the defender first,
// order(game, zone, ko) lists the legal defences of a zone, best first.
template <class MakeGame, class Order>
ReadingResult defend_with(const Board& board, const ReadingOptions& options, MakeGame make, Order order) {
  ReadingResult out;
  Question question(options);
  const std::size_t rules = options.ko_results ? 3 : 1;
  MoveSet last_zone;  // the zone of the last proof of an attack after a pass
  bool have_zone = false;
  for (std::size_t i = 0; i < rules; ++i) {
    auto game = make(rules_for(options, kDefendRules[i]));
    RootProver prover(question.lambda_options(options.max_order), question.depths(board));
    // 1. Does the string need a defence at all? (The defender passes.)
    game.pass();
    const RootResult first = question.prove(prover, game);
    game.undo();
    out.order = first.result.order;
    out.depth = first.result.depth;
    if (!first.result.proven && (i == 0 || !have_zone)) {
      out.code = kDefendRules[i].code;
      out.move = kPassPoint;
      note_failure(out, first);
      break;
    }
    // 2. Only the moves in the proof's zone can refute it; try them, best first. Under a ko rule
    // where even a pass holds, GNU Go still names the move that fights the ko: the first move of
    // the stricter rule's zone that holds under this one (a pass when none does).
    if (first.result.proven) {
      last_zone = first.zone;
      have_zone = true;
    }
    // A candidate whose attack search ran out of budget is only unrefuted, not shown to hold: a
    // deep capture may lie past the limit, and the first such candidate could swallow the budget
    // that a cheaply verified defence further down the order needed. So the first pass gives each
    // candidate a small share of the budget, and the second pass searches the unresolved ones
    // again, in order, with all that is left. The answer is the first candidate after which the
    // search was exhaustive (no capture at any depth: a defence shown to hold); failing that, the
    // first after which only the depth limit stopped it (a deeper capture is possible); failing
    // that, the first the budget stopped.
    bool defended = false;
    const auto answer = [&](Move d, const RootResult& r) {
      out.code = kDefendRules[i].code;
      out.move = d;
      out.order = r.result.order;
      out.depth = r.result.depth;
      note_failure(out, r);
      defended = true;
    };
    std::optional<std::pair<Move, RootResult>> depth_cut, budget_cut;
    const MoveList candidates = order(game, last_zone, i > 0);
    MoveList unresolved;
    for (Move d : candidates) {
      game.play(d);
      const RootResult r = question.prove(prover, game, kFirstPassShare);
      game.undo();
      if (r.result.proven) continue;
      if (r.result.budget_exhausted) {
        unresolved.push_back(d);
      } else if (!r.depth_limited) {
        answer(d, r);
        break;
      } else if (!depth_cut) {
        depth_cut.emplace(d, r);
      }
    }
    for (std::size_t k = 0; !defended && k < unresolved.size(); ++k) {
      game.play(unresolved[k]);
      const RootResult r = question.prove(prover, game);
      game.undo();
      if (r.result.proven) continue;
      if (r.result.budget_exhausted) {
        if (!budget_cut) budget_cut.emplace(unresolved[k], r);
      } else if (!r.depth_limited) {
        answer(unresolved[k], r);
      } else if (!depth_cut) {
        depth_cut.emplace(unresolved[k], r);
      }
    }
    if (!defended && depth_cut) answer(depth_cut->first, depth_cut->second);
    if (!defended && budget_cut) answer(budget_cut->first, budget_cut->second);
    if (!defended && !first.result.proven) {
      out.code = kDefendRules[i].code;
      out.move = kPassPoint;
      note_failure(out, first);
      defended = true;
    }
    if (defended || game.ko_events() == 0) break;
  }
  question.finish(out);
  return out;
}

// The legal defences of a connection (the defender cuts), best first: under a ko rule its ko
// captures first, then by the game's priority (common liberties, the strings' liberties, captures).
MoveList cut_order(ConnectionGame& game, const MoveSet& zone, bool ko) {
  MoveList out;
  std::array<int, sgplan::kMaxMoves> score{};
  zone.for_each([&](Move m) {
    if (!game.is_legal(m)) return;
    out.push_back(m);
    int key = game.move_priority(m);
    if (ko) {
      game.play(m);
      if (game.board().ko_point() != kNoPoint) key += 1000;
      game.undo();
    }
    score[m] = key;
  });
  std::stable_sort(out.begin(), out.end(), [&score](Move a, Move b) { return score[a] > score[b]; });
  return out;
}

// The strings are one already: connected at once, and no cut can part them.
ReadingResult already_connected(bool connected) {
  ReadingResult out;
  out.code = connected ? 1 : 0;
  out.move = connected ? kPassPoint : kNoPoint;
  return out;
}

}  // namespace

ReadingResult defend(const Board& board, Point target, const ReadingOptions& options) {
  require_stone(board, target, "defend");
  const Color defender = board.at(target);
  return defend_with(
      board, options, [&](const CaptureRules& r) { return CaptureGame(board, target, defender, r); },
      defence_order);
}

ReadingResult connect(const Board& board, Point a, Point b, const ReadingOptions& options) {
  require_pair(board, a, b, "connect");
  if (board.string_id(a) == board.string_id(b)) return already_connected(true);
  const Color attacker = board.at(a);
  return attack_with(board, options, options.max_order, options.ko_results ? 3 : 1,
                     [&](const GoRules& r) { return ConnectionGame(board, a, b, attacker, r); });
}

ReadingResult disconnect(const Board& board, Point a, Point b, const ReadingOptions& options) {
  require_pair(board, a, b, "disconnect");
  if (board.string_id(a) == board.string_id(b)) return already_connected(false);
  const Color cutter = opponent(board.at(a));
  return defend_with(
      board, options, [&](const GoRules& r) { return ConnectionGame(board, a, b, cutter, r); }, cut_order);
}

}  // namespace sgplan::models::go
