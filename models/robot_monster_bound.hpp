// A proven lower bound on the reachable states of a robot-monster game, cheap enough to compute
// before building (issue 11: a 40x40 open map ran 264 s before running out of memory; a 7x45 one
// 275 s before its memory limit), so that `--max-states` refuses such a map at once.
//
// The argument, for every monster behaviour and move rule (each allows the legal steps of the
// random walk, so every trajectory below is possible in all of them):
//   1. Split the rooms: Rr, those strictly closer (in steps) to some robot's start than to every
//      monster's start, and Rm, the rest that some monster reaches. A shortest path from a start
//      stays in its start's part, so robots can walk in Rr and monsters in Rm without meeting.
//   2. Robots 0 and 1 walk in Rr (the others stay where they start), each staying or stepping per
//      turn, never entering one room: P, the set of pairs they reach, is found breadth first;
//      none of these states ends the game (the robots are apart and no monster is in Rr).
//   3. Meanwhile each monster walks in Rm: S_i(t), the rooms it can be in after t steps, evolves
//      by the steps that stay in Rm (a room without any free neighbour keeps its monster). Monsters
//      move independently and every step has positive probability, so after t steps every
//      combination in S_1(t) x ... x S_k(t) is reachable.
//   4. With T at least the depth of the robots' search, every pair of P (reached, then held by
//      staying) meets every combination at time T: |P| x prod |S_i(T)| distinct states with the
//      robots to move, and as many with the monsters to move (after the robots stayed).
// The bound is 0 (unknown) where the start already ends the game or Rr is too big to search.
#pragma once

#include <cstdint>

#include "models/robot_monster.hpp"

namespace sgplan::models {

// Rr larger than this is not searched: the pair search takes |Rr|^2 bytes and up to 25 |Rr|^2
// steps, on every build (a 40x40 open map has about 800 robot rooms).
inline constexpr std::uint32_t kRobotPairSearchRooms = 1024;

std::uint64_t robot_monster_reachable_lower_bound(const RobotMonsterGame& game);

}  // namespace sgplan::models
