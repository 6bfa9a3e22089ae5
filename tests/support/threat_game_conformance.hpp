// The conformance suite every threat game passes (search/lambda/threat_game.hpp), the sibling of
// game_conformance.hpp: seeded random playouts that check, at every position on the way, what the
// ThreatGame concept and its optional ThreatHints promise and the lambda searchers rely on:
//   - legal_moves lists each move once, below move_limit(), never kPass, each is_legal(); a sample
//     of the other moves below move_limit() (and move_limit() itself) is not; a second listing is
//     the same list;
//   - play(m) then undo() restores hash, side to move, legal moves, winning moves, defender_won()
//     and attacker_won() (and the position key, when the test gives one), for every legal move
//     (or a capped sample); play(m) passes the turn; the whole playout undone restores the start;
//   - pass() passes the turn and changes the hash (the side to move is in it); undo() restores all;
//   - hash(): a, b, c, d and c, b, a, d (all legal, nothing won on the way) reaching the same
//     position give equal hashes; with a position key (a canonical board string: the games expose
//     their boards) two positions with different keys never share a hash;
//   - winning_moves: each listed move is legal and reaches the mover's goal (attacker_won() after an
//     attacker's, defender_won() after a defender's: "the defender's own win"); not checked once the
//     game is decided, where the searchers never ask;
//   - with the hints: hash_after(m) is hash() after play(m); add_move_zone(m, order, zone) holds m;
//     threat_candidates(order) lists legal moves once each, and for order 1 every lambda-1 move (an
//     attacker move after which a pass leaves the attacker a winning move) when the attacker has no
//     goal move now and the defender threatens none (the searchers stop before asking at the first,
//     and the contract narrows the list to the moves that stop the threat at the second); when the
//     defender threatens a goal move, every candidate stops it (options.forced_candidates);
//     defence_extras lists moves below move_limit();
//   - the zones at order 1, composed as search/lambda/direct_threats.hpp and lambda_moves.hpp do:
//     after a lambda-1 threat m, with Z the zone of the attacker's goal move after the null move,
//     every defender reply the searchers would not try (outside Z and the order-0 extras:
//     defence_candidates) leaves the attacker a winning move and the defender no static win. When
//     every reply it would try loses too, m is a winning-1 proof (a ladder step, an open four) with
//     the zone zone(m) | Z | zone(reply) | zone(goal after the reply) for each reply tried; an extra
//     defender stone (pass, then the stone) outside that zone and the order-1 extras leaves the
//     attacker winning within two moves (m wins in two, checked against every reply, or a goal
//     move at once, or some other move wins in two).
// Not checked: the order of the candidates ("best first"), move_priority, add_illegal_zone, the
// candidates and zones of the higher orders, and the part of a defender move's zone that only
// longer proofs read (a two-move proof re-reads the position after the reply through the goal
// move's zone): those need the full searchers, and the per-game lambda tests compare them against
// plain alpha-beta.
// Returns the number of positions visited (so a test can assert it checked something); the counts
// of each kind of check go to options.counts when given.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/move_set.hpp"
#include "search/lambda/threat_game.hpp"

