// Small JANI models written here, each solved by hand: synchronisation vectors (an edge whose
// action no vector names is never taken, a vector one participant cannot take never fires, silent
// edges interleave), locations with transient labels in a dtmc (Knuth and Yao's die), functions
// and derived operators, two instances of one automaton, restrict-initial choosing the initial
// state. Exact state counts and exact probabilities.
#include <gtest/gtest.h>

#include "models/prism_language/compiled_model.hpp"
#include "tests/models/jani/jani_test_support.hpp"

namespace sgplan::models::jani {
namespace {

using testing::answer;
using testing::explore;
using testing::load_text;

// Automaton A takes `go` with B (a vector), `tick` alone (a vector with null), and has a `lonely`
// edge no vector names. B has a `never` edge whose vector A cannot join (A has no `never` edge),
// and a silent edge from b1 back to b0.
//   go: x := 1 or 2 (1/2 each) in A, times y := 1 and location b1 (1/4) or nothing (3/4) in B.
//   Pmax = Pmin (F x=2 & y=1) = 1/2 * 1/4 = 1/8; Pmax (F x=2) = 1/2 (lonely would make it 1).
//   Reachable: (x, y, B's location) in {(0,0,b0), (1|2, 1, b0|b1), (1|2, 0, b0)} = 7, times
//   t in 0..3 = 28 states; deadlocks where t=3, x>0 and B is in b0: 4.
constexpr const char* kSync = R"({
  "jani-version": 1, "name": "sync", "type": "mdp",
  "actions": [{"name": "go"}, {"name": "lonely"}, {"name": "tick"}, {"name": "never"}],
  "variables": [
    {"name": "x", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 2}, "initial-value": 0},
    {"name": "y", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 1}, "initial-value": 0},
    {"name": "t", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 3}, "initial-value": 0},
    {"name": "goal", "type": "bool", "transient": true, "initial-value": false}
  ],
  "automata": [
    {"name": "A", "locations": [{"name": "l", "transient-values": [
        {"ref": "goal", "value": {"op": "∧", "left": {"op": "=", "left": "x", "right": 2},
                                  "right": {"op": "=", "left": "y", "right": 1}}}]}],
     "initial-locations": ["l"],
     "edges": [
       {"location": "l", "action": "go", "guard": {"exp": {"op": "=", "left": "x", "right": 0}},
        "destinations": [{"location": "l", "probability": {"exp": 0.5}, "assignments": [{"ref": "x", "value": 1}]},
                         {"location": "l", "probability": {"exp": 0.5}, "assignments": [{"ref": "x", "value": 2}]}]},
       {"location": "l", "action": "lonely", "guard": {"exp": {"op": "=", "left": "x", "right": 0}},
        "destinations": [{"location": "l", "assignments": [{"ref": "x", "value": 2}]}]},
       {"location": "l", "action": "tick", "guard": {"exp": {"op": "<", "left": "t", "right": 3}},
        "destinations": [{"location": "l", "assignments": [{"ref": "t", "value": {"op": "+", "left": "t", "right": 1}}]}]}
     ]},
    {"name": "B", "locations": [{"name": "b0"}, {"name": "b1"}], "initial-locations": ["b0"],
     "edges": [
       {"location": "b0", "action": "go", "guard": {"exp": {"op": "=", "left": "y", "right": 0}},
        "destinations": [{"location": "b1", "probability": {"exp": {"op": "/", "left": 1, "right": 4}},
                          "assignments": [{"ref": "y", "value": 1}]},
                         {"location": "b0", "probability": {"exp": 0.75}}]},
       {"location": "b0", "action": "never", "destinations": [{"location": "b0", "assignments": [{"ref": "y", "value": 1}]}]},
       {"location": "b1", "destinations": [{"location": "b0"}]}
     ]}
  ],
  "system": {"elements": [{"automaton": "A"}, {"automaton": "B"}],
             "syncs": [{"synchronise": ["go", "go"], "result": "go"},
                       {"synchronise": ["tick", null], "result": "tick"},
                       {"synchronise": ["never", "never"], "result": "never"}]},
  "properties": [
    {"name": "max", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "Pmax", "exp": {"op": "F", "exp": "goal"}}}},
    {"name": "min", "expression": {"op": "filter", "fun": "min", "states": {"op": "initial"},
      "values": {"op": "Pmin", "exp": {"op": "U", "left": true, "right": "goal"}}}},
    {"name": "x2", "expression": {"op": "filter", "fun": "max", "states": {"op": "initial"},
      "values": {"op": "Pmax", "exp": {"op": "F", "exp": {"op": "=", "left": "x", "right": 2}}}}},
    {"name": "soon", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "Pmin", "exp": {"op": "F", "exp": "goal", "step-bounds": {"upper": 2}}}}},
    {"name": "first", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "Pmax", "exp": {"op": "F", "exp": "goal", "step-bounds": {"upper": 2, "upper-exclusive": true}}}}},
    {"name": "bound", "expression": {"op": "filter", "fun": "forall", "states": {"op": "initial"},
      "values": {"op": "≥", "left": {"op": "Pmax", "exp": {"op": "F", "exp": "goal"}}, "right": 0.1}}},
    {"name": "reversed", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "<", "left": 0.2, "right": {"op": "Pmin", "exp": {"op": "F", "exp": "goal"}}}}},
    {"name": "reward", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "Emax", "exp": "t", "reach": "goal"}}}
  ]
})";

