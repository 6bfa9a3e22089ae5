// The robot-monster grid: two (or more) robots, one team (Max), want to meet safely in a grid of
// rooms while monsters wander (chance) or hunt (Min).
//
// A state is the room of every robot and monster and a turn marker: R (robots move) or M (monsters
// move); the game starts with R. It is packed into one integer, mixed radix over the rooms:
//   key = marker + 2 * (room_0 + rooms * (room_1 + rooms * (...)))   agents: robots, then monsters
// so a move changes the key by adding (new - old) * 2 * rooms^i, and keys lie below 2 * rooms^agents
// (the builder then indexes states with a flat array).
// Rules (checked initially and after every half-turn): a robot in a monster's room is a failure
// (value 0); otherwise all robots in one room is a success (value 1). Failure has priority; a safe
// meeting ends the game before the monsters answer; swapping rooms is not meeting; monsters may
// share a room.
//   R: each robot stays or steps N, S, E or W into a free room (5^robots joint moves at most).
//   M, random, legal moves: each monster steps to one of its free neighbours uniformly (stays if it
//      has none); monsters move independently, so d1 and d2 destinations give each joint outcome
//      1/(d1 d2); outcomes reaching the same state add up (the graph builder merges them).
//   M, random, attempted moves: each of the four directions with probability 1/4; a blocked one
//      leaves the monster where it is.
//   M, adversarial: the monsters are one Min player choosing their joint move (stays included only
//      when a monster has no legal step, or with attempted moves when some direction is blocked).
//   M, mixed (a behaviour per monster, some of each): the adversarial monsters, one Min player,
//      choose their joint move and the random ones answer by chance within the same choice: each
//      choice is a distribution over the random monsters' outcomes. The hunters thus choose without
//      seeing where the wanderers go, as in a simultaneous move, and no state lies between the two:
//      this is PRISM-games' reading of one synchronised action ([mon]) whose modules are partly
//      nondeterministic and partly probabilistic (a player's choice, then the product of the
//      random modules' distributions). The reverse order (chance first, then Min seeing it) would
//      give the hunters information a simultaneous move does not have, and needs extra states.
//      With every monster random (or every one adversarial) this is exactly the rule above.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "mdp/implicit_model.hpp"
#include "models/robot_monster/grid_map.hpp"

namespace sgplan::models::robot_monster {

enum class MonsterBehaviour : std::uint8_t { Random, Adversarial };
enum class MonsterMoves : std::uint8_t { Legal, Attempted };

struct RobotMonsterConfig {
  GridMap map;
  std::vector<std::uint32_t> robots;                      // rooms
  std::vector<std::uint32_t> monsters;                    // rooms
  MonsterBehaviour behaviour = MonsterBehaviour::Random;  // every monster's, unless `behaviours` says
  std::vector<MonsterBehaviour> behaviours;               // one per monster, or empty
  MonsterMoves moves = MonsterMoves::Legal;
};

class RobotMonsterGame {
 public:
  using State = std::uint64_t;
  // Its const members keep no caches: states may be expanded on several threads (implicit_model.hpp).
  static constexpr bool kConcurrentExpansion = true;
  static constexpr std::size_t kMaxRobots = 5;
  static constexpr std::size_t kMaxMonsters = 6;
  static constexpr std::size_t kMaxAgents = kMaxRobots + kMaxMonsters;

  // Checks the limits above, that the packed keys fit 63 bits and that `behaviours` is empty or
  // has one entry per monster (std::invalid_argument).
  explicit RobotMonsterGame(RobotMonsterConfig config);

  const RobotMonsterConfig& config() const { return config_; }
  std::size_t robots() const { return config_.robots.size(); }
  std::size_t monsters() const { return config_.monsters.size(); }
  MonsterBehaviour behaviour_of(std::size_t monster) const { return behaviour_[monster]; }

  // The implicit-model interface (mdp/implicit_model.hpp).
  State initial() const { return initial_; }
  mdp::Owner owner(State s) const;
  double terminal_value(State s) const;
  std::uint64_t pack(State s) const { return s; }
  State unpack(std::uint64_t key) const { return key; }
  std::uint64_t packed_bound() const { return bound_; }
  // Every probability is a product over the monsters of 1/k (k free neighbours, at most 4) or of
  // j/4 (attempted moves), summed where outcomes coincide: a multiple of 1/12^monsters.
  std::uint64_t exact_denominator() const {
    std::uint64_t d = 1;
    for (std::size_t i = 0; i < monsters(); ++i) d *= 12;
    return d;
  }
  std::string label_name(mdp::LabelId label) const;
  template <class F>
  void for_each_choice(State s, F&& f) const;

  // Decoding.
  bool robots_to_move(State s) const { return (s & 1) == 0; }
  std::uint32_t room_of(State s, std::size_t agent) const {
    return static_cast<std::uint32_t>(((s >> 1) / power_[agent]) % rooms_);
  }
  // The robots' rooms after joint move `label` (a robot label) from s.
  std::vector<std::uint32_t> robot_rooms_after(State s, mdp::LabelId label) const;
  std::string describe(State s) const;
  // The robot label of a joint move given per robot (Stay, North, ...).
  mdp::LabelId robot_label(std::span<const Direction> moves) const;

 private:
  enum class Check : std::uint8_t { None, Failure, Success };
  Check check(State s) const;
  // Destinations of one monster from `room`: for chance, with probabilities; returns the count.
  std::size_t monster_destinations(std::uint32_t room, std::array<std::uint32_t, 5>& rooms,
                                   std::array<double, 5>& probs, std::array<Direction, 5>& dirs) const;

