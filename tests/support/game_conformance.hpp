// The conformance suite every play/undo game passes (docs/DESIGN.md, "Tests"): random playouts that
// check, at every position on the way, that
//   - a Max or Min position lists at least one move, and lists the same moves every time;
//   - a chance position's outcomes have positive probabilities summing to 1;
//   - play(m) then undo(m) restores the position for every move (equal hash, equal description);
//   - a terminal position's utility lies within the game's declared bounds.
// Returns the number of positions checked (so a test can assert it checked something).
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "search/game.hpp"

namespace sgplan::testing {

template <search::DescribedGame G>
std::size_t check_game_conformance(G game, std::uint64_t seed, std::size_t playouts, std::size_t max_plies,
                                   double lower_bound, double upper_bound) {
  using Move = typename G::Move;
  std::mt19937_64 rng(seed);
  std::size_t checked = 0;
  for (std::size_t run = 0; run < playouts; ++run) {
    std::vector<Move> path;
    for (std::size_t ply = 0; ply < max_plies; ++ply) {
      ++checked;
      const std::uint64_t hash = game.hash();
      const std::string text = game.describe();
      const search::Owner owner = game.to_move();
      if (owner == search::Owner::Terminal) {
        EXPECT_GE(game.utility(), lower_bound) << text;
        EXPECT_LE(game.utility(), upper_bound) << text;
        break;
      }
      std::vector<Move> moves;
      if (owner == search::Owner::Chance) {
        if constexpr (search::StochasticGame<G>) {
          std::vector<search::ChanceOutcome<Move>> outcomes;
          game.chance_outcomes(outcomes);
          EXPECT_FALSE(outcomes.empty()) << text;
          double total = 0.0;
          for (const auto& o : outcomes) {
            EXPECT_GT(o.probability, 0.0) << text;
            total += o.probability;
            moves.push_back(o.move);
          }
          EXPECT_NEAR(total, 1.0, 1e-12) << text;
        } else {
          ADD_FAILURE() << "a chance position in a game without chance: " << text;
        }
      } else {
        game.legal_moves(moves);
        EXPECT_FALSE(moves.empty()) << "no legal move at a " << mdp::to_string(owner)
                                    << " position: " << text;
        std::vector<Move> again;
        game.legal_moves(again);
        EXPECT_EQ(again.size(), moves.size()) << text;
        for (std::size_t i = 0; i < again.size() && i < moves.size(); ++i) {
          EXPECT_EQ(game.move_name(again[i]), game.move_name(moves[i])) << text;
        }
      }
      if (moves.empty()) break;
      for (const Move& m : moves) {
        game.play(m);
        game.undo(m);
        EXPECT_EQ(game.hash(), hash) << "undo of " << game.move_name(m) << " at " << text;
        EXPECT_EQ(game.describe(), text) << "undo of " << game.move_name(m);
      }
      const Move m = moves[rng() % moves.size()];
      game.play(m);
      path.push_back(m);
    }
    while (!path.empty()) {
      game.undo(path.back());
      path.pop_back();
    }
  }
  return checked;
}

}  // namespace sgplan::testing
