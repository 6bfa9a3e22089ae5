// The conformance suite of the state-graph kinds: every kind the registry lists in the state-graph
// family (explicit, robot-monster, nim, formula-game, pig, PRISM explicit, and whatever is added)
// must have a sample here, and every sample must load through the registry and build a graph that
//   - is well formed: terminal states have no choices and a value in [0, 1], other states at least
//     one choice, every choice a distribution (positive probabilities summing to 1) over states
//     that exist;
//   - agrees with the model's own facts: the state bound and the proven lower bound bracket the
//     state count, the names of states where play goes on are distinct, a drawing and a report exist exactly
//     where the kind's capabilities say;
//   - solves consistently: interval iteration's bounds are sound and close, policy iteration lands
//     inside them, the finite-horizon values rise with the horizon and stay below the eventual
//     bound, and where the kind offers tree search, expectimax gives the finite-horizon value.
// A new kind without a sample fails EveryStateGraphKindHasASample.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "mdp/finite_horizon.hpp"
#include "mdp/policy_iteration.hpp"
#include "mdp/reachability.hpp"
#include "models/formats/prism_explicit.hpp"
#include "models/registry.hpp"

namespace sgplan::models {
namespace {

namespace fs = std::filesystem;

struct Sample {
  std::string kind;
  std::string path;
  LoadOptions options;
};

fs::path scratch() {
  const fs::path dir = fs::temp_directory_path() / ("sgplan_kinds_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir;
}

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = (scratch() / name).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

std::vector<Sample> make_samples() {
  const fs::path configs = fs::path(SGPLAN_SOURCE_DIR) / "configs";
  std::vector<Sample> out{
      {"explicit", (configs / "explicit-example.yaml").string(), {}},
      {"robot-monster", (configs / "robot-monster-tiny.yaml").string(), {}},
      {"robot-monster", (configs / "robot-monster-ring.yaml").string(), {}},
      {"nim", (configs / "nim.yaml").string(), {}},
      {"nim", (configs / "nim-misere.yaml").string(), {}},
      {"formula-game", (configs / "formula-game.yaml").string(), {}},
      {"formula-game", (configs / "formula-flips.yaml").string(), {}},
      {"pig", write_file("pig.yaml", "model: pig\ngoal: 12\ndie: 4\n"), {}},
  };
  // PRISM explicit files, written by the exporter from the tiny robot-monster game.
  const auto tiny = ModelRegistry::builtin().load_graph((configs / "robot-monster-tiny.yaml").string(), {});
  const std::string prefix = (scratch() / "tiny").string();
  formats::write_prism_explicit(tiny->build({}).graph, prefix);
  LoadOptions prism;
  prism.labels_path = prefix + ".lab";
  prism.target_label = "success";
  out.push_back({"prism", prefix + ".tra", prism});
  // The PRISM language: an mdp with synchronised commands and an open constant, and an smg.
  LoadOptions flips;
  flips.constants = "N=3";
  flips.target_label = "heads";
  out.push_back({"prism-language",
                 write_file("flips.prism",
                            "mdp\nconst int N;\n"
                            "module counter n : [0..N] init 0; [flip] n < N -> (n'=n+1); endmodule\n"
                            "module coin heads : bool init false;\n"
                            "  [flip] true -> 0.5 : (heads'=true) + 0.5 : (heads'=false);\n"
                            "  [wait] !heads -> true;\nendmodule\n"),
                 flips});
  LoadOptions game;
  game.target_label = "x=2";
  game.coalition = "runner";
  out.push_back({"prism-language",
                 write_file("race.prism",
                            "smg\nplayer runner mover endplayer\nplayer blocker wall endplayer\n"
                            "global turn : [0..1] init 0;\nglobal x : [0..2] init 0;\n"
                            "module mover\n"
                            "  [] turn=0 & x<2 -> 0.5 : (x'=x+1)&(turn'=1) + 0.5 : (turn'=1);\n"
                            "  [] turn=0 -> (turn'=1);\nendmodule\n"
                            "module wall [] turn=1 -> (turn'=0); [] turn=1 & x=1 -> (turn'=0)&(x'=0);"
                            " endmodule\n"),
                 game});
  // JANI: two automata synchronising on `flip` (a coin and a counter), with the target given.
  LoadOptions jani;
  jani.target_label = "heads";
  out.push_back({"jani", write_file("flips.jani", R"({"jani-version": 1, "name": "flips", "type": "mdp",
    "actions": [{"name": "flip"}],
    "variables": [{"name": "n", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 3},
                   "initial-value": 0},
                  {"name": "heads", "type": "bool", "initial-value": false}],
    "automata": [
      {"name": "counter", "locations": [{"name": "l"}], "initial-locations": ["l"],
       "edges": [{"location": "l", "action": "flip", "guard": {"exp": {"op": "<", "left": "n", "right": 3}},
                  "destinations": [{"location": "l", "assignments": [{"ref": "n", "value": {"op": "+", "left": "n", "right": 1}}]}]}]},
      {"name": "coin", "locations": [{"name": "l"}], "initial-locations": ["l"],
       "edges": [{"location": "l", "action": "flip",
                  "destinations": [{"location": "l", "probability": {"exp": 0.5}, "assignments": [{"ref": "heads", "value": true}]},
                                   {"location": "l", "probability": {"exp": 0.5}}]},
                 {"location": "l", "guard": {"exp": {"op": "¬", "exp": "heads"}}, "destinations": [{"location": "l"}]}]}],
    "system": {"elements": [{"automaton": "counter"}, {"automaton": "coin"}],
               "syncs": [{"synchronise": ["flip", "flip"], "result": "flip"}]},
    "properties": []})"),
                 jani});
  // PPDDL: the hand-solved fleet (configs/ppddl-fleet.pddl, domain and problem in one file).
  out.push_back({"ppddl", (configs / "ppddl-fleet.pddl").string(), {}});
  return out;
}

// Written once per run (the PRISM sample is exported from a built graph).
const std::vector<Sample>& samples() {
  static const std::vector<Sample> all = make_samples();
  return all;
}

TEST(StateGraphKinds, EveryStateGraphKindHasASample) {
  std::set<std::string> sampled;
  for (const Sample& s : samples()) sampled.insert(s.kind);
  std::size_t kinds = 0;
  for (const ModelKind& k : ModelRegistry::builtin().kinds()) {
    if (k.family != ModelFamily::StateGraph) continue;
    ++kinds;
    EXPECT_TRUE(sampled.count(k.name)) << "no conformance sample for the state-graph kind '" << k.name << "'";
  }
  EXPECT_EQ(kinds, 9u);
}

// Returns the number of entries checked.
std::size_t check_well_formed(const mdp::StateGraph& g) {
  std::size_t entries = 0;
  EXPECT_LT(g.initial_state(), g.num_states());
  for (mdp::StateIndex s = 0; s < g.num_states(); ++s) {
    if (g.owner(s) == mdp::Owner::Terminal) {
      EXPECT_EQ(g.num_choices(s), 0u) << "terminal state " << s;
      EXPECT_GE(g.terminal_value(s), 0.0) << s;
      EXPECT_LE(g.terminal_value(s), 1.0) << s;
      continue;
    }
    EXPECT_GE(g.num_choices(s), 1u) << "state " << s << " has no choice";
    if (g.owner(s) == mdp::Owner::Chance) {
      EXPECT_EQ(g.num_choices(s), 1u) << s;
    }
    for (mdp::ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
      double total = 0.0;
      for (mdp::EntryIndex e = g.first_entry(c); e < g.end_entry(c); ++e) {
        ++entries;
        EXPECT_GT(g.probability(e), 0.0) << s;
        EXPECT_LT(g.target(e), g.num_states()) << s;
        total += g.probability(e);
      }
      EXPECT_NEAR(total, 1.0, 1e-9) << "choice " << c << " of state " << s;
    }
  }
  return entries;
}

TEST(StateGraphKinds, EverySampleLoadsBuildsAndSolvesConsistently) {
  const ModelRegistry& registry = ModelRegistry::builtin();
  std::size_t entries = 0;
  for (const Sample& sample : samples()) {
    SCOPED_TRACE(sample.path);
    const ModelFile file = registry.open(sample.path);
    ASSERT_EQ(file.kind().name, sample.kind);
    const auto model = registry.load_graph(file, sample.options);
    EXPECT_EQ(model->kind(), sample.kind);
    EXPECT_FALSE(model->default_method().empty());
    const mdp::BuiltGraph built = model->build({});
    const mdp::StateGraph& g = built.graph;
    ASSERT_GT(g.num_states(), 1u);
    entries += check_well_formed(g);
    EXPECT_LE(model->reachable_lower_bound(), g.num_states());
    if (model->state_bound() != 0) {
      EXPECT_GE(model->state_bound(), g.num_states());
    }
    // Names tell states apart where play goes on; terminal states may share one (robot-monster
    // calls every capture "caught" whoever was to move).
    std::set<std::string> names;
    std::size_t playing = 0;
    for (mdp::StateIndex s = 0; s < g.num_states(); ++s) {
      if (g.owner(s) == mdp::Owner::Terminal) continue;
      ++playing;
      names.insert(model->state_name(built, s));
    }
    EXPECT_EQ(names.size(), playing) << "two states where play goes on share a name";

    const mdp::StateIndex s0 = g.initial_state();
    const bool endless_draws = !model->acyclic() && model->infinite_play().has_value();
    mdp::SolveOptions options;
    options.epsilon = 1e-9;
    double eventual_upper = 1.0;
    if (!endless_draws) {  // a draw rule for endless plays needs a horizon or retrograde analysis
      const mdp::Solution interval = mdp::solve_reachability(g, options);
      EXPECT_EQ(interval.status, mdp::SolveStatus::Converged);
      for (mdp::StateIndex s = 0; s < g.num_states(); ++s) {
        EXPECT_LE(interval.lower[s], interval.upper[s]) << s;
        EXPECT_GE(interval.lower[s], 0.0) << s;
        EXPECT_LE(interval.upper[s], 1.0) << s;
      }
      EXPECT_LE(interval.upper[s0] - interval.lower[s0], 1e-9);
      eventual_upper = interval.upper[s0];
      options.method = mdp::Method::Policy;
      const mdp::Solution policy = mdp::solve_policy_iteration(g, options);
      EXPECT_GE(policy.value(s0), interval.lower[s0] - 1e-9);
      EXPECT_LE(policy.value(s0), interval.upper[s0] + 1e-9);
      EXPECT_EQ(file.kind().capabilities.render, !model->render(built, interval, s0).empty());
      EXPECT_EQ(file.kind().capabilities.report, !model->report(built, interval).empty());
    }
    double previous = 0.0;
    for (std::uint32_t k = 0; k <= 6; ++k) {
      const mdp::Solution horizon = mdp::solve_finite_horizon(g, k, mdp::SolveOptions{});
      const double v = horizon.value(s0);
      EXPECT_GE(v, previous - 1e-12) << "horizon " << k;
      if (!endless_draws) {
        EXPECT_LE(v, eventual_upper + 1e-9) << "horizon " << k;
      }
      previous = v;
      if (file.kind().capabilities.tree_search && k <= 4) {
        TreeSearchRequest request;
        request.method = "expectimax";
        request.depth = k;
        const auto searched = model->tree_search(request);
        ASSERT_TRUE(searched.has_value());
        EXPECT_NEAR(searched->value, v, 1e-12) << "expectimax to depth " << k;
      }
    }
  }
  EXPECT_GT(entries, 1000u);
}

}  // namespace
}  // namespace sgplan::models
