// The problem definition (PPDDL1.0, Younes & Littman 2004, appendix A, "Problems"):
//   (define (problem NAME) (:domain NAME) [(:requirements ...)] [(:objects ...)] [(:init ...)]
//           (:goal GD) [(:goal-reward N)] [(:metric ...)])
// The init lists the atoms that hold (the closed world: every other atom is false); (= (f) n)
// initialises a reward or cost counter and is dropped, as :goal-reward and :metric are (MAXPROB
// asks only for the probability of reaching the goal). PPDDL's probabilistic initial states are
// refused with their place.
#pragma once

#include <string>

#include "models/ppddl/ast.hpp"
#include "models/ppddl/sexpr.hpp"

namespace sgplan::models::ppddl {

// `define` is the whole (define (problem ...) ...) expression; the problem's domain must be
// `domain` (InputError at (:domain X) otherwise).
Problem parse_problem(const SExpr& define, const Domain& domain, const std::string& file, bool lenient);

// A condition over the problem's objects written apart (--target): one GD, no free variables.
Formula parse_condition(const SExpr& e, const Domain& domain, Problem& problem, const std::string& file);

}  // namespace sgplan::models::ppddl
