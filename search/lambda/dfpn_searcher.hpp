// The depth-first proof-number searcher for lambda trees, as in lambda df-pn (Yoshizoe, Kishimoto
// and Mueller 2007): df-pn (Nagai 2002) over the AND/OR tree whose moves are lambda-n moves, the
// lower-order searches that define those moves being df-pn searches themselves.
//
// Numbers: at an attacker (OR) node pn = min over children, dn = sum; at a defender (AND) node
// pn = sum, dn = min. A node is searched while pn < its pn threshold and dn < its dn threshold;
// the most-proving child gets the thresholds (with the 1 + epsilon trick, epsilon = 1/4)
//   OR:  child pn < min(th_pn, 1.25 second smallest pn + 1),  child dn < th_dn - dn + child dn
//   AND: child dn < min(th_dn, 1.25 second smallest dn + 1),  child pn < th_pn - pn + child pn.
// Terminal nodes and the depth limit: the attacker's goal in one move is proven; order 0, depth 1,
// no lambda moves, or a win for the defender is disproven; a defender node without lambda moves
// is proven. Proof numbers depend on (order, depth) and live in the ProofNumberTable under a
// salted key; settled nodes go to the shared LambdaTable with their zones, exactly as the
// alpha-beta searcher stores them, so either searcher (and the principal variation) can use them.
// Zones: an OR node's proof is its move's zone plus the defender child's; an AND node's is the
// threat's zone, the illegal candidates' zones, and each child's move and proof zones (a child
// whose entry was lost from the table counts as the whole board: sound, just wide).
// Delayed evaluation (Allis, van der Meulen and van den Herik 1994, "Proof-number search"): a
// node's children are its candidate moves, and the tests that make them lambda moves run only when
// df-pn enters a child: the threat test at the defender node (not a threat: disproven), the
// lower-order win at the attacker node (one exists: proven, the defence was no lambda move). Most
// candidates of a node are never entered, so most threat tests are never run. An unentered child
// of an OR node with k candidates starts at (pn, dn) = (k, 1), of an AND node with k defences at
// (1, k): a child counts as hard as its node is wide, so df-pn follows narrow, forcing lines
// before it widens (the idea of Allis's mobility initialisation, from the parent's side).
// Depth cuts (options.track_depth_cuts; search_context.hpp): an order shortened by the depth, a
// failure read from the table that may rest on the depth limit, and those of the sub-searches.
// A node is settled over several visits, but each visit reads its children's values from the
// tables first, so the cuts since the start of the visit that settles a failure cover all it
// rests on: with none, it is stored as a failure at every depth. None is taken back (a conservative
// count), and a cached non-threat is not trusted then (the child is entered again and its threat
// test answered by the table).
#pragma once

#include <algorithm>
#include <array>

#include "search/lambda/alphabeta_searcher.hpp"
#include "search/lambda/dfpn_table.hpp"
#include "search/lambda/lambda_moves.hpp"
#include "search/lambda/search_context.hpp"
#include "search/lambda/threat_game.hpp"

namespace sgplan::search::lambda {

// kHybrid: only the tree of the order being proved is searched by df-pn; the lower-order searches
// that define its moves (threat tests, refuted defences, X-0-0's threats) run with alpha-beta, which
// refutes faster (no re-expansion), on the same table.
template <ThreatGame G, bool kHybrid = false>
class DfpnSearcher {
 public:
  DfpnSearcher(G& game, SearchContext& ctx, ProofNumberTable& numbers, ChildCache& children)
      : game_(game),
        ctx_(ctx),
        numbers_(numbers),
        children_(children),
        own_moves_(game, *this, ctx),
        lower_(game, ctx) {}

  // Attacker to move: a lambda tree of order <= n within `depth` attacker moves? (A complete
  // search: infinite thresholds.)
  Outcome prove(int n, int depth, MoveSet* zone) {
    if (ctx_.budget.exhausted()) return Outcome::kAborted;
    MoveList goal;
    game_.winning_moves(goal);
    if (!goal.empty() && !game_.defender_won()) {
      if (!ctx_.budget.tick(ctx_.stats)) return Outcome::kAborted;
      if (zone != nullptr) add_move_zone(game_, goal[0], 0, *zone);
      return Outcome::kProven;
    }
    const ProofNumbers r = attack(n, depth, kInfinity, kInfinity);
    if (ctx_.budget.exhausted()) return Outcome::kAborted;
    if (r.pn != 0) return Outcome::kNotProven;
    if (zone != nullptr) add_settled_zone(n, depth, *zone);
    return Outcome::kProven;
  }

