// One probe for every hash table of positions in sgplan: the lambda table, the df-pn tables and
// the game-tree transposition table. A table maps a key to a cluster (a bucket of a few entries
// side by side, or one entry for a direct-mapped table); the probe scans that cluster once and
// returns either the entry that holds the key (found) or the entry the table's policy would
// overwrite (not found). The idea is Stockfish's tt.cpp `probe`, which returns "found" and the
// entry in one pass, so a store never scans the cluster twice and a lookup and a store can never
// disagree about where a key lives.
//
// The policy is the table's own and is what this header does not decide:
//   hit(e)    e holds the key being probed;
//   empty(e)  e holds nothing: the first empty entry of the cluster is taken before any other;
//   worth(e)  what losing e would cost: with no empty entry, the least worth is overwritten, the
//             first of equals on a tie.
// A cluster with a hit anywhere returns the hit, even after an empty entry: entries are never
// moved, so a key can sit behind a slot emptied by a clear. The probe allocates nothing, throws
// nothing and includes nothing but the standard library (core/ is the bottom layer).
#pragma once

#include <span>

namespace sgplan {

template <class Entry>
struct ProbeResult {
  Entry* entry = nullptr;  // found: the key's entry; else the entry to overwrite (null: no choice asked)
  bool found = false;
};

// kFind: a lookup, whose result is the hit or nothing (the policy's worth is never evaluated).
// kFindOrReplace: a lookup that, on a miss, also chooses the entry a store overwrites.
enum class ProbeFor : bool { kFind, kFindOrReplace };

// Scans `cluster` (not empty) once, in order. Policy: bool hit(const Entry&), and for
// kFindOrReplace also bool empty(const Entry&) and a totally ordered worth(const Entry&).
template <ProbeFor kFor, class Entry, class Policy>
ProbeResult<Entry> probe_cluster(std::span<Entry> cluster, const Policy& policy) {
  Entry* replace = nullptr;
  for (Entry& e : cluster) {
    if (policy.hit(e)) return {&e, true};
    if constexpr (kFor == ProbeFor::kFindOrReplace) {
      if (policy.empty(e)) {
        if (replace == nullptr || !policy.empty(*replace)) replace = &e;
      } else if (replace == nullptr ||
                 (!policy.empty(*replace) && policy.worth(e) < policy.worth(*replace))) {
        replace = &e;
      }
    }
  }
  return {replace, false};
}

}  // namespace sgplan
