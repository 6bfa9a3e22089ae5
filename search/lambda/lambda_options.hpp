// The options and the answer of a lambda search (Thomsen 2000), shared by both tree searchers.
//
// Depth counts attacker moves, the goal move included: depth 1 is "the attacker reaches the goal
// now", depth 3 "within three attacker moves". A Renju case file's `limit` L (attacks until the
// win can no longer be stopped) is depth L + 1. Orders: 0 (goal in one move), 1 (every attacker
// move threatens the goal at once: VCF in Go-Moku), 2 (threats of order 1: VCT), ... The root
// searches orders 0..max_order, each with iterative deepening over depth 1..max_depth, and stops
// at the first proof. The answer is proven (with a first move and a principal variation) or not
// proven up to an order and depth: never "impossible".
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/method_info.hpp"
#include "core/move_set.hpp"
#include "search/lambda/search_budget.hpp"

namespace sgplan::search::lambda {

inline constexpr int kMaxOrder = 7;
inline constexpr int kMaxDepth = 127;

// kHybrid: df-pn for the tree of the order being proved, alpha-beta for the lower-order searches.
enum class Engine : std::uint8_t { kAlphaBeta, kDfpn, kHybrid };

// The lambda family's method table (core/method_info.hpp): the tree searcher under lambda search,
// chosen with --engine. Every engine answers proven or not proven (never "impossible"); a proof is
// exact.
inline constexpr std::array<MethodInfo, 3> kLambdaEngines{{
    {"alphabeta", MethodFamily::Lambda, false, true, true, "alpha-beta over each order's lambda tree",
     static_cast<int>(Engine::kAlphaBeta)},
    {"dfpn", MethodFamily::Lambda, false, true, true,
     "depth-first proof-number search (df-pn) over each order's lambda tree",
     static_cast<int>(Engine::kDfpn)},
    {"hybrid", MethodFamily::Lambda, false, true, true, "df-pn for the top order, alpha-beta below",
     static_cast<int>(Engine::kHybrid)},
}};
// Where the X-0-0 heuristic applies: at attacker nodes (the defender's own threats restrict the
// attacker's moves), at defender nodes (the defences must stop every attacker threat), or both.
enum class X00 : std::uint8_t { kOff, kAttacker, kDefender, kBoth };

struct LambdaOptions {
  int max_order = 2;
  int max_depth = 12;    // attacker moves, the goal move included
  int threat_depth = 0;  // > 0: a threat must win within this many attacker moves after the null move
  Engine engine = Engine::kAlphaBeta;
  std::uint64_t max_nodes = 20'000'000;
  double max_seconds = 0.0;  // 0: no time limit
  std::size_t table_mib = 256;
  X00 x00 = X00::kOff;              // the X-0-0 heuristic (lambda_moves.hpp)
  int direct_levels = 2;            // direct-threat (gagnant_k) checker levels used in threat tests; 0 = off
  bool iterative_deepening = true;  // false: each order straight at max_depth
  // Dual lambda search (counter_threats.hpp): at attacker nodes the defender's own threats of a
  // lower order restrict the attacker's moves to the defences against them and the faster threats.
  // Games without the CounterThreatHint ignore it.
  bool dual = false;
  // true: the searchers tell a failure the depth limit caused from one that holds at every depth
  // (SearchStats::depth_cuts), and store the latter in the table as a failure at every depth
  // (LambdaEntry::kEveryDepth), so that a caller can stop deepening and call a "not proven" final.
  bool track_depth_cuts = false;
  // Called after each (order, depth) searched without a proof, with the nodes so far.
  std::function<void(int order, int depth, std::uint64_t nodes)> progress;
};

struct LambdaResult {
  bool proven = false;
  bool budget_exhausted = false;  // the node or time limit ended the search before an answer
  Move move = kNoMove;            // the first move of the proof
  std::vector<Move> pv;           // attacker, defender, ..., ending with the attacker's goal move
  // Proven: the order and depth of the proof. Not proven: every order below `order` was searched to
  // max_depth and `order` itself to `depth` (0: not even depth 1), so without a budget stop they
  // are max_order and max_depth.
  int order = 0;
  int depth = 0;
  SearchStats stats;
  double seconds = 0.0;
  std::size_t table_entries = 0;
};

std::string engine_name(Engine e);
// The engine a name gives; false for an unknown name.
bool engine_from_string(std::string_view text, Engine& out);
std::string x00_name(X00 x);
inline bool x00_at_attacker(X00 x) {
  return x == X00::kAttacker || x == X00::kBoth;
}
inline bool x00_at_defender(X00 x) {
  return x == X00::kDefender || x == X00::kBoth;
}

}  // namespace sgplan::search::lambda
