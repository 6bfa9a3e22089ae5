// The game side of lambda search: what a game must offer (the ThreatGame concept) and what it may
// offer to go faster (ThreatHints), with the generic defaults the searchers use when a hint is
// missing.
//
// Two players: the attacker, who wants to reach a goal (Go-Moku: a five; Go: capture a string), and
// the defender. The game keeps the side to move and a stack of moves for undo; a null move (pass)
// is always available to the searchers, which use it only to ask "what would the attacker do if the
// defender did nothing" (Thomsen 2000). Required:
//   move_limit()          every move (except kPass) is below it; at most kMaxMoves
//   attacker_to_move()    whose turn it is
//   hash()                position and side to move (two positions with equal hashes are the same)
//   legal_moves(out)      every legal move of the side to move, the pass excluded
//   is_legal(m)           one move of the side to move
//   winning_moves(out)    the moves that reach the mover's goal at once: the attacker's goal, or the
//                         defender's own win (a five for the defender in Go-Moku; a Go capture game
//                         may list moves that make the target safe, or nothing)
//   defender_won()        a static win for the defender in the current position (Go: the target has
//                         enough liberties); the attacker can no longer succeed
//   attacker_won()        the attacker's goal holds now (used to check replayed proofs)
//   play(m), pass(), undo()   undo takes back the last play or pass
//   move_name(m)          "H8"
// Optional hints (all or none; a game without them is searched exactly by the definitions, every
// legal move a candidate and every zone the whole board):
//   threat_candidates(order, out)   attacker to move: a superset, best first, of the moves that can
//                         be lambda-`order` moves (moves that may threaten a win of a lower order);
//                         when the defender threatens an immediate win, a game may narrow the list
//                         to the moves that stop it (Go-Moku does; Go's capture game does not, which
//                         costs threat tests, not soundness: the searcher refutes the others at once)
//   defence_extras(t, out)  defender to move: moves outside every zone that may still refute a
//                         threat of order t (counter-threats: a counter-four, a capture); legal or
//                         not: the searcher checks legality and asks for the zone of illegal ones
//   add_move_zone(m, order, zone)   the side to move is about to play m inside a proof of that order:
//                         add every move whose earlier playing by the defender could change what m
//                         does (m itself at least)
//   add_illegal_zone(m, zone)   m is illegal for the side to move: add every move whose playing by the
//                         defender could make it legal (Renju: a forbidden point), nothing when m is
//                         simply occupied
//   move_priority(m)      a static ordering score for the side to move (higher first)
//   hash_after(m)         hash() after play(m), without playing (df-pn looks children up often)
// One more optional hint, for X-0-0 at attacker nodes ("the enemy's key play is my own key play"):
//   defender_threat(depth, zone, nodes)   attacker to move: were it to pass, would the defender
//                         reach its own goal by direct threats (Go-Moku: by fours) within `depth`
//                         moves? Adds the zone of that win; an attacker move outside it that
//                         threatens nothing at once leaves the defender's win standing. `nodes`
//                         receives the nodes the game searched to answer (0 when it remembered the
//                         answer): the searchers count them and charge them to the budget.
// And one for dual lambda search (counter_threats.hpp; Soeda, Kaneko and Tanaka, ACG 2005):
//   counter_threat(max_order, max_nodes, zone, nodes)   attacker to move: were it to pass, would
//                         the defender carry out a threat of its own (Go: capture an attacker
//                         string touching the target; Go-Moku: a five) by a lambda tree of order
//                         <= max_order? Returns the lowest such order, or -1 (also when its search
//                         stopped at max_nodes, the budget the search has left); adds that tree's
//                         zone (the attacker moves that could refute it); `nodes` as above.
// Soundness rests on the zones: a proof's zone must contain every defender move that could refute
// it; a defender move outside it leaves the proof valid, so the searchers never try it.
#pragma once

#include <concepts>
#include <cstdint>
#include <string>

#include "core/move_set.hpp"

