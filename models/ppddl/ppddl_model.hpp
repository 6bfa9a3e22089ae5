// A grounded PPDDL problem as sgplan explores it: the compiled PRISM-language model of its
// translation (translate.hpp), with PPDDL's names: a choice is the ground action ("move-car n2
// n1"), a state the fluent atoms true in it ("(vehicle-at n2) (not-flattire)"). The goal is the
// target, and goal states are absorbing, as PPDDL1.0 says (Younes, Littman, Weissman & Asmuth,
// JAIR 24, 2005, section 2.4: "no action may be applied to a state satisfying the goal").
// A state where no action applies is a dead end: terminal, worth 0 (the PRISM language gives it a
// self-loop, which has the same value but sends a simulation round it until its step limit).
// The grounding's cost comes with it, for the solve report.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mdp/build_graph.hpp"
#include "mdp/solution.hpp"
#include "models/graph_model.hpp"
#include "models/prism_language/compiled_model.hpp"

namespace sgplan::models::ppddl {

struct GroundingReport {
  std::uint64_t atoms = 0;            // state variables: the atoms some ground action changes
  std::uint64_t static_facts = 0;     // init atoms of predicates no action changes
  std::uint64_t ground_actions = 0;   // whose precondition can hold
  std::uint64_t commands = 0;         // ground actions split by `when` conditions over probabilities
  std::uint64_t outcomes = 0;         // updates over all commands
  double seconds = 0.0;               // reading, grounding and translating
  std::vector<std::string> warnings;  // leniencies taken (--lenient), each with its place
  std::uint64_t denominator = 1;
};

class PpddlModel {
 public:
  using State = prism_language::CompiledModel::State;

  // `goal`: the goal's node in the model. Until aim() is called nothing is a target, so the
  // exploration reaches every state (as a model checker counts them).
  PpddlModel(prism_language::CompiledModel model, prism_language::NodeId goal, std::vector<std::string> atoms,
             GroundingReport report)
      : model_(std::move(model)), goal_(goal), atoms_(std::move(atoms)), report_(std::move(report)) {}

  // The goal becomes the target (absorbing); maximize: MAXPROB, else the lowest probability.
  void aim(bool maximize) { model_.set_objective(goal_, maximize); }

  State initial() const { return model_.initial(); }
  mdp::Owner owner(const State& s) const;
  double terminal_value(const State& s) const { return model_.terminal_value(s); }
  template <class F>
  void for_each_choice(const State& s, F f) const {
    model_.for_each_choice(s, std::move(f));
  }
  std::uint64_t pack(const State& s) const { return model_.pack(s); }
  State unpack(std::uint64_t key) const { return model_.unpack(key); }
  // The ground action, without the PRISM brackets of its command's action.
  std::string label_name(mdp::LabelId id) const;
  // The fluent atoms true in the state, or "(none)".
  std::string describe(const State& s) const;
  // Every probability is a multiple of 1/D (mdp/implicit_model.hpp), so --exact answers with
  // fractions; InputError where D would exceed 2^53 (a double no longer tells the multiples apart).
  std::uint64_t exact_denominator() const;

  const GroundingReport& grounding() const { return report_; }
  const prism_language::CompiledModel& compiled() const { return model_; }
  const std::vector<std::string>& atoms() const { return atoms_; }

 private:
  prism_language::CompiledModel model_;
  prism_language::NodeId goal_;
  std::vector<std::string> atoms_;
  GroundingReport report_;
};

static_assert(mdp::ImplicitModel<PpddlModel>);

// The grounding's cost as the solve report's table "grounding" (the leniencies as its note).
std::vector<ReportTable> report_tables(const PpddlModel& model, const mdp::BuiltGraph& built,
                                       const mdp::Solution& solution);

}  // namespace sgplan::models::ppddl
