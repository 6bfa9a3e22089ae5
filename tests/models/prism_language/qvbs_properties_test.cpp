// Every property of every QVBS instance whose PRISM file is in the shared test data, read from the
// original props file and answered with sound bounds, against index.json's reference (Storm's exact
// results: within 1e-6, or the truth value); the properties sgplan does not answer yet (expected
// rewards) are counted apart, and the reachability ones must all be answered.
#include <gtest/gtest.h>

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

std::string value_text(const nlohmann::json& v) {
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  return v.dump();
}

TEST(PrismQvbs, EveryReachabilityPropertyMatchesItsReference) {
  const std::string dir = cases_dir();
  if (dir.empty())
    GTEST_SKIP() << "the shared test data is absent: set SGPLAN_CASES to the folder holding qvbs/";
  int answered = 0, unsupported = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(dir) / "qvbs")) {
    const fs::path index = entry.path() / "index.json";
    if (!fs::exists(index)) continue;
    const nlohmann::json j = nlohmann::json::parse(without_huge_numbers(read(index)));
    for (const auto& file : j["files"]) {
      std::string prism, props;
      for (const auto& o : file.value("original-file", nlohmann::json::array())) {
        const std::string name = o.get<std::string>();
        if (name.size() > 6 && name.substr(name.size() - 6) == ".prism") prism = name;
        if (name.size() > 6 && name.substr(name.size() - 6) == ".props") props = name;
      }
      if (prism.empty() || props.empty() || !fs::exists(entry.path() / prism)) continue;
      for (const auto& open : file.value("open-parameter-values", nlohmann::json::array())) {
        if (!open.contains("states") || open["states"][0]["number"].get<std::uint64_t>() > 200'000) continue;
        ConstantOverrides consts;
        std::string label = prism;
        for (const auto& v : open.value("values", nlohmann::json::array())) {
          consts[v["name"].get<std::string>()] = value_text(v["value"]);
          label += " " + v["name"].get<std::string>() + "=" + value_text(v["value"]);
        }
        PrismModel model = parse_prism_model(read(entry.path() / prism), (entry.path() / prism).string());
        const std::vector<Property> properties =
            parse_properties(read(entry.path() / props), (entry.path() / props).string(), model);
        for (const auto& result : open.value("results", nlohmann::json::array())) {
          const std::string name = result["property"].get<std::string>();
          SCOPED_TRACE(label + " " + name);
          const auto it = std::find_if(properties.begin(), properties.end(),
                                       [&](const Property& p) { return p.name == name; });
          ASSERT_NE(it, properties.end()) << "no property of that name in " << props;
          if (!it->supported) {
            ++unsupported;
            EXPECT_NE(it->unsupported.find("reward"), std::string::npos) << it->unsupported;
            continue;
          }
          AnswerOptions o;
          o.epsilon = 1e-8;
          const PropertyAnswer a = answer_property(model, consts, *it, o);
          const nlohmann::json& v = result["value"];
          if (v.is_boolean()) {
            ASSERT_TRUE(a.truth.has_value());
            EXPECT_EQ(*a.truth, v.get<bool>());
          } else {
            const double expected = v.is_object() ? v["approx"].get<double>() : v.get<double>();
            EXPECT_NEAR(a.value, expected, 1e-6);
            EXPECT_LE(a.lower, expected + 1e-9);
            EXPECT_GE(a.upper, expected - 1e-9);
          }
          ++answered;
        }
      }
    }
  }
  EXPECT_GE(answered, 20);
  std::cout << answered << " properties answered, " << unsupported << " reward properties left for later\n";
}

}  // namespace
}  // namespace sgplan::models::prism_language
