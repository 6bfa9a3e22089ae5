#include "models/robot_monster/robot_monster_render.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace sgplan::models::robot_monster {

std::string render_state(const RobotMonsterGame& game, const mdp::BuiltGraph& built,
                         const mdp::Solution& solution, mdp::StateIndex s) {
  const RobotMonsterGame::State state = built.packed[s];
  const GridMap& map = game.config().map;
  const mdp::StateGraph& g = built.graph;
  const mdp::ChoiceIndex choice = solution.policy.empty() ? mdp::kNoChoice : solution.policy[s];
  const bool robots_move = game.robots_to_move(state) && choice != mdp::kNoChoice;
  std::vector<std::uint32_t> after;
  if (robots_move) after = game.robot_rooms_after(state, g.choice_label_id(choice));

  // One character per room: robots A, B, ...; monsters 1, 2, ...; '*' where several share a room.
  auto draw = [&](const std::vector<std::uint32_t>& robots) {
    std::vector<std::string> grid(map.height(), std::string(map.width(), '#'));
    for (int r = 0; r < map.height(); ++r) {
      for (int c = 0; c < map.width(); ++c) {
        if (map.is_free(r, c)) grid[r][c] = '.';
      }
    }
    auto put = [&](std::uint32_t room, char mark) {
      char& cell = grid[map.row_of(room)][map.column_of(room)];
      cell = cell == '.' ? mark : '*';
    };
    for (std::size_t i = 0; i < robots.size(); ++i) put(robots[i], static_cast<char>('A' + i));
    for (std::size_t j = 0; j < game.monsters(); ++j)
      put(game.room_of(state, game.robots() + j), static_cast<char>('1' + j));
    return grid;
  };
  std::vector<std::uint32_t> now;
  for (std::size_t i = 0; i < game.robots(); ++i) now.push_back(game.room_of(state, i));
  const auto left = draw(now);
  const auto right = robots_move ? draw(after) : std::vector<std::string>();
  std::ostringstream out;
  const int width = 2 * map.width() - 1;
  auto spaced = [](const std::string& row) {
    std::string s;
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (i > 0) s += ' ';
      s += row[i];
    }
    return s;
  };
  std::string heading = "now";
  out << "  " << heading << std::string(static_cast<std::size_t>(std::max(0, width - 3)), ' ');
  if (robots_move) out << "      after the robots' move";
  out << "\n";
  for (int r = 0; r < map.height(); ++r) {
    out << "  " << spaced(left[r]);
    if (robots_move) out << "      " << spaced(right[r]);
    out << "\n";
  }
  out << "  robots A";
  for (std::size_t i = 1; i < game.robots(); ++i) out << ", " << static_cast<char>('A' + i);
  if (game.monsters() > 0) {
    out << "; monsters 1";
    for (std::size_t j = 1; j < game.monsters(); ++j) out << ", " << static_cast<char>('1' + j);
  }
  out << "; '*' several in one room; '#' wall\n";
  if (robots_move) {
    out << "  recommended move:";
    mdp::LabelId label = g.choice_label_id(choice);
    for (std::size_t i = 0; i < game.robots(); ++i) {
      out << (i == 0 ? " " : ", ") << static_cast<char>('A' + i) << " "
          << direction_name(static_cast<Direction>(label % 5));
      label /= 5;
    }
    out << "\n";
    // The best few joint moves by value, so a reader sees how close the alternatives are.
    std::vector<std::pair<double, mdp::ChoiceIndex>> ranked;
    std::vector<double> mid(g.num_states());
    for (mdp::StateIndex t = 0; t < g.num_states(); ++t) mid[t] = solution.value(t);
    for (mdp::ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c)
      ranked.emplace_back(g.expectation(c, mid), c);
    // Values equal to 1e-9 (far below the six digits shown) keep the model's order of choices, so
    // rounding noise does not reorder ties.
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
      return std::llround(a.first * 1e9) > std::llround(b.first * 1e9);
    });
    out << "  best moves:";
    for (std::size_t i = 0; i < std::min<std::size_t>(5, ranked.size()); ++i) {
      out << (i == 0 ? " " : "; ") << g.choice_label(ranked[i].second) << " " << ranked[i].first;
    }
    out << "\n";
  }
  out << "  value " << solution.value(s) << " (" << game.describe(state) << ")\n";
  return out.str();
}

}  // namespace sgplan::models::robot_monster
