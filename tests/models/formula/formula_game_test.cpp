// The formula game: the parser (precedence, errors with their offset and file:line:col), the game's
// value against an independent brute-force minimax over assignments, retrograde analysis against
// interval iteration when infinite plays lose for A, and the counts against enumeration.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <random>

#include "core/errors.hpp"
#include "mdp/build_graph.hpp"
#include "mdp/reachability.hpp"
#include "mdp/reachable_count.hpp"
#include "mdp/retrograde.hpp"
#include "models/formula/formula_kind.hpp"
#include "search/alphabeta.hpp"
#include "search/implicit_game.hpp"
#include "tests/support/game_conformance.hpp"
#include "tests/support/same_graph.hpp"

namespace sgplan::models::formula {
namespace {

TEST(Formula, PrecedenceAndTruthTables) {
  const Formula f = Formula::parse("x1 | x2 & !x3", 3);  // x1 | (x2 & !x3)
  EXPECT_EQ(f.to_string(), "(x1 | (x2 & !x3))");
  for (std::uint32_t a = 0; a < 8; ++a) {
    const bool x1 = a & 1, x2 = a & 2, x3 = a & 4;
    EXPECT_EQ(f.evaluate(a), x1 || (x2 && !x3)) << a;
  }
  const Formula g = Formula::parse(" !(x1|x2)&( true | false ) ", 2);
  for (std::uint32_t a = 0; a < 4; ++a) EXPECT_EQ(g.evaluate(a), a == 0);
  EXPECT_EQ(Formula::parse("!!x1", 1).evaluate(1), true);
}

TEST(Formula, SyntaxErrorsNameTheOffset) {
  auto offset_of = [](const char* text, std::uint32_t n) -> std::size_t {
    try {
      Formula::parse(text, n);
    } catch (const FormulaSyntaxError& e) {
      return e.offset();
    }
    return 999;
  };
  EXPECT_EQ(offset_of("x1 & ", 2), 5u);     // ends too early
  EXPECT_EQ(offset_of("x1 && x2", 2), 4u);  // the second '&'
  EXPECT_EQ(offset_of("(x1 | x2", 2), 8u);  // missing ')'
  EXPECT_EQ(offset_of("x1 | x4", 3), 5u);   // no such variable
  EXPECT_EQ(offset_of("x1 | y1", 3), 5u);   // unknown name
  EXPECT_EQ(offset_of("x1 )", 3), 3u);      // unmatched ')'
  EXPECT_EQ(offset_of("", 3), 0u);
  EXPECT_EQ(offset_of("x0", 3), 0u);
  EXPECT_EQ(offset_of("x1 x2", 3), 3u);
  EXPECT_EQ(offset_of(std::string(600, '(').c_str(), 3), 500u);  // nesting limit, no stack overflow
}

TEST(FormulaGame, YamlFormulaErrorAtFileLineColumn) {
  const std::string yaml = "model: formula-game\nvariables: 3\nformula: \"(x1 | x2) & !x7\"\n";
  try {
    load_formula_game_config(formats::YamlDocument::load_string(yaml, "f.yaml"));
    FAIL() << "no error";
  } catch (const InputError& e) {
    const std::size_t column = std::string("formula: \"(x1 | x2) & !x7").find("x7") + 1;
    EXPECT_NE(std::string(e.what()).find("f.yaml:3:" + std::to_string(column)), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(load_formula_game_config(formats::YamlDocument::load_string(
                   "model: formula-game\nvariables: 3\nformula: x1\ninfinite_play: draw\n", "f.yaml")),
               InputError);  // infinite_play without flips
  EXPECT_THROW(load_formula_game_config(formats::YamlDocument::load_string(
                   "model: formula-game\nvariables: 0\nformula: x1\n", "f.yaml")),
               InputError);
}

// Brute-force minimax over (assigned, value) masks: an independent solver of the game without flips.
double brute_force(const Formula& f, std::uint32_t n, std::uint32_t assigned, std::uint32_t value,
                   std::map<std::pair<std::uint32_t, std::uint32_t>, double>& memo) {
  if (assigned == (1u << n) - 1) return f.evaluate(value) ? 1.0 : 0.0;
  auto it = memo.find({assigned, value});
  if (it != memo.end()) return it->second;
  const bool a_moves = std::popcount(assigned) % 2 == 0;
  double best = a_moves ? 0.0 : 1.0;
  for (std::uint32_t i = 0; i < n; ++i) {
    if (assigned & (1u << i)) continue;
    for (std::uint32_t v = 0; v < 2; ++v) {
      const double r = brute_force(f, n, assigned | 1u << i, value | (v << i), memo);
      best = a_moves ? std::max(best, r) : std::min(best, r);
    }
  }
  return memo[{assigned, value}] = best;
}

std::string random_formula(std::mt19937_64& rng, std::uint32_t n, int depth) {
  if (depth == 0 || rng() % 4 == 0) {
    const std::string v = "x" + std::to_string(1 + rng() % n);
    return rng() % 3 == 0 ? "!" + v : v;
  }
  const char* op = rng() % 2 ? " & " : " | ";
  return "(" + random_formula(rng, n, depth - 1) + op + random_formula(rng, n, depth - 1) + ")";
}

TEST(FormulaGame, HandSolvedValues) {
  auto value = [](const char* formula, std::uint32_t n) {
    FormulaGame game(
        FormulaGameConfig{n, Formula::parse(formula, n), formula, false, mdp::InfinitePlay::Draw});
    search::ImplicitGame<FormulaGame> play(game);
    search::AlphaBetaOptions o;
    o.lower_bound = 0;
    o.upper_bound = 1;
    auto r = search::alphabeta(play, o);
    return std::make_pair(r.value, game.label_name(r.best_move->label));
  };
  EXPECT_EQ(value("(x1 | x2) & !x3", 3),
            std::make_pair(1.0, std::string("x3=0")));  // configs/formula-game.yaml
  EXPECT_EQ(value("x1 & x2", 2).first, 0.0);            // B falsifies the other variable
  EXPECT_EQ(value("x1 | x2", 2), std::make_pair(0.0 + 1.0, std::string("x1=1")));
  EXPECT_EQ(value("x1 & !x1", 1).first, 0.0);
}

TEST(FormulaGame, AlphaBetaRetrogradeAndBruteForceAgree) {
  std::mt19937_64 rng(42);
  for (int t = 0; t < 120; ++t) {
    const std::uint32_t n = 1 + static_cast<std::uint32_t>(rng() % 5);
    const std::string text = random_formula(rng, n, 3);
    const Formula f = Formula::parse(text, n);
    std::map<std::pair<std::uint32_t, std::uint32_t>, double> memo;
    const double expected = brute_force(f, n, 0, 0, memo);
    FormulaGame game(FormulaGameConfig{n, f, text, false, mdp::InfinitePlay::Draw});
    search::ImplicitGame<FormulaGame> play(game);
    search::AlphaBetaOptions o;
    o.lower_bound = 0;
    o.upper_bound = 1;
    EXPECT_EQ(search::alphabeta(play, o).value, expected) << text;
    const mdp::BuiltGraph built = mdp::build_graph(game);
    EXPECT_EQ(mdp::retrograde(built.graph, {}).value(0), expected) << text;
  }
}

TEST(FormulaGame, FlipsRetrogradeAgreesWithIntervalIterationAndTheRules) {
  std::mt19937_64 rng(7);
  std::size_t draws = 0;
  for (int t = 0; t < 60; ++t) {
    const std::uint32_t n = 1 + static_cast<std::uint32_t>(rng() % 4);
    // The first formula is the flips config's (a draw with four variables).
    const std::string text = t == 0 ? "(x1 & !x2) | (!x1 & x2)" : random_formula(rng, n, 3);
    const std::uint32_t vars = t == 0 ? 4 : n;
    FormulaGame game(
        FormulaGameConfig{vars, Formula::parse(text, vars), text, true, mdp::InfinitePlay::Draw});
    const mdp::BuiltGraph built = mdp::build_graph(game);
    const mdp::StateGraph& g = built.graph;
    const auto draw = mdp::retrograde(g, {mdp::InfinitePlay::Draw});
    const auto a_wins = mdp::retrograde(g, {mdp::InfinitePlay::MaxWins});
    const auto b_wins = mdp::retrograde(g, {mdp::InfinitePlay::MinWins});
    mdp::SolveOptions so;
    so.epsilon = 1e-9;
    const mdp::Solution interval = mdp::solve_interval(g, so);
    for (mdp::StateIndex s = 0; s < g.num_states(); ++s) {
      // Infinite plays lost by A: the reachability game.
      EXPECT_NEAR(b_wins.value(s), interval.value(s), 1e-6) << text;
      // A forced win ends in a winning terminal under every rule that does not hand it the win.
      EXPECT_EQ(draw.verdict[s] == mdp::Verdict::MaxWins, b_wins.verdict[s] == mdp::Verdict::MaxWins);
      EXPECT_EQ(draw.verdict[s] == mdp::Verdict::MinWins, a_wins.verdict[s] == mdp::Verdict::MinWins);
      draws += draw.verdict[s] == mdp::Verdict::Draw;
    }
  }
  EXPECT_GT(draws, 0u);
}

TEST(FormulaGame, FlipsConfigIsADrawDecidedByTheRule) {
  const char* text = "(x1 & !x2) | (!x1 & x2)";  // configs/formula-flips.yaml
  for (auto [rule, expected] :
       {std::pair{mdp::InfinitePlay::Draw, 0.5}, std::pair{mdp::InfinitePlay::MaxWins, 1.0},
        std::pair{mdp::InfinitePlay::MinWins, 0.0}}) {
    FormulaGame game(FormulaGameConfig{4, Formula::parse(text, 4), text, true, rule});
    const mdp::BuiltGraph built = mdp::build_graph(game);
    const auto r = mdp::retrograde(built.graph, {rule});
    EXPECT_EQ(r.value(0), expected);
    EXPECT_EQ(r.distance[0], mdp::kNoDistance);  // decided by infinite play, not by a terminal
  }
  // With three variables A wins at once: x3 = 0 first, then A completes x1, x2 to differ.
  FormulaGame three(FormulaGameConfig{3, Formula::parse(text, 3), text, true, mdp::InfinitePlay::Draw});
  const auto r3 = mdp::retrograde(mdp::build_graph(three).graph, {});
  EXPECT_EQ(r3.value(0), 1.0);
  EXPECT_EQ(r3.distance[0], 3u);
}

// Histories and tree nodes by depth-first enumeration of the play/undo game (finite games only).
void enumerate_plays(search::ImplicitGame<FormulaGame>& game, BigInt& histories, BigInt& nodes) {
  ++nodes;
  if (game.to_move() == mdp::Owner::Terminal) {
    ++histories;
    return;
  }
  std::vector<search::ImplicitGame<FormulaGame>::Move> moves;
  game.legal_moves(moves);
  for (const auto& m : moves) {
    game.play(m);
    enumerate_plays(game, histories, nodes);
    game.undo(m);
  }
}

TEST(FormulaCounts, ClosedFormsMatchEnumeration) {
  for (bool flips : {false, true}) {
    for (std::uint32_t n = 1; n <= 7; ++n) {
      FormulaGame game(FormulaGameConfig{n, Formula::parse("x1", n), "x1", flips, mdp::InfinitePlay::Draw});
      const FormulaGameCounts c = count_formula_game(n, flips);
      const mdp::ReachableCount e = mdp::count_reachable(game, 10'000'000, "--max-states");
      EXPECT_EQ(c.reachable_states, BigInt(e.states)) << "n=" << n << " flips=" << flips;
      EXPECT_EQ(c.reachable_edges, BigInt(e.choices)) << "n=" << n << " flips=" << flips;
      EXPECT_EQ(c.finite, !flips || n <= 2);
      if (c.finite && n <= 5) {
        search::ImplicitGame<FormulaGame> play(game);
        BigInt histories = 0, nodes = 0;
        enumerate_plays(play, histories, nodes);
        EXPECT_EQ(c.histories, histories) << "n=" << n;
        EXPECT_EQ(c.tree_nodes, nodes) << "n=" << n;
        EXPECT_EQ(c.depth, BigInt(n));
      }
      if (n <= 4) {
        const mdp::BuiltGraph built = mdp::build_graph(game);
        EXPECT_EQ(BigInt(built.graph.num_states()), c.reachable_states);
      }
    }
  }
  // Hand counts: n = 2 has 1 + 4 + 8 = 13 histories' nodes, 8 complete plays, 9 states.
  const FormulaGameCounts two = count_formula_game(2, false);
  EXPECT_EQ(two.tree_nodes, 13);
  EXPECT_EQ(two.histories, 8);
  EXPECT_EQ(two.states, 9);
  EXPECT_EQ(count_formula_game(2, true).reachable_states, 13);  // flips: 1 + 4 + 8 (never a flip)
  EXPECT_EQ(count_formula_game(3, true).states_bound, 250);
}

TEST(FormulaCounts, TwentyFiveVariablesExactly) {
  // Reference values computed with Python's integers: math.factorial(25) * 2**25, 3**25,
  // sum(factorial(25) // factorial(25 - k) * 2**k for k in range(26)), 2 * 5**25.
  const FormulaGameCounts c = count_formula_game(25, false);
  EXPECT_EQ(c.histories.str(), "520469842636666622693081088000000");
  EXPECT_EQ(c.states.str(), "847288609443");
  EXPECT_EQ(c.tree_nodes.str(), "858109700313020729148965767773651");
  const FormulaGameCounts f = count_formula_game(25, true);
  EXPECT_FALSE(f.finite);
  EXPECT_EQ(f.states_bound.str(), "596046447753906250");
}

TEST(FormulaGame, PassesTheConformanceSuite) {
  FormulaGame game(
      FormulaGameConfig{4, Formula::parse("x1 & !x2 | x3", 4), "", true, mdp::InfinitePlay::Draw});
  EXPECT_GT(testing::check_game_conformance(search::ImplicitGame<FormulaGame>(game), 5, 40, 60, 0.0, 1.0),
            100u);
}

// The closed form of the reachable states is exact (the lower bound the build checks first):
// configs/formula-count.yaml (25 variables with flips) spent minutes and gigabytes building before
// the state limit stopped it; it is now refused before building.
TEST(FormulaCount, ReachableCountRefusesBeforeBuilding) {
  for (std::uint32_t n = 1; n <= 6; ++n) {
    for (bool flips : {false, true}) {
      FormulaGameConfig config;
      config.variables = n;
      config.formula = Formula::parse("x1", n);
      config.flips = flips;
      const FormulaGameModel model = make_formula_game_model(config);
      EXPECT_EQ(model.reachable_lower_bound(), model.build(mdp::BuildOptions{}).graph.num_states()) << n;
    }
  }
  FormulaGameConfig config;
  config.variables = 25;
  config.formula = Formula::parse("x1 | x2 & x3 | !x25", 25);
  config.flips = true;
  try {
    make_formula_game_model(config).build(mdp::BuildOptions{});
    ADD_FAILURE() << "no ResourceError";
  } catch (const ResourceError& e) {
    EXPECT_STREQ(e.what(),
                 "state limit: the model has at least 596043056921746931 reachable states (known before "
                 "building), more than the limit of 50000000 (raise it with --max-states)");
  }
}

// The parallel build of the formula game, with and without flips (cyclic), is the one-thread
// build, with the closed form's state count.
TEST(FormulaGame, TheParallelBuildIsTheOneThreadBuild) {
  for (bool flips : {false, true}) {
    const std::uint32_t n = 8;
    const FormulaGame game(FormulaGameConfig{n, Formula::parse("x1 & (x2 | !x8)", n), "x1 & (x2 | !x8)",
                                             flips, mdp::InfinitePlay::Draw});
    const mdp::BuiltGraph one = sgplan::testing::expect_same_graph_for_every_thread_count(game);
    EXPECT_EQ(BigInt(one.graph.num_states()), count_formula_game(n, flips).reachable_states) << flips;
  }
}
}  // namespace
}  // namespace sgplan::models::formula
