#include "models/robot_monster/robot_monster.hpp"

#include <limits>
#include <stdexcept>

namespace sgplan::models::robot_monster {

RobotMonsterGame::RobotMonsterGame(RobotMonsterConfig config) : config_(std::move(config)) {
  if (config_.robots.size() < 2 || config_.robots.size() > kMaxRobots) {
    throw std::invalid_argument("the game needs 2 to " + std::to_string(kMaxRobots) + " robots, got " +
                                std::to_string(config_.robots.size()));
  }
  if (config_.monsters.size() > kMaxMonsters) {
    throw std::invalid_argument("the game allows at most " + std::to_string(kMaxMonsters) +
                                " monsters, got " + std::to_string(config_.monsters.size()));
  }
  if (!config_.behaviours.empty() && config_.behaviours.size() != config_.monsters.size()) {
    throw std::invalid_argument("expected one monster behaviour per monster (" +
                                std::to_string(config_.monsters.size()) + "), got " +
                                std::to_string(config_.behaviours.size()));
  }
  for (std::size_t j = 0; j < monsters(); ++j) {
    behaviour_[j] = config_.behaviours.empty() ? config_.behaviour : config_.behaviours[j];
    if (behaviour_[j] == MonsterBehaviour::Adversarial) {
      hunters_[num_hunters_++] = static_cast<std::uint8_t>(j);
    } else {
      wanderers_[num_wanderers_++] = static_cast<std::uint8_t>(j);
    }
  }
  monsters_choose_ =
      num_hunters_ > 0 || (monsters() == 0 && config_.behaviour == MonsterBehaviour::Adversarial);
  rooms_ = config_.map.rooms();
  const std::size_t agents = robots() + monsters();
  power_[0] = 1;
  for (std::size_t i = 1; i <= agents; ++i) {
    if (power_[i - 1] > (std::numeric_limits<std::uint64_t>::max() >> 2) / rooms_) {
      throw std::invalid_argument("rooms^agents is too large to pack a state into 64 bits (" +
                                  std::to_string(rooms_) + " rooms, " + std::to_string(agents) + " agents)");
    }
    power_[i] = power_[i - 1] * rooms_;
  }
  bound_ = 2 * power_[agents];
  for (std::size_t i = 0; i < robots(); ++i) robot_labels_ *= 5;
  State key = 0;
  for (std::size_t i = 0; i < agents; ++i) {
    const std::uint32_t room = i < robots() ? config_.robots[i] : config_.monsters[i - robots()];
    if (room >= rooms_) throw std::invalid_argument("agent position is not a free room");
    key += 2 * room * power_[i];
  }
  initial_ = key;
}

RobotMonsterGame::Check RobotMonsterGame::check(State s) const {
  const std::size_t nr = robots(), nm = monsters();
  std::array<std::uint32_t, kMaxAgents> room{};
  for (std::size_t i = 0; i < nr + nm; ++i) room[i] = room_of(s, i);
  for (std::size_t i = 0; i < nr; ++i) {
    for (std::size_t j = 0; j < nm; ++j) {
      if (room[i] == room[nr + j]) return Check::Failure;
    }
  }
  for (std::size_t i = 1; i < nr; ++i) {
    if (room[i] != room[0]) return Check::None;
  }
  return Check::Success;
}

mdp::Owner RobotMonsterGame::owner(State s) const {
  if (check(s) != Check::None) return mdp::Owner::Terminal;
  if (robots_to_move(s)) return mdp::Owner::Max;
  return monsters_choose_ ? mdp::Owner::Min : mdp::Owner::Chance;
}

double RobotMonsterGame::terminal_value(State s) const {
  return check(s) == Check::Success ? 1.0 : 0.0;
}

std::size_t RobotMonsterGame::monster_destinations(std::uint32_t room, std::array<std::uint32_t, 5>& rooms,
                                                   std::array<double, 5>& probs,
                                                   std::array<Direction, 5>& dirs) const {
  std::size_t n = 0;
  std::size_t blocked = 0;
  for (Direction d : kCompass) {
    const std::uint32_t next = config_.map.neighbour(room, d);
    if (next == kNoRoom) {
      ++blocked;
      continue;
    }
    rooms[n] = next;
    dirs[n] = d;
    ++n;
  }
  if (config_.moves == MonsterMoves::Legal) {
    if (n == 0) {  // no legal step: the monster stays
      rooms[0] = room;
      dirs[0] = Direction::Stay;
      probs[0] = 1.0;
      return 1;
    }
    for (std::size_t i = 0; i < n; ++i) probs[i] = 1.0 / static_cast<double>(n);
    return n;
  }
  // Attempted: each direction 1/4, the blocked ones merged into one "stay" outcome.
  for (std::size_t i = 0; i < n; ++i) probs[i] = 0.25;
  if (blocked > 0) {
    rooms[n] = room;
    dirs[n] = Direction::Stay;
    probs[n] = 0.25 * static_cast<double>(blocked);
    ++n;
  }
  return n;
}

std::string RobotMonsterGame::label_name(mdp::LabelId label) const {
  const bool monster_move = label >= robot_labels_;
  std::size_t count = monster_move ? monsters() : robots();
  mdp::LabelId code = monster_move ? label - robot_labels_ : label;
  std::string out = monster_move ? "monsters " : "";
  for (std::size_t i = 0; i < count; ++i) {
    if (i > 0) out += ',';
    // A wandering monster's step is the choice's random outcome, not part of the label.
    const bool random = monster_move && behaviour_[i] == MonsterBehaviour::Random;
    out += random ? "random" : direction_name(static_cast<Direction>(code % 5));
    code /= 5;
  }
  return out;
}

mdp::LabelId RobotMonsterGame::robot_label(std::span<const Direction> moves) const {
  mdp::LabelId label = 0, scale = 1;
  for (Direction d : moves) {
    label += static_cast<mdp::LabelId>(d) * scale;
    scale *= 5;
  }
  return label;
}

std::vector<std::uint32_t> RobotMonsterGame::robot_rooms_after(State s, mdp::LabelId label) const {
  std::vector<std::uint32_t> out;
  for (std::size_t i = 0; i < robots(); ++i) {
    const auto d = static_cast<Direction>(label % 5);
    label /= 5;
    out.push_back(config_.map.neighbour(room_of(s, i), d));
  }
  return out;
}

std::string RobotMonsterGame::describe(State s) const {
  auto position = [&](std::uint32_t room) {
    return "(" + std::to_string(config_.map.row_of(room)) + "," +
           std::to_string(config_.map.column_of(room)) + ")";
  };
  std::string out = "robots";
  for (std::size_t i = 0; i < robots(); ++i) out += " " + position(room_of(s, i));
  if (monsters() > 0) {
    out += ", monsters";
    for (std::size_t j = 0; j < monsters(); ++j) out += " " + position(room_of(s, robots() + j));
  }
  switch (check(s)) {
    case Check::Failure:
      out += ", caught";
      break;
    case Check::Success:
      out += ", met";
      break;
    case Check::None:
      out += robots_to_move(s) ? ", robots to move" : ", monsters to move";
      break;
  }
  return out;
}

}  // namespace sgplan::models::robot_monster