  // Attacker to move: is m a lambda-n move after which every defence loses?
  Outcome prove_move(int n, int depth, Move m, MoveSet& zone) {
    n = std::min(n, depth - 1);
    if (n < 1) return Outcome::kNotProven;
    MoveSet z;
    add_move_zone(game_, m, n, z);
    game_.play(m);
    MoveSet threat_zone;
    int t = 0;
    Outcome r = moves().threat(n, depth - 1, threat_zone, t);
    if (r == Outcome::kProven) {
      const ProofNumbers d = defend(n, depth - 1, kInfinity, kInfinity);
      if (ctx_.budget.exhausted()) {
        r = Outcome::kAborted;
      } else if (d.pn == 0) {
        add_settled_zone(n, depth - 1, z);
      } else {
        r = Outcome::kNotProven;
      }
    }
    game_.undo();
    if (r == Outcome::kProven) zone |= z;
    return r;
  }

  // The lambda-move generator, whose sub-searches are df-pn's own or (hybrid) alpha-beta's.
  decltype(auto) moves() {
    if constexpr (kHybrid) {
      return (lower_.moves());
    } else {
      return (own_moves_);
    }
  }

 private:
  // The 1 + epsilon trick (Pawlewicz and Lew 2007): stay in the best child until its number passes
  // the second best by a quarter, not by one, so the search switches between siblings less often.
  static std::uint32_t widened(std::uint32_t second) {
    return second >= kInfinity ? kInfinity : saturating_add(second + second / 4, 1);
  }

  static constexpr ProofNumbers kProvenNode{0, kInfinity};
  static constexpr ProofNumbers kDisprovenNode{kInfinity, 0};

  // The zone of the settled proof of the current position (whole board if the entry was lost).
  void add_settled_zone(int n, int a, MoveSet& zone) const {
    const LambdaEntry* e = ctx_.table.probe(game_.hash());
    if (e != nullptr && e->proves(n, a)) {
      zone |= e->zone;
    } else {
      zone = MoveSet::all();
    }
  }

  // Numbers of the position after `m` (searched at order n, depth a), from the tables.
  ProofNumbers child_numbers(Move m, int n, int a, ProofNumbers unknown) {
    const std::uint64_t key = hash_after(game_, m);
    if (const LambdaEntry* e = ctx_.table.probe(key)) {
      if (e->proves(n, a)) return kProvenNode;
      if (e->refutes(n, a)) {
        ctx_.note_table_failure(*e, n);
        return kDisprovenNode;
      }
    }
    const ProofNumbers p = numbers_.get(salted_key(key, n, a), unknown);
    // A cached non-threat does not say whether it holds at every depth.
    if (p.dn == 0 && ctx_.tracking_cuts()) return unknown;
    return p;
  }