namespace sgplan::testing {

struct ThreatConformanceCounts {
  std::size_t positions = 0;             // positions visited by the playouts
  std::size_t round_trips = 0;           // play/undo round trips checked
  std::size_t transpositions = 0;        // a, b, c, d and c, b, a, d both played
  std::size_t same_transpositions = 0;   // ... reaching the same position (equal keys)
  std::size_t keys = 0;                  // distinct position keys whose hashes were compared
  std::size_t winning_moves = 0;         // winning moves played
  std::size_t threats = 0;               // lambda-1 threats found
  std::size_t replies_outside_zone = 0;  // defender replies outside a threat's zone played
  std::size_t proofs = 0;                // winning-1 proofs whose zone was checked by extra stones
  std::size_t stones_outside_zone = 0;   // extra defender stones outside a proof's zone played
  std::size_t forced_candidates = 0;     // candidates played while the defender threatens a goal move
};

template <search::lambda::ThreatGame G>
struct ThreatConformanceOptions {
  std::uint64_t seed = 1;
  std::size_t playouts = 8;
  std::size_t max_plies = 30;
  std::size_t illegal_samples = 24;     // non-listed moves checked to be illegal, per position
  std::size_t round_trip_cap = 0;       // play/undo round trips per position; 0: every legal move
  std::size_t proofs_per_position = 2;  // winning-1 proofs checked by extra stones, per position
  std::size_t stone_samples = 0;        // extra stones per proof; 0: every point outside the zone
  std::size_t transposition_tries = 2;  // per position
  // How often the attacker plays one of its threat candidates (orders 1 and 2) and the defender
  // the best of three random moves by move_priority, rather than a uniformly random move: the
  // playouts then reach threats (ataris, fours) instead of wandering.
  double bias = 0.6;
  // Check that threat_candidates, when the defender threatens a goal move, lists only moves that
  // stop it (threat_game.hpp). Off only in the tests of a game known to break it, next to a
  // DISABLED_ test that keeps it on.
  bool forced_candidates = true;
  // The position as text, everything the hash covers (stones, side to move, the ko state...): two
  // positions are the same iff their keys are. Empty: the transposition and collision checks are
  // skipped.
  std::function<std::string(const G&)> position_key;
  ThreatConformanceCounts* counts = nullptr;
};

namespace threat_conformance {

using search::lambda::ThreatGame;
using search::lambda::ThreatHints;

template <ThreatGame G>
std::vector<Move> listed(const G& g) {
  MoveList out;
  g.legal_moves(out);
  return {out.begin(), out.end()};
}

template <ThreatGame G>
std::vector<Move> winning(const G& g) {
  MoveList out;
  g.winning_moves(out);
  return {out.begin(), out.end()};
}

template <ThreatGame G>
bool decided(const G& g) {
  return g.attacker_won() || g.defender_won();
}

// What play/undo and pass/undo must restore.
struct Snapshot {
  std::uint64_t hash = 0;
  bool attacker_to_move = false;
  std::vector<Move> legal;
  std::vector<Move> winning;
  bool defender_won = false;
  bool attacker_won = false;
  std::string key;
};

template <ThreatGame G>
Snapshot snapshot(const G& g, const std::function<std::string(const G&)>& key) {
  return {g.hash(),         g.attacker_to_move(),        listed(g), winning(g), g.defender_won(),
          g.attacker_won(), key ? key(g) : std::string()};
}

inline void expect_restored(const Snapshot& before, const Snapshot& after, const std::string& what) {
  EXPECT_EQ(after.hash, before.hash) << what;
  EXPECT_EQ(after.attacker_to_move, before.attacker_to_move) << what;
  EXPECT_EQ(after.legal, before.legal) << what;
  EXPECT_EQ(after.winning, before.winning) << what;
  EXPECT_EQ(after.defender_won, before.defender_won) << what;
  EXPECT_EQ(after.attacker_won, before.attacker_won) << what;
  EXPECT_EQ(after.key, before.key) << what;
}

// The attacker to move reaches its goal now: what the searchers' order-0 proof asks.
template <ThreatGame G>
bool attacker_wins_now(const G& g) {
  MoveList goal;
  g.winning_moves(goal);
  return !g.defender_won() && !goal.empty();
}

// Defender to move: a node the searchers would search (no static win, no goal move of its own).
template <ThreatGame G>
bool defender_node_open(const G& g) {
  MoveList goal;
  g.winning_moves(goal);
  return !g.defender_won() && goal.empty();
}

// Defender to move after an attacker move: would a pass leave the attacker a winning move? If so,
// `zone` receives the zone of the first goal move (the order-0 proof's zone, as the searchers
// compute it).
template <ThreatGame G>
bool threatens(G& g, MoveSet* zone) {
  g.pass();
  MoveList goal;
  g.winning_moves(goal);
  const bool threat = !g.defender_won() && !goal.empty();
  if (threat && zone != nullptr) search::lambda::add_move_zone(g, goal[0], 0, *zone);
  g.undo();
  return threat;
}

// Attacker to move: does m win within two attacker moves (m threatens a goal move, and after every
// legal reply the attacker has one)? Checked against every reply, not the zone's.
template <ThreatGame G>
bool wins_in_two(G& g, Move m) {
  if (g.defender_won() || !g.is_legal(m)) return false;
  g.play(m);
  bool wins = defender_node_open(g) && threatens(g, nullptr);
  if (wins) {
    for (Move c : listed(g)) {
      g.play(c);
      wins = attacker_wins_now(g);
      g.undo();
      if (!wins) break;
    }
  }
  g.undo();
  return wins;
}

template <ThreatGame G>
class Checker {
 public:
  Checker(G& game, const ThreatConformanceOptions<G>& options, ThreatConformanceCounts& counts)
      : g_(game), o_(options), n_(counts), rng_(options.seed) {}

