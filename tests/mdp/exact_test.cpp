// Exact answers: strategy iteration and backward induction in rational arithmetic, the certificate
// of floating-point strategies, and the exact elimination behind them. Checked against hand-solved
// models (exact fractions), against PRISM's regression MDPs (their RESULT values, read from
// ../shared/cases/prism-tests when it is there), and against the floating-point bounds.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <set>

#include "mdp/exact_solve.hpp"
#include "mdp/predecessors.hpp"
#include "mdp/reachability.hpp"
#include "mdp/state_graph_builder.hpp"

namespace sgplan::mdp {
namespace {

namespace fs = std::filesystem;

// A small model written as exact transitions: per state an owner and choices of (target, p/q).
struct ExactModel {
  struct Entry {
    StateIndex target;
    Rational p;
  };
  std::vector<Owner> owner;
  std::vector<Rational> terminal;
  std::vector<std::vector<std::vector<Entry>>> choices;
  StateIndex initial = 0;

  StateGraph build() const {
    StateGraphBuilder b;
    for (std::size_t s = 0; s < owner.size(); ++s) {
      b.add_exact_state(owner[s], terminal[s]);
      for (const auto& choice : choices[s]) {
        b.add_choice();
        for (const Entry& e : choice) b.add_exact_entry(e.target, e.p);
      }
    }
    b.set_initial(initial);
    return b.finalize();
  }
};

Rational q(long a, long b = 1) {
  return Rational(a, b);
}

// The issue's example, configs/explicit-example.yaml: V = 1/2 (3/10 + 7/10 V), so 3/13.
ExactModel issue_example() {
  ExactModel m;
  m.owner = {Owner::Max, Owner::Chance, Owner::Min, Owner::Terminal, Owner::Terminal};
  m.terminal = {0, 0, 0, 1, 0};
  m.choices = {{{{1, q(1, 2)}, {2, q(1, 2)}}, {{0, 1}}},
               {{{3, q(3, 10)}, {0, q(7, 10)}}},
               {{{3, 1}}, {{4, 1}}},
               {},
               {}};
  return m;
}

// Floating point first (interval iteration), then the exact solve from its strategies.
ExactSolution exact_from_interval(const StateGraph& g, Solution* floating = nullptr) {
  SolveOptions o;
  o.epsilon = 1e-9;
  const Solution s = solve_reachability(g, o);
  if (floating != nullptr) *floating = s;
  return solve_exact(g, s.policy);
}

TEST(Exact, IssueExampleIsThreeThirteenths) {
  const StateGraph g = issue_example().build();
  for (Method method : {Method::Interval, Method::Topological, Method::Policy, Method::ValueIteration}) {
    SolveOptions o;
    o.method = method;
    const Solution s = solve_reachability(g, o);
    const ExactSolution e = solve_exact(g, s.policy);
    EXPECT_EQ(e.value[0], q(3, 13));
    EXPECT_EQ(e.value[2], 0);
    EXPECT_TRUE(e.start_optimal) << to_string(method);
  }
}

TEST(Exact, RandomWalkValuesAreExactFractions) {
  const std::uint32_t n = 20;
  ExactModel m;
  for (std::uint32_t i = 0; i <= n; ++i) {
    const bool end = i == 0 || i == n;
    m.owner.push_back(end ? Owner::Terminal : Owner::Chance);
    m.terminal.push_back(i == n ? 1 : 0);
    m.choices.push_back(
        end ? std::vector<std::vector<ExactModel::Entry>>{}
            : std::vector<std::vector<ExactModel::Entry>>{{{i - 1, q(1, 2)}, {i + 1, q(1, 2)}}});
  }
  const StateGraph g = m.build();
  const ExactSolution e = exact_from_interval(g);
  for (std::uint32_t i = 0; i <= n; ++i) EXPECT_EQ(e.value[i], q(i, n)) << i;
  EXPECT_TRUE(e.start_optimal);
}

TEST(Exact, LazyCoinWithExitsOfOneInTenToThe300IsOneHalf) {
  const Rational tiny(BigInt(1), boost::multiprecision::pow(BigInt(10), 300));
  ExactModel m;
  m.owner = {Owner::Chance, Owner::Terminal, Owner::Terminal};
  m.terminal = {0, 1, 0};
  m.choices = {{{{0, 1 - 2 * tiny}, {1, tiny}, {2, tiny}}}, {}, {}};
  const StateGraph g = m.build();
  Solution floating;
  const ExactSolution e = exact_from_interval(g, &floating);
  EXPECT_EQ(e.value[0], q(1, 2));
  EXPECT_LE(from_double(floating.lower[0]), q(1, 2));
  EXPECT_GE(from_double(floating.upper[0]), q(1, 2));
}

// A game whose value needs Min's best response: Max picks between a Min state that can send the play
// to 1/4 or 3/4 and a sure 1/2; Max should take the sure 1/2.
TEST(Exact, GameValueAndCertificateOfSuboptimalStrategies) {
  ExactModel m;
  m.owner = {Owner::Max, Owner::Min, Owner::Terminal, Owner::Terminal, Owner::Terminal};
  m.terminal = {0, 0, q(1, 4), q(3, 4), q(1, 2)};
  m.choices = {{{{1, 1}}, {{4, 1}}}, {{{2, 1}}, {{3, 1}}}, {}, {}, {}};
  const StateGraph g = m.build();
  const ExactSolution good = exact_from_interval(g);
  EXPECT_EQ(good.value[0], q(1, 2));
  EXPECT_TRUE(good.start_optimal);
  // Start Max on the Min state and Min on 3/4: both strategies must change.
  const ExactSolution bad =
      solve_exact(g, {g.first_choice(0), g.first_choice(1) + 1, kNoChoice, kNoChoice, kNoChoice});
  EXPECT_EQ(bad.value[0], q(1, 2));
  EXPECT_EQ(bad.value[1], q(1, 4));
  EXPECT_FALSE(bad.start_optimal);
  EXPECT_GE(bad.switches, 2u);
}

// Min can stay away from success forever by waiting; starting from "leave" (value 1 against it),
// the Bellman step alone sees no better choice (waiting keeps the value), and only the graph check
// finds the optimum 0.
TEST(Exact, CertificateCatchesMinWaitingForever) {
  ExactModel m;
  m.owner = {Owner::Min, Owner::Terminal};
  m.terminal = {0, 1};
  m.choices = {{{{1, 1}}, {{0, 1}}}, {}};
  const StateGraph g = m.build();
  const ExactSolution e = solve_exact(g, {g.first_choice(0), kNoChoice});
  EXPECT_EQ(e.value[0], 0);
  EXPECT_FALSE(e.start_optimal);
}

TEST(Exact, HorizonByRationalBackwardInduction) {
  // A coin that succeeds with 1/3 per step, else retries: success within k steps is 1 - (2/3)^k.
  ExactModel m;
  m.owner = {Owner::Chance, Owner::Terminal};
  m.terminal = {0, 1};
  m.choices = {{{{1, q(1, 3)}, {0, q(2, 3)}}}, {}};
  const StateGraph g = m.build();
  Rational miss = 1;
  for (std::uint32_t k = 0; k <= 12; ++k) {
    EXPECT_EQ(solve_exact_horizon(g, k).value[0], 1 - miss) << k;
    miss *= q(2, 3);
  }
}

TEST(Exact, AgreesWithTheFloatingPointBoundsOnRandomGames) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 60; ++trial) {
    const std::uint32_t n = 4 + static_cast<std::uint32_t>(rng() % 12);
    ExactModel m;
    for (std::uint32_t s = 0; s < n; ++s) {
      const std::uint32_t kind = static_cast<std::uint32_t>(rng() % 3);
      m.owner.push_back(kind == 0 ? Owner::Max : kind == 1 ? Owner::Min : Owner::Chance);
      m.terminal.push_back(0);
      const std::uint32_t choices = kind == 2 ? 1 : 1 + static_cast<std::uint32_t>(rng() % 3);
      std::vector<std::vector<ExactModel::Entry>> cs;
      for (std::uint32_t c = 0; c < choices; ++c) {
        const std::uint32_t k = 1 + static_cast<std::uint32_t>(rng() % 3);
        std::vector<long> w(k);
        long total = 0;
        for (long& x : w) total += (x = 1 + static_cast<long>(rng() % 5));
        std::vector<ExactModel::Entry> entries;
        std::set<StateIndex> used;
        for (std::uint32_t i = 0; i < k; ++i) {
          StateIndex t = static_cast<StateIndex>(rng() % (n + 3));
          while (used.count(t)) t = (t + 1) % (n + 3);
          used.insert(t);
          entries.push_back({t, q(w[i], total)});
        }
        cs.push_back(entries);
      }
      m.choices.push_back(cs);
    }
    for (Rational v : {Rational(1), Rational(0), q(1 + static_cast<long>(rng() % 7), 8)}) {
      m.owner.push_back(Owner::Terminal);
      m.terminal.push_back(v);
      m.choices.emplace_back();
    }
    const StateGraph g = m.build();
    for (Method method : {Method::Interval, Method::Policy, Method::Topological}) {
      SolveOptions o;
      o.method = method;
      const Solution s = solve_reachability(g, o);
      const ExactSolution e = solve_exact(g, s.policy);
      SCOPED_TRACE(trial);
      for (StateIndex st = 0; st < g.num_states(); ++st) {
        EXPECT_LE(from_double(s.lower[st]), e.value[st]);
        EXPECT_GE(from_double(s.upper[st]), e.value[st]);
      }
    }
  }
}