TEST(JaniSmall, SynchronisationVectorsAndSilentEdges) {
  const JaniModel j = load_text(kSync);
  const auto e = explore(j);
  EXPECT_EQ(e.states, 28u);
  EXPECT_EQ(e.deadlocks, 4u);
  EXPECT_NEAR(answer(j, "max").value, 1.0 / 8.0, 1e-9);
  EXPECT_NEAR(answer(j, "min").value, 1.0 / 8.0, 1e-9);
  EXPECT_NEAR(answer(j, "x2").value, 1.0 / 2.0, 1e-9);
  // Within 2 steps the scheduler can tick twice: 0. Within 2 (exclusive: 1) steps, go at once: 1/8.
  EXPECT_NEAR(answer(j, "soon").value, 0.0, 1e-9);
  EXPECT_NEAR(answer(j, "first").value, 1.0 / 8.0, 1e-9);
  EXPECT_EQ(answer(j, "bound").truth, true);      // Pmax = 1/8 >= 0.1
  EXPECT_EQ(answer(j, "reversed").truth, false);  // 0.2 < Pmin = 1/8 fails
  ASSERT_EQ(j.properties.size(), 8u);
  EXPECT_FALSE(j.properties[7].supported);
  EXPECT_NE(j.properties[7].unsupported.find("reward"), std::string::npos);
  EXPECT_EQ(j.properties[1].text, "filter(min, Pmin=? [ true U goal ], \"init\")");
  EXPECT_EQ(j.properties[4].text, "Pmax=? [ F<=(2 - 1) goal ]");
}

// Knuth and Yao's die as a dtmc of 13 locations; the transient `one` is set in location d1 and
// `steps` (a real reward, set on every edge) is left out of the state.
//   P(F one) = 1/6; P(F<=3 one) = 1/8 (s0 s1 s3 d1); 13 states, each a location.
std::string die() {
  std::string edges;
  const auto edge = [&](const std::string& from, const std::string& a, const std::string& b) {
    edges += std::string(edges.empty() ? "" : ",") + R"({"location": ")" + from + R"(", "destinations": [)" +
             R"({"location": ")" + a +
             R"(", "probability": {"exp": 0.5}, "assignments": [{"ref": "steps", "value": 1}]},)" +
             R"({"location": ")" + b + R"(", "probability": {"exp": 0.5}}]})";
  };
  edge("s0", "s1", "s2");
  edge("s1", "s3", "s4");
  edge("s2", "s5", "s6");
  edge("s3", "s1", "d1");
  edge("s4", "d2", "d3");
  edge("s5", "d4", "d5");
  edge("s6", "d6", "s2");
  for (int k = 1; k <= 6; ++k) {
    const std::string d = "d" + std::to_string(k);
    edges += R"(,{"location": ")" + d + R"(", "destinations": [{"location": ")" + d + R"("}]})";
  }
  std::string locations = R"({"name": "d1", "transient-values": [{"ref": "one", "value": true}]})";
  for (const char* l : {"s0", "s1", "s2", "s3", "s4", "s5", "s6", "d2", "d3", "d4", "d5", "d6"})
    locations +=
        std::string(R"(,{"name": ")") + l + R"(", "transient-values": [{"ref": "steps", "value": 0.5}]})";
  return R"({"jani-version": 1, "name": "die", "type": "dtmc",
    "variables": [{"name": "one", "type": "bool", "transient": true, "initial-value": false},
                  {"name": "steps", "type": "real", "transient": true, "initial-value": 0.0}],
    "restrict-initial": {"exp": true},
    "automata": [{"name": "die", "locations": [)" +
         locations + R"(], "initial-locations": ["s0"], "edges": [)" + edges + R"(]}],
    "system": {"elements": [{"automaton": "die"}]},
    "properties": [
      {"name": "one", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
        "values": {"op": "Pmax", "exp": {"op": "F", "exp": "one"}}}},
      {"name": "three", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
        "values": {"op": "Pmin", "exp": {"op": "U", "left": true, "right": "one", "step-bounds": {"upper": 3}}}}}
    ]})";
}

