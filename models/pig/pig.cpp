#include "models/pig/pig.hpp"

#include <stdexcept>

namespace sgplan::models::pig {

PigGame::PigGame(PigConfig config) : config_(config) {
  if (config_.goal < 1 || config_.goal > kMaxGoal) {
    throw std::invalid_argument("the goal must be 1 to " + std::to_string(kMaxGoal));
  }
  if (config_.die < 2 || config_.die > kMaxDie) {
    throw std::invalid_argument("the die must have 2 to " + std::to_string(kMaxDie) + " faces");
  }
}

std::uint64_t PigGame::reachable_lower_bound() const {
  // Per player to move t: its even score s below the goal, the even turn totals k with s + k < goal
  // (k = 0, 2, ..., goal - 1 - s), and the opponent's even scores below the goal.
  const std::uint64_t goal = config_.goal;
  std::uint64_t per_player = 0;
  for (std::uint64_t s = 0; s < goal; s += 2) per_player += (goal - 1 - s) / 2 + 1;
  return 2 * per_player * ((goal + 1) / 2);
}

std::string PigGame::describe(State s) const {
  if (s == kFirstWon) return "the first player won";
  if (s == kSecondWon) return "the second player won";
  return std::string(player(s) == 0 ? "first" : "second") + " player to move, scores " +
         std::to_string(score(s, 0)) + "-" + std::to_string(score(s, 1)) + ", turn total " +
         std::to_string(turn_total(s));
}

}  // namespace sgplan::models::pig
