// `model: nim` at the CLI boundary: the YAML loader and the GraphModel wrapper of Nim (nim.hpp).
//
//   model: nim
//   heaps: [3, 4, 5]       # counters per heap, 0 to 1000 each, at most 32 heaps
//   convention: normal     # normal (taking the last counter wins) | misere (it loses)
// Acyclic win/loss game: solved by alpha-beta by default, or retrograde analysis on the graph.
#pragma once

#include "models/graph_model.hpp"
#include "models/nim.hpp"
#include "models/yaml_support.hpp"

namespace sgplan::models {

NimConfig load_nim_config(const YamlDocument& doc);

class NimModel : public GraphModel {
 public:
  explicit NimModel(NimConfig config) : game_(std::move(config)) {}

  std::string kind() const override { return "nim"; }
  mdp::BuiltGraph build(const mdp::BuildOptions& options) const override;
  std::string state_name(const mdp::BuiltGraph& built, mdp::StateIndex s) const override;
  std::optional<TreeSearchResult> tree_search(const TreeSearchRequest& request) const override;
  std::uint64_t state_bound() const override { return game_.packed_bound(); }
  // Every heap vector below the initial one is reachable (with one player or the other to move).
  std::uint64_t reachable_lower_bound() const override { return game_.packed_bound() / 2; }
  std::string default_method() const override { return "alphabeta"; }
  bool acyclic() const override { return true; }
  std::optional<mdp::InfinitePlay> infinite_play() const override { return mdp::InfinitePlay::Draw; }

  const NimGame& game() const { return game_; }

 private:
  NimGame game_;
};

}  // namespace sgplan::models
