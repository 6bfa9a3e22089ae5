// Strategy and profile files (YAML), read against a game tree. Information sets are named by
// their labels, players and actions by their keys (the name, or "#k" where a file's names are
// empty or repeated; "#k" is also accepted for any action).
//
//   player: row                      # one strategy: exactly one of plan, mixed, behavioural
//   mixed:
//     - plan: {round1: C, "round2[C,C]": C, "round2[C,D]": D}   # full or reduced plan
//       probability: 1/4
//     - ...
//
//   player: row
//   behavioural:                     # or `behavioral`
//     round1: {C: 0.5, D: 0.5}       # actions left out have probability 0
//     "round2[C,C]": {C: 1}
//
//   player: row
//   plan: {round1: C, ...}           # a pure strategy
//
//   profile:                         # one entry per player, each as above without `player`
//     row: {plan: {...}}
//     column: {behavioural: {...}}
//
// Checks, each reported at file:line:col: labels, actions and players exist; probabilities are
// >= 0 and each distribution sums to 1 (within 1e-9, or exactly with `exact`); a plan specifies
// every set its own choices reach (a reduced plan omits only sets its own choices exclude); no plan
// is listed twice; a behavioural strategy gives a distribution at every set its own play reaches
// with positive probability.
#pragma once

#include <string>
#include <vector>

#include "models/extensive_form/efg_namespace.hpp"
#include "models/extensive_form/game_tree.hpp"
#include "models/extensive_form/sequences.hpp"
#include "models/extensive_form/strategy.hpp"
#include "models/formats/yaml_support.hpp"

namespace sgplan::models::extensive_form {

struct StrategyFileOptions {
  bool exact = false;  // distributions must sum to exactly 1
};

struct LoadedStrategy {
  efg::Strategy<sgplan::Rational> strategy;
  bool pure = false;     // given as `plan`
  SourceLocation where;  // the key that names the kind (`plan`, `mixed`, `behavioural`), for messages
};

LoadedStrategy load_strategy_file(const std::string& path, const efg::GameTree& tree,
                                  const std::vector<efg::PlayerSequences>& seqs,
                                  const StrategyFileOptions& options = {});
LoadedStrategy parse_strategy(const formats::YamlDocument& doc, const efg::GameTree& tree,
                              const std::vector<efg::PlayerSequences>& seqs,
                              const StrategyFileOptions& options = {});

// One strategy per player, in player order.
std::vector<LoadedStrategy> load_profile_file(const std::string& path, const efg::GameTree& tree,
                                              const std::vector<efg::PlayerSequences>& seqs,
                                              const StrategyFileOptions& options = {});
std::vector<LoadedStrategy> parse_profile(const formats::YamlDocument& doc, const efg::GameTree& tree,
                                          const std::vector<efg::PlayerSequences>& seqs,
                                          const StrategyFileOptions& options = {});

}  // namespace sgplan::models::extensive_form
