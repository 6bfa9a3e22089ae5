// The QVBS models whose PRISM original is in the shared data (consensus, csma, firewire_abst, ij,
// philosophers-mdp, zeroconf): the JANI translation (Storm's conversion of the same PRISM file)
// and the PRISM model, each explored by the one generator, have the same number of states, and
// every reachability property both files name gets the same answer (within 1e-8) from either.
// Two readers of two languages agreeing is the check: neither file is read by the other's code.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "mdp/build_graph.hpp"
#include "models/prism_language/explicit_export.hpp"
#include "models/prism_language/properties.hpp"
#include "models/prism_language/property_answer.hpp"
#include "tests/models/jani/jani_cases.hpp"
#include "tests/models/jani/jani_test_support.hpp"

namespace sgplan::models::jani {
namespace {

using testing::cases_dir;
using testing::read;

TEST(JaniVsPrism, SameStatesAndSameAnswers) {
  const std::string dir = cases_dir();
  if (dir.empty())
    GTEST_SKIP() << "the shared test data is absent: set SGPLAN_CASES to the folder holding qvbs/";
  int models = 0, properties = 0;
  std::set<std::string> folders;
  testing::for_each_qvbs_jani_instance(dir, 200'000, [&](const testing::JaniInstance& q) {
    if (q.prism.empty()) return;
    SCOPED_TRACE(q.label);
    folders.insert(q.dir.filename().string());
    const JaniModel j = load_jani_model((q.dir / q.jani).string(), q.constants);
    prism_language::PrismModel prism =
        prism_language::parse_prism_model(read(q.dir / q.prism), (q.dir / q.prism).string());
    std::vector<prism_language::Property> prism_properties;
    if (!q.props.empty())
      prism_properties =
          prism_language::parse_properties(read(q.dir / q.props), (q.dir / q.props).string(), prism);
    {
      prism_language::CompiledModel m(prism, q.constants);
      EXPECT_EQ(testing::explore(j, q.constants).states, mdp::build_graph(m).graph.num_states());
    }
    ++models;
    for (const auto& pj : j.properties) {
      if (!pj.supported) continue;
      const auto pp = std::find_if(prism_properties.begin(), prism_properties.end(),
                                   [&](const prism_language::Property& p) { return p.name == pj.name; });
      if (pp == prism_properties.end() || !pp->supported) continue;
      SCOPED_TRACE(pj.name);
      prism_language::AnswerOptions o;
      o.epsilon = 1e-9;
      const auto a = with_json_places(
          j.places, j.file, [&] { return prism_language::answer_property(j.model, q.constants, pj, o); });
      const auto b = prism_language::answer_property(prism, q.constants, *pp, o);
      EXPECT_NEAR(a.value, b.value, 1e-8);
      EXPECT_EQ(a.truth, b.truth);
      EXPECT_EQ(a.states, b.states);  // the same graph, target states made terminal
      ++properties;
    }
  });
  EXPECT_EQ(folders, (std::set<std::string>{"consensus", "csma", "firewire_abst", "ij", "philosophers-mdp",
                                            "zeroconf"}));
  EXPECT_GE(models, 10);
  EXPECT_GE(properties, 20);
}

// The .tra rows of an export, each without its choice number, sorted: a state's choices as a set
// (the JANI conversion may list a state's edges in another order than the PRISM file's commands).
std::vector<std::string> rows_without_choice_numbers(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> rows;
  std::string line;
  std::getline(in, line);  // the header: states, choices, transitions (compared whole below)
  rows.push_back(line);
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string source, choice, rest;
    fields >> source >> choice;
    std::getline(fields, rest);
    rows.push_back(source + rest);
  }
  std::sort(rows.begin() + 1, rows.end());
  return rows;
}

std::string whole(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// `export --format prism` of the JANI translation writes the PRISM original's model: the same .sta
// byte for byte (the same variables, states and order) and the same rows of .tra up to the order of
// a state's choices.
TEST(JaniVsPrism, ExportsTheSameExplicitModel) {
  const std::string dir = cases_dir();
  if (dir.empty())
    GTEST_SKIP() << "the shared test data is absent: set SGPLAN_CASES to the folder holding qvbs/";
  namespace fs = std::filesystem;
  const fs::path out = fs::temp_directory_path() / ("sgplan_jani_export_" + std::to_string(::getpid()));
  fs::create_directories(out);
  int models = 0;
  testing::for_each_qvbs_jani_instance(dir, 200'000, [&](const testing::JaniInstance& q) {
    if (q.prism.empty()) return;
    SCOPED_TRACE(q.label);
    JaniModel j = load_jani_model((q.dir / q.jani).string(), q.constants);
    const std::string jp = (out / "jani").string(), pp = (out / "prism").string();
    with_json_places(j.places, j.file, [&] {
      prism_language::CompiledModel m(std::move(j.model), q.constants);
      return prism_language::export_prism_model(m, jp, 200'000);
    });
    prism_language::CompiledModel m(
        prism_language::parse_prism_model(read(q.dir / q.prism), (q.dir / q.prism).string()), q.constants);
    prism_language::export_prism_model(m, pp, 200'000);
    EXPECT_EQ(whole(jp + ".sta"), whole(pp + ".sta"));
    EXPECT_EQ(rows_without_choice_numbers(jp + ".tra"), rows_without_choice_numbers(pp + ".tra"));
    ++models;
  });
  fs::remove_all(out);
  EXPECT_GE(models, 10);
}

}  // namespace
}  // namespace sgplan::models::jani