  std::size_t run() {
    const Snapshot start = snapshot(g_, o_.position_key);
    for (std::size_t run = 0; run < o_.playouts; ++run) {
      run_ = run;
      path_.clear();
      std::size_t played = 0;
      for (std::size_t ply = 0; ply < o_.max_plies; ++ply) {
        ++n_.positions;
        check_position();
        if (decided(g_)) break;
        const std::vector<Move> legal = listed(g_);
        if (legal.empty()) break;
        const Move m = choose(legal);
        path_ += " " + g_.move_name(m);
        g_.play(m);
        ++played;
      }
      for (std::size_t i = 0; i < played; ++i) g_.undo();
      expect_restored(
          start, snapshot(g_, o_.position_key),
          "the playout undone (seed " + std::to_string(o_.seed) + ", playout " + std::to_string(run) + ")");
    }
    return n_.positions;
  }

 private:
  // The visited position, for messages (nested checks play moves beyond it).
  std::string where() const {
    return "at the position after" + (path_.empty() ? std::string(" nothing") : path_) + " (seed " +
           std::to_string(o_.seed) + ", playout " + std::to_string(run_) + "), " +
           (here_attacker_ ? "attacker" : "defender") + " to move\n" + here_key_;
  }

  Move pick(const std::vector<Move>& moves) { return moves[rng_() % moves.size()]; }

  Move choose(const std::vector<Move>& legal) {
    const bool biased = std::uniform_real_distribution<double>(0.0, 1.0)(rng_) < o_.bias;
    if constexpr (ThreatHints<G>) {
      if (biased && g_.attacker_to_move()) {
        MoveList c;
        g_.threat_candidates(1 + static_cast<int>(rng_() % 2), c);
        if (!c.empty()) return c[rng_() % c.size()];
      } else if (biased) {
        Move best = pick(legal);
        for (int i = 0; i < 2; ++i) {
          const Move m = pick(legal);
          if (g_.move_priority(m) > g_.move_priority(best)) best = m;
        }
        return best;
      }
    }
    return pick(legal);
  }

  void check_position() {
    const std::vector<Move> legal = listed(g_);
    const Snapshot here = snapshot(g_, o_.position_key);
    here_attacker_ = here.attacker_to_move;
    here_key_ = here.key;
    check_lists(legal);
    check_round_trips(legal, here);
    check_pass(here);
    if (o_.position_key) {
      if (!decided(g_)) note_key(g_.hash(), here.key);
      for (std::size_t i = 0; i < o_.transposition_tries; ++i) check_transposition(legal);
    }
    if (decided(g_)) return;  // the searchers stop at a decided position
    check_winning_moves();
    if constexpr (ThreatHints<G>) check_hint_lists();
    if (g_.attacker_to_move()) check_threats(legal);
  }

  // legal_moves and is_legal.
  void check_lists(const std::vector<Move>& legal) {
    const std::size_t limit = g_.move_limit();
    EXPECT_LE(limit, kMaxMoves);
    MoveSet seen;
    for (Move m : legal) {
      EXPECT_NE(m, kPass) << where();
      EXPECT_LT(m, limit) << where();
      if (m >= limit) continue;
      EXPECT_FALSE(seen.contains(m)) << g_.move_name(m) << " listed twice " << where();
      seen.insert(m);
      EXPECT_TRUE(g_.is_legal(m)) << g_.move_name(m) << " listed but not legal " << where();
    }
    EXPECT_EQ(listed(g_), legal) << "a second listing differs " << where();
    std::vector<Move> others;
    for (std::size_t m = 0; m < limit; ++m) {
      if (!seen.contains(static_cast<Move>(m))) others.push_back(static_cast<Move>(m));
    }
    for (std::size_t i = 0; i < o_.illegal_samples && !others.empty(); ++i) {
      const std::size_t j = rng_() % others.size();
      EXPECT_FALSE(g_.is_legal(others[j])) << g_.move_name(others[j]) << " legal but not listed " << where();
      others[j] = others.back();
      others.pop_back();
    }
    if (limit < kMaxMoves) {
      EXPECT_FALSE(g_.is_legal(static_cast<Move>(limit))) << "move_limit() " << where();
    }
    MoveSet goal_seen;
    for (Move w : winning(g_)) {
      EXPECT_LT(w, limit) << where();
      EXPECT_FALSE(goal_seen.contains(w)) << g_.move_name(w) << " a winning move twice " << where();
      if (w < kMaxMoves) goal_seen.insert(w);
    }
  }

