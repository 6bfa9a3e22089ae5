// A grounded PPDDL problem as a PRISM-language mdp (models/prism_language/model.hpp), so the one
// state-space generator (CompiledModel) explores it from the initial state: one bool variable per
// fluent atom, initialised by the init; one command per ground action and split (its action is
// the ground action's name, "move-car n2 n1", which labels its choice); one update per outcome,
// with its exact probability written num/den; the goal as the label "goal".
#pragma once

#include <string>
#include <vector>

#include "models/ppddl/grounder.hpp"
#include "models/ppddl/outcomes.hpp"
#include "models/prism_language/model.hpp"

namespace sgplan::models::ppddl {

struct Translation {
  prism_language::PrismModel model;
  prism_language::NodeId goal = 0;
  std::vector<std::string> variables;  // the atom of each state variable, in declaration order
  std::uint64_t commands = 0;
  std::uint64_t outcomes = 0;
};

// `commands[k]` are the commands of task.actions[k].
Translation translate(const Domain& domain, const Problem& problem, const GroundTask& task,
                      const std::vector<std::vector<GroundCommand>>& commands);

}  // namespace sgplan::models::ppddl
