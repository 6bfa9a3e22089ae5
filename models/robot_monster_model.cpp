#include "models/robot_monster_model.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "models/model_tree_search.hpp"
#include "models/robot_monster_bound.hpp"

namespace sgplan::models {

namespace {

std::vector<std::uint32_t> read_positions(const YamlDocument& doc, const YAML::Node& node, const GridMap& map,
                                          const std::string& what) {
  if (!node.IsSequence()) doc.fail(node, "expected " + what + " as a list of [row, column] pairs");
  std::vector<std::uint32_t> rooms;
  for (const YAML::Node& p : node) {
    if (!p.IsSequence() || p.size() != 2) doc.fail(p, "expected a position [row, column] in " + what);
    const auto row = doc.integer(p[0], "a row", -1000000, 1000000);
    const auto column = doc.integer(p[1], "a column", -1000000, 1000000);
    const std::string at = "[" + std::to_string(row) + ", " + std::to_string(column) + "]";
    if (row < 0 || row >= map.height() || column < 0 || column >= map.width()) {
      doc.fail(p, "position " + at + " in " + what + " is off the map (" + std::to_string(map.height()) +
                      " rows, " + std::to_string(map.width()) + " columns)");
    }
    const std::uint32_t room = map.room_at(static_cast<int>(row), static_cast<int>(column));
    if (room == kNoRoom) doc.fail(p, "position " + at + " in " + what + " is a wall");
    rooms.push_back(room);
  }
  return rooms;
}

GridMap read_map(const YamlDocument& doc, const YAML::Node& node) {
  std::vector<std::string> rows;
  std::vector<YAML::Node> row_nodes;
  if (node.IsScalar()) {
    std::istringstream in(node.Scalar());
    for (std::string line; std::getline(in, line);) rows.push_back(line);
    while (!rows.empty() && rows.back().empty()) rows.pop_back();
  } else if (node.IsSequence()) {
    for (const YAML::Node& r : node) {
      rows.push_back(doc.scalar(r, "a map row"));
      row_nodes.push_back(r);
    }
  } else {
    doc.fail(node, "expected the map as a block of rows ('.' free, '#' wall) or a list of rows");
  }
  try {
    return GridMap(rows);
  } catch (const MapError& e) {
    // A list's row has its own node; a block's row r is on the line r + 1 after 'map: |', indented.
    if (e.row < static_cast<int>(row_nodes.size())) {
      SourceLocation where = doc.where(row_nodes[e.row]);
      if (where.column > 0) where.column += e.column + (row_nodes[e.row].Tag() == "!" ? 1 : 0);
      throw InputError(where, e.what());
    }
    SourceLocation where = doc.where(node);
    if (where.line > 0) {
      where.line += 1 + e.row;
      const std::string line = doc.source_line(where.line);
      const std::size_t indent = line.find_first_not_of(' ');
      where.column = static_cast<int>(indent == std::string::npos ? 0 : indent) + e.column + 1;
    }
    throw InputError(where, e.what());
  }
}

}  // namespace

RobotMonsterConfig load_robot_monster_config(const YamlDocument& doc) {
  const YAML::Node& root = doc.root();
  doc.check_keys(root,
                 {"model", "description", "map", "robots", "monsters", "monster_behaviour", "monster_moves"},
                 "a robot-monster model");
  RobotMonsterConfig config;
  config.map = read_map(doc, doc.required(root, "map", "a robot-monster model"));
  const YAML::Node robots = doc.required(root, "robots", "a robot-monster model");
  config.robots = read_positions(doc, robots, config.map, "robots");
  if (config.robots.size() < 2 || config.robots.size() > RobotMonsterGame::kMaxRobots) {
    doc.fail(robots, "expected 2 to " + std::to_string(RobotMonsterGame::kMaxRobots) + " robots, found " +
                         std::to_string(config.robots.size()));
  }
  if (const YAML::Node monsters = root["monsters"]) {
    config.monsters = read_positions(doc, monsters, config.map, "monsters");
    if (config.monsters.size() > RobotMonsterGame::kMaxMonsters) {
      doc.fail(monsters, "expected at most " + std::to_string(RobotMonsterGame::kMaxMonsters) +
                             " monsters, found " + std::to_string(config.monsters.size()));
    }
  }
  if (const YAML::Node b = root["monster_behaviour"]) {
    config.behaviour = doc.one_of(b, {"random", "adversarial"}, "monster_behaviour") == "random"
                           ? MonsterBehaviour::Random
                           : MonsterBehaviour::Adversarial;
  }
  if (const YAML::Node m = root["monster_moves"]) {
    config.moves = doc.one_of(m, {"legal", "attempted"}, "monster_moves") == "legal"
                       ? MonsterMoves::Legal
                       : MonsterMoves::Attempted;
  }
  try {
    RobotMonsterGame check(config);  // the packing limits
  } catch (const std::invalid_argument& e) {
    doc.fail(root, e.what());
  }
  return config;
}

std::uint64_t RobotMonsterModel::reachable_lower_bound() const {
  return robot_monster_reachable_lower_bound(game_);
}

mdp::BuiltGraph RobotMonsterModel::build(const mdp::BuildOptions& options) const {
  check_state_lower_bound(reachable_lower_bound(), options);
  return mdp::build_graph(game_, options);
}

std::string RobotMonsterModel::state_name(const mdp::BuiltGraph& built, mdp::StateIndex s) const {
  return game_.describe(built.packed[s]);
}

std::string RobotMonsterModel::render(const mdp::BuiltGraph& built, const mdp::Solution& solution,
                                      mdp::StateIndex s) const {
  const RobotMonsterGame::State state = built.packed[s];
  const GridMap& map = game_.config().map;
  const mdp::StateGraph& g = built.graph;
  const mdp::ChoiceIndex choice = solution.policy.empty() ? mdp::kNoChoice : solution.policy[s];
  const bool robots_move = game_.robots_to_move(state) && choice != mdp::kNoChoice;
  std::vector<std::uint32_t> after;
  if (robots_move) after = game_.robot_rooms_after(state, g.choice_label_id(choice));

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
    for (std::size_t j = 0; j < game_.monsters(); ++j)
      put(game_.room_of(state, game_.robots() + j), static_cast<char>('1' + j));
    return grid;
  };
  std::vector<std::uint32_t> now;
  for (std::size_t i = 0; i < game_.robots(); ++i) now.push_back(game_.room_of(state, i));
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
  for (std::size_t i = 1; i < game_.robots(); ++i) out << ", " << static_cast<char>('A' + i);
  if (game_.monsters() > 0) {
    out << "; monsters 1";
    for (std::size_t j = 1; j < game_.monsters(); ++j) out << ", " << static_cast<char>('1' + j);
  }
  out << "; '*' several in one room; '#' wall\n";
  if (robots_move) {
    out << "  recommended move:";
    mdp::LabelId label = g.choice_label_id(choice);
    for (std::size_t i = 0; i < game_.robots(); ++i) {
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
  out << "  value " << solution.value(s) << " (" << game_.describe(state) << ")\n";
  return out.str();
}

std::optional<TreeSearchResult> RobotMonsterModel::tree_search(const TreeSearchRequest& request) const {
  return search_implicit_model(game_, request);
}

}  // namespace sgplan::models