  // play/undo for every legal move (or a sample of round_trip_cap), with hash_after and the move's
  // own zone when the game has the hints.
  void check_round_trips(const std::vector<Move>& legal, const Snapshot& here) {
    std::vector<Move> moves = legal;
    if (o_.round_trip_cap > 0 && moves.size() > o_.round_trip_cap) {
      std::shuffle(moves.begin(), moves.end(), rng_);
      moves.resize(o_.round_trip_cap);
    }
    for (Move m : moves) {
      std::uint64_t predicted = 0;
      if constexpr (ThreatHints<G>) {
        predicted = g_.hash_after(m);
        for (int order = 0; order <= 3; ++order) {
          MoveSet zone;
          g_.add_move_zone(m, order, zone);
          EXPECT_TRUE(zone.contains(m))
              << "the zone of " << g_.move_name(m) << " at order " << order << " misses it " << where();
        }
      }
      g_.play(m);
      EXPECT_NE(g_.attacker_to_move(), here.attacker_to_move)
          << "play(" << g_.move_name(m) << ") " << where();
      if constexpr (ThreatHints<G>) {
        EXPECT_EQ(g_.hash(), predicted) << "hash_after(" << g_.move_name(m) << ") " << where();
      }
      g_.undo();
      ++n_.round_trips;
      expect_restored(here, snapshot(g_, o_.position_key), "undo of " + g_.move_name(m) + " " + where());
    }
  }

  // The null move, and the position after it (the searchers' threat tests run there).
  void check_pass(const Snapshot& here) {
    g_.pass();
    EXPECT_NE(g_.attacker_to_move(), here.attacker_to_move) << "pass " << where();
    EXPECT_NE(g_.hash(), here.hash) << "pass left the hash unchanged " << where();
    for (Move m : listed(g_)) {
      EXPECT_TRUE(g_.is_legal(m)) << "after a pass " << where();
      if constexpr (ThreatHints<G>) {
        const std::uint64_t predicted = g_.hash_after(m);
        g_.play(m);
        EXPECT_EQ(g_.hash(), predicted) << "hash_after(" << g_.move_name(m) << ") after a pass " << where();
        g_.undo();
      }
    }
    g_.undo();
    expect_restored(here, snapshot(g_, o_.position_key), "undo of a pass " + where());
  }

  void note_key(std::uint64_t hash, const std::string& key) {
    const auto [it, added] = keys_.emplace(hash, key);
    if (added) {
      ++n_.keys;
    } else {
      EXPECT_EQ(it->second, key) << "two positions share the hash " << hash << " " << where();
    }
  }

  // Plays `moves` while each is legal and nothing is decided on the way; the number played.
  std::size_t play_line(const std::vector<Move>& moves) {
    std::size_t played = 0;
    for (Move m : moves) {
      if (decided(g_) || !g_.is_legal(m)) break;
      g_.play(m);
      ++played;
    }
    return played;
  }

