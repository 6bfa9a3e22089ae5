// The PRISM and PRISM-games regression models of the shared test data, with the expected value
// written above each property (`// RESULT: 0.75`, `// RESULT (k=3): 0.9775`, 2/3, true): every
// reachability property sgplan answers gives its RESULT (within 1e-6); the others (rewards, X,
// LTL, state filters) are skipped and counted.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "models/prism_language/property_answer.hpp"
#include "tests/models/prism_language/shared_cases.hpp"

namespace sgplan::models::prism_language {
namespace {

using testing::cases_dir;
using testing::read;
using testing::without_huge_numbers;

namespace fs = std::filesystem;

std::vector<std::string> lines_of(const fs::path& p) {
  std::ifstream in(p);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

struct Expected {
  ConstantOverrides constants;  // from "(k=3)"
  std::string value;            // "0.75", "2/3", "true", "Infinity"
};

// The RESULT comments right above line `line` (1-based).
std::vector<Expected> results_above(const std::vector<std::string>& lines, int line) {
  std::vector<Expected> out;
  for (int k = line - 2; k >= 0; --k) {
    const std::string& text = lines[static_cast<std::size_t>(k)];
    // "// RESULT: v" or "// RESULT (k=3): v"
    const std::size_t slashes = text.find("//");
    const std::size_t at = text.find("RESULT", slashes == std::string::npos ? 0 : slashes);
    const std::size_t colon = at == std::string::npos ? at : text.find(':', at);
    if (slashes != std::string::npos && at != std::string::npos && colon != std::string::npos) {
      Expected e;
      const std::size_t open = text.find('(', at);
      if (open != std::string::npos && open < colon) {
        e.constants = parse_constant_overrides(text.substr(open + 1, text.find(')', open) - open - 1));
      }
      std::size_t v = colon + 1;
      while (v < text.size() && text[v] == ' ') ++v;
      std::size_t w = v;
      while (w < text.size() && text[w] != ' ' && text[w] != '\t') ++w;
      e.value = text.substr(v, w - v);
      out.push_back(e);
    } else if (lines[static_cast<std::size_t>(k)].find("//") == std::string::npos) {
      break;
    }
  }
  return out;
}

double number_of(const std::string& text) {
  const std::size_t slash = text.find('/');
  if (slash != std::string::npos) return std::stod(text.substr(0, slash)) / std::stod(text.substr(slash + 1));
  return std::stod(text);
}

TEST(PrismResults, RegressionModelsGiveTheirResults) {
  const std::string dir = cases_dir();
  if (dir.empty())
    GTEST_SKIP() << "the shared test data is absent: set SGPLAN_CASES to the folder holding prism-games/";
  int answered = 0, skipped = 0;
  for (const char* sub : {"prism-games", "prism-tests"}) {
    for (const auto& entry : fs::directory_iterator(fs::path(dir) / sub)) {
      const std::string ext = entry.path().extension().string();
      if (ext != ".prism" && ext != ".nm") continue;
      fs::path props = entry.path();
      props += ".props";
      if (!fs::exists(props)) props = entry.path().parent_path() / (entry.path().stem().string() + ".props");
      if (!fs::exists(props)) continue;
      // A model's own open constants, one run per line of its .args file (`-const version=1`).
      std::vector<ConstantOverrides> runs{{}};
      fs::path args = props;
      args += ".args";
      if (fs::exists(args)) {
        runs.clear();
        for (const std::string& a : lines_of(args)) {
          if (a.rfind("-const ", 0) == 0) runs.push_back(parse_constant_overrides(a.substr(7)));
        }
      }
      const std::vector<std::string> lines = lines_of(props);
      for (const ConstantOverrides& run : runs) {
        PrismModel model = parse_prism_model(read(entry.path()), entry.path().string());
        const std::vector<Property> properties = parse_properties(read(props), props.string(), model);
        for (const Property& p : properties) {
          for (const Expected& e : results_above(lines, p.where.line)) {
            ConstantOverrides consts = run;
            bool applies = true;
            for (const auto& [name, value] : e.constants) {
              const auto it = run.find(name);
              if (it != run.end() && it->second != value) applies = false;  // another run's result
              consts[name] = value;
            }
            if (!applies) continue;
            SCOPED_TRACE(props.string() + ":" + std::to_string(p.where.line) + " " + p.text + " expects " +
                         e.value);
            if (!p.supported || e.value == "Infinity") {
              ++skipped;
              continue;
            }
            const PropertyAnswer a = answer_property(model, consts, p);
            if (e.value == "true" || e.value == "false") {
              ASSERT_TRUE(a.truth.has_value());
              EXPECT_EQ(*a.truth, e.value == "true");
            } else {
              EXPECT_NEAR(a.value, number_of(e.value), 1e-6);
            }
            ++answered;
          }
        }
      }
    }
  }
  EXPECT_GE(answered, 25);
  std::cout << answered << " RESULT values checked, " << skipped
            << " properties sgplan does not answer yet\n";
}

// PRISM-games' attack-defence tree example (prism-examples/smgs/adt) has no RESULT lines; its props
// file's comments give the answers: no attack succeeds with probability 0.03, and the best attack
// succeeds with 0.68 * 0.3 * 0.75 * 0.15 = 0.02295 (the product of its four steps' probabilities).
TEST(PrismResults, AttackDefenceTreeGivesItsClosedForm) {
  const std::string dir = cases_dir();
  if (dir.empty())
    GTEST_SKIP() << "the shared test data is absent: set SGPLAN_CASES to the folder holding prism-games/";
  const fs::path file = fs::path(dir) / "prism-games" / "adt-infect.prism";
  const fs::path props = fs::path(dir) / "prism-games" / "adt-infect.props";
  PrismModel model = parse_prism_model(read(file), file.string());
  const std::vector<Property> properties = parse_properties(read(props), props.string(), model);
  ASSERT_EQ(properties.size(), 4u);
  const PropertyAnswer bound = answer_property(model, {}, properties[0]);
  ASSERT_TRUE(bound.truth.has_value());
  EXPECT_FALSE(*bound.truth);
  const PropertyAnswer best = answer_property(model, {}, properties[1]);
  EXPECT_NEAR(best.value, 0.68 * 0.3 * 0.75 * 0.15, 1e-9);
  EXPECT_LE(best.lower, 0.68 * 0.3 * 0.75 * 0.15 + 1e-12);
  EXPECT_GE(best.upper, 0.68 * 0.3 * 0.75 * 0.15 - 1e-12);
  EXPECT_EQ(best.states, 305u);           // PRISM-games 3.2.5 reports 305 states on this file
  EXPECT_FALSE(properties[2].supported);  // a reward
  EXPECT_FALSE(properties[3].supported);  // a conjunction of multi-objective queries
}

}  // namespace
}  // namespace sgplan::models::prism_language
