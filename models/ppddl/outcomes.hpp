// A ground action's effect as guarded commands with exact distributions (PPDDL1.0's semantics,
// Younes & Littman 2004, section 3; Younes, Littman, Weissman & Asmuth, JAIR 24, 2005, section
// 2.4): the branches of one (probabilistic ...) are exclusive, with the rest of the probability
// going to the empty effect; effects joined by `and` happen together, so independent
// probabilistic blocks multiply; a `when` condition is read in the state before the action.
//
// Each outcome is a simultaneous assignment to the atoms it touches. An atom added under
// condition A and deleted under condition D becomes  a' = A | (!D & a):  PDDL applies the deletes
// first and then the adds (Fox & Long 2003, "PDDL2.1", JAIR 20, the semantics of simple actions:
// the next logical state is (s \ Del) u Add; mdpsim, the IPPC's simulator, erases the deletes and
// then inserts the adds in Action::affect), so an atom both added and deleted ends true. A `when` whose body
// holds no probability is such a condition. A `when` whose body holds a probability changes the distribution
// itself: the command is split by the condition's truth (guard & c, guard & !c), the body taking effect on
// one side only. Outcomes with the same assignments are merged (their probabilities added).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/rational.hpp"
#include "models/ppddl/condition.hpp"
#include "models/ppddl/grounder.hpp"

namespace sgplan::models::ppddl {

struct Assignment {
  AtomId atom = 0;
  Condition value;  // the atom's next value, read in the state before
};

struct Outcome {
  Rational probability;
  std::vector<Assignment> assignments;  // by atom; untouched atoms keep their value
};

struct GroundCommand {
  Condition guard;
  std::vector<Outcome> outcomes;  // probabilities summing to exactly 1
};

struct OutcomeLimits {
  std::size_t max_outcomes = 65'536;  // of one command
  std::size_t max_splits = 16;        // distinct `when` conditions over probabilities, per action
};

// ResourceError past a limit (both fixed: they guard against a domain written to explode).
std::vector<GroundCommand> commands_of(const GroundAction& action, const OutcomeLimits& limits = {});

}  // namespace sgplan::models::ppddl