  void check_transposition(const std::vector<Move>& legal) {
    if (legal.size() < 2) return;
    // a, b, c, d: random legal moves in turn, nothing decided on the way.
    std::vector<Move> line;
    for (int i = 0; i < 4; ++i) {
      if (decided(g_)) break;
      std::vector<Move> now = listed(g_);
      if (i == 2) std::erase(now, line[0]);
      if (now.empty()) break;
      line.push_back(pick(now));
      g_.play(line.back());
    }
    const bool full = line.size() == 4 && !decided(g_);
    const std::uint64_t hash = g_.hash();
    const std::string key = o_.position_key(g_);
    for (std::size_t i = 0; i < line.size(); ++i) g_.undo();
    if (!full) return;
    const std::size_t played = play_line({line[2], line[1], line[0], line[3]});
    if (played == 4 && !decided(g_)) {
      ++n_.transpositions;
      const std::uint64_t other_hash = g_.hash();
      const std::string other_key = o_.position_key(g_);
      const std::string names = g_.move_name(line[0]) + " " + g_.move_name(line[1]) + " " +
                                g_.move_name(line[2]) + " " + g_.move_name(line[3]);
      if (other_key == key) {
        ++n_.same_transpositions;
        EXPECT_EQ(other_hash, hash) << "a transposition of " << names << " changed the hash\n" << key;
      } else {
        EXPECT_NE(other_hash, hash) << "different positions, one hash, by " << names << "\n"
                                    << key << other_key;
      }
      note_key(other_hash, other_key);
      note_key(hash, key);
    }
    for (std::size_t i = 0; i < played; ++i) g_.undo();
  }

  // Each winning move is legal and reaches the mover's goal.
  void check_winning_moves() {
    const bool attacker = g_.attacker_to_move();
    for (Move w : winning(g_)) {
      EXPECT_TRUE(g_.is_legal(w)) << "winning move " << g_.move_name(w) << " " << where();
      if (!g_.is_legal(w)) continue;
      g_.play(w);
      ++n_.winning_moves;
      if (attacker) {
        EXPECT_TRUE(g_.attacker_won()) << "winning move " << g_.move_name(w) << " " << where();
      } else {
        EXPECT_TRUE(g_.defender_won()) << "the defender's winning move " << g_.move_name(w) << " " << where();
      }
      g_.undo();
    }
  }

  void check_hint_lists() {
    const std::size_t limit = g_.move_limit();
    if (g_.attacker_to_move()) {
      for (int order = 1; order <= 3; ++order) {
        MoveList c;
        g_.threat_candidates(order, c);
        MoveSet seen;
        for (Move m : c) {
          EXPECT_TRUE(g_.is_legal(m))
              << "candidate " << g_.move_name(m) << " at order " << order << " " << where();
          EXPECT_FALSE(seen.contains(m)) << "candidate " << g_.move_name(m) << " twice " << where();
          if (m < kMaxMoves) seen.insert(m);
        }
      }
    } else {
      for (int order = 0; order <= 4; ++order) {
        MoveList e;
        g_.defence_extras(order, e);
        for (Move m : e) EXPECT_LT(m, limit) << "defence extra at order " << order << " " << where();
      }
    }
  }

  // Attacker to move: every lambda-1 threat, its zone, and the proofs of order 1.
  void check_threats(const std::vector<Move>& legal) {
    if (!winning(g_).empty()) return;  // a goal move now: the searchers look no further
    g_.pass();
    const bool defender_threatens = !winning(g_).empty();
    MoveList extras;
    if constexpr (ThreatHints<G>) g_.defence_extras(1, extras);
    g_.undo();
    (void)defender_threatens;  // read by the hint checks only
    MoveSet candidates;
    if constexpr (ThreatHints<G>) {
      MoveList c;
      g_.threat_candidates(1, c);
      for (Move m : c) candidates.insert(m);
      if (defender_threatens && o_.forced_candidates) check_forced_candidates();
    }
    std::size_t proofs = 0;
    for (Move m : legal) {
      MoveSet proof_zone;
      search::lambda::add_move_zone(g_, m, 1, proof_zone);
      g_.play(m);
      MoveSet threat_zone;
      const bool threat = threatens(g_, &threat_zone);
      bool proof = false;
      if (threat) {
        ++n_.threats;
        if constexpr (ThreatHints<G>) {
          if (!defender_threatens) {
            EXPECT_TRUE(candidates.contains(m)) << "the lambda-1 move " << g_.move_name(m)
                                                << " is not among threat_candidates(1) " << where();
          }
        }
        if (defender_node_open(g_)) proof = check_threat_zone(m, threat_zone, proof_zone);
      }
      g_.undo();
      if (proof && proofs < o_.proofs_per_position) {
        ++proofs;
        check_proof_zone(m, proof_zone, extras);
      }
    }
  }

