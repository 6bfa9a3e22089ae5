// The bad-input corpus: each malformed or out-of-fragment JANI model is an InputError whose
// message names the file and the JSON pointer of the fault, and says what was expected; errors
// the generator finds while exploring (a value outside its bounds, probabilities that do not sum
// to 1, an open constant) point into the JANI file too.
#include <gtest/gtest.h>

#include "tests/models/jani/jani_test_support.hpp"

namespace sgplan::models::jani {
namespace {

using testing::error_of;

// A one-automaton mdp around `edge` (one edge of automaton A, location l) with the global
// x in [0..2]; `extra` adds members to the model.
std::string model(const std::string& edge, const std::string& extra = "", const std::string& type = "mdp") {
  return R"({"jani-version": 1, "name": "bad", "type": ")" + type + R"(", )" + extra +
         R"("variables": [{"name": "x", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 2}, "initial-value": 0}],
    "automata": [{"name": "A", "locations": [{"name": "l"}], "initial-locations": ["l"], "edges": [)" +
         edge + R"(]}],
    "system": {"elements": [{"automaton": "A"}]}})";
}

std::string edge_to(const std::string& value, const std::string& probability = "") {
  return R"({"location": "l", "destinations": [{"location": "l", )" +
         (probability.empty() ? "" : R"("probability": {"exp": )" + probability + "}, ") +
         R"("assignments": [{"ref": "x", "value": )" + value + "}]}]}";
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

struct Case {
  std::string text;
  std::string message;  // the whole of e.what() must contain it
};

TEST(JaniBadInputs, EachErrorNamesItsJsonPointer) {
  const std::vector<Case> cases{
      {"{\"jani-version\": 1,\n  \"type\": mdp}",
       "test.jani:2:11: not valid JSON: syntax error while parsing value - invalid literal"},
      {"[1, 2]", "test.jani: /: expected a JANI model (a JSON object), found an array"},
      {model("", "", "ctmc"),
       "test.jani: /type: the model type \"ctmc\" is not supported: sgplan reads JANI mdp and dtmc"},
      {model(R"({"location": "l", "gaurd": {"exp": true}, "destinations": []})"),
       "test.jani: /automata/0/edges/0/gaurd: unknown member \"gaurd\" (expected location, action, rate, "
       "guard, "
       "destinations)"},
      {model(
           R"({"location": "l", "guard": {"exp": {"op": "=", "left": "y", "right": 1}}, "destinations": [{"location": "l"}]})"),
       "test.jani: /automata/0/edges/0/guard/exp/left: unknown identifier \"y\""},
      {model(R"({"location": "m", "destinations": [{"location": "l"}]})"),
       "test.jani: /automata/0/edges/0/location: the automaton A has no location \"m\""},
      {model(R"({"location": "l", "action": "a", "destinations": [{"location": "l"}]})"),
       "test.jani: /automata/0/edges/0/action: the action \"a\" is not declared"},
      {model(edge_to(R"({"op": "aa", "exp": "x", "index": 0})")),
       "test.jani: /automata/0/edges/0/destinations/0/assignments/0/value/op: the operator \"aa\" is outside "
       "sgplan's "
       "JANI fragment: arrays"},
      {model(edge_to(R"({"op": "Pmax", "exp": "x"})")),
       "/assignments/0/value/op: the operator \"Pmax\" is outside sgplan's JANI fragment: property "
       "operators"},
      {model(edge_to("3")),
       "test.jani: /automata/0/edges/0/destinations/0/assignments/0: the update sets 'x' to 3, outside its "
       "range [0..2]"},
      {model(edge_to("1", "0.9")),
       "test.jani: /automata/0/edges/0: the probabilities of this command sum to 0.900000"},
      {model(edge_to("1", "1.5")),
       "test.jani: /automata/0/edges/0/destinations/0: the probability 1.5 is 1.500000"},
      {model(R"({"location": "l", "guard": {"exp": "x"}, "destinations": [{"location": "l"}]})"),
       "test.jani: /automata/0/edges/0/guard/exp: expected a bool, found the int x"},
      {model(edge_to("\"K\""), R"("constants": [{"name": "K", "type": "int"}], )"),
       "test.jani: /constants/0: the constant 'K' is not defined: give it with --const K=VALUE"},
      {R"({"jani-version": 1, "name": "b", "type": "mdp", "variables": [{"name": "x", "type": "int", "initial-value": 0}],
          "automata": [], "system": {"elements": []}})",
       "test.jani: /variables/0/type: an unbounded int variable is outside sgplan's JANI fragment"},
      {R"({"jani-version": 1, "name": "b", "type": "mdp", "variables": [{"name": "x", "type": "bool"}],
          "automata": [{"name": "A", "locations": [{"name": "l"}], "initial-locations": ["l"], "edges": []}],
          "system": {"elements": [{"automaton": "A"}]}})",
       "test.jani: /variables/0: the variable has no initial-value and no restrict-initial fixes it, so each "
       "of its 2 "
       "values starts a run"},
      {R"({"jani-version": 1, "name": "b", "type": "mdp", "variables": [{"name": "x", "type": "bool"}],
          "restrict-initial": {"exp": {"op": "∨", "left": "x", "right": {"op": "¬", "exp": "x"}}},
          "automata": [{"name": "A", "locations": [{"name": "l"}], "initial-locations": ["l"], "edges": []}],
          "system": {"elements": [{"automaton": "A"}]}})",
       "test.jani: /restrict-initial/exp: restrict-initial allows more than one initial state (x=false, and "
       "x=true)"},
      {R"({"jani-version": 1, "name": "b", "type": "mdp",
          "automata": [{"name": "A", "locations": [{"name": "l"}, {"name": "m"}], "initial-locations": ["l", "m"], "edges": []}],
          "system": {"elements": [{"automaton": "A"}]}})",
       "test.jani: /automata/0/initial-locations: more than one initial location"},
      {replaced(model("", R"("actions": [{"name": "a"}], )"), R"("elements": [{"automaton": "A"}]})",
                R"("elements": [{"automaton": "A"}], "syncs": [{"synchronise": ["a", "a"]}]})"),
       "test.jani: /system/syncs/0/synchronise: a synchronisation vector has one entry per element: 1 "
       "expected, 2 given"},
      {replaced(model(""), R"("elements": [{"automaton": "A"}])", R"("elements": [{"automaton": "B"}])"),
       "test.jani: /system/elements/0/automaton: no automaton is named \"B\""},
      {model(
           edge_to(R"({"op": "call", "function": "f", "args": []})"),
           R"("functions": [{"name": "f", "type": "int", "parameters": [], "body": {"op": "call", "function": "f", "args": []}}], )"),
       "test.jani: /functions/0/body/function: the function \"f\" calls itself"},
      {model(edge_to("1"), R"("restrict-initial": {"exp": {"op": "=", "left": "x", "right": 1}}, )"),
       "test.jani: /restrict-initial/exp: no initial state satisfies restrict-initial (the variables' "
       "initial values do "
       "not)"},
      {model(R"({"location": "l", "rate": {"exp": 1}, "destinations": [{"location": "l"}]})"),
       "test.jani: /automata/0/edges/0/rate: rates belong to continuous-time models"},
      {replaced(model(R"({"location": "l", "action": "a", "destinations": [{"location": "l", "assignments": [
                   {"ref": "x", "value": 1}, {"ref": "x", "value": {"op": "+", "left": "x", "right": 1}, "index": 1}]}]})",
                      R"("actions": [{"name": "a"}], )"),
                R"("elements": [{"automaton": "A"}])",
                R"("elements": [{"automaton": "A"}], "syncs": [{"synchronise": ["a"], "result": "a"}])"),
       "/assignments/1/value: a later assignment level reading a global variable on a synchronising edge is "
       "outside"},
      {replaced(
           model(""), R"("system": {"elements": [{"automaton": "A"}]}})",
           R"("system": {"elements": [{"automaton": "A"}]}, "properties": [{"name": "p", "expression": {"op": "filter", "fun": "middle", "values": 1, "states": {"op": "initial"}}}]})"),
       "test.jani: /properties/0/expression/fun: unknown filter function \"middle\""},
  };
  for (const Case& c : cases) {
    const std::string e = error_of(c.text);
    EXPECT_NE(e.find(c.message), std::string::npos) << "expected: " << c.message << "\n got: " << e;
  }
}

// Expressions nested deeper than the translator's limit are refused, not recursed into.
TEST(JaniBadInputs, DeepNestingIsRefused) {
  std::string deep = "1";
  for (int k = 0; k < 5000; ++k) deep = R"({"op": "-", "exp": )" + deep + "}";
  const std::string e = error_of(model(edge_to(deep)));
  EXPECT_NE(e.find("expressions nested deeper than 500 levels"), std::string::npos) << e;
}

}  // namespace
}  // namespace sgplan::models::jani