TEST(JaniSmall, LocationsAndTransientLabelsInADtmc) {
  const JaniModel j = load_text(die());
  EXPECT_EQ(explore(j).states, 13u);
  EXPECT_NEAR(answer(j, "one").value, 1.0 / 6.0, 1e-9);
  EXPECT_NEAR(answer(j, "three").value, 1.0 / 8.0, 1e-9);
}

// Functions (one calls another; parameters shadow nothing, arguments are the caller's) and the
// derived operators. c climbs by up(c) = clamp(c + 2) = min(c + 2, 4) with probability 1/2, else
// stays: reaching 4 takes two climbs, P(F<=2) = 1/4, P(F<=3) = 1/2 (two or three climbs of
// three), P(F) = 1. The guard sgn(4 - c) = 1 ∧ abs(c - 4) > 0 ∧ trc(c / 2) ≤ 2 is c < 4.
constexpr const char* kFunctions = R"({
  "jani-version": 1, "name": "functions", "type": "dtmc", "features": ["functions", "derived-operators"],
  "constants": [{"name": "top", "type": "int", "value": 4}],
  "functions": [
    {"name": "clamp", "type": "int", "parameters": [{"name": "w", "type": "int"}],
     "body": {"op": "min", "left": "w", "right": "top"}},
    {"name": "up", "type": "int", "parameters": [{"name": "c", "type": "int"}],
     "body": {"op": "call", "function": "clamp", "args": [{"op": "+", "left": "c", "right": 2}]}}
  ],
  "variables": [{"name": "c", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": "top"},
                 "initial-value": 0}],
  "automata": [{"name": "climb", "locations": [{"name": "l"}], "initial-locations": ["l"],
    "edges": [{"location": "l",
      "guard": {"exp": {"op": "∧",
        "left": {"op": "∧", "left": {"op": "=", "left": {"op": "sgn", "exp": {"op": "-", "left": "top", "right": "c"}}, "right": 1},
                           "right": {"op": ">", "left": {"op": "abs", "exp": {"op": "-", "left": "c", "right": 4}}, "right": 0}},
        "right": {"op": "≤", "left": {"op": "trc", "exp": {"op": "/", "left": "c", "right": 2}}, "right": 2}}},
      "destinations": [
        {"location": "l", "probability": {"exp": 0.5}, "assignments": [{"ref": "c", "value": {"op": "call", "function": "up", "args": ["c"]}}]},
        {"location": "l", "probability": {"exp": 0.5}}]}]}],
  "system": {"elements": [{"automaton": "climb"}], "syncs": []},
  "properties": [
    {"name": "two", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "Pmax", "exp": {"op": "F", "exp": {"op": "=", "left": "c", "right": 4}, "step-bounds": {"upper": 2}}}}},
    {"name": "three", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "Pmax", "exp": {"op": "F", "exp": {"op": "=", "left": "c", "right": 4}, "step-bounds": {"lower": 0, "upper": 3}}}}},
    {"name": "ever", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "Pmax", "exp": {"op": "F", "exp": {"op": "=", "left": "c", "right": 4}}}}},
    {"name": "never", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "Pmax", "exp": {"op": "G", "exp": {"op": "<", "left": "c", "right": 4}}}}}
  ]
})";

TEST(JaniSmall, FunctionsAndDerivedOperators) {
  const JaniModel j = load_text(kFunctions);
  EXPECT_EQ(explore(j).states, 3u);  // c = 0, 2, 4
  EXPECT_NEAR(answer(j, "two").value, 1.0 / 4.0, 1e-9);
  EXPECT_NEAR(answer(j, "three").value, 1.0 / 2.0, 1e-9);
  EXPECT_NEAR(answer(j, "ever").value, 1.0, 1e-9);
  EXPECT_NEAR(answer(j, "never").value, 0.0, 1e-9);
}

