// sgplan on PPDDL problems: solve prints the value and the grounding's cost (text and --json),
// info takes them, --target and --minimize change the objective, and bad input exits with 2 and
// a message at file:line:col. configs/ppddl-fleet.pddl is hand-solved (9/16, 30 states with the
// goal absorbing); QVBS's tireworld p01, where the shared data is present, gives Storm's exact
// reference 729/3125.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/cli/run_sgplan.hpp"

namespace sgplan::testing {
namespace {

const std::string kFleet = (kSource / "configs/ppddl-fleet.pddl").string();

fs::path write_file(const std::string& name, const std::string& text) {
  const fs::path dir = fs::temp_directory_path() / ("sgplan_ppddl_cli_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path file = dir / name;
  std::ofstream(file) << text;
  return file;
}

TEST(PpddlCli, SolvePrintsTheValueAndTheGroundingCost) {
  CommandResult r = sgplan({"solve", kFleet});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("value        0.5625"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("atoms 7 static_facts 0 ground_actions 5 commands 5 outcomes 9 seconds"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("first choice move c1 a b"), std::string::npos) << r.out;
  r = sgplan({"solve", kFleet, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["model"], "ppddl");
  EXPECT_NEAR(j["value"].get<double>(), 9.0 / 16.0, 1e-6);
  EXPECT_EQ(j["states"], 30);
  const auto& g = j["grounding"][0];
  EXPECT_EQ(g["atoms"], 7);
  EXPECT_EQ(g["ground_actions"], 5);
  EXPECT_EQ(g["commands"], 5);
  EXPECT_GE(g["seconds"].get<double>(), 0.0);
  r = sgplan({"solve", kFleet, "--exact", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["exact_value"], "9/16");
}

TEST(PpddlCli, TargetMinimizeAndInfo) {
  CommandResult r = sgplan({"solve", kFleet, "--target", "(at c1 b)", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NEAR(nlohmann::json::parse(r.out)["value"].get<double>(), 0.75, 1e-6);
  // The lowest probability: cross succeeds with 1/4 wet and 3/4 dry, dry dries with 1/2 per try;
  // the minimiser crosses at once (1/4), the maximiser dries first (3/4).
  const fs::path river = write_file("river.pddl", R"(
(define (domain river) (:requirements :negative-preconditions :conditional-effects :probabilistic-effects)
  (:predicates (wet) (across) (done))
  (:action cross :precondition (not (done))
    :effect (and (done) (when (wet) (probabilistic 1/4 (across))) (when (not (wet)) (probabilistic 3/4 (across)))))
  (:action dry :precondition (and (wet) (not (done))) :effect (probabilistic 1/2 (not (wet)))))
(define (problem river-1) (:domain river) (:init (wet)) (:goal (across)))
)");
  r = sgplan({"solve", river.string(), "--minimize", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NEAR(nlohmann::json::parse(r.out)["value"].get<double>(), 0.25, 1e-6);
  r = sgplan({"solve", river.string(), "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NEAR(nlohmann::json::parse(r.out)["value"].get<double>(), 0.75, 1e-6);
  r = sgplan({"info", kFleet, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["states"], 30);
  EXPECT_EQ(j["initial_state"], "(at c1 a) (at t1 a)");
}

TEST(PpddlCli, BadInputExitsWithTwoAndItsPlace) {
  const fs::path domain =
      write_file("domain.pddl", "(define (domain d) (:predicates (p))\n  (:action a :effect (q)))\n");
  const fs::path problem = write_file("p01.pddl", "(define (problem p) (:domain d) (:init) (:goal (p)))\n");
  CommandResult r = sgplan({"solve", problem.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(domain.string() + ":2:23: unknown predicate 'q' (declare it in :predicates)"),
            std::string::npos)
      << r.err;
  r = sgplan({"solve", domain.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(":1:1: this file defines the domain 'd', not a problem: give the problem file"),
            std::string::npos)
      << r.err;
  r = sgplan({"solve", kFleet, "--const", "N=2"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--const is for PRISM-language models"), std::string::npos) << r.err;
  r = sgplan({"solve", kFleet, "--max-ground-actions", "4"});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("PPDDL ground actions: 5 exceeds the limit of 4 (raise it with --max-ground-actions)"),
            std::string::npos)
      << r.err;
}

// export --format prism writes the whole reachable graph (the goal not made absorbing: 32 states,
// 4 of them deadlocks) with the atoms and ground actions renamed to PRISM identifiers; the files,
// read back, answer the problem's 9/16.
TEST(PpddlCli, ExportsPrismFilesThatAnswerAlike) {
  const fs::path dir = fs::temp_directory_path() / ("sgplan_ppddl_export_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string prefix = (dir / "fleet").string();
  CommandResult r = sgplan({"export", kFleet, "--format", "prism", "--out", prefix, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["model"], "ppddl");
  EXPECT_EQ(j["states"], 32);
  EXPECT_EQ(j["deadlocks"], 4);
  std::ifstream sta(prefix + ".sta");
  std::string header, first;
  std::getline(sta, header);
  std::getline(sta, first);
  EXPECT_EQ(first, "(at_c1_a,at_t1_a,broken_c1,at_c1_b,broken_t1,at_t1_b,repaired)");
  std::ifstream tra(prefix + ".tra");
  std::stringstream rows;
  rows << tra.rdbuf();
  EXPECT_NE(rows.str().find(" move_c1_b_a\n"), std::string::npos) << rows.str();
  r = sgplan(
      {"solve", prefix + ".tra", "--labels", prefix + ".lab", "--target", "goal", "--exact", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["exact_value"], "9/16");
}

TEST(PpddlCli, QvbsTireworld) {
  const fs::path p01 = kSource / "../shared/cases/qvbs/tireworld/p01.pddl";
  if (!fs::exists(p01)) GTEST_SKIP() << "the shared test data is absent (../shared/cases)";
  const CommandResult r = sgplan({"solve", p01.string(), "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_NEAR(j["value"].get<double>(), 729.0 / 3125.0, 1e-6);  // index.json: Storm/exact
  EXPECT_LE(j["lower"].get<double>(), 729.0 / 3125.0);
  EXPECT_GE(j["upper"].get<double>(), 729.0 / 3125.0);
  // --exact: every probability is a multiple of 1/10 here, and the answer is Storm's fraction.
  const CommandResult e = sgplan({"solve", p01.string(), "--exact", "--json"});
  ASSERT_EQ(e.exit_code, 0) << e.err;
  EXPECT_EQ(nlohmann::json::parse(e.out)["exact_value"], "729/3125");
}

}  // namespace
}  // namespace sgplan::testing