// ---- PRISM's regression MDPs (prism-tests/pmc, lecture examples), transcribed state by state. The
// expected values come from the `// RESULT:` comments of their .props files. ----

// The RESULT lines of a .props file in order, for one `(version=N)` variant or the plain ones.
std::vector<Rational> prism_results(const fs::path& props, const std::string& variant) {
  std::ifstream in(props);
  std::vector<Rational> out;
  // A line `// RESULT: v` or `// RESULT (version=N): v` (std::regex trips GCC 12's
  // -Werror=maybe-uninitialized at -O1, so the fields are cut by hand).
  const auto trim = [](std::string t) {
    const auto first = t.find_first_not_of(" \t"), last = t.find_last_not_of(" \t\r");
    return first == std::string::npos ? std::string() : t.substr(first, last - first + 1);
  };
  for (std::string line; std::getline(in, line);) {
    const auto comment = line.find("//");
    if (comment == std::string::npos) continue;
    std::string rest = trim(line.substr(comment + 2));
    if (rest.rfind("RESULT", 0) != 0) continue;
    rest = trim(rest.substr(6));
    std::string tag;
    if (!rest.empty() && rest[0] == '(') {
      const auto close = rest.find(')');
      if (close == std::string::npos) continue;
      tag = trim(rest.substr(1, close - 1));
      rest = trim(rest.substr(close + 1));
    }
    if (rest.empty() || rest[0] != ':') continue;
    rest = trim(rest.substr(1));
    const std::string v = rest.substr(0, rest.find_first_of(" \t"));
    if (v.empty()) continue;
    if (!tag.empty() && tag != variant) continue;
    if (v == "true" || v == "false") {
      out.emplace_back(-1);  // not a number: a placeholder that no test uses
      continue;
    }
    const auto slash = v.find('/'), dot = v.find('.');
    if (slash != std::string::npos) {
      out.emplace_back(BigInt(v.substr(0, slash)), BigInt(v.substr(slash + 1)));
    } else if (dot != std::string::npos) {
      std::string digits = v.substr(0, dot) + v.substr(dot + 1);
      digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size() - 1));  // no octal
      out.emplace_back(BigInt(digits),
                       boost::multiprecision::pow(BigInt(10), static_cast<unsigned>(v.size() - dot - 1)));
    } else {
      out.emplace_back(BigInt(v));
    }
  }
  return out;
}

