#include "models/robot_monster/robot_monster_bound.hpp"

#include <algorithm>
#include <array>
#include <deque>
#include <limits>
#include <vector>

namespace sgplan::models::robot_monster {
namespace {

constexpr std::uint32_t kFar = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint64_t kSaturated = std::uint64_t{1} << 62;

std::uint64_t saturating_product(std::uint64_t a, std::uint64_t b) {
  if (a == 0 || b == 0) return 0;
  return a > kSaturated / b ? kSaturated : a * b;
}

// Rooms breadth first from `starts` over the rooms `allowed` admits, with their distances (kFar
// where none reaches); `order` lists the reached rooms nearest first.
struct Spread {
  std::vector<std::uint32_t> distance;
  std::vector<std::uint32_t> order;
};

template <class Allowed>
Spread spread(const GridMap& map, const std::vector<std::uint32_t>& starts, Allowed&& allowed) {
  Spread s{std::vector<std::uint32_t>(map.rooms(), kFar), {}};
  for (std::uint32_t r : starts) {
    if (s.distance[r] == 0 || !allowed(r)) continue;
    s.distance[r] = 0;
    s.order.push_back(r);
  }
  for (std::size_t next = 0; next < s.order.size(); ++next) {
    const std::uint32_t r = s.order[next];
    for (Direction dir : kCompass) {
      const std::uint32_t n = map.neighbour(r, dir);
      if (n == kNoRoom || s.distance[n] != kFar || !allowed(n)) continue;
      s.distance[n] = s.distance[r] + 1;
      s.order.push_back(n);
    }
  }
  return s;
}

bool has_free_neighbour(const GridMap& map, std::uint32_t room) {
  return std::any_of(kCompass.begin(), kCompass.end(),
                     [&](Direction dir) { return map.neighbour(room, dir) != kNoRoom; });
}

// Step 2: the pairs of rooms robots 0 and 1 reach, breadth first by turns, moving in the rooms
// with a local index and never entering one room (a meeting ends the game; a swap does not).
struct RobotPairs {
  std::vector<std::uint32_t> local;  // per room: its index in the search, kNoRoom outside
  std::uint64_t side = 0;
  std::vector<char> reached;  // side x side
};

RobotPairs robot_pairs(const GridMap& map, std::vector<std::uint32_t> local, std::uint64_t side,
                       std::uint32_t first, std::uint32_t second) {
  RobotPairs p{std::move(local), side, std::vector<char>(side * side, 0)};
  const auto options = [&](std::uint32_t room, std::array<std::uint32_t, 5>& out) {
    int count = 0;
    out[count++] = room;
    for (Direction dir : kCompass) {
      const std::uint32_t n = map.neighbour(room, dir);
      if (n != kNoRoom && p.local[n] != kNoRoom) out[count++] = n;
    }
    return count;
  };
  std::vector<std::pair<std::uint32_t, std::uint32_t>> queue{{first, second}};
  p.reached[p.local[first] * side + p.local[second]] = 1;
  for (std::size_t next = 0; next < queue.size(); ++next) {
    const auto [a, b] = queue[next];
    std::array<std::uint32_t, 5> ma{}, mb{};
    const int na = options(a, ma), nb = options(b, mb);
    for (int i = 0; i < na; ++i) {
      for (int j = 0; j < nb; ++j) {
        if (ma[i] == mb[j]) continue;
        char& mark = p.reached[p.local[ma[i]] * side + p.local[mb[j]]];
        if (mark) continue;
        mark = 1;
        queue.emplace_back(ma[i], mb[j]);
      }
    }
  }
  return p;
}

// Step 3: the most combinations the monsters reach together after one common number of steps,
// each walking from its start inside `zone` (a room without any free neighbour keeps its monster;
// one whose free neighbours all lie outside the zone is dropped, which only lowers the count).
std::uint64_t monster_combinations(const GridMap& map, const std::vector<std::uint32_t>& starts,
                                   const std::vector<char>& zone) {
  const std::size_t k = starts.size();
  std::vector<std::vector<std::uint32_t>> now(k), after(k);
  std::vector<std::vector<char>> mark(k, std::vector<char>(map.rooms(), 0));
  std::vector<std::array<std::size_t, 2>> sizes(k, {0, 0});  // at the last two steps
  for (std::size_t i = 0; i < k; ++i) now[i] = {starts[i]};
  std::uint64_t best = 1;
  // The sets settle within two passes over the zone along each parity; the cap is a safety net.
  const std::uint64_t cap = 4 * static_cast<std::uint64_t>(map.rooms()) + 4;
  for (std::uint64_t t = 1; t <= cap; ++t) {
    bool changed = false;
    std::uint64_t product = 1;
    for (std::size_t i = 0; i < k; ++i) {
      after[i].clear();
      for (std::uint32_t r : now[i]) {
        if (!has_free_neighbour(map, r)) {
          if (!mark[i][r]) after[i].push_back(r);
          mark[i][r] = 1;
          continue;
        }
        for (Direction dir : kCompass) {
          const std::uint32_t n = map.neighbour(r, dir);
          if (n == kNoRoom || !zone[n] || mark[i][n]) continue;
          mark[i][n] = 1;
          after[i].push_back(n);
        }
      }
      for (std::uint32_t r : after[i]) mark[i][r] = 0;
      now[i].swap(after[i]);
      changed |= now[i].size() != sizes[i][t % 2];
      sizes[i][t % 2] = now[i].size();
      product = saturating_product(product, now[i].size());
    }
    best = std::max(best, product);
    if (product == 0 || (!changed && t > 2)) break;
  }
  return best;
}

}  // namespace

std::uint64_t robot_monster_reachable_lower_bound(const RobotMonsterGame& game) {
  const RobotMonsterConfig& config = game.config();
  const GridMap& map = config.map;
  const std::uint32_t rooms = map.rooms();
  if (game.robots() < 2 || game.owner(game.initial()) == mdp::Owner::Terminal) return 0;

  // Robots 2 and up stay where they start: nobody else enters their rooms.
  std::vector<char> blocked(rooms, 0), robot_room(rooms, 0);
  for (std::uint32_t r : config.robots) robot_room[r] = 1;
  for (std::size_t i = 2; i < config.robots.size(); ++i) {
    if (config.robots[i] == config.robots[0] || config.robots[i] == config.robots[1]) return 0;
    blocked[config.robots[i]] = 1;
  }

  // 1. Each monster's two rooms while the robots take their places: its start and a free
  // neighbour that no robot starts on (its start alone where it has no free neighbour).
  std::vector<char> held(rooms, 0);
  for (std::uint32_t m : config.monsters) {
    held[m] = 1;
    if (!has_free_neighbour(map, m)) continue;
    std::uint32_t other = kNoRoom;
    for (Direction dir : kCompass) {
      const std::uint32_t n = map.neighbour(m, dir);
      if (n != kNoRoom && !robot_room[n]) {
        other = n;
        break;
      }
    }
    if (other == kNoRoom) return 0;  // its every step meets a robot
    held[other] = 1;
  }

  // 2. The robots' search: the rooms outside the held and blocked ones nearest to robots 0 and 1,
  // at most kRobotPairSearchRooms of them.
  const Spread near_robots = spread(map, {config.robots[0], config.robots[1]},
                                    [&](std::uint32_t r) { return !held[r] && !blocked[r]; });
  std::vector<std::uint32_t> local(rooms, kNoRoom);
  const std::size_t side = std::min<std::size_t>(near_robots.order.size(), kRobotPairSearchRooms);
  for (std::size_t i = 0; i < side; ++i) local[near_robots.order[i]] = static_cast<std::uint32_t>(i);
  if (local[config.robots[0]] == kNoRoom || local[config.robots[1]] == kNoRoom) return 0;
  const RobotPairs pairs = robot_pairs(map, std::move(local), side, config.robots[0], config.robots[1]);

  // 3. Candidate places B for the robots to wait in; the monsters walk in the rest. Either the
  // rooms nearer a robot's start than every monster's, or what is left of the search after taking
  // a ball of rooms around the held ones for the monsters (of several sizes: the count grows like
  // |B|^2 x |rest|^monsters).
  std::vector<std::vector<char>> candidates;
  {
    const auto anywhere = [&](std::uint32_t r) { return !blocked[r]; };
    const Spread to_robot = spread(map, config.robots, anywhere);
    const Spread to_monster = spread(map, config.monsters, anywhere);
    std::vector<char> b(rooms, 0);
    for (std::uint32_t r = 0; r < rooms; ++r) {
      b[r] = pairs.local[r] != kNoRoom && to_robot.distance[r] < to_monster.distance[r];
    }
    candidates.push_back(std::move(b));
    std::vector<std::uint32_t> held_rooms;
    for (std::uint32_t r = 0; r < rooms; ++r) {
      if (held[r]) held_rooms.push_back(r);
    }
    const Spread around_monsters = spread(map, held_rooms, anywhere);
    for (int eighths = 1; eighths <= 7; ++eighths) {
      std::vector<char> monster_ball(rooms, 0);
      const std::size_t size = around_monsters.order.size() * eighths / 8;
      for (std::size_t i = 0; i < size; ++i) monster_ball[around_monsters.order[i]] = 1;
      std::vector<char> c(rooms, 0);
      for (std::uint32_t r = 0; r < rooms; ++r) c[r] = pairs.local[r] != kNoRoom && !monster_ball[r];
      candidates.push_back(std::move(c));
    }
  }

  // 4. Robots 0 and 1 go to any reached pair (a, b) in B while the monsters step between their two
  // rooms (outside the search, so nobody meets), wait until the monsters are back on their starts,
  // then stay while the monsters walk outside B: every monster combination after t steps comes
  // with every pair, once with the robots to move and once (after they stayed) with the monsters.
  // Each move rule and behaviour allows every step used here (stays of robots, free steps of
  // monsters), so these states are reachable in all of them.
  std::uint64_t best = 0;
  for (const std::vector<char>& b : candidates) {
    std::vector<std::uint32_t> inside;
    for (std::uint32_t r = 0; r < rooms; ++r) {
      if (b[r]) inside.push_back(pairs.local[r]);
    }
    std::uint64_t count = 0;
    for (std::uint32_t i : inside) {
      for (std::uint32_t j : inside) count += pairs.reached[i * pairs.side + j];
    }
    if (count == 0) continue;
    std::vector<char> zone(rooms, 0);
    for (std::uint32_t r = 0; r < rooms; ++r) zone[r] = !b[r] && !blocked[r];
    const std::uint64_t monsters = monster_combinations(map, config.monsters, zone);
    best = std::max(best, saturating_product(2, saturating_product(count, monsters)));
  }
  return best;
}

}  // namespace sgplan::models::robot_monster
