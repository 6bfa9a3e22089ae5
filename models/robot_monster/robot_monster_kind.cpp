#include "models/robot_monster/robot_monster_kind.hpp"

#include <sstream>
#include <stdexcept>

#include "models/robot_monster/robot_monster_bound.hpp"

namespace sgplan::models::robot_monster {

namespace {

std::vector<std::uint32_t> read_positions(const formats::YamlDocument& doc, const YAML::Node& node,
                                          const GridMap& map, const std::string& what) {
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

GridMap read_map(const formats::YamlDocument& doc, const YAML::Node& node) {
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

RobotMonsterConfig load_robot_monster_config(const formats::YamlDocument& doc) {
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

RobotMonsterModel make_robot_monster_model(RobotMonsterConfig config) {
  RobotMonsterGame game(std::move(config));
  GameFacts facts;
  facts.kind = "robot-monster";
  // A proven lower bound (robot_monster_bound.hpp), checked against --max-states first.
  facts.reachable_lower_bound = robot_monster_reachable_lower_bound(game);
  return RobotMonsterModel(std::move(game), std::move(facts));
}

ModelKind robot_monster_kind() {
  return yaml_game_kind("robot-monster",
                        "robots that must meet on a grid while monsters (random or adversarial) hunt them",
                        {.tree_search = true, .render = true, .default_method = "interval"},
                        load_robot_monster_config, make_robot_monster_model);
}

}  // namespace sgplan::models::robot_monster