fs::path prism_tests() {
  return fs::path(SGPLAN_SOURCE_DIR) / ".." / "shared" / "cases" / "prism-tests";
}

// Reachability of `targets` (made terminal successes) with every decision state owned by `who`.
double solve_and_check(ExactModel m, const std::set<StateIndex>& targets, Owner who, StateIndex from,
                       const Rational& expected) {
  for (StateIndex t : targets) {
    m.owner[t] = Owner::Terminal;
    m.terminal[t] = 1;
    m.choices[t].clear();
  }
  for (std::size_t s = 0; s < m.owner.size(); ++s) {
    if (m.owner[s] == Owner::Max) m.owner[s] = who;
  }
  const StateGraph g = m.build();
  Solution floating;
  const ExactSolution e = exact_from_interval(g, &floating);
  EXPECT_EQ(e.value[from], expected) << sgplan::to_string(e.value[from]);
  EXPECT_TRUE(e.start_optimal);
  EXPECT_LE(from_double(floating.lower[from]), expected);
  EXPECT_GE(from_double(floating.upper[from]), expected);
  return to_double(e.value[from]);
}

// A state of a PRISM MDP: its commands as choices (all decision states start as Max).
void add(ExactModel& m, std::vector<std::vector<ExactModel::Entry>> choices) {
  m.owner.push_back(Owner::Max);
  m.terminal.push_back(0);
  m.choices.push_back(std::move(choices));
}

TEST(Exact, PrismRegressionLec12) {
  const fs::path props = prism_tests() / "lec12mdp.nm.props";
  if (!fs::exists(props)) GTEST_SKIP() << "PRISM regression models not found at " << props;
  for (int version : {1, 2}) {
    ExactModel m;
    add(m, {{{1, 1}}});  // s=0: [a] -> 1
    add(m, {{{0, q(7, 10)}, {version == 1 ? 1u : 3u, q(3, 10)}},
            {{2, q(1, 2)}, {3, q(1, 2)}}});  // s=1: [b], [c]
    add(m, {{{2, 1}}});                      // s=2: [a] loop
    add(m, {{{3, 1}}});                      // s=3: [a] loop
    const std::vector<Rational> r = prism_results(props, "version=" + std::to_string(version));
    ASSERT_EQ(r.size(), 2u);
    SCOPED_TRACE(version);
    solve_and_check(m, {3}, Owner::Min, 0, r[0]);  // Pmin=? [ F "tails" ]
    solve_and_check(m, {3}, Owner::Max, 0, r[1]);  // Pmax=? [ F "tails" ]
  }
}

