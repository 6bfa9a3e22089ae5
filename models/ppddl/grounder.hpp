// Grounding a PPDDL problem: every action schema instantiated with the objects of its parameters'
// types, keeping the instances whose precondition can hold.
//
// A predicate no action adds or deletes is static: its atoms keep their init truth, so they (and
// equality, and quantifiers expanded over the objects of their types) are decided here, and the
// static conjuncts of a precondition prune the parameter enumeration as soon as their variables
// are bound. An atom that no ground action's effect mentions keeps its init truth too and becomes
// a constant; the atoms some effect changes are the state variables (fluent atoms).
//
// Limits are checked before the memory is taken: ground actions (--max-ground-actions), and the
// instances quantifiers expand to (a fixed 1,000,000).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/rational.hpp"
#include "models/ppddl/ast.hpp"
#include "models/ppddl/atom_table.hpp"
#include "models/ppddl/condition.hpp"

namespace sgplan::models::ppddl {

struct GroundEffect {
  enum class Kind : std::uint8_t { kAdd, kDelete, kAnd, kWhen, kProbabilistic };
  Kind kind = Kind::kAnd;               // kAnd without children: no change
  AtomId atom = 0;                      // kAdd, kDelete
  Condition condition;                  // kWhen
  std::vector<GroundEffect> children;   // kAnd; kWhen: one; kProbabilistic: a branch each
  std::vector<Rational> probabilities;  // kProbabilistic (each above 0; the rest is no change)

  bool empty() const { return kind == Kind::kAnd && children.empty(); }
};

struct GroundAction {
  std::uint32_t schema = 0;  // the domain's action
  std::vector<ObjectId> args;
  Condition precondition;  // over fluent atoms only
  GroundEffect effect;
};

struct GroundTask {
  AtomTable atoms;
  std::vector<bool> initially;  // per atom: true in the init
  std::vector<bool> fluent;     // per atom: some ground action's effect changes it
  std::vector<GroundAction> actions;
  Condition goal;                    // over fluent atoms only
  std::uint64_t static_facts = 0;    // init atoms of static predicates
  std::uint64_t bindings_tried = 0;  // parameter tuples checked in full
};

struct GroundingLimits {
  std::uint64_t max_ground_actions = 1'000'000;
  std::uint64_t max_quantifier_instances = 1'000'000;
};

// `goal` is the problem's goal, or a condition given in its place (--target).
GroundTask ground(const Domain& domain, const Problem& problem, const Formula& goal,
                  const GroundingLimits& limits);

// "(vehicle-at n2)" and "move-car n2 n1".
std::string atom_text(const Domain& domain, const Problem& problem, const AtomTable& atoms, AtomId a);
std::string action_text(const Domain& domain, const Problem& problem, const GroundAction& a);

}  // namespace sgplan::models::ppddl
