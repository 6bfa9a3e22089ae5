// `model: pig` at the CLI boundary: the YAML loader and the GraphModel wrapper of Pig (pig.hpp),
// with the report of the optimal hold thresholds for a few scores.
//
//   model: pig
//   goal: 100     # points to win, 1 to 1000
//   die: 6        # faces, 2 to 100
// Solved by interval iteration per strongly connected component (`topological`) by default.
#pragma once

#include <utility>
#include <vector>

#include "models/graph_model.hpp"
#include "models/pig.hpp"
#include "models/yaml_support.hpp"

namespace sgplan::models {

PigConfig load_pig_config(const YamlDocument& doc);

// The first player's decision at (its score, the opponent's score) for every turn total, from a
// solution: hold where holding is worth at least rolling (the values' midpoints compared).
struct HoldPlan {
  std::uint32_t my_score = 0;
  std::uint32_t opponent_score = 0;
  std::uint32_t hold_from = 0;   // the smallest turn total at which holding is optimal (0: never)
  double win_probability = 0.0;  // at turn total 0
  std::vector<bool> hold;        // per turn total k (k = 1 is unreachable: false)
  std::string summary() const;   // "roll below 22, hold 22-26, roll at 27, hold 28+"
};

class PigModel : public GraphModel {
 public:
  explicit PigModel(PigConfig config) : game_(config) {}

  std::string kind() const override { return "pig"; }
  mdp::BuiltGraph build(const mdp::BuildOptions& options) const override;
  std::string state_name(const mdp::BuiltGraph& built, mdp::StateIndex s) const override;
  std::optional<TreeSearchResult> tree_search(const TreeSearchRequest& request) const override;
  std::uint64_t state_bound() const override { return game_.packed_bound(); }
  std::uint64_t reachable_lower_bound() const override { return game_.reachable_lower_bound(); }
  std::string default_method() const override { return "topological"; }
  std::vector<ReportTable> report(const mdp::BuiltGraph& built, const mdp::Solution& solution) const override;

  // The plans at the given (my score, opponent's score) pairs, first player to move.
  std::vector<HoldPlan> hold_plans(const mdp::BuiltGraph& built, const mdp::Solution& solution,
                                   const std::vector<std::pair<std::uint32_t, std::uint32_t>>& scores) const;
  const PigGame& game() const { return game_; }

 private:
  PigGame game_;
};

}  // namespace sgplan::models