TEST(Exact, PrismRegressionLec13And14) {
  const fs::path props = prism_tests() / "lec13and14mdp.nm.props";
  if (!fs::exists(props)) GTEST_SKIP() << "PRISM regression models not found at " << props;
  ExactModel m;
  add(m, {{{1, 1}}, {{0, q(1, 4)}, {2, q(1, 2)}, {3, q(1, 4)}}});  // s=0
  add(m, {{{0, q(1, 10)}, {1, q(1, 2)}, {2, q(2, 5)}}});           // s=1
  add(m, {{{2, 1}}});                                              // s=2
  add(m, {{{2, 1}}, {{3, 1}}});                                    // s=3
  const std::vector<Rational> r = prism_results(props, "");
  ASSERT_GE(r.size(), 4u);
  solve_and_check(m, {2}, Owner::Min, 0, r[0]);  // Pmin=? [ F "a" ]          2/3
  solve_and_check(m, {2}, Owner::Min, 1, r[1]);  // Pmin=? [ F "a" {s=1} ]    14/15
  solve_and_check(m, {2}, Owner::Max, 0, r[2]);  // Pmax=? [ F "a" ]          1
  solve_and_check(m, {2}, Owner::Max, 1, r[3]);  // Pmax=? [ F "a" {s=1} ]    1
}

// lec15mdp: Pmax = 3/4 where a well-known checker's exact mode once answered 0.7499992.
TEST(Exact, PrismRegressionLec15) {
  const fs::path props = prism_tests() / "lec15mdp.nm.props";
  if (!fs::exists(props)) GTEST_SKIP() << "PRISM regression models not found at " << props;
  ExactModel m;
  add(m, {{{2, 1}}, {{0, q(3, 5)}, {1, q(3, 10)}, {2, q(1, 10)}}});  // s=0
  add(m, {{{3, q(3, 10)}, {4, q(7, 10)}}});                          // s=1
  add(m, {{{5, 1}}});                                                // s=2
  add(m, {{{4, 1}}});                                                // s=3
  add(m, {{{1, 1}}, {{3, 1}}, {{6, 1}}});                            // s=4
  add(m, {{{7, q(9, 10)}, {8, q(1, 10)}}});                          // s=5
  add(m, {{{6, 1}}});                                                // s=6
  add(m, {{{5, 1}}});                                                // s=7
  add(m, {{{5, 1}}});                                                // s=8
  const std::vector<Rational> r = prism_results(props, "");
  ASSERT_GE(r.size(), 4u);
  solve_and_check(m, {3, 4}, Owner::Max, 0, r[0]);     // Pmax=? [ F s=3|s=4 ]
  solve_and_check(m, {1, 3, 4}, Owner::Max, 0, r[1]);  // Pmax=? [ F s=1|s=3|s=4 ]
  solve_and_check(m, {6}, Owner::Max, 0, r[2]);        // Pmax=? [ F s=6 ]
  solve_and_check(m, {5, 7, 8}, Owner::Max, 0, r[3]);  // Pmax=? [ F s=5|s=7|s=8 ]
}

TEST(Exact, BuilderRefusesInexactSums) {
  StateGraphBuilder b;
  b.add_exact_state(Owner::Chance);
  b.add_choice();
  b.add_exact_entry(1, q(1, 3));
  b.add_exact_entry(1, q(1, 3));  // merged: 2/3
  // 2/3 + 0.3333333333333333 is 1 within 1e-9 (the floating-point check passes), not exactly.
  b.add_exact_entry(2, Rational(BigInt(3333333333333333), boost::multiprecision::pow(BigInt(10), 16)));
  // The choice is checked when it closes, at the next state.
  EXPECT_THROW(b.add_exact_state(Owner::Terminal, 1), GraphError);
}

TEST(Exact, ConversionsAreExactAndNearest) {
  EXPECT_EQ(from_double(0.5), q(1, 2));
  EXPECT_EQ(from_double(0.1), Rational(BigInt(3602879701896397), BigInt(36028797018963968)));
  std::mt19937_64 rng(5);
  for (int i = 0; i < 2000; ++i) {
    const Rational r(BigInt(1 + rng() % 1000000007), BigInt(1 + rng() % 1000000007));
    const double d = to_double(r);
    const Rational err = abs(from_double(d) - r);
    EXPECT_LE(err, abs(from_double(std::nextafter(d, 0.0)) - r));
    EXPECT_LE(err, abs(from_double(std::nextafter(d, 1e300)) - r));
  }
}

}  // namespace
}  // namespace sgplan::mdp
