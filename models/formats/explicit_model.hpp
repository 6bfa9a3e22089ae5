// `model: explicit` — a turn-based stochastic game written state by state in YAML.
//
//   model: explicit
//   initial: s0
//   states:
//     s0:
//       max:                       # or min: choices, each a distribution over successors
//         go:   {s1: 1/2, s2: 1/2}
//         wait: {s0: 1}
//     s1: {chance: {goal: 0.3, s0: 0.7}}
//     goal: success                # terminal, value 1
//     fail: failure                # terminal, value 0
//     draw: {terminal: 1/2}        # terminal with a payoff in [0, 1]
//
// States are numbered in the order written. Probabilities are decimals or fractions p/q, checked
// exactly: each distribution must sum to 1 (within 1e-9), every probability must be >= 0 (zero
// entries are dropped) and every successor a declared state. Every error names file:line:col.
#pragma once

#include <string>

#include "mdp/state_graph.hpp"
#include "models/formats/yaml_support.hpp"
#include "models/graph_model.hpp"

namespace sgplan::models::formats {

// keep_exact: the graph keeps the exact rationals (mdp::StateGraph::has_exact), and every
// distribution must sum to exactly 1 (the default accepts sums within 1e-9 of 1).
mdp::StateGraph load_explicit_graph(const YamlDocument& doc, bool keep_exact = false);

// A model that is already a state graph (explicit YAML, PRISM files): build() hands out a copy.
class ExplicitGraphModel : public GraphModel {
 public:
  ExplicitGraphModel(std::string kind, mdp::StateGraph graph)
      : kind_(std::move(kind)), graph_(std::move(graph)) {}
  std::string kind() const override { return kind_; }
  mdp::BuiltGraph build(const mdp::BuildOptions& options) const override;
  std::uint64_t state_bound() const override { return graph_.num_states(); }
  std::optional<TreeSearchResult> tree_search(const TreeSearchRequest& request) const override;
  // On the graph seen as an implicit model (mdp/graph_as_model.hpp): the same search, for comparison.
  std::optional<PartialSearchResult> search_from_start(const mdp::BrtdpOptions& options) const override;

 private:
  std::string kind_;
  mdp::StateGraph graph_;
};

}  // namespace sgplan::models::formats
