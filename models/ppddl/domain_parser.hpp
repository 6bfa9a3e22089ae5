// The domain definition (PPDDL1.0, Younes & Littman 2004, appendix A, "Domains"):
//   (define (domain NAME) (:requirements ...) (:types ...) (:constants ...) (:predicates ...)
//           (:functions ...) (:action ...)*)
// The sections are read in that order whatever order the file gives (PDDL fixes it; reading it so
// costs nothing). Types name their supertypes (`car truck - vehicle`, a supertype not declared
// itself becomes a type of its own under `object`); a cycle is an error. Functions are kept by name
// only: they are reward and cost counters (see formula_parser.hpp). An action name given twice is
// an error; --lenient keeps both, as ppddl2jani does (QVBS's cdrive defines
// proceed-short-straight twice, the second one for long roads; mdpsim would keep the first).
#pragma once

#include <string>

#include "models/ppddl/ast.hpp"
#include "models/ppddl/sexpr.hpp"

namespace sgplan::models::ppddl {

// `define` is the whole (define (domain ...) ...) expression.
Domain parse_domain(const SExpr& define, const std::string& file, bool lenient);

// "domain", "problem", or "" for an expression that is neither (define (domain X) ...) nor
// (define (problem X) ...).
std::string definition_kind(const SExpr& e);

}  // namespace sgplan::models::ppddl
