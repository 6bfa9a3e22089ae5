#include "models/robot_monster/robot_monster_kind.hpp"

#include <map>
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

// yaml-cpp keeps every copy of a repeated key and answers root[key] with the first, so a second
// `monster_behaviour:` (say the shorthand, then a list) would be ignored without a word. After
// check_keys: the root is a map of scalar keys.
void reject_repeated_keys(const formats::YamlDocument& doc, const YAML::Node& root) {
  std::map<std::string, YAML::Node> seen;
  for (const auto& kv : root) {
    const auto [first, inserted] = seen.emplace(kv.first.Scalar(), kv.first);
    if (inserted) continue;
    const SourceLocation at = doc.where(first->second);
    doc.fail(kv.first, "key '" + kv.first.Scalar() + "' is given twice in a robot-monster model (first at " +
                           std::to_string(at.line) + ":" + std::to_string(at.column) + ")");
  }
}

MonsterBehaviour read_one_behaviour(const formats::YamlDocument& doc, const YAML::Node& node) {
  return doc.one_of(node, {"random", "adversarial"}, "monster_behaviour") == "random"
             ? MonsterBehaviour::Random
             : MonsterBehaviour::Adversarial;
}

// `monster_behaviour: adversarial` (the shorthand: every monster alike) or
// `monster_behaviour: [adversarial, random]` (one per monster, in the order of `monsters`).
void read_behaviour(const formats::YamlDocument& doc, const YAML::Node& node, RobotMonsterConfig& config) {
  if (node.IsSequence()) {
    if (node.size() != config.monsters.size()) {
      doc.fail(node, "expected one monster_behaviour per monster (" + std::to_string(config.monsters.size()) +
                         " monsters), found a list of " + std::to_string(node.size()));
    }
    for (const YAML::Node& entry : node) config.behaviours.push_back(read_one_behaviour(doc, entry));
    return;
  }
  if (!node.IsScalar()) {
    doc.fail(node,
             "expected monster_behaviour as random or adversarial (every monster), or a list of them "
             "with one per monster");
  }
  config.behaviour = read_one_behaviour(doc, node);
}

}  // namespace

RobotMonsterConfig load_robot_monster_config(const formats::YamlDocument& doc) {
  const YAML::Node& root = doc.root();
  doc.check_keys(root,
                 {"model", "description", "map", "robots", "monsters", "monster_behaviour", "monster_moves"},
                 "a robot-monster model");
  reject_repeated_keys(doc, root);
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
  if (const YAML::Node b = root["monster_behaviour"]) read_behaviour(doc, b, config);
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
