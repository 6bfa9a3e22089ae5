// Goal descriptions and effects (PPDDL1.0, Younes & Littman 2004, appendix A, "Actions"): a GD is
// an atom, (= t t), (not GD), (and GD*), (or GD*), (imply GD GD), (exists (vars) GD) or
// (forall (vars) GD); an effect is an atom, (not atom), (and e*), (when GD e), (forall (vars) e)
// or (probabilistic p1 e1 ... pn en), nested in any order, whose branch probabilities may sum to
// less than 1 (the rest is the empty effect). (increase (f) x) and (decrease (f) x) of a declared
// function (a reward or a cost) are read and dropped; MAXPROB needs no rewards. Numeric
// conditions and the other numeric updates are refused with their place.
#pragma once

#include "models/ppddl/ast.hpp"
#include "models/ppddl/parse_context.hpp"
#include "models/ppddl/sexpr.hpp"

namespace sgplan::models::ppddl {

Formula parse_formula(const SExpr& e, ParseContext& context);
Effect parse_effect(const SExpr& e, ParseContext& context);

// (pred t1 ... tn) with each term checked against the predicate's parameter types.
void parse_atom(const SExpr& e, ParseContext& context, PredicateId& predicate, std::vector<Term>& terms);

}  // namespace sgplan::models::ppddl