// Each operator of the fragment on constants, against its value by hand.
TEST(JaniSmall, OperatorsOnConstants) {
  const std::string text = R"({"jani-version": 1, "name": "ops", "type": "mdp",
    "constants": [
      {"name": "a", "type": "int", "value": {"op": "abs", "exp": -3}},
      {"name": "b", "type": "int", "value": {"op": "sgn", "exp": -2.5}},
      {"name": "c", "type": "int", "value": {"op": "trc", "exp": -2.7}},
      {"name": "d", "type": "int", "value": {"op": "trc", "exp": 2.7}},
      {"name": "e", "type": "int", "value": {"op": "%", "left": 7, "right": 3}},
      {"name": "f", "type": "int", "value": {"op": "pow", "left": 2, "right": 10}},
      {"name": "g", "type": "real", "value": {"op": "log", "left": 8, "right": 2}},
      {"name": "h", "type": "int", "value": {"op": "ceil", "exp": 3.2}},
      {"name": "i", "type": "int", "value": {"op": "max", "left": 2, "right": {"op": "min", "left": 5, "right": 3}}},
      {"name": "j", "type": "int", "value": {"op": "ite", "if": {"op": "⇒", "left": true, "right": false}, "then": 1, "else": 2}},
      {"name": "k", "type": "real", "value": {"constant": "π"}},
      {"name": "l", "type": "bool", "value": {"op": "∧", "left": {"op": "≥", "left": 2, "right": 2},
                                             "right": {"op": "¬", "exp": {"op": "≠", "left": 1, "right": 1}}}},
      {"name": "m", "type": "real", "value": {"op": "/", "left": 1, "right": 4}},
      {"name": "n", "type": "int", "value": {"op": "-", "exp": {"op": "floor", "exp": 3.5}}},
      {"name": "o", "type": "bool", "value": {"op": "∨", "left": {"op": "<", "left": 1, "right": 0}, "right": {"op": ">", "left": "e", "right": 0}}}
    ],
    "automata": [{"name": "A", "locations": [{"name": "l"}], "initial-locations": ["l"], "edges": []}],
    "system": {"elements": [{"automaton": "A"}]}, "properties": []})";
  const JaniModel j = load_text(text);
  const prism_language::CompiledModel m(j.model, {});
  const auto value = [&](const std::string& name) {
    for (const auto& c : j.model.constants)
      if (c.name == name) return m.constant_value_of(*c.value);
    ADD_FAILURE() << name;
    return prism_language::Value{};
  };
  EXPECT_EQ(value("a").i, 3);
  EXPECT_EQ(value("b").i, -1);
  EXPECT_EQ(value("c").i, -2);
  EXPECT_EQ(value("d").i, 2);
  EXPECT_EQ(value("e").i, 1);
  EXPECT_EQ(value("f").i, 1024);
  EXPECT_DOUBLE_EQ(value("g").r, 3.0);
  EXPECT_EQ(value("h").i, 4);
  EXPECT_EQ(value("i").i, 3);
  EXPECT_EQ(value("j").i, 2);
  EXPECT_DOUBLE_EQ(value("k").r, 3.141592653589793);
  EXPECT_TRUE(value("l").b);
  EXPECT_DOUBLE_EQ(value("m").r, 0.25);
  EXPECT_EQ(value("n").i, -3);
  EXPECT_TRUE(value("o").b);
}

// Two instances of one automaton, each with its own local `done` (renamed P.done and P#2.done):
// each sets it once, in either order: 2 x 2 = 4 states. A global `count` both increment.
TEST(JaniSmall, TwoInstancesOfOneAutomaton) {
  const std::string text = R"({"jani-version": 1, "name": "twice", "type": "mdp",
    "variables": [{"name": "count", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 2}, "initial-value": 0}],
    "automata": [{"name": "P", "variables": [{"name": "done", "type": "bool", "initial-value": false}],
      "locations": [{"name": "l"}], "initial-locations": ["l"],
      "edges": [{"location": "l", "guard": {"exp": {"op": "¬", "exp": "done"}},
                 "destinations": [{"location": "l", "assignments": [{"ref": "done", "value": true},
                   {"ref": "count", "value": {"op": "+", "left": "count", "right": 1}}]}]}]}],
    "system": {"elements": [{"automaton": "P"}, {"automaton": "P"}]},
    "properties": [{"name": "both", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "Pmin", "exp": {"op": "F", "exp": {"op": "=", "left": "count", "right": 2}}}}}]})";
  const JaniModel j = load_text(text);
  const auto e = explore(j);
  EXPECT_EQ(e.states, 4u);
  EXPECT_EQ(e.deadlocks, 1u);  // both done
  ASSERT_EQ(j.model.modules.size(), 2u);
  EXPECT_EQ(j.model.modules[0].variables[0].name, "P.done");
  EXPECT_EQ(j.model.modules[1].variables[0].name, "P#2.done");
  EXPECT_NEAR(answer(j, "both").value, 1.0, 1e-9);
}