  // Attacker to move, the defender threatening a goal move: every candidate stops it (the defender,
  // to move after it, has neither a goal move nor a static win).
  void check_forced_candidates() {
    for (int order = 1; order <= 3; ++order) {
      MoveList c;
      g_.threat_candidates(order, c);
      for (Move m : c) {
        g_.play(m);
        ++n_.forced_candidates;
        EXPECT_TRUE(defender_node_open(g_)) << "the candidate " << g_.move_name(m) << " at order " << order
                                            << " does not stop the defender's goal move " << where();
        g_.undo();
      }
    }
  }

  // Defender to move after the threat m: the replies the searchers skip lose at once; returns
  // whether the replies they try lose too (m is then a winning-1 proof, its zone in `proof_zone`).
  bool check_threat_zone(Move m, const MoveSet& threat_zone, MoveSet& proof_zone) {
    MoveList tried;
    MoveSet node_zone = threat_zone;
    search::lambda::defence_candidates(g_, threat_zone, 0, tried, node_zone);
    MoveSet tried_set;
    for (Move c : tried) tried_set.insert(c);
    bool all_lose = true;
    for (Move c : listed(g_)) {
      MoveSet reply_zone;
      if (tried_set.contains(c)) search::lambda::add_move_zone(g_, c, 1, reply_zone);
      g_.play(c);
      MoveList goal;
      g_.winning_moves(goal);
      const bool loses = !g_.defender_won() && !goal.empty();
      if (tried_set.contains(c)) {
        all_lose = all_lose && loses;
        if (loses) {
          node_zone |= reply_zone;
          search::lambda::add_move_zone(g_, goal[0], 0, node_zone);
        }
      } else {
        ++n_.replies_outside_zone;
        EXPECT_TRUE(loses) << "after the threat " << g_.move_name(m) << ", the reply " << g_.move_name(c)
                           << " outside the threat's zone leaves the attacker no winning move " << where();
      }
      g_.undo();
    }
    proof_zone |= node_zone;
    return all_lose;
  }

  // Attacker to move; m wins in two with zone `zone`: a defender stone outside it (and outside the
  // order-1 extras, the counter-threats the searchers add) leaves the attacker winning.
  void check_proof_zone(Move m, const MoveSet& zone, const MoveList& extras) {
    ++n_.proofs;
    EXPECT_TRUE(wins_in_two(g_, m)) << g_.move_name(m) << " proved by the zones, refuted by a reply "
                                    << where();
    MoveSet skip = zone;
    for (Move e : extras) {
      if (e < kMaxMoves) skip.insert(e);
    }
    g_.pass();
    std::vector<Move> stones;
    for (Move x : listed(g_)) {
      if (!skip.contains(x)) stones.push_back(x);
    }
    if (o_.stone_samples > 0 && stones.size() > o_.stone_samples) {
      std::shuffle(stones.begin(), stones.end(), rng_);
      stones.resize(o_.stone_samples);
    }
    for (Move x : stones) {
      g_.play(x);
      ++n_.stones_outside_zone;
      bool wins = attacker_wins_now(g_) || wins_in_two(g_, m);
      for (Move other : listed(g_)) {
        if (wins) break;
        wins = wins_in_two(g_, other);
      }
      EXPECT_TRUE(wins) << "a defender stone at " << g_.move_name(x) << ", outside the zone of the proof "
                        << g_.move_name(m) << ", refutes it " << where();
      g_.undo();
    }
    g_.undo();
  }

  G& g_;
  const ThreatConformanceOptions<G>& o_;
  ThreatConformanceCounts& n_;
  std::mt19937_64 rng_;
  std::size_t run_ = 0;
  std::string path_;
  bool here_attacker_ = false;
  std::string here_key_;
  std::unordered_map<std::uint64_t, std::string> keys_;
};

}  // namespace threat_conformance

template <search::lambda::ThreatGame G>
std::size_t check_threat_game_conformance(G game, const ThreatConformanceOptions<G>& options) {
  ThreatConformanceCounts local;
  ThreatConformanceCounts& counts = options.counts != nullptr ? *options.counts : local;
  const std::size_t before = counts.positions;
  threat_conformance::Checker<G> checker(game, options, counts);
  checker.run();
  return counts.positions - before;
}

}  // namespace sgplan::testing
