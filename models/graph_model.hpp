// A loaded model at the CLI boundary: something that compiles into a state graph. Type-erased, so
// the CLI handles every model kind the same way; the concrete models stay templates for the hot
// paths (DESIGN.md, "The implicit model").
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "mdp/build_graph.hpp"
#include "mdp/solution.hpp"

namespace sgplan::models {

// Result of a depth-limited tree search straight on the implicit model (no graph).
struct TreeSearchResult {
  double value = 0.0;
  std::uint64_t nodes = 0;       // nodes expanded
  std::uint64_t table_hits = 0;  // transposition-table hits
  std::string best_choice;       // the first choice's label at the root ("" if none)
  std::string algorithm;         // "expectimax", "expectiminimax", "minimax"
};

class GraphModel {
 public:
  virtual ~GraphModel() = default;

  virtual std::string kind() const = 0;  // the YAML `model:` value, or "prism"
  virtual mdp::BuiltGraph build(const mdp::BuildOptions& options) const = 0;

  // A readable name for state s of a graph this model built.
  virtual std::string state_name(const mdp::BuiltGraph& built, mdp::StateIndex s) const;
  // A text drawing of state s with the policy's choice there; empty when the model has none.
  virtual std::string render(const mdp::BuiltGraph& built, const mdp::Solution& solution,
                             mdp::StateIndex s) const;
  // Depth-limited tree search on the implicit model; nullopt when the model offers none.
  virtual std::optional<TreeSearchResult> tree_search(std::uint32_t horizon) const;
  // An upper bound on the state count known before building (0 if unknown), for `info`.
  virtual std::uint64_t state_bound() const { return 0; }
};

}  // namespace sgplan::models