// A variable without initial-value: restrict-initial picks its one value (x = K - 1 with K given
// by --const); the walk then needs 4 - x = 2 steps up.
TEST(JaniSmall, RestrictInitialChoosesTheInitialState) {
  const std::string text = R"({"jani-version": 1, "name": "restrict", "type": "dtmc",
    "constants": [{"name": "K", "type": "int"}],
    "variables": [{"name": "x", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 4}}],
    "restrict-initial": {"exp": {"op": "=", "left": "x", "right": {"op": "-", "left": "K", "right": 1}}},
    "automata": [{"name": "A", "locations": [{"name": "l"}], "initial-locations": ["l"],
      "edges": [{"location": "l", "guard": {"exp": {"op": "<", "left": "x", "right": 4}},
                 "destinations": [{"location": "l", "assignments": [{"ref": "x", "value": {"op": "+", "left": "x", "right": 1}}]}]}]}],
    "system": {"elements": [{"automaton": "A"}]},
    "properties": [{"name": "two", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "Pmax", "exp": {"op": "F", "exp": {"op": "=", "left": "x", "right": 4}, "step-bounds": {"upper": 2}}}}},
      {"name": "one", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "Pmax", "exp": {"op": "F", "exp": {"op": "=", "left": "x", "right": 4}, "step-bounds": {"upper": 1}}}}}]})";
  const JaniModel j = load_text(text, {{"K", "3"}});
  EXPECT_EQ(explore(j, {{"K", "3"}}).states, 3u);  // x = 2, 3, 4
  EXPECT_NEAR(answer(j, "two", {{"K", "3"}}).value, 1.0, 1e-9);
  EXPECT_NEAR(answer(j, "one", {{"K", "3"}}).value, 0.0, 1e-9);
}

// Assignment levels: level 0 sets x := 1, level 1 sets y := x + 1 and reads the new x (2, not 1);
// a transient temporary t set at level 0 to x + 2 (of the old x: 2) carries it to level 2 (z := t).
// From (x, y, z) = (0, 0, 0) one step reaches (1, 2, 2): 2 states.
TEST(JaniSmall, AssignmentLevels) {
  const std::string text = R"({"jani-version": 1, "name": "levels", "type": "mdp",
    "variables": [
      {"name": "x", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 3}, "initial-value": 0},
      {"name": "y", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 3}, "initial-value": 0},
      {"name": "z", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 3}, "initial-value": 0},
      {"name": "t", "type": "int", "transient": true, "initial-value": 0}],
    "automata": [{"name": "A", "locations": [{"name": "l"}], "initial-locations": ["l"],
      "edges": [{"location": "l", "guard": {"exp": {"op": "=", "left": "x", "right": 0}},
                 "destinations": [{"location": "l", "assignments": [
                   {"ref": "z", "value": "t", "index": 2},
                   {"ref": "y", "value": {"op": "+", "left": "x", "right": 1}, "index": 1},
                   {"ref": "x", "value": 1},
                   {"ref": "t", "value": {"op": "+", "left": "x", "right": 2}, "index": 0}]}]}]}],
    "system": {"elements": [{"automaton": "A"}]},
    "properties": [{"name": "p", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
      "values": {"op": "Pmin", "exp": {"op": "F", "exp": {"op": "∧", "left": {"op": "=", "left": "y", "right": 2},
                                                                   "right": {"op": "=", "left": "z", "right": 2}}}}}}]})";
  const JaniModel j = load_text(text);
  EXPECT_EQ(explore(j).states, 2u);
  EXPECT_NEAR(answer(j, "p").value, 1.0, 1e-9);
}

}  // namespace
}  // namespace sgplan::models::jani
