// A PPDDL domain and problem as written (Younes & Littman 2004, "PPDDL1.0: An Extension to PDDL for
// Expressing Planning Domains with Probabilistic Effects", CMU-CS-04-167, appendix A; the syntax
// of PDDL2.1 levels 1 and 2 with probabilistic effects): types with supertypes, objects,
// predicates, action schemas with typed parameters, preconditions and goals (atoms, equality,
// not, and, or, imply, exists, forall), and effects (atoms, not, and, when, forall, probabilistic,
// nested in any order). Numeric fluents exist only as reward or cost counters, whose updates are
// read and dropped. Names are lower case; every piece keeps its place in its file.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/rational.hpp"

namespace sgplan::models::ppddl {

struct Place {
  int line = 0;
  int column = 0;
};

using TypeId = std::uint32_t;
using ObjectId = std::uint32_t;
using PredicateId = std::uint32_t;

inline constexpr TypeId kObjectType = 0;  // `object`, the root of every type

// A parameter's or an argument's type: one type, or the types of `(either t1 t2 ...)`.
using TypeSet = std::vector<TypeId>;

struct TypeDecl {
  std::string name;
  std::optional<TypeId> parent;  // none for `object`
  Place where;
};

struct ObjectDecl {
  std::string name;
  TypeId type = kObjectType;
  Place where;
  std::string file;       // the domain's (a constant) or the problem's
  bool implicit = false;  // used but never declared, accepted by --lenient
};

struct PredicateDecl {
  std::string name;
  std::vector<TypeSet> parameters;
  Place where;
};

struct Variable {
  std::string name;  // with its '?'
  TypeSet type;
  Place where;
};

// A variable of the enclosing scope, by its index there (an action's parameters first, then the
// variables of the enclosing quantifiers, outermost first), or an object.
struct Term {
  bool variable = false;
  std::uint32_t index = 0;
  Place where;
};

struct Formula {
  enum class Kind : std::uint8_t { kAtom, kEquals, kNot, kAnd, kOr, kImply, kExists, kForall };
  Kind kind = Kind::kAnd;  // kAnd without children: true
  PredicateId predicate = 0;
  std::vector<Term> terms;  // kAtom: the arguments; kEquals: the two sides
  std::vector<Formula> children;
  std::vector<Variable> bound;  // kExists, kForall
  Place where;
};

struct Effect {
  enum class Kind : std::uint8_t { kAdd, kDelete, kAnd, kWhen, kForall, kProbabilistic };
  Kind kind = Kind::kAnd;  // kAnd without children: no change (also a dropped reward update)
  PredicateId predicate = 0;
  std::vector<Term> terms;              // kAdd, kDelete
  Formula condition;                    // kWhen
  std::vector<Effect> children;         // kAnd; kWhen and kForall: one; kProbabilistic: a branch each
  std::vector<Rational> probabilities;  // kProbabilistic: each branch's
  std::vector<Variable> bound;          // kForall
  Place where;
};

struct Action {
  std::string name;
  std::vector<Variable> parameters;
  Formula precondition;
  Effect effect;
  Place where;
};

struct Domain {
  std::string file;
  std::string name;
  Place where;
  std::vector<TypeDecl> types;  // types[0] is `object`
  std::vector<ObjectDecl> constants;
  std::vector<PredicateDecl> predicates;
  std::vector<std::string> functions;  // reward and cost fluents: their updates are dropped
  std::vector<Action> actions;
  std::vector<std::string> warnings;  // the leniencies --lenient took, each with its place

  std::optional<TypeId> find_type(const std::string& name) const;
  std::optional<PredicateId> find_predicate(const std::string& name) const;
  // a is b or one of b's subtypes.
  bool subtype(TypeId a, TypeId b) const;
  // Every type of `a` is a subtype of some type of `b`.
  bool subtype(const TypeSet& a, const TypeSet& b) const;
  std::string type_text(const TypeSet& t) const;  // "location", "(either a b)"
};

struct InitAtom {
  PredicateId predicate = 0;
  std::vector<ObjectId> args;
  Place where;
};

struct Problem {
  std::string file;
  std::string name;
  std::string domain_name;
  Place where, domain_where;
  std::vector<ObjectDecl> objects;  // the domain's constants first, then the problem's objects
  std::vector<InitAtom> init;
  Formula goal;
  Place goal_where;
  std::vector<std::string> warnings;
};

}  // namespace sgplan::models::ppddl
