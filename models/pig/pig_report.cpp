#include "models/pig/pig_report.hpp"

#include <unordered_map>

namespace sgplan::models::pig {

std::string HoldPlan::summary() const {
  // Runs of equal decisions over the reachable turn totals (0 and 2 up).
  std::string out;
  std::size_t k = 0;
  while (k < hold.size()) {
    if (k == 1) {
      ++k;
      continue;
    }
    std::size_t end = k + 1;
    while (end < hold.size() && (end == 1 || hold[end] == hold[k])) ++end;
    if (!out.empty()) out += ", ";
    const std::string word = hold[k] ? "hold" : "roll";
    if (k == 0) {
      out += word + " below " + std::to_string(end);
    } else if (end == hold.size()) {
      out += word + " " + std::to_string(k) + "+";
    } else if (end == k + 1) {
      out += word + " at " + std::to_string(k);
    } else {
      out += word + " " + std::to_string(k) + "-" + std::to_string(end - 1);
    }
    k = end;
  }
  return out;
}

std::vector<HoldPlan> hold_plans(const PigGame& game, const mdp::BuiltGraph& built,
                                 const mdp::Solution& solution,
                                 const std::vector<std::pair<std::uint32_t, std::uint32_t>>& scores) {
  const mdp::StateGraph& g = built.graph;
  std::unordered_map<std::uint64_t, mdp::StateIndex> index;
  const std::uint32_t goal = game.config().goal;
  std::vector<std::uint64_t> wanted;
  for (const auto& [i, j] : scores) {
    for (std::uint32_t k = 0; i + k < goal; ++k) index.emplace(game.state_of(0, i, j, k), mdp::kNoState);
  }
  for (mdp::StateIndex s = 0; s < g.num_states(); ++s) {
    auto it = index.find(built.packed[s]);
    if (it != index.end()) it->second = s;
  }
  std::vector<double> mid(g.num_states());
  for (mdp::StateIndex s = 0; s < g.num_states(); ++s) mid[s] = solution.value(s);
  std::vector<HoldPlan> plans;
  for (const auto& [i, j] : scores) {
    HoldPlan plan;
    plan.my_score = i;
    plan.opponent_score = j;
    plan.hold.assign(goal - i, false);
    for (std::uint32_t k = 0; i + k < goal; ++k) {
      const mdp::StateIndex s = index.at(game.state_of(0, i, j, k));
      if (s == mdp::kNoState) continue;  // unreachable (k = 1)
      if (k == 0) plan.win_probability = mid[s];
      double roll = 0.0, hold = -1.0;
      for (mdp::ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
        (g.choice_label_id(c) == PigGame::kRoll ? roll : hold) = g.expectation(c, mid);
      }
      plan.hold[k] = hold >= roll;
      if (plan.hold[k] && plan.hold_from == 0) plan.hold_from = k;
    }
    plans.push_back(std::move(plan));
  }
  return plans;
}

std::vector<ReportTable> report_tables(const PigGame& game, const mdp::BuiltGraph& built,
                                       const mdp::Solution& solution) {
  const std::uint32_t goal = game.config().goal;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> scores;
  for (auto [i, j] : std::vector<std::pair<std::uint32_t, std::uint32_t>>{
           {0, 0}, {0, 50}, {50, 0}, {50, 50}, {41, 49}, {75, 75}, {90, 90}, {0, 90}}) {
    if (i < goal && j < goal) scores.emplace_back(i, j);
  }
  if (goal < 100) scores = {{0, 0}, {goal / 2, goal / 2}};
  ReportTable table;
  table.key = "hold_thresholds";
  table.title = "optimal play of the player to move (scores: mine-opponent's)";
  table.columns = {"my_score", "opponent_score", "hold_at", "win_probability"};
  for (const HoldPlan& plan : hold_plans(game, built, solution, scores)) {
    table.rows.push_back({static_cast<double>(plan.my_score), static_cast<double>(plan.opponent_score),
                          static_cast<double>(plan.hold_from), plan.win_probability});
    table.notes.push_back(plan.summary());
  }
  return {table};
}

}  // namespace sgplan::models::pig