namespace sgplan::search::lambda {

template <class G>
concept ThreatGame = requires(G& g, const G& cg, Move m, MoveList& out) {
  { cg.move_limit() } -> std::convertible_to<std::size_t>;
  { cg.attacker_to_move() } -> std::convertible_to<bool>;
  { cg.hash() } -> std::convertible_to<std::uint64_t>;
  cg.legal_moves(out);
  { cg.is_legal(m) } -> std::convertible_to<bool>;
  cg.winning_moves(out);
  { cg.defender_won() } -> std::convertible_to<bool>;
  { cg.attacker_won() } -> std::convertible_to<bool>;
  g.play(m);
  g.pass();
  g.undo();
  { cg.move_name(m) } -> std::convertible_to<std::string>;
};

template <class G>
concept ThreatHints = ThreatGame<G> &&
    requires(const G& cg, int order, Move m, MoveList& out, MoveSet& zone) {
  cg.threat_candidates(order, out);
  cg.defence_extras(order, out);
  cg.add_move_zone(m, order, zone);
  cg.add_illegal_zone(m, zone);
  { cg.move_priority(m) } -> std::convertible_to<int>;
  { cg.hash_after(m) } -> std::convertible_to<std::uint64_t>;
};

template <class G>
concept DefenderThreatHint = ThreatGame<G> && requires(G& g, int depth, MoveSet& zone, std::uint64_t& nodes) {
  { g.defender_threat(depth, zone, nodes) } -> std::convertible_to<bool>;
};

template <class G>
concept CounterThreatHint = ThreatGame<G> &&
    requires(G& g, int order, std::uint64_t max_nodes, MoveSet& zone, std::uint64_t& nodes) {
  { g.counter_threat(order, max_nodes, zone, nodes) } -> std::convertible_to<int>;
};

// The generic side of the hints: what the searchers call.

template <ThreatGame G>
void attacker_candidates(const G& g, int order, MoveList& out) {
  out.clear();
  if constexpr (ThreatHints<G>) {
    g.threat_candidates(order, out);
  } else {
    g.legal_moves(out);
  }
}

template <ThreatGame G>
void add_move_zone(const G& g, Move m, int order, MoveSet& zone) {
  if constexpr (ThreatHints<G>) {
    g.add_move_zone(m, order, zone);
  } else {
    (void)m;
    (void)order;
    zone = MoveSet::all();
  }
}

template <ThreatGame G>
int move_priority(const G& g, Move m) {
  if constexpr (ThreatHints<G>) {
    return g.move_priority(m);
  } else {
    (void)g;
    (void)m;
    return 0;
  }
}

template <ThreatGame G>
std::uint64_t hash_after(G& g, Move m) {
  if constexpr (ThreatHints<G>) {
    return g.hash_after(m);
  } else {
    g.play(m);
    const std::uint64_t h = g.hash();
    g.undo();
    return h;
  }
}

// Defender to move; the attacker threatens a win of order t whose proof has zone `threat_zone`.
// Every defender move that may refute it: the legal members of the zone, then the game's extras
// for order t. Illegal members add their zones to `node_zone` (the proof of the node depends on
// their staying illegal). `seen` receives the listed moves.
template <ThreatGame G>
void defence_candidates(const G& g, const MoveSet& threat_zone, int t, MoveList& out, MoveSet& node_zone) {
  out.clear();
  if constexpr (ThreatHints<G>) {
    const std::size_t limit = g.move_limit();
    MoveSet listed;
    threat_zone.for_each([&](Move m) {
      if (m >= limit) return;
      if (g.is_legal(m)) {
        out.push_back(m);
        listed.insert(m);
      } else {
        g.add_illegal_zone(m, node_zone);
      }
    });
    MoveList extras;
    g.defence_extras(t, extras);
    for (Move m : extras) {
      if (listed.contains(m)) continue;
      listed.insert(m);
      if (g.is_legal(m)) {
        out.push_back(m);
      } else {
        g.add_illegal_zone(m, node_zone);
      }
    }
  } else {
    (void)threat_zone;
    (void)t;
    node_zone = MoveSet::all();
    g.legal_moves(out);
  }
}

}  // namespace sgplan::search::lambda
