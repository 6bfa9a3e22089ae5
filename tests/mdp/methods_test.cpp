// The state-graph method table (mdp/methods.hpp): every Method has exactly one row, names and the
// enum convert both ways through it, and the row a horizon chooses is not a name users give.
#include "mdp/methods.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "mdp/reachability.hpp"
#include "mdp/solution.hpp"
#include "mdp/state_graph_builder.hpp"

namespace sgplan::mdp {
namespace {

constexpr Method kEveryMethod[] = {Method::Interval,    Method::ValueIteration, Method::GaussSeidel,
                                   Method::Topological, Method::Policy,         Method::Attractor,
                                   Method::Horizon};

TEST(MethodTable, EveryMethodHasOneRowAndItsNameReadsBack) {
  for (Method m : kEveryMethod) {
    int rows = 0;
    for (const MethodInfo& row : kGraphMethods) rows += row.id == static_cast<int>(m);
    EXPECT_EQ(rows, 1) << to_string(m);
    const MethodInfo& row = method_info(m);
    EXPECT_EQ(to_string(m), row.name);
    Method back = Method::Interval;
    if (m == Method::Horizon) {
      // --horizon chooses backward induction; --method never names it.
      EXPECT_TRUE(row.needs_horizon);
      EXPECT_FALSE(method_from_string(row.name, back));
    } else {
      ASSERT_TRUE(method_from_string(row.name, back)) << row.name;
      EXPECT_EQ(back, m);
    }
  }
}

TEST(MethodTable, NamesAreUniqueAndEveryRowSaysWhatItPromises) {
  std::set<std::string> names;
  for (const MethodInfo& row : kGraphMethods) {
    EXPECT_TRUE(names.insert(std::string(row.name)).second) << row.name;
    EXPECT_FALSE(row.help.empty()) << row.name;
    EXPECT_TRUE(row.sound || !row.exact) << row.name << ": an exact answer is a sound one";
  }
  Method unused = Method::Interval;
  EXPECT_FALSE(method_from_string("retrograde", unused)) << "retrograde analysis is not a Method";
  EXPECT_FALSE(method_from_string("no-such-method", unused));
}

// The promises match what the solvers report: each Method runs on a small deterministic game (Max
// picks a win or a loss; attractor and backward induction apply too) and its Solution's `sound` and
// `exact` are the row's.
TEST(MethodTable, PromisesMatchWhatEachSolverReports) {
  StateGraphBuilder b;
  b.add_state(Owner::Max);  // 0
  b.add_choice(0);
  b.add_entry(1, 1.0);
  b.add_choice(1);
  b.add_entry(2, 1.0);
  b.add_state(Owner::Terminal, 1.0);  // 1
  b.add_state(Owner::Terminal, 0.0);  // 2
  b.set_label_table({"win", "lose"});
  const StateGraph g = b.finalize();
  for (Method m : kEveryMethod) {
    SolveOptions o;
    o.method = m;
    if (m == Method::Horizon) o.horizon = 3;
    const Solution sol = solve_reachability(g, o);
    const MethodInfo& row = method_info(m);
    SCOPED_TRACE(std::string(row.name));
    EXPECT_EQ(sol.sound || sol.exact, row.sound);
    EXPECT_EQ(sol.exact, row.exact);
    EXPECT_EQ(sol.value(0), 1.0);
  }
}

}  // namespace
}  // namespace sgplan::mdp
