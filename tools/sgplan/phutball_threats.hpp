// Direct threats on a Phutball position for the CLI (sgplan threats, sgplan bench phutball):
// levels 0, 1, ..., order in turn, the first that wins the answer, with nodes and time.
#pragma once

#include <cstdint>
#include <string>

#include "core/move_set.hpp"
#include "models/phutball/phutball_game.hpp"

namespace sgplan::cli {

struct DirectThreatRun {
  bool proven = false, exhausted = false;
  int level = -1;  // the lowest level that wins
  Move move = kNoMove;
  std::string move_name;
  std::uint64_t nodes = 0;
  double seconds = 0.0;
};

// `only`: check level `order` alone rather than 0..order.
DirectThreatRun phutball_direct_threats(models::phutball::PhutballGame& game, int order, bool cut,
                                        std::uint64_t max_nodes, bool only = false);

}  // namespace sgplan::cli
