#include "models/robot_monster_bound.hpp"

#include <algorithm>
#include <deque>
#include <limits>
#include <vector>

namespace sgplan::models {
namespace {

constexpr std::uint32_t kFar = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint64_t kSaturated = std::uint64_t{1} << 62;

std::uint64_t saturating_product(std::uint64_t a, std::uint64_t b) {
  if (a == 0 || b == 0) return 0;
  return a > kSaturated / b ? kSaturated : a * b;
}

// Steps from the nearest of `starts` to every room (kFar where none reaches).
std::vector<std::uint32_t> distances(const GridMap& map, const std::vector<std::uint32_t>& starts) {
  std::vector<std::uint32_t> d(map.rooms(), kFar);
  std::deque<std::uint32_t> queue;
  for (std::uint32_t s : starts) {
    if (d[s] == 0) continue;
    d[s] = 0;
    queue.push_back(s);
  }
  while (!queue.empty()) {
    const std::uint32_t r = queue.front();
    queue.pop_front();
    for (Direction dir : kCompass) {
      const std::uint32_t n = map.neighbour(r, dir);
      if (n == kNoRoom || d[n] != kFar) continue;
      d[n] = d[r] + 1;
      queue.push_back(n);
    }
  }
  return d;
}

bool has_free_neighbour(const GridMap& map, std::uint32_t room) {
  return std::any_of(kCompass.begin(), kCompass.end(),
                     [&](Direction dir) { return map.neighbour(room, dir) != kNoRoom; });
}

}  // namespace

std::uint64_t robot_monster_reachable_lower_bound(const RobotMonsterGame& game) {
  const RobotMonsterConfig& config = game.config();
  const GridMap& map = config.map;
  if (game.robots() < 2 || game.owner(game.initial()) == mdp::Owner::Terminal) return 0;

  // 1. The split into Rr (robots) and Rm (monsters), indexed locally.
  const std::vector<std::uint32_t> to_robot = distances(map, config.robots);
  const std::vector<std::uint32_t> to_monster = distances(map, config.monsters);
  std::vector<std::uint32_t> robot_local(map.rooms(), kNoRoom);
  std::vector<char> in_rm(map.rooms(), 0);
  std::uint32_t robot_rooms = 0;
  for (std::uint32_t r = 0; r < map.rooms(); ++r) {
    if (to_robot[r] != kFar && to_robot[r] < to_monster[r]) {
      robot_local[r] = robot_rooms++;
    } else if (to_monster[r] != kFar) {
      in_rm[r] = 1;
    }
  }
  // The robots beyond the first two stay on their rooms; the moving two keep off them.
  for (std::size_t i = 2; i < config.robots.size(); ++i) {
    if (config.robots[i] == config.robots[0] || config.robots[i] == config.robots[1]) return 0;
    robot_local[config.robots[i]] = kNoRoom;
  }
  if (robot_rooms > kRobotPairSearchRooms) return 0;

  // 2. Pairs of rooms the first two robots reach in Rr without meeting, breadth first by turns.
  const std::uint64_t side = robot_rooms;
  std::vector<char> seen(side * side, 0);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> frontier{{config.robots[0], config.robots[1]}}, next;
  seen[robot_local[config.robots[0]] * side + robot_local[config.robots[1]]] = 1;
  std::uint64_t pairs = 1;
  std::uint64_t depth = 0;
  const auto options = [&](std::uint32_t room, std::uint32_t(&out)[5]) {
    int count = 0;
    out[count++] = room;
    for (Direction dir : kCompass) {
      const std::uint32_t n = map.neighbour(room, dir);
      if (n != kNoRoom && robot_local[n] != kNoRoom) out[count++] = n;
    }
    return count;
  };
  while (!frontier.empty()) {
    next.clear();
    for (const auto& [a, b] : frontier) {
      std::uint32_t ma[5], mb[5];
      const int na = options(a, ma), nb = options(b, mb);
      for (int i = 0; i < na; ++i) {
        for (int j = 0; j < nb; ++j) {
          if (ma[i] == mb[j]) continue;  // meeting ends the game
          char& mark = seen[robot_local[ma[i]] * side + robot_local[mb[j]]];
          if (mark) continue;
          mark = 1;
          ++pairs;
          next.emplace_back(ma[i], mb[j]);
        }
      }
    }
    if (!next.empty()) ++depth;
    frontier.swap(next);
  }

  // 3. Each monster's rooms after T steps in Rm; T past the robots' depth and long enough for the
  // walks to spread (the sets grow along each parity: a monster can step back where it came from).
  std::uint64_t rm_rooms = 0;
  for (char c : in_rm) rm_rooms += c;
  const std::uint64_t steps = depth + 2 * rm_rooms;
  std::uint64_t monster_states = 1;
  for (std::uint32_t start : config.monsters) {
    std::vector<char> now(map.rooms(), 0), after(map.rooms(), 0);
    now[start] = 1;
    std::vector<std::uint32_t> current{start}, following;
    for (std::uint64_t t = 0; t < steps && !current.empty(); ++t) {
      following.clear();
      for (std::uint32_t r : current) {
        if (!has_free_neighbour(map, r)) {
          if (!after[r]) following.push_back(r);
          after[r] = 1;
          continue;
        }
        for (Direction dir : kCompass) {
          const std::uint32_t n = map.neighbour(r, dir);
          if (n == kNoRoom || !in_rm[n] || after[n]) continue;
          after[n] = 1;
          following.push_back(n);
        }
      }
      for (std::uint32_t r : current) now[r] = 0;
      now.swap(after);
      current.swap(following);
    }
    monster_states = saturating_product(monster_states, current.size());
  }

  // 4. Both turn markers.
  return saturating_product(2, saturating_product(pairs, monster_states));
}

}  // namespace sgplan::models