  RobotMonsterConfig config_;
  std::uint32_t rooms_ = 0;
  std::array<std::uint64_t, kMaxAgents + 1> power_{};  // rooms^i
  std::uint64_t bound_ = 0;
  State initial_ = 0;
  std::uint32_t robot_labels_ = 1;  // 5^robots: robot labels are below, monster labels above
  std::array<MonsterBehaviour, kMaxMonsters> behaviour_{};
  // The monsters by behaviour, in their order: the hunters choose, the wanderers move by chance.
  std::array<std::uint8_t, kMaxMonsters> hunters_{}, wanderers_{};
  std::size_t num_hunters_ = 0, num_wanderers_ = 0;
  // The monsters' states belong to Min (else to chance): some monster hunts, or there is none and
  // the shorthand `monster_behaviour: adversarial` gives Min the one empty move, as it always has.
  bool monsters_choose_ = false;
};

template <class F>
void RobotMonsterGame::for_each_choice(State s, F&& f) const {
  using Outcome = mdp::Outcome<State>;
  const std::size_t nr = robots(), nm = monsters();
  std::array<std::uint32_t, kMaxAgents> room{};
  for (std::size_t i = 0; i < nr + nm; ++i) room[i] = room_of(s, i);

  if (robots_to_move(s)) {
    // Odometer over each robot's options: stay, then the free compass neighbours.
    std::array<std::array<std::uint32_t, 5>, kMaxRobots> dest{};
    std::array<std::array<std::uint8_t, 5>, kMaxRobots> dir{};
    std::array<std::uint8_t, kMaxRobots> count{}, pick{};
    for (std::size_t i = 0; i < nr; ++i) {
      dest[i][0] = room[i];
      dir[i][0] = 0;
      count[i] = 1;
      for (Direction d : kCompass) {
        const std::uint32_t n = config_.map.neighbour(room[i], d);
        if (n == kNoRoom) continue;
        dest[i][count[i]] = n;
        dir[i][count[i]] = static_cast<std::uint8_t>(d);
        ++count[i];
      }
    }
    const State base = s | 1;  // monsters move next
    for (;;) {
      State next = base;
      mdp::LabelId label = 0, scale = 1;
      for (std::size_t i = 0; i < nr; ++i) {
        next += 2 * (static_cast<std::uint64_t>(dest[i][pick[i]]) - room[i]) * power_[i];
        label += dir[i][pick[i]] * scale;
        scale *= 5;
      }
      const Outcome outcome{1.0, next};
      f(label, std::span<const Outcome>(&outcome, 1));
      std::size_t i = 0;
      while (i < nr && ++pick[i] == count[i]) pick[i++] = 0;
      if (i == nr) break;
    }
    return;
  }

  // Monsters move; robots next. The hunters' joint moves are the choices (an odometer, the first
  // hunter fastest); within each, the wanderers' joint outcomes are the distribution (an odometer,
  // the first wanderer fastest). All hunters: one outcome per choice; all wanderers: one choice.
  std::array<std::array<std::uint32_t, 5>, kMaxMonsters> dest{};
  std::array<std::array<double, 5>, kMaxMonsters> prob{};
  std::array<std::array<Direction, 5>, kMaxMonsters> dir{};
  std::array<std::uint8_t, kMaxMonsters> count{}, pick{};
  std::array<mdp::LabelId, kMaxMonsters> label_scale{};  // 5^j: monster j's digit in a label
  mdp::LabelId scale = 1;
  for (std::size_t j = 0; j < nm; ++j) {
    count[j] = static_cast<std::uint8_t>(monster_destinations(room[nr + j], dest[j], prob[j], dir[j]));
    label_scale[j] = scale;
    scale *= 5;
  }
  const auto step = [&](std::size_t j) {
    return 2 * (static_cast<std::uint64_t>(dest[j][pick[j]]) - room[nr + j]) * power_[nr + j];
  };
  // Advances the odometer over `which`'s monsters; false once it has wrapped round.
  const auto advance = [&](const std::array<std::uint8_t, kMaxMonsters>& which, std::size_t n) {
    std::size_t i = 0;
    while (i < n && ++pick[which[i]] == count[which[i]]) pick[which[i++]] = 0;
    return i < n;
  };
  const State base = s & ~State{1};
  std::array<Outcome, 4096> outcomes;  // 4^kMaxMonsters
  do {
    State chosen = base;
    mdp::LabelId label = 0;
    for (std::size_t h = 0; h < num_hunters_; ++h) {
      const std::size_t j = hunters_[h];
      chosen += step(j);
      label += static_cast<mdp::LabelId>(dir[j][pick[j]]) * label_scale[j];
    }
    std::size_t k = 0;
    do {
      State next = chosen;
      double p = 1.0;
      for (std::size_t w = 0; w < num_wanderers_; ++w) {
        const std::size_t j = wanderers_[w];
        next += step(j);
        p *= prob[j][pick[j]];
      }
      outcomes[k++] = Outcome{p, next};
    } while (advance(wanderers_, num_wanderers_));
    f(monsters_choose_ ? robot_labels_ + label : mdp::kNoLabel, std::span<const Outcome>(outcomes.data(), k));
  } while (advance(hunters_, num_hunters_));
}

}  // namespace sgplan::models::robot_monster
