// JANI expressions (JANI spec, "Expressions", with the derived-operators and functions features)
// translated into the PRISM-language expression pool, so the one generator evaluates them.
//
// Core operators map one to one: ite, ∨ ∧ ¬, = ≠ < ≤, + - * / %, pow, log, floor, ceil, and the
// derived ⇒ > ≥ min max. The derived abs, sgn and trc are written with ite: abs(x) = (x < 0 ?
// -x : x), sgn(x) = (x > 0 ? 1 : (x < 0 ? -1 : 0)), trc(x) = (x < 0 ? ceil(x) : floor(x)). The
// constants e and π become their reals; a function call inlines the function's body with its
// parameters bound to the arguments. JANI's / is real division and % is modulo as in the PRISM
// files QVBS converted (the result has the divisor's sign; the two agree wherever both operands
// are non-negative, as in every QVBS model). Each node's place is its JSON pointer (place_table).
//
// Anything else (arrays, datatypes, nondeterministic selection, trigonometry, a property operator
// in a model expression, an unknown identifier) is an InputError at its JSON pointer.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "models/jani/json_at.hpp"
#include "models/jani/place_table.hpp"
#include "models/jani/scope.hpp"
#include "models/prism_language/model.hpp"

namespace sgplan::models::jani {

class ExpressionTranslator {
 public:
  ExpressionTranslator(prism_language::ExpressionPool& pool, PlaceTable& places)
      : pool_(pool), places_(places) {}

  // The expression at `e` (a literal, an identifier or an {"op": ...} object) in `scope`.
  prism_language::NodeId translate(const JsonAt& e, const Scope& scope);
  // A new node at the place of `at`.
  prism_language::NodeId node(prism_language::Op op, const JsonAt& at,
                              std::vector<prism_language::NodeId> args);
  prism_language::NodeId int_node(std::int64_t value, const JsonAt& at);
  prism_language::NodeId name_node(const std::string& name, const JsonAt& at);
  prism_language::NodeId bool_node(bool value, const JsonAt& at);
  // Off while reading transient-values: a location's value for a transient variable may not read
  // a transient variable (so the formulas they become never refer to each other in a cycle).
  void allow_transients(bool allow) { transients_allowed_ = allow; }

  // `id` with each name in `values` (translated names) replaced by its expression; nodes without
  // such a name are shared, not copied.
  prism_language::NodeId substitute(prism_language::NodeId id,
                                    const std::map<std::string, prism_language::NodeId>& values);
  // Whether `id` reads a name for which `reads(name)` holds.
  template <class Pred>
  bool reads_any(prism_language::NodeId id, Pred reads) const {
    const prism_language::Node& n = pool_.at(id);
    if (n.op == prism_language::Op::kName && reads(n.name)) return true;
    for (prism_language::NodeId a : n.args)
      if (reads_any(a, reads)) return true;
    return false;
  }

  // Nesting deeper than this (function bodies count) is refused: the evaluator recurses.
  static constexpr int kMaxDepth = 500;

 private:
  prism_language::NodeId op(const JsonAt& e, const Scope& scope);
  prism_language::NodeId call(const JsonAt& e, const Scope& scope);
  prism_language::NodeId identifier(const JsonAt& e, const Scope& scope);
  prism_language::NodeId add(prism_language::Node n, const JsonAt& at);

  prism_language::ExpressionPool& pool_;
  PlaceTable& places_;
  int depth_ = 0;
  bool transients_allowed_ = true;
  std::vector<const FunctionDef*> active_;  // the functions being inlined (recursion is refused)
};

// True when the property-only operators (Pmin, U, filter, ...) name this op: a state formula
// containing one is a nested property, not a state expression.
bool is_property_operator(const std::string& op);

}  // namespace sgplan::models::jani
