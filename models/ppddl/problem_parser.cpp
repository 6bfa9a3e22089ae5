#include "models/ppddl/problem_parser.hpp"

#include <algorithm>
#include <array>

#include "core/errors.hpp"
#include "models/ppddl/domain_parser.hpp"
#include "models/ppddl/formula_parser.hpp"
#include "models/ppddl/parse_context.hpp"

namespace sgplan::models::ppddl {

namespace {

Place place_of(const SExpr& e) {
  return {e.line, e.column};
}

[[noreturn]] void fail(const std::string& file, const SExpr& at, const std::string& message) {
  throw InputError(SourceLocation{file, at.line, at.column}, message);
}

void read_objects(Problem& p, const Domain& d, const SExpr& section, ParseContext& context) {
  for (const auto& t : context.typed_list(section, 1, false)) {
    if (t.type.size() != 1) fail(p.file, *t.at, "an object's type must be one type, not (either ...)");
    if (const auto old = context.find_object(t.name)) {
      // A constant of the domain named again with its own type changes nothing.
      const ObjectDecl& o = p.objects[*old];
      if (*old < d.constants.size() && o.type == t.type[0]) continue;
      fail(p.file, *t.at,
           "the object '" + t.name + "' is declared twice (first at " +
               SourceLocation{o.file, o.where.line, o.where.column}.to_string() + ")");
    }
    context.add_object(ObjectDecl{t.name, t.type[0], place_of(*t.at), p.file, false});
  }
}

void read_init(Problem& p, const Domain& d, const SExpr& section, ParseContext& context) {
  for (std::size_t k = 1; k < section.items.size(); ++k) {
    const SExpr& e = section.items[k];
    if (!e.list || e.items.empty())
      fail(p.file, e, "expected an atom (PREDICATE OBJECT ...), found " + to_text(e));
    if (e.headed("=")) {  // a reward or cost counter's start value, dropped
      const SExpr* f = e.items.size() == 3 ? &e.items[1] : nullptr;
      const std::string name = f == nullptr ? ""
                               : f->list    ? (f->items.empty() || f->items[0].list ? "" : f->items[0].text)
                                            : f->text;
      if (std::find(d.functions.begin(), d.functions.end(), name) == d.functions.end())
        fail(p.file, e, "expected (= (FUNCTION) NUMBER) of a declared function, found " + to_text(e));
      continue;
    }
    if (e.headed("probabilistic"))
      fail(p.file, e,
           "a probabilistic initial state is not supported: the init must list the atoms that hold");
    if (e.headed("not") || e.headed("and"))
      fail(p.file, e, "the init lists the atoms that hold (every other one is false): no " + e.items[0].text);
    InitAtom atom;
    atom.where = place_of(e);
    std::vector<Term> terms;
    parse_atom(e, context, atom.predicate, terms);
    for (const Term& t : terms) atom.args.push_back(t.index);  // no variables are in scope: objects
    p.init.push_back(std::move(atom));
  }
}

}  // namespace

Problem parse_problem(const SExpr& define, const Domain& domain, const std::string& file, bool lenient) {
  if (definition_kind(define) != "problem") fail(file, define, "expected (define (problem NAME) ...)");
  Problem p;
  p.file = file;
  p.name = define.items[1].items[1].text;
  p.where = place_of(define);
  p.objects = domain.constants;
  ParseContext context(domain, p.objects, file, lenient, p.warnings);
  const SExpr* goal = nullptr;
  bool has_domain = false;
  std::vector<std::string> seen;
  for (std::size_t k = 2; k < define.items.size(); ++k) {
    const SExpr& s = define.items[k];
    if (!s.list || s.items.empty() || s.items[0].list)
      fail(file, s, "expected a problem section such as (:init ...) or (:goal ...), found " + to_text(s));
    const std::string& key = s.items[0].text;
    if (std::find(seen.begin(), seen.end(), key) != seen.end())
      fail(file, s.items[0], "a second " + key + " section");
    seen.push_back(key);
    if (key == ":domain") {
      if (s.items.size() != 2 || s.items[1].list) fail(file, s, "expected (:domain NAME)");
      p.domain_name = s.items[1].text;
      p.domain_where = place_of(s.items[1]);
      has_domain = true;
      if (p.domain_name != domain.name) {
        fail(file, s.items[1],
             "the problem is for the domain '" + p.domain_name + "', but " + domain.file + " defines '" +
                 domain.name + "'");
      }
    } else if (key == ":requirements") {
      // The domain's requirements decide; a problem's repeat them.
    } else if (key == ":objects") {
      read_objects(p, domain, s, context);
    } else if (key == ":init") {
      read_init(p, domain, s, context);
    } else if (key == ":goal") {
      if (s.items.size() != 2) fail(file, s, "expected (:goal CONDITION)");
      goal = &s.items[1];
      p.goal_where = place_of(s);
    } else if (key == ":goal-reward" || key == ":metric") {
      // Rewards and costs are not what MAXPROB asks for: dropped.
    } else {
      fail(file, s.items[0],
           "unsupported problem section " + key +
               " (sgplan reads :domain, :requirements, :objects, :init, :goal, :goal-reward and :metric)");
    }
  }
  if (!has_domain) fail(file, define, "the problem names no (:domain NAME)");
  if (goal == nullptr) fail(file, define, "the problem has no (:goal ...)");
  // The goal may name objects declared after it in the file: read it last.
  p.goal = parse_formula(*goal, context);
  return p;
}

Formula parse_condition(const SExpr& e, const Domain& domain, Problem& problem, const std::string& file) {
  std::vector<std::string> warnings;
  ParseContext context(domain, problem.objects, file, false, warnings);
  return parse_formula(e, context);
}

}  // namespace sgplan::models::ppddl
