// Nim: every position of small games solved by alpha-beta (through the play/undo adapter) and by
// retrograde analysis on the state graph, both checked against Bouton's rule (normal play: the
// player to move loses exactly when the xor of the heaps is 0; misère: the same unless every heap
// has at most one counter, where the player to move loses exactly when the count of one-counter
// heaps is odd), and the winning moves against the rule.
#include <gtest/gtest.h>

#include "core/errors.hpp"
#include "mdp/build_graph.hpp"
#include "mdp/retrograde.hpp"
#include "models/nim/nim_kind.hpp"
#include "search/alphabeta.hpp"
#include "search/implicit_game.hpp"
#include "tests/support/game_conformance.hpp"
#include "tests/support/same_graph.hpp"

namespace sgplan::models::nim {
namespace {

// Bouton's rule: true when the player to move loses.
bool loses_to_move(const std::vector<std::uint32_t>& heaps, bool misere) {
  std::uint32_t x = 0, big = 0, ones = 0;
  for (std::uint32_t h : heaps) {
    x ^= h;
    big += h > 1;
    ones += h == 1;
  }
  if (misere && big == 0) return ones % 2 == 1;
  return x == 0;
}

search::AlphaBetaOptions win_loss() {
  search::AlphaBetaOptions o;
  o.lower_bound = 0.0;
  o.upper_bound = 1.0;
  o.table_entries = 1 << 12;
  return o;
}

void check_every_position(const std::vector<std::uint32_t>& heaps, bool misere) {
  const NimGame game(NimConfig{heaps, misere});
  const mdp::BuiltGraph built = mdp::build_graph(game);
  const mdp::RetrogradeSolution r = mdp::retrograde(built.graph, {});
  std::size_t wins = 0;
  for (mdp::StateIndex s = 0; s < built.graph.num_states(); ++s) {
    const NimGame::State state = built.packed[s];
    const std::vector<std::uint32_t> h = game.heaps_of(state);
    const bool first = game.first_to_move(state);
    const bool mover_loses = loses_to_move(h, misere);
    // Retrograde: the verdict for the player to move.
    const mdp::Verdict mover_wins_verdict = first ? mdp::Verdict::MaxWins : mdp::Verdict::MinWins;
    EXPECT_EQ(r.verdict[s] == mover_wins_verdict, !mover_loses) << game.describe(state);
    // Alpha-beta from this position.
    search::ImplicitGame<NimGame> play(game, state);
    auto ab = search::alphabeta(play, win_loss());
    EXPECT_EQ(ab.value, r.value(s)) << game.describe(state);
    EXPECT_TRUE(ab.exact);
    if (!mover_loses && !built.graph.is_terminal(s)) {
      ++wins;
      // Both solvers' moves lead to a position the rule says the opponent loses.
      ASSERT_TRUE(ab.best_move.has_value());
      EXPECT_TRUE(loses_to_move(game.heaps_of(ab.best_move->next), misere)) << game.describe(state);
      const NimGame::State after = built.packed[built.graph.targets(r.move[s])[0]];
      EXPECT_TRUE(loses_to_move(game.heaps_of(after), misere)) << game.describe(state);
      // Retrograde's distance: in normal play the winner takes the last counter (an odd number of
      // plies from its own turn); in misère play the loser does (an even number).
      EXPECT_EQ(r.distance[s] % 2, misere ? 0u : 1u) << game.describe(state);
    }
  }
  EXPECT_GT(wins, 0u);
}

TEST(Nim, EveryPositionOfThreeHeapsUpToFiveMatchesBouton) {
  check_every_position({5, 5, 5}, false);
  check_every_position({5, 5, 5}, true);
}

TEST(Nim, EveryPositionOfFourHeapsUpToThreeMatchesBouton) {
  check_every_position({3, 3, 3, 3}, false);
  check_every_position({3, 3, 3, 3}, true);
  check_every_position({7, 1}, false);
  check_every_position({1, 1, 1, 1, 1}, true);
}

// Heaps 3, 4, 5: a position (a, b, c) that removed d counters by changing k heaps is reached in k to
// d moves, so with both players to move unless d = k (each changed heap lost one counter: 2^3 = 8
// positions, the start included, with one player each). 4 * 5 * 6 = 120 positions: 112 * 2 + 8 = 232.
TEST(Nim, StateCountByHand) {
  const NimGame game(NimConfig{{3, 4, 5}, false});
  const mdp::BuiltGraph built = mdp::build_graph(game);
  EXPECT_EQ(built.graph.num_states(), 232u);
  EXPECT_EQ(built.graph.count_owner(mdp::Owner::Terminal), 2u);
  search::ImplicitGame<NimGame> play(game);
  auto r = search::alphabeta(play, win_loss());
  EXPECT_EQ(r.value, 1.0);  // 3 xor 4 xor 5 = 2
  EXPECT_EQ(game.label_name(r.best_move->label), "take 2 from heap 1");
}

TEST(Nim, PassesTheConformanceSuite) {
  const NimGame game(NimConfig{{3, 0, 4, 2}, true});
  EXPECT_GT(testing::check_game_conformance(search::ImplicitGame<NimGame>(game), 3, 40, 100, 0.0, 1.0), 100u);
}

TEST(Nim, YamlErrorsNameTheirPlace) {
  auto load = [](const std::string& text) {
    return load_nim_config(formats::YamlDocument::load_string(text, "nim.yaml"));
  };
  EXPECT_EQ(load("model: nim\nheaps: [1, 2]\nconvention: misere\n").heaps.size(), 2u);
  try {
    load("model: nim\nheaps: [1, -2]\n");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("nim.yaml:2:12"), std::string::npos) << e.what();
  }
  EXPECT_THROW(load("model: nim\nheaps: [1]\nconvetion: normal\n"), InputError);
  EXPECT_THROW(load("model: nim\nheaps: [1]\nconvention: misère\n"), InputError);
  EXPECT_THROW(load("model: nim\nheaps: []\n"), InputError);
  EXPECT_THROW(load("model: nim\nheaps: [1000, 1000, 1000, 1000, 1000, 1000, 1000]\n"), InputError);
}

// Every heap vector below the initial one is reachable: the lower bound is below the built count,
// and a game of 2^32 positions is refused before building.
TEST(Nim, ReachableLowerBoundRefusesBeforeBuilding) {
  for (const std::vector<std::uint32_t>& heaps :
       std::vector<std::vector<std::uint32_t>>{{0}, {1}, {3}, {1, 2}, {3, 4, 5}, {2, 2, 2, 2}}) {
    const NimModel model = make_nim_model(NimConfig{heaps, false});
    EXPECT_LE(model.reachable_lower_bound(), model.build(mdp::BuildOptions{}).graph.num_states());
  }
  const NimModel big = make_nim_model(NimConfig{std::vector<std::uint32_t>(32, 1), false});
  EXPECT_EQ(big.reachable_lower_bound(), std::uint64_t{1} << 32);
  EXPECT_THROW(big.build(mdp::BuildOptions{}), ResourceError);
}

// The parallel build numbers and stores Nim's states as the one-thread build does. Count by hand:
// (7+1)(8+1)(9+1)(10+1) heap sizes, either side to move, 15,840 pairs; a pair is reachable when some
// number m of moves, each taking from one heap, fits: m of the right parity (even for the first
// player), at least the t heaps touched and at most the k stones taken. Unreachable: t = k = 0 for
// the second player (1), t = k = 1 for the first (4), t = k = 3 for the first (4), t = k = 2 for the
// second (6), t = k = 4 for the second (1): 16, so 15,824 states.
TEST(Nim, TheParallelBuildIsTheOneThreadBuild) {
  const mdp::BuiltGraph one =
      sgplan::testing::expect_same_graph_for_every_thread_count(NimGame(NimConfig{{7, 8, 9, 10}, false}));
  EXPECT_EQ(one.graph.num_states(), 8u * 9 * 10 * 11 * 2 - 16);
}
}  // namespace
}  // namespace sgplan::models::nim
