// What a solved Pig game tells beyond its value: the optimal hold thresholds at a few scores, as
// the table `solve` prints (the implicit-model adapter's report_tables hook,
// models/implicit_graph_model.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "mdp/build_graph.hpp"
#include "mdp/solution.hpp"
#include "models/graph_model.hpp"
#include "models/pig/pig.hpp"

namespace sgplan::models::pig {

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

// The plans at the given (my score, opponent's score) pairs, first player to move.
std::vector<HoldPlan> hold_plans(const PigGame& game, const mdp::BuiltGraph& built,
                                 const mdp::Solution& solution,
                                 const std::vector<std::pair<std::uint32_t, std::uint32_t>>& scores);

// The hold-threshold table for a few scores (0-0, 50-50, 41-49, ...; two rows below goal 100).
std::vector<ReportTable> report_tables(const PigGame& game, const mdp::BuiltGraph& built,
                                       const mdp::Solution& solution);

}  // namespace sgplan::models::pig
