// Retrograde analysis: hand-solved cyclic games under the three rules for infinite play, then random
// deterministic games checked against an independent algorithm (interval iteration of the
// reachability game, on the graph or on its dual with the players swapped) and the distances
// against a relaxation to the fixed point of their defining equations.
#include "mdp/retrograde.hpp"

#include <gtest/gtest.h>

#include <random>

#include "core/errors.hpp"
#include "mdp/reachability.hpp"
#include "mdp/state_graph_builder.hpp"

namespace sgplan::mdp {
namespace {

struct Spec {
  Owner owner;
  double value;                        // terminals
  std::vector<StateIndex> successors;  // one choice per successor
};

StateGraph graph_of(const std::vector<Spec>& states) {
  mdp::StateGraphBuilder b;
  for (const Spec& s : states) {
    b.add_state(s.owner, s.value);
    for (StateIndex t : s.successors) {
      b.add_choice();
      b.add_entry(t, 1.0);
    }
  }
  b.set_initial(0);
  return b.finalize();
}

// s0 Max: to s1 or s2.  s1 Min: back to s0, or to a Max win.  s2 Min: to a Min win, or to s0.
// Min never lets s1 reach the win (it returns to s0); s2 loses for Max. So Max's only hope is the
// cycle s0-s1-s0-...: the verdict at s0 is whatever infinite play is.
StateGraph cycle_game() {
  return graph_of({{Owner::Max, 0, {1, 2}},
                   {Owner::Min, 0, {0, 3}},
                   {Owner::Min, 0, {4, 0}},
                   {Owner::Terminal, 1.0, {}},
                   {Owner::Terminal, 0.0, {}}});
}

TEST(Retrograde, CycleVerdictFollowsTheInfinitePlayRule) {
  const StateGraph g = cycle_game();
  RetrogradeSolution draw = retrograde(g, {InfinitePlay::Draw});
  EXPECT_EQ(draw.verdict[0], Verdict::Draw);
  EXPECT_EQ(draw.verdict[1], Verdict::Draw);
  EXPECT_EQ(draw.verdict[2], Verdict::MinWins);
  EXPECT_EQ(draw.distance[2], 1u);
  EXPECT_EQ(g.targets(draw.move[0])[0], 1u);  // Max keeps the draw
  EXPECT_EQ(g.targets(draw.move[1])[0], 0u);  // so does Min
  EXPECT_EQ(draw.draws, 2u);

  RetrogradeSolution max_rule = retrograde(g, {InfinitePlay::MaxWins});
  EXPECT_EQ(max_rule.verdict[0], Verdict::MaxWins);
  EXPECT_EQ(max_rule.distance[0], kNoDistance);  // the win rests on infinite play
  EXPECT_EQ(max_rule.verdict[1], Verdict::MaxWins);
  EXPECT_EQ(g.targets(max_rule.move[0])[0], 1u);

  RetrogradeSolution min_rule = retrograde(g, {InfinitePlay::MinWins});
  EXPECT_EQ(min_rule.verdict[0], Verdict::MinWins);
  EXPECT_EQ(min_rule.verdict[1], Verdict::MinWins);
  EXPECT_EQ(min_rule.distance[0], kNoDistance);
  EXPECT_EQ(min_rule.value(0), 0.0);
}

// Distances: Max can win in 1 ply (s0 -> W) ... no: s0 Max chooses between a 3-ply win and a 5-ply
// win; Min in between delays as long as it can.
//   s0 Max: s1, s3      s1 Min: s2      s2 Max: W
//   s3 Min: s4, s5      s4 Max: W      s5 Max: s6   s6 Min: W
TEST(Retrograde, WinnerHurriesLoserDelays) {
  const StateGraph g = graph_of({{Owner::Max, 0, {3, 1}},
                                 {Owner::Min, 0, {2}},
                                 {Owner::Max, 0, {7}},
                                 {Owner::Min, 0, {4, 5}},
                                 {Owner::Max, 0, {7}},
                                 {Owner::Max, 0, {6}},
                                 {Owner::Min, 0, {7}},
                                 {Owner::Terminal, 1.0, {}}});
  RetrogradeSolution r = retrograde(g, {});
  EXPECT_EQ(r.verdict[0], Verdict::MaxWins);
  EXPECT_EQ(r.distance[3], 3u);  // Min takes the long way: s5, s6, W
  EXPECT_EQ(g.targets(r.move[3])[0], 5u);
  EXPECT_EQ(r.distance[0], 3u);  // Max takes s1 (3 plies) rather than s3 (5)
  EXPECT_EQ(g.targets(r.move[0])[0], 1u);
  EXPECT_EQ(r.max_wins, 8u);  // every state, the terminal included
}

TEST(Retrograde, RefusesChanceAndPayoffs) {
  mdp::StateGraphBuilder b;
  b.add_state(Owner::Chance);
  b.add_choice();
  b.add_entry(1, 0.5);
  b.add_entry(2, 0.5);
  b.add_state(Owner::Terminal, 1.0);
  b.add_state(Owner::Terminal, 0.0);
  EXPECT_THROW(retrograde(b.finalize(), {}), InputError);
  EXPECT_THROW(retrograde(graph_of({{Owner::Max, 0, {1}}, {Owner::Terminal, 0.25, {}}}), {}), InputError);
}

StateGraph random_game(std::uint64_t seed, std::uint32_t n) {
  std::mt19937_64 rng(seed);
  std::vector<Spec> states;
  for (std::uint32_t s = 0; s < n; ++s) {
    const std::uint32_t kind = static_cast<std::uint32_t>(rng() % 10);
    if (s > 0 && kind < 2) {
      states.push_back({Owner::Terminal, static_cast<double>(rng() % 3) / 2.0, {}});
      continue;
    }
    Spec spec{kind % 2 == 0 ? Owner::Max : Owner::Min, 0.0, {}};
    const std::uint32_t k = 1 + static_cast<std::uint32_t>(rng() % 3);
    for (std::uint32_t i = 0; i < k; ++i) spec.successors.push_back(static_cast<StateIndex>(rng() % n));
    states.push_back(spec);
  }
  return graph_of(states);
}

// The game with the players' roles swapped: Min becomes Max and a terminal v becomes 1 - v.
// `draws` replaces the draws' value (1/2 keeps them).
StateGraph transformed(const StateGraph& g, bool swap, double draws) {
  mdp::StateGraphBuilder b;
  for (StateIndex s = 0; s < g.num_states(); ++s) {
    Owner o = g.owner(s);
    double v = g.is_terminal(s) ? g.terminal_value(s) : 0.0;
    if (swap && o == Owner::Max) {
      o = Owner::Min;
    } else if (swap && o == Owner::Min) {
      o = Owner::Max;
    }
    if (swap && g.is_terminal(s)) v = 1.0 - v;
    if (g.is_terminal(s) && v == 0.5) v = draws;
    b.add_state(o, v);
    for (auto c = g.first_choice(s); c < g.end_choice(s); ++c) {
      b.add_choice();
      b.add_entry(g.targets(c)[0], 1.0);
    }
  }
  b.set_initial(g.initial_state());
  return b.finalize();
}

std::vector<double> reach_values(const StateGraph& g) {
  mdp::SolveOptions o;
  o.epsilon = 1e-9;
  mdp::Solution sol = mdp::solve_interval(g, o);
  std::vector<double> v(g.num_states());
  for (StateIndex s = 0; s < g.num_states(); ++s) v[s] = sol.value(s);
  return v;
}

// Distances by relaxation: start at infinity, lower until stable. A winner's state takes the best
// (smallest) successor distance + 1 over moves that keep its win, a loser's state the largest.
std::vector<std::uint32_t> relaxed_distances(const StateGraph& g, const RetrogradeSolution& r) {
  const std::uint32_t inf = kNoDistance;
  std::vector<std::uint32_t> d(g.num_states(), inf);
  for (StateIndex s = 0; s < g.num_states(); ++s) {
    if (g.is_terminal(s) && r.verdict[s] != Verdict::Draw) d[s] = 0;
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (StateIndex s = 0; s < g.num_states(); ++s) {
      if (g.is_terminal(s) || r.verdict[s] == Verdict::Draw) continue;
      const Owner winner = r.verdict[s] == Verdict::MaxWins ? Owner::Max : Owner::Min;
      std::uint32_t best = g.owner(s) == winner ? inf : 0;
      for (auto c = g.first_choice(s); c < g.end_choice(s); ++c) {
        const StateIndex t = g.targets(c)[0];
        const std::uint32_t dt = r.verdict[t] == r.verdict[s] && d[t] != inf ? d[t] + 1 : inf;
        if (g.owner(s) == winner) {
          best = std::min(best, dt);
        } else {
          best = std::max(best, dt);
        }
      }
      if (best < d[s]) {
        d[s] = best;
        changed = true;
      }
    }
  }
  return d;
}

TEST(Retrograde, RandomGamesAgreeWithIntervalIterationAndRelaxation) {
  std::size_t draws = 0, infinite_wins = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const StateGraph g = random_game(seed, 40);
    const RetrogradeSolution draw = retrograde(g, {InfinitePlay::Draw});
    const RetrogradeSolution max_rule = retrograde(g, {InfinitePlay::MaxWins});
    const RetrogradeSolution min_rule = retrograde(g, {InfinitePlay::MinWins});
    // Infinite plays lose for Max: the reachability game with terminal payoffs 0, 1/2, 1.
    const std::vector<double> reach = reach_values(g);
    // Infinite plays lose for Min: 1 - the dual game's value.
    const std::vector<double> dual = reach_values(transformed(g, true, 0.5));
    // Draw rule: Max wins where it forces a Max win (draws worth 0), Min likewise on the dual.
    const std::vector<double> max_forces = reach_values(transformed(g, false, 0.0));
    const std::vector<double> min_forces = reach_values(transformed(g, true, 0.0));
    for (StateIndex s = 0; s < g.num_states(); ++s) {
      EXPECT_NEAR(min_rule.value(s), reach[s], 1e-6) << "seed " << seed << " state " << s;
      EXPECT_NEAR(max_rule.value(s), 1.0 - dual[s], 1e-6) << "seed " << seed << " state " << s;
      EXPECT_EQ(draw.verdict[s] == Verdict::MaxWins, max_forces[s] > 0.5) << "seed " << seed;
      EXPECT_EQ(draw.verdict[s] == Verdict::MinWins, min_forces[s] > 0.5) << "seed " << seed;
      draws += draw.verdict[s] == Verdict::Draw;
      infinite_wins += max_rule.verdict[s] == Verdict::MaxWins && max_rule.distance[s] == kNoDistance;
    }
    for (const RetrogradeSolution* r : {&draw, &max_rule, &min_rule}) {
      EXPECT_EQ(relaxed_distances(g, *r), r->distance) << "seed " << seed;
      // The chosen moves keep the verdict at the mover's winning and drawn states.
      for (StateIndex s = 0; s < g.num_states(); ++s) {
        if (g.is_terminal(s)) continue;
        const StateIndex t = g.targets(r->move[s])[0];
        const bool mover_wins = (g.owner(s) == Owner::Max) == (r->verdict[s] == Verdict::MaxWins);
        if (r->verdict[s] == Verdict::Draw || mover_wins) {
          EXPECT_EQ(r->verdict[t], r->verdict[s]);
        }
        if (r->distance[s] != kNoDistance && r->distance[s] > 0) {
          EXPECT_EQ(r->distance[t] + 1, r->distance[s]) << "seed " << seed << " state " << s;
        }
      }
    }
  }
  EXPECT_GT(draws, 100u);  // the random games exercise every case
  EXPECT_GT(infinite_wins, 10u);
}

}  // namespace
}  // namespace sgplan::mdp
