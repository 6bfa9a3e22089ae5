// The sgplan binary end to end: the bad-input corpus (exact message and exit code for each file),
// the JSON of every command, exit codes.
#include <unistd.h>

#include <fstream>
#include <iterator>

#include "tests/cli/run_sgplan.hpp"

namespace sgplan::testing {
namespace {

TEST(Cli, BadInputCorpusGivesExactMessagesAndExitCodes) {
  const int cases = run_error_corpus(kSource / "tests/cli/bad_inputs", {"solve"});
  EXPECT_GE(cases, 30);
}

TEST(Cli, SolveJsonHasTheDocumentedKeys) {
  const auto j =
      parse_json(sgplan({"solve", "configs/explicit-example.yaml", "--json", "--epsilon", "1e-9"}));
  for (const char* key :
       {"model", "states", "choices", "transitions", "objective", "horizon", "method", "value", "lower",
        "upper", "iterations", "status", "build_seconds", "solve_seconds", "seconds"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  EXPECT_EQ(j["objective"], "eventual");
  EXPECT_EQ(j["method"], "interval");
  EXPECT_EQ(j["status"], "converged");
  EXPECT_EQ(j["states"], 5);
  EXPECT_NEAR(j["value"].get<double>(), 3.0 / 13.0, 1e-9);
  EXPECT_LE(j["lower"].get<double>(), 3.0 / 13.0);
  EXPECT_GE(j["upper"].get<double>(), 3.0 / 13.0);
  EXPECT_EQ(j["first_choice"], "go");
}

TEST(Cli, SolveProfileTimesEachPhase) {
  const auto plain = parse_json(sgplan({"solve", "configs/robot-monster-tiny.yaml", "--json"}));
  EXPECT_FALSE(plain.contains("profile"));
  for (const char* method : {"interval", "topological", "policy", "vi"}) {
    const auto j = parse_json(
        sgplan({"solve", "configs/robot-monster-tiny.yaml", "--json", "--profile", "--method", method}));
    ASSERT_TRUE(j.contains("profile")) << method;
    const auto& p = j["profile"];
    double named = 0.0;
    for (const char* key : {"predecessors", "precomputation", "sweeps", "policy", "other"}) {
      ASSERT_TRUE(p.contains(key)) << key;
      EXPECT_GE(p[key].get<double>(), 0.0) << key;
      if (std::string(key) != "other") named += p[key].get<double>();
    }
    // The named phases are disjoint parts of the solve (a phase counted twice would exceed it),
    // and "other" is the rest.
    const double solve = j["solve_seconds"].get<double>();
    EXPECT_LE(named, solve) << method;
    EXPECT_NEAR(p["other"].get<double>(), solve - named, 1e-12) << method;
    EXPECT_GT(p["predecessors"].get<double>() + p["precomputation"].get<double>(), 0.0) << method;
    // This grid has Max and no Min: its end components are found within the precomputation.
    EXPECT_LE(p["end_components"].get<double>(), p["precomputation"].get<double>()) << method;
    EXPECT_EQ(p["build"].get<double>(), j["build_seconds"].get<double>());
    if (std::string(method) == "interval") {
      EXPECT_GT(p["transitions_swept"].get<std::uint64_t>(), 0u);
      EXPECT_GT(p["policy"].get<double>(), 0.0);
    }
  }
  const std::string text = sgplan({"solve", "configs/robot-monster-tiny.yaml", "--profile"}).out;
  EXPECT_NE(text.find("\nprofile      build "), std::string::npos) << text;
  EXPECT_NE(text.find("end components"), std::string::npos) << text;
}

// Pooled probabilities (the default) and --plain-probabilities: the same answers to the last
// digit, and the graph smaller by exactly 7 bytes per transition less the table of distinct values.
TEST(Cli, PlainProbabilitiesGiveTheSameAnswers) {
  const std::vector<std::vector<std::string>> models = {
      {"configs/robot-monster-adversarial.yaml"},
      {"configs/robot-monster-ring.yaml"},
      {"configs/explicit-example.yaml"},
      {"configs/coin-race.prism", "--target", "at_goal", "--coalition", "runner"},
      {"configs/formula-game.yaml"}};
  for (const auto& model : models) {
    for (const char* method : {"interval", "policy"}) {
      std::vector<std::string> args = {"solve", "--json", "--method", method};
      args.insert(args.end(), model.begin(), model.end());
      const auto pooled = parse_json(sgplan(args));
      args.push_back("--plain-probabilities");
      const auto plain = parse_json(sgplan(args));
      SCOPED_TRACE(model[0] + " " + method);
      for (const char* key : {"value", "lower", "upper", "iterations", "states", "transitions", "status"}) {
        EXPECT_EQ(pooled[key], plain[key]) << key;
      }
      EXPECT_EQ(plain["probability_bytes"], 8);
      EXPECT_EQ(plain["distinct_probabilities"], 0);
      const auto distinct = pooled["distinct_probabilities"].get<std::uint64_t>();
      EXPECT_GT(distinct, 0u);
      EXPECT_EQ(pooled["probability_bytes"], distinct <= 256 ? 1 : 2);
      const auto transitions = pooled["transitions"].get<std::uint64_t>();
      EXPECT_EQ(plain["graph_bytes"].get<std::uint64_t>() - pooled["graph_bytes"].get<std::uint64_t>(),
                transitions * (8 - pooled["probability_bytes"].get<std::uint64_t>()) - 8 * distinct);
    }
  }
  const std::string text = sgplan({"info", "configs/robot-monster-ring.yaml"}).out;
  EXPECT_NE(text.find("(probabilities: 1-byte index into "), std::string::npos) << text;
}

TEST(Cli, SolveHorizonAndMethods) {
  // Within 2 steps: go (1/2 to s1), then s1's 0.3 chance of success: 0.15.
  auto j = parse_json(sgplan({"solve", "configs/explicit-example.yaml", "--json", "--horizon", "2"}));
  EXPECT_EQ(j["objective"], "horizon");
  EXPECT_EQ(j["horizon"], 2);
  EXPECT_NEAR(j["value"].get<double>(), 0.15, 1e-15);
  for (const char* m : {"topological", "policy", "vi", "gauss-seidel"}) {
    j = parse_json(
        sgplan({"solve", "configs/explicit-example.yaml", "--json", "--method", m, "--epsilon", "1e-10"}));
    EXPECT_EQ(j["method"], m);
    EXPECT_NEAR(j["value"].get<double>(), 3.0 / 13.0, 1e-8) << m;
  }
  EXPECT_TRUE(j["upper"].is_null());  // plain value iteration has no upper bound
  // Tree search on the explicit graph equals the graph's horizon values.
  for (int k = 0; k <= 12; ++k) {
    const auto tree = parse_json(sgplan({"solve", "configs/explicit-example.yaml", "--json", "--method",
                                         "expectimax", "--horizon", std::to_string(k)}));
    const auto graph = parse_json(
        sgplan({"solve", "configs/explicit-example.yaml", "--json", "--horizon", std::to_string(k)}));
    EXPECT_EQ(tree["method"], "expectimax");  // the method that ran
    EXPECT_NEAR(tree["value"].get<double>(), graph["value"].get<double>(), 1e-15) << k;
  }
}

TEST(Cli, InfoSimulateAndExport) {
  auto j = parse_json(sgplan({"info", "configs/explicit-example.yaml", "--json"}));
  EXPECT_EQ(j["states"], 5);
  EXPECT_EQ(j["choices"], 5);
  EXPECT_EQ(j["transitions"], 7);
  j = parse_json(
      sgplan({"simulate", "configs/explicit-example.yaml", "--json", "--runs", "4000", "--seed", "7"}));
  for (const char* key : {"runs", "successes", "estimate", "ci_low", "ci_high", "mean_steps", "truncated"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  EXPECT_EQ(j["runs"], 4000);
  EXPECT_LE(j["ci_low"].get<double>(), 3.0 / 13.0);
  EXPECT_GE(j["ci_high"].get<double>(), 3.0 / 13.0);
  // Same seed, same answer.
  const auto again = parse_json(
      sgplan({"simulate", "configs/explicit-example.yaml", "--json", "--runs", "4000", "--seed", "7"}));
  EXPECT_EQ(again["successes"], j["successes"]);

  const fs::path dir = fs::temp_directory_path() / ("sgplan_export_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path prefix = dir / "example";
  // A game with Max and Min has no PRISM MDP counterpart: refused.
  CommandResult refused =
      sgplan({"export", "configs/explicit-example.yaml", "--format", "prism", "--out", prefix.string()});
  EXPECT_EQ(refused.exit_code, 2);
  j = parse_json(sgplan({"export", "configs/robot-monster-tiny.yaml", "--format", "prism", "--out",
                         prefix.string(), "--json"}));
  EXPECT_EQ(j["written"].size(), 3u);
  const auto original =
      parse_json(sgplan({"solve", "configs/robot-monster-tiny.yaml", "--json", "--epsilon", "1e-10"}));
  const auto imported =
      parse_json(sgplan({"solve", prefix.string() + ".tra", "--labels", prefix.string() + ".lab", "--target",
                         "success", "--json", "--epsilon", "1e-10"}));
  EXPECT_EQ(imported["states"], original["states"]);
  EXPECT_EQ(imported["owners"], original["owners"]);
  EXPECT_NEAR(imported["value"].get<double>(), original["value"].get<double>(), 1e-9);
  j = parse_json(sgplan(
      {"export", "configs/explicit-example.yaml", "--format", "dot", "--out", prefix.string(), "--json"}));
  std::ifstream dot(prefix.string() + ".dot");
  std::stringstream text;
  text << dot.rdbuf();
  EXPECT_NE(text.str().find("digraph"), std::string::npos);
  EXPECT_NE(text.str().find("label=\"go\""), std::string::npos);
  fs::remove_all(dir);
}

TEST(Cli, UsageErrorsAndHelp) {
  EXPECT_EQ(sgplan({}).exit_code, 2);
  EXPECT_EQ(sgplan({"frobnicate"}).exit_code, 2);
  EXPECT_EQ(sgplan({"solve"}).exit_code, 2);
  const CommandResult help = sgplan({"solve", "--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--method"), std::string::npos);
}

// Robustness: randomly damaged model files (characters deleted, inserted, replaced, swapped; a
// fixed seed) never crash the binary: every run ends with 0, 2 (bad input) or 3 (a limit), never
// with an internal error.
TEST(Cli, DamagedModelFilesNeverCrash) {
  const std::vector<std::string> sources = {
      "configs/explicit-example.yaml", "configs/robot-monster-tiny.yaml", "configs/nim.yaml",
      "configs/formula-flips.yaml",    "configs/repeated-pd.yaml",        "configs/poker.yaml"};
  const fs::path dir = fs::temp_directory_path() / ("sgplan_damaged_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::uint64_t state = 20261129;
  auto next = [&state](std::uint64_t n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (state >> 33) % n;
  };
  const std::string alphabet = ":{}[],-#|\n .0123456789/abxyz\"'&*!";
  for (int round = 0; round < 60; ++round) {
    std::ifstream in(kSource / sources[next(sources.size())]);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (std::uint64_t k = 0, edits = 1 + next(4); k < edits && !text.empty(); ++k) {
      const std::size_t at = next(text.size());
      switch (next(4)) {
        case 0:
          text.erase(at, 1);
          break;
        case 1:
          text.insert(at, 1, alphabet[next(alphabet.size())]);
          break;
        case 2:
          text[at] = alphabet[next(alphabet.size())];
          break;
        default:
          std::swap(text[at], text[next(text.size())]);
          break;
      }
    }
    const fs::path file = dir / "damaged.yaml";
    std::ofstream(file) << text;
    for (const char* command : {"info", "solve"}) {
      const CommandResult r = sgplan({command, file.string(), "--max-states", "100000"});
      EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 2 || r.exit_code == 3) << text << "\n" << r.err;
      EXPECT_EQ(r.err.find("internal error"), std::string::npos) << text << "\n" << r.err;
    }
  }
  fs::remove_all(dir);
}

// --threads changes how the work is split, never the result: the exported graph (its state
// numbering), the solve's numbers and a simulation under the solver's policy are the same for 1, 2
// and 3 threads, on models built in parallel and on one that is not (the explicit example).
TEST(Cli, ThreadCountsGiveTheSameGraphsAnswersAndPolicies) {
  const fs::path out = fs::temp_directory_path() / ("sgplan-threads-" + std::to_string(::getpid()));
  fs::create_directories(out);
  struct Case {
    const char* model;
    bool export_graph;  // the open 5x5 grid's drawing would be 240 MB (its graphs are compared in
                        // tests/models/robot_monster/robot_monster_parallel_build_test.cpp)
    std::vector<const char*> methods;
  };
  const std::vector<Case> cases = {{"configs/robot-monster-adversarial.yaml", true, {"interval", "policy"}},
                                   {"configs/robot-monster-mixed.yaml", true, {"interval", "policy"}},
                                   {"tools/bench/models/robot-monster-open5.yaml", false, {"interval"}},
                                   {"configs/nim.yaml", true, {"interval"}},
                                   {"tools/bench/models/pig-goal20.yaml", true, {"interval", "policy"}},
                                   {"configs/formula-game.yaml", true, {"interval", "policy"}},
                                   {"configs/explicit-example.yaml", true, {"interval", "policy"}}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.model);
    std::vector<std::string> one;
    for (const char* threads : {"1", "2", "3"}) {
      SCOPED_TRACE(std::string("threads ") + threads);
      std::vector<std::string> results;
      if (c.export_graph) {
        const fs::path prefix = out / (std::string("graph-") + threads);
        const CommandResult exported =
            sgplan({"export", c.model, "--format", "dot", "--out", prefix.string(), "--threads", threads});
        ASSERT_EQ(exported.exit_code, 0) << exported.err;
        std::ifstream in(prefix.string() + ".dot", std::ios::binary);
        results.emplace_back((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        ASSERT_FALSE(results.back().empty());
      }
      for (const char* method : c.methods) {
        results.push_back(without_timings(parse_json(sgplan({"solve", c.model, "--json", "--method", method,
                                                             "--threads", threads})))
                              .dump());
      }
      results.push_back(without_timings(parse_json(sgplan({"simulate", c.model, "--json", "--runs", "500",
                                                           "--seed", "5", "--threads", threads})))
                            .dump());
      if (one.empty()) {
        one = results;
      } else {
        ASSERT_EQ(results.size(), one.size());
        for (std::size_t i = 0; i < results.size(); ++i)
          EXPECT_TRUE(results[i] == one[i]) << i << ": " << results[i];
      }
    }
  }
  fs::remove_all(out);
}

// --engine matrix-free: the stored engine's states and bounds (overlapping, each within
// epsilon) with no graph stored, and refusals, exit 2, where it does not apply.
TEST(Cli, MatrixFreeEngineAgreesWithTheStoredOneAndRefusesWhatItCannotDo) {
  for (const char* model : {"configs/robot-monster-adversarial.yaml", "configs/robot-monster-mixed.yaml",
                            "configs/nim.yaml", "tools/bench/models/pig-goal20.yaml"}) {
    SCOPED_TRACE(model);
    const auto stored =
        parse_json(sgplan({"solve", model, "--json", "--method", "interval", "--epsilon", "1e-9"}));
    const auto free =
        parse_json(sgplan({"solve", model, "--json", "--engine", "matrix-free", "--epsilon", "1e-9"}));
    EXPECT_EQ(stored["engine"], "stored");
    EXPECT_EQ(free["engine"], "matrix-free");
    EXPECT_EQ(free["states"], stored["states"]);
    EXPECT_EQ(free["status"], "converged");
    EXPECT_LE(free["lower"].get<double>(), stored["upper"].get<double>());
    EXPECT_LE(stored["lower"].get<double>(), free["upper"].get<double>());
    EXPECT_LE(free["upper"].get<double>() - free["lower"].get<double>(), 1e-9);
    EXPECT_EQ(free["zero_states"], stored["zero_states"]);  // value-0 states, terminals included
  }
  const CommandResult explicit_model =
      sgplan({"solve", "configs/explicit-example.yaml", "--engine", "matrix-free"});
  EXPECT_EQ(explicit_model.exit_code, 2);
  EXPECT_NE(explicit_model.err.find("packed state index"), std::string::npos) << explicit_model.err;
  const CommandResult policy =
      sgplan({"solve", "configs/robot-monster-tiny.yaml", "--engine", "matrix-free", "--method", "policy"});
  EXPECT_EQ(policy.exit_code, 2);
  EXPECT_NE(policy.err.find("interval iteration only"), std::string::npos) << policy.err;
  const CommandResult horizon =
      sgplan({"solve", "configs/robot-monster-tiny.yaml", "--engine", "matrix-free", "--horizon", "3"});
  EXPECT_EQ(horizon.exit_code, 2);
  const CommandResult unknown = sgplan({"solve", "configs/robot-monster-tiny.yaml", "--engine", "gpu"});
  EXPECT_EQ(unknown.exit_code, 2);
}

}  // namespace
}  // namespace sgplan::testing