  // Attacker (OR) node.
  ProofNumbers attack(int n, int a, std::uint32_t th_pn, std::uint32_t th_dn) {
    if (!ctx_.budget.tick(ctx_.stats)) return ProofNumbers{};
    ++ctx_.stats.attacker_nodes;
    const std::uint64_t cuts = ctx_.cut_mark();
    // Terminal nodes are stored too: a parent reads its children's numbers from the tables.
    const std::uint64_t key = game_.hash();
    if (game_.defender_won()) {  // lost at every order and depth
      ctx_.table.store_failure(key, kMaxOrder, ctx_.failure_depth(kMaxDepth, cuts));
      return kDisprovenNode;
    }
    MoveList goal;
    game_.winning_moves(goal);
    if (!goal.empty()) {
      MoveSet z;
      add_move_zone(game_, goal[0], 0, z);
      ctx_.table.store_proof(key, 0, 1, goal[0], z);
      return kProvenNode;
    }
    if (n >= 1 && n > a - 1) ctx_.note_depth_cut();
    n = std::min(n, a - 1);
    if (n < 1) {
      ctx_.table.store_failure(key, std::max(n, 0), ctx_.failure_depth(a, cuts));
      return kDisprovenNode;
    }
    Move first = kNoMove;
    if (const LambdaEntry* e = ctx_.table.probe(key)) {
      if (e->proves(n, a)) {
        ++ctx_.stats.table_hits;
        return kProvenNode;
      }
      if (e->refutes(n, a)) {
        ++ctx_.stats.table_hits;
        ctx_.note_table_failure(*e, n);
        return kDisprovenNode;
      }
      first = e->best;
    }
    // 1. A lower-order win here settles the node (a defence after which it exists was no lambda
    // move). Asked lazily, when df-pn first enters the node, not for every sibling up front.
    if (n >= 2) {
      MoveSet z;
      int order = 0;
      const Outcome r = moves().lower_order_win(n - 1, a, z, order);
      if (r == Outcome::kAborted) return ProofNumbers{};
      if (r == Outcome::kProven) {
        ++ctx_.stats.pruned_defences;
        return kProvenNode;
      }
    }
    // 2. The children: the candidate moves, cached. Each is tested as a lambda-n move (its threat
    // test) only when df-pn enters it, by defend(): most candidates of a node are never entered.
    const std::uint64_t ckey = salted_key(key, n, a);
    MoveList kids;
    if (const ChildCache::Slot* s = children_.get(ckey)) {
      for (std::size_t i = 0; i < s->count; ++i) kids.push_back(s->moves[i]);
    } else {
      moves().attacker_moves(n, kids);
      ctx_.ordering.sort(game_, kids, MoveOrdering::kAttacker, first);
      children_.put(ckey, kids, MoveSet{});
    }
    if (kids.empty()) {
      ctx_.table.store_failure(key, n, ctx_.failure_depth(a, cuts));
      return kDisprovenNode;
    }
    // 2. The df-pn loop. The children's numbers are read from the tables once and then kept here,
    // updated from what each child search returns: re-reading them from a lossy table could let two
    // siblings that share a slot evict each other forever.
    std::array<ProofNumbers, kMaxMoves> child{};
    const auto k = static_cast<std::uint32_t>(kids.size());
    const ProofNumbers seed_or{k, 1};
    for (std::size_t i = 0; i < kids.size(); ++i) child[i] = child_numbers(kids[i], n, a - 1, seed_or);
    while (true) {
      const ChildChoice choice = choose_child(child, kids.size(), &ProofNumbers::pn, &ProofNumbers::dn);
      const std::uint32_t pn = choice.least, pn2 = choice.second, dn = choice.sum,
                          best_dn = choice.best_other;
      const std::size_t best = choice.best;
      if (pn == 0) {
        const Move m = kids[best];
        MoveSet z;
        add_move_zone(game_, m, n, z);
        game_.play(m);
        add_settled_zone(n, a - 1, z);
        game_.undo();
        ctx_.table.store_proof(key, n, a, m, z);
        ctx_.ordering.reward(MoveOrdering::kAttacker, m, a);
        return kProvenNode;
      }
      if (dn == 0) {
        ctx_.table.store_failure(key, n, ctx_.failure_depth(a, cuts));
        return kDisprovenNode;
      }
      if (pn >= th_pn || dn >= th_dn) {
        numbers_.put(ckey, ProofNumbers{pn, dn});
        return ProofNumbers{pn, dn};
      }
      const std::uint32_t child_pn = std::min(th_pn, widened(pn2));
      const std::uint32_t child_dn = th_dn >= kInfinity ? kInfinity : saturating_add(th_dn - dn, best_dn);
      game_.play(kids[best]);
      // The child recomputes the threat (from the table) only when its children are not cached.
      const ProofNumbers result = defend(n, a - 1, child_pn, child_dn);
      game_.undo();
      if (ctx_.budget.exhausted()) return ProofNumbers{pn, dn};
      child[best] = result;
    }
  }

