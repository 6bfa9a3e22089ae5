// A proven lower bound on the reachable states of a robot-monster game, cheap enough to compute
// before building (issue 11: a 40x40 open map ran 264 s before running out of memory; a 7x45 one
// 275 s before its memory limit), so that `--max-states` refuses such a map at once.
//
// The argument, for every monster behaviour and move rule (each allows the robots' stays and the
// monsters' free steps, so every trajectory below is possible in all of them; with a behaviour per
// monster the hunters may choose, and the wanderers take with positive probability, every free
// step together, and no state lies between their moves):
//   1. Each monster steps back and forth between its start and a free neighbour no robot starts
//      on (a monster without free neighbours stays); call these rooms H.
//   2. Meanwhile robots 0 and 1 walk outside H (the others stay where they start), staying or
//      stepping, never entering one room: P, the pairs they reach, is found breadth first. No state
//      on the way ends the game. At any pair they wait until the monsters are back on their starts.
//   3. Then the robots stay while each monster walks in Z = the map minus B (a set of rooms outside
//      H) and the waiting robots. S_i(t), monster i's rooms after t steps in Z, evolves by its steps
//      in Z; monsters move independently and each step is possible, so every combination in
//      S_1(t) x ... x S_k(t) is reachable.
//   4. Every pair of P inside B meets every combination at the same t: |P in B| x prod |S_i(t)|
//      distinct states with the robots to move, and as many with the monsters to move (after the
//      robots stayed). The bound is the best over t and over a few choices of B (the rooms nearer
//      the robots than the monsters; the search minus balls of growing size around H).
// The bound is 0 (unknown) where the start already ends the game or a monster cannot step
// without meeting a robot. The robots' search covers at most kRobotPairSearchRooms rooms, those
// nearest to their starts.
#pragma once

#include <cstdint>

#include "models/robot_monster/robot_monster.hpp"

namespace sgplan::models::robot_monster {

// The pair search takes rooms^2 bytes and up to 25 rooms^2 steps, on every build: it covers at
// most this many rooms (a 40x40 open map has 1,600).
inline constexpr std::uint32_t kRobotPairSearchRooms = 1024;

std::uint64_t robot_monster_reachable_lower_bound(const RobotMonsterGame& game);

}  // namespace sgplan::models::robot_monster
