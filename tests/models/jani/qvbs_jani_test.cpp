// Every QVBS JANI file of the shared test data, through the JANI reader:
//  - each loads (its properties read, the reachability ones supported);
//  - each instance explores to the reference state counts of index.json, in the convention of the
//    tool that counted (whose_count below);
//  - every reachability property with an exact reference (num/den, or a truth value) is answered
//    within 1e-6 with sound bounds (lower <= reference <= upper), with the open parameters given
//    as constants;
//  - triangle-tireworld.441, without a reference, gives 1 (a safe path exists), on a state wider
//    than 64 bits.
#include <gtest/gtest.h>

#include <iostream>

#include "models/prism_language/compiled_model.hpp"
#include "tests/models/jani/jani_cases.hpp"
#include "tests/models/jani/jani_test_support.hpp"

namespace sgplan::models::jani {
namespace {

using testing::cases_dir;

constexpr std::uint64_t kUnitTestStates = 200'000;  // the larger instances are for the survey

// Whose count. sgplan, like PRISM, counts every state reachable from the initial one (the full
// graph). QVBS's counts are the graphs the tools built to check the file's properties:
//  - Storm builds the full graph, except when it checks a single formula: then its builder makes
//    the formula's target states terminal (storm/builder/BuilderOptions.cpp: formulas.size() == 1
//    calls setTerminalStatesFromFormula; φ U ψ makes the ψ and ¬φ states terminal). The files
//    converted from PPDDL have one property, so Storm's counts there (cdrive.2: 38, not the full
//    55; exploding-blocksworld.5: 81,693, not 87,426) are of that graph; the PRISM conversions
//    have several, and Storm's counts are of the full graph (consensus, csma, zeroconf, firewire).
//  - mcsta's counts here are of the graph with the property's targets terminal as well: that
//    graph reproduces every mcsta figure of the shared instances (philosophers-mdp.3: mcsta 440,
//    full 956 as PRISM's own case study says; cdrive, exploding-blocksworld, tireworld,
//    triangle-tireworld, ij) and zeroconf N=20 or 1000, K=6, no reset (mcsta 796,941, Storm's
//    full 798,471; too large for this test, checked by hand). It is not the whole story: on QVBS
//    beb.3-4 (not in the shared data) mcsta counts 4,528, Storm the full 4,660, and the graphs
//    with either or both targets terminal have 4,660 and 4,632.
// The graph with targets terminal is the one sgplan answers a property on (property_answer.hpp).
std::uint64_t whose_count(const std::string& tool, const JaniModel& j, std::uint64_t full,
                          std::uint64_t with_targets_terminal) {
  if (tool.rfind("mcsta", 0) == 0) return with_targets_terminal;
  return j.properties.size() == 1 ? with_targets_terminal : full;  // Storm, Storm/dd
}

TEST(JaniQvbs, EveryFileLoadsAndHasTheReferenceStateCount) {
  const std::string dir = cases_dir();
  if (dir.empty())
    GTEST_SKIP() << "the shared test data is absent: set SGPLAN_CASES to the folder holding qvbs/";
  int checked = 0;
  testing::for_each_qvbs_jani_instance(dir, kUnitTestStates, [&](const testing::JaniInstance& q) {
    SCOPED_TRACE(q.label);
    const JaniModel j = load_jani_model((q.dir / q.jani).string(), q.constants);
    EXPECT_FALSE(j.properties.empty());
    for (const auto& p : j.properties) {
      if (!p.supported) {
        EXPECT_NE(p.unsupported.find("reward"), std::string::npos) << p.name << ": " << p.unsupported;
      }
    }
    if (q.states.empty()) return;
    const std::uint64_t full = testing::explore(j, q.constants).states;
    const auto first = std::find_if(j.properties.begin(), j.properties.end(),
                                    [](const prism_language::Property& p) { return p.supported; });
    ASSERT_NE(first, j.properties.end());
    const std::uint64_t terminal = testing::explore_with_targets(j, *first, q.constants);
    for (const auto& [tool, count] : q.states) {
      EXPECT_EQ(whose_count(tool, j, full, terminal), count)
          << tool << ": full " << full << ", targets terminal " << terminal;
      ++checked;
    }
  });
  EXPECT_GE(checked, 20);
}

TEST(JaniQvbs, EveryReachabilityPropertyMatchesItsReference) {
  const std::string dir = cases_dir();
  if (dir.empty())
    GTEST_SKIP() << "the shared test data is absent: set SGPLAN_CASES to the folder holding qvbs/";
  int answered = 0, rewards = 0;
  testing::for_each_qvbs_jani_instance(dir, kUnitTestStates, [&](const testing::JaniInstance& q) {
    const JaniModel j = load_jani_model((q.dir / q.jani).string(), q.constants);
    for (const auto& result : q.results) {
      const std::string name = result["property"].get<std::string>();
      SCOPED_TRACE(q.label + " " + name);
      const auto it = std::find_if(j.properties.begin(), j.properties.end(),
                                   [&](const prism_language::Property& p) { return p.name == name; });
      ASSERT_NE(it, j.properties.end()) << "no property of that name";
      const nlohmann::json& v = result["value"];
      if (!it->supported) {
        EXPECT_NE(it->unsupported.find("reward"), std::string::npos) << it->unsupported;
        ++rewards;
        continue;
      }
      // The references of hundreds of digits were read as 0 (shared_cases.hpp): skip those.
      if (v.is_object() && v["den"].is_number() && v["den"].get<double>() == 0.0) continue;
      prism_language::AnswerOptions o;
      o.epsilon = 1e-8;
      const auto a = with_json_places(
          j.places, j.file, [&] { return prism_language::answer_property(j.model, q.constants, *it, o); });
      if (v.is_boolean()) {
        ASSERT_TRUE(a.truth.has_value());
        EXPECT_EQ(*a.truth, v.get<bool>());
      } else {
        const double expected =
            v.is_object() ? v["num"].get<double>() / v["den"].get<double>() : v.get<double>();
        EXPECT_TRUE(a.sound);
        EXPECT_NEAR(a.value, expected, 1e-6);
        EXPECT_LE(a.lower, expected + 1e-9);
        EXPECT_GE(a.upper, expected - 1e-9);
      }
      ++answered;
    }
  });
  EXPECT_GE(answered, 30);
  std::cout << answered << " JANI properties answered, " << rewards << " reward properties left for later\n";
}

TEST(JaniQvbs, TriangleTireworld441HasASafePath) {
  const std::string dir = cases_dir();
  if (dir.empty())
    GTEST_SKIP() << "the shared test data is absent: set SGPLAN_CASES to the folder holding qvbs/";
  const std::string file = dir + "/qvbs/triangle-tireworld/triangle-tireworld.441.jani";
  const JaniModel j = load_jani_model(file, {});
  const prism_language::CompiledModel m(j.model, {});
  EXPECT_GT(m.state_bits(), 64);  // a wide state: interned
  ASSERT_EQ(j.properties.size(), 1u);
  prism_language::AnswerOptions o;
  o.epsilon = 1e-8;
  // Its graph passes 50 million states; under a budget of 200,000 the build stops, and the policy
  // that drives along the spare tyres is found without it (mdp/almost_sure_search.hpp).
  o.max_states = 200'000;
  const auto a = prism_language::answer_property(j.model, {}, j.properties[0], o);
  EXPECT_TRUE(a.by_almost_sure_search);
  EXPECT_EQ(a.value, 1.0);
  EXPECT_EQ(a.lower, 1.0);
  EXPECT_GT(a.states, 0u);
  EXPECT_LT(a.states, 200'000u);
}

}  // namespace
}  // namespace sgplan::models::jani