  // Defender (AND) node; `threat` is the zone of the attacker's threat (recomputed when null).
  ProofNumbers defend(int n, int a, std::uint32_t th_pn, std::uint32_t th_dn, const MoveSet* threat = nullptr,
                      int t = 0) {
    if (!ctx_.budget.tick(ctx_.stats)) return ProofNumbers{};
    ++ctx_.stats.defender_nodes;
    const std::uint64_t cuts = ctx_.cut_mark();
    const std::uint64_t key = game_.hash();
    MoveList own_goal;
    game_.winning_moves(own_goal);
    if (game_.defender_won() || !own_goal.empty()) {  // lost at every order and depth
      ctx_.table.store_failure(key, kMaxOrder, ctx_.failure_depth(kMaxDepth, cuts));
      return kDisprovenNode;
    }
    Move first = kNoMove;
    if (const LambdaEntry* e = ctx_.table.probe(key)) {
      if (e->proves(n, a)) {
        ++ctx_.stats.table_hits;
        return kProvenNode;
      }
      if (e->refutes(n, a)) {
        ++ctx_.stats.table_hits;
        ctx_.note_table_failure(*e, n);
        return kDisprovenNode;
      }
      first = e->best;
    }
    if (moves().defender_wins_first()) {
      ctx_.table.store_failure(key, kMaxOrder, ctx_.failure_depth(kMaxDepth, cuts));
      return kDisprovenNode;
    }
    // 1. The children: defender lambda-n moves; the refuted ones only add their zones.
    const std::uint64_t ckey = salted_key(key, n, a);
    MoveList kids;
    MoveSet node_zone;
    if (const ChildCache::Slot* s = children_.get(ckey)) {
      for (std::size_t i = 0; i < s->count; ++i) kids.push_back(s->moves[i]);
      node_zone = s->zone;
    } else {
      MoveSet tz;
      if (threat != nullptr) {
        tz = *threat;
      } else {
        const Outcome r = moves().threat(n, a, tz, t);
        if (r == Outcome::kAborted) return ProofNumbers{};
        if (r == Outcome::kNotProven) {
          // Not a lambda-n move. Remembered under the exact (n, a) only: the shared table would
          // generalise the failure to (n + 1, n + 1), where an order-n threat may exist.
          numbers_.put(ckey, kDisprovenNode);
          return kDisprovenNode;
        }
      }
      MoveList candidates;
      if (moves().defences(n, a, tz, t, candidates, node_zone) == Outcome::kAborted) return ProofNumbers{};
      ctx_.ordering.sort(game_, candidates, MoveOrdering::kDefender, first);
      for (Move c : candidates) kids.push_back(c);
      children_.put(ckey, kids, node_zone);
    }
    if (kids.empty()) {
      ctx_.table.store_proof(key, n, a, kNoMove, node_zone);
      return kProvenNode;
    }
    // 2. The df-pn loop (children's numbers kept locally, as at attacker nodes).
    std::array<ProofNumbers, kMaxMoves> child{};
    const auto k = static_cast<std::uint32_t>(kids.size());
    const ProofNumbers seed_and{1, k};
    if (n >= 1 && n > a - 1) ctx_.note_depth_cut();  // the children's order, shortened by the depth
    for (std::size_t i = 0; i < kids.size(); ++i)
      child[i] = child_numbers(kids[i], std::min(n, a - 1), a, seed_and);
    while (true) {
      const ChildChoice choice = choose_child(child, kids.size(), &ProofNumbers::dn, &ProofNumbers::pn);
      const std::uint32_t dn = choice.least, dn2 = choice.second, pn = choice.sum,
                          best_pn = choice.best_other;
      const std::size_t best = choice.best;
      if (dn == 0) {
        ctx_.table.store_failure(key, n, ctx_.failure_depth(a, cuts), kids[best]);
        ctx_.ordering.reward(MoveOrdering::kDefender, kids[best], a);
        return kDisprovenNode;
      }
      if (pn == 0) {
        for (Move c : kids) {
          add_move_zone(game_, c, n, node_zone);
          game_.play(c);
          add_settled_zone(n, a, node_zone);
          game_.undo();
        }
        ctx_.table.store_proof(key, n, a, kNoMove, node_zone);
        return kProvenNode;
      }
      if (pn >= th_pn || dn >= th_dn) {
        numbers_.put(ckey, ProofNumbers{pn, dn});
        return ProofNumbers{pn, dn};
      }
      const std::uint32_t child_dn = std::min(th_dn, widened(dn2));
      const std::uint32_t child_pn = th_pn >= kInfinity ? kInfinity : saturating_add(th_pn - pn, best_pn);
      game_.play(kids[best]);
      const ProofNumbers result = attack(n, a, child_pn, child_dn);
      game_.undo();
      if (ctx_.budget.exhausted()) return ProofNumbers{pn, dn};
      child[best] = result;
    }
  }

  G& game_;
  SearchContext& ctx_;
  ProofNumberTable& numbers_;
  ChildCache& children_;
  LambdaMoves<G, DfpnSearcher> own_moves_;
  AlphaBetaSearcher<G> lower_;
};

}  // namespace sgplan::search::lambda
