// What a formula or an effect may name where it is read, and the pieces every PPDDL section is
// made of: typed lists, types, terms and probabilities. A domain's actions see the domain's types,
// predicates and constants; a problem's init and goal see every object (the constants first).
// Every error names file:line:col and what was expected.
//
// An undeclared name where an object belongs is an error. With --lenient it is taken as a new
// object of the type its place asks for, and the warning says where: mdpsim, the IPPC's own
// parser, does this ("implicit declaration of object", Younes's mdpsim parser.yy), and so does
// ppddl2jani (through Fast Downward's translator), which made QVBS's cdrive from a domain that
// writes `gree` for `green` once.
#pragma once

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/rational.hpp"
#include "models/ppddl/ast.hpp"
#include "models/ppddl/sexpr.hpp"

namespace sgplan::models::ppddl {

class ParseContext {
 public:
  ParseContext(const Domain& domain, std::vector<ObjectDecl>& objects, std::string file, bool lenient,
               std::vector<std::string>& warnings);

  [[noreturn]] void fail(const SExpr& at, const std::string& message) const;
  void warn(const SExpr& at, const std::string& message);
  const std::string& file() const { return file_; }
  const Domain& domain() const { return domain_; }
  const std::vector<ObjectDecl>& objects() const { return objects_; }

  // `name` or `(either name ...)`, each a declared type.
  TypeSet type(const SExpr& e) const;
  // A typed list of variables (every name starts with '?') or, with variables false, of names:
  // `a b - t c - (either u v) d` (an untyped tail is `object`). Names repeated in one list are an
  // error.
  struct Typed {
    std::string name;
    TypeSet type;
    const SExpr* at;
  };
  std::vector<Typed> typed_list(const SExpr& list, std::size_t first, bool variables) const;

  // The variables in scope, innermost last (a quantifier pushes its own, then pops them).
  std::vector<Variable>& variables() { return variables_; }

  // A variable in scope or an object; `expected` (a predicate's parameter type, or null) is
  // checked: the term's type must be a subtype of it. `role` names the place for messages
  // ("argument 2 of 'road'").
  Term term(const SExpr& e, const TypeSet* expected, const std::string& role);
  std::optional<ObjectId> find_object(const std::string& name) const;
  ObjectId add_object(ObjectDecl decl);  // the caller checked the name is new

  // A probability: a decimal (0.25, .5, 1) or a fraction (2/5), in [0, 1], read exactly.
  Rational probability(const SExpr& e) const;

 private:
  const Domain& domain_;
  std::vector<ObjectDecl>& objects_;
  std::unordered_map<std::string, ObjectId> object_index_;
  std::string file_;
  bool lenient_;
  std::vector<std::string>& warnings_;
  std::vector<Variable> variables_;
};

}  // namespace sgplan::models::ppddl
