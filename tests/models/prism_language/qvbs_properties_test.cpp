// Every property of every QVBS instance whose PRISM file is in the shared test data, read from the
// original props file and answered with sound bounds, against index.json's reference (Storm's exact
// results: within 1e-6, or the truth value); the properties sgplan does not answer yet (expected
// rewards) are counted apart, and the reachability ones must all be answered.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "models/prism_language/property_answer.hpp"
#include "tests/models/prism_language/shared_cases.hpp"

namespace sgplan::models::prism_language {
namespace {

using testing::cases_dir;
using testing::read;
using testing::without_huge_numbers;

namespace fs = std::filesystem;

// A QVBS reference value (a truth value, a number or {"approx": number}) against an answer: the
// truth equal; the number within the sound bounds (1e-9 for the reference's own rounding) and
// within 1e-6 of the midpoint.
void expect_matches_reference(const PropertyAnswer& a, const nlohmann::json& v) {
  if (v.is_boolean()) {
    ASSERT_TRUE(a.truth.has_value());
    EXPECT_EQ(*a.truth, v.get<bool>());
    return;
  }
  const double expected = v.is_object() ? v["approx"].get<double>() : v.get<double>();
  EXPECT_NEAR(a.value, expected, 1e-6);
  EXPECT_LE(a.lower, expected + 1e-9);
  EXPECT_GE(a.upper, expected - 1e-9);
}

TEST(PrismQvbs, EveryReachabilityPropertyMatchesItsReference) {
  const std::string dir = cases_dir();
  if (dir.empty())
    GTEST_SKIP() << "the shared test data is absent: set SGPLAN_CASES to the folder holding qvbs/";
  int answered = 0, unsupported = 0;
  testing::for_each_qvbs_prism_instance(dir, 200'000, [&](const testing::QvbsInstance& q) {
    if (q.props.empty()) return;
    PrismModel model = parse_prism_model(read(q.dir / q.prism), (q.dir / q.prism).string());
    const std::vector<Property> properties =
        parse_properties(read(q.dir / q.props), (q.dir / q.props).string(), model);
    for (const auto& result : q.results) {
      const std::string name = result["property"].get<std::string>();
      SCOPED_TRACE(q.label + " " + name);
      const auto it = std::find_if(properties.begin(), properties.end(),
                                   [&](const Property& p) { return p.name == name; });
      ASSERT_NE(it, properties.end()) << "no property of that name in " << q.props;
      if (!it->supported) {
        ++unsupported;
        EXPECT_NE(it->unsupported.find("reward"), std::string::npos) << it->unsupported;
        continue;
      }
      AnswerOptions o;
      o.epsilon = 1e-8;
      const PropertyAnswer a = answer_property(model, q.constants, *it, o);
      expect_matches_reference(a, result["value"]);
      ++answered;
    }
  });
  EXPECT_GE(answered, 20);
  std::cout << answered << " properties answered, " << unsupported << " reward properties left for later\n";
}

// The same properties (those without a step bound) by bounded RTDP from the initial state: its
// bounds contain the reference and are epsilon apart; it never needs more states than the graph.
// Every unbounded reachability property of the shared QVBS instances answered by a search from
// the initial state: sound bounds epsilon apart that contain the reference value.
void expect_partial_search_matches(mdp::PartialMethod method) {
  const std::string dir = cases_dir();
  if (dir.empty())
    GTEST_SKIP() << "the shared test data is absent: set SGPLAN_CASES to the folder holding qvbs/";
  int answered = 0;
  testing::for_each_qvbs_prism_instance(dir, 200'000, [&](const testing::QvbsInstance& q) {
    if (q.props.empty()) return;
    PrismModel model = parse_prism_model(read(q.dir / q.prism), (q.dir / q.prism).string());
    const std::vector<Property> properties =
        parse_properties(read(q.dir / q.props), (q.dir / q.props).string(), model);
    for (const auto& result : q.results) {
      const std::string name = result["property"].get<std::string>();
      SCOPED_TRACE(q.label + " " + name);
      const auto it = std::find_if(properties.begin(), properties.end(),
                                   [&](const Property& p) { return p.name == name; });
      ASSERT_NE(it, properties.end()) << "no property of that name in " << q.props;
      if (!it->supported || it->steps) continue;  // rewards; step bounds are not searched
      AnswerOptions o;
      o.epsilon = 1e-6;
      o.search_from_start = true;
      o.partial_method = method;
      const auto start = std::chrono::steady_clock::now();
      const PropertyAnswer a = answer_property(model, q.constants, *it, o);
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      EXPECT_EQ(a.status, mdp::SolveStatus::Converged);
      EXPECT_LE(a.upper - a.lower, 1e-6);
      expect_matches_reference(a, result["value"]);
      std::cout << q.label << " " << name << ": " << a.states << " states explored, " << a.iterations
                << " paths, " << seconds << " s\n";
      ++answered;
    }
  });
  EXPECT_GE(answered, 15);
}

TEST(PrismQvbs, EveryUnboundedReachabilityPropertyMatchesByBoundedRtdp) {
  expect_partial_search_matches(mdp::PartialMethod::BoundedRtdp);
}

TEST(PrismQvbs, EveryUnboundedReachabilityPropertyMatchesByLabelledGoalSearch) {
  expect_partial_search_matches(mdp::PartialMethod::LabelledGoalSearch);
}

}  // namespace
}  // namespace sgplan::models::prism_language
