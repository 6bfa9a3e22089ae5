#include "models/ppddl/domain_parser.hpp"

#include <algorithm>
#include <array>

#include "core/errors.hpp"
#include "models/ppddl/formula_parser.hpp"
#include "models/ppddl/parse_context.hpp"

namespace sgplan::models::ppddl {

namespace {

Place place_of(const SExpr& e) {
  return {e.line, e.column};
}

// PDDL1.2, PDDL2.1 and PPDDL1.0 requirement flags sgplan reads; anything else is refused.
constexpr std::array kRequirements = {
    ":strips",
    ":typing",
    ":negative-preconditions",
    ":disjunctive-preconditions",
    ":equality",
    ":existential-preconditions",
    ":universal-preconditions",
    ":quantified-preconditions",
    ":conditional-effects",
    ":probabilistic-effects",
    ":rewards",
    ":adl",
    ":mdp",
    ":fluents",
    ":action-costs",
};

[[noreturn]] void fail(const std::string& file, const SExpr& at, const std::string& message) {
  throw InputError(SourceLocation{file, at.line, at.column}, message);
}

void read_requirements(const SExpr& section, const std::string& file) {
  for (std::size_t k = 1; k < section.items.size(); ++k) {
    const SExpr& r = section.items[k];
    if (r.list || std::find(kRequirements.begin(), kRequirements.end(), r.text) == kRequirements.end())
      fail(file, r,
           "unsupported requirement " + to_text(r) +
               " (sgplan reads STRIPS, ADL, probabilistic effects and rewards)");
  }
}

void read_types(Domain& d, const SExpr& section) {
  // First every name (a supertype may be named before it is declared), then the parents.
  auto declare = [&](const SExpr& name) -> TypeId {
    if (name.list) fail(d.file, name, "expected a type name, found " + to_text(name));
    if (name.text[0] == '?' || name.text[0] == ':')
      fail(d.file, name, "expected a type name, found '" + name.text + "'");
    if (const auto t = d.find_type(name.text)) return *t;
    d.types.push_back(TypeDecl{name.text, kObjectType, place_of(name)});
    return static_cast<TypeId>(d.types.size() - 1);
  };
  std::vector<std::pair<TypeId, const SExpr*>> pending;
  std::vector<bool> given(1, true);  // `object` has no parent to give
  for (std::size_t k = 1; k < section.items.size(); ++k) {
    const SExpr& e = section.items[k];
    if (e.is("-")) {
      if (pending.empty()) fail(d.file, e, "a '-' must follow the types it gives a supertype");
      if (k + 1 >= section.items.size()) fail(d.file, e, "expected a supertype after '-'");
      const SExpr& super = section.items[++k];
      if (super.headed("either")) fail(d.file, super, "a supertype written (either ...) is not supported");
      const TypeId parent = declare(super);
      given.resize(d.types.size(), false);
      for (const auto& [t, at] : pending) {
        if (t == kObjectType) continue;  // `object` stays the root
        if (given[t] && d.types[t].parent != parent)
          fail(d.file, *at, "the type '" + d.types[t].name + "' is given two supertypes");
        d.types[t].parent = parent;
        given[t] = true;
      }
      pending.clear();
      continue;
    }
    pending.emplace_back(declare(e), &e);
    given.resize(d.types.size(), false);
  }
  // A cycle (a - b, b - a) would make every walk up endless.
  for (std::size_t t = 0; t < d.types.size(); ++t) {
    std::size_t steps = 0;
    for (std::optional<TypeId> u = static_cast<TypeId>(t); u; u = d.types[*u].parent) {
      if (++steps > d.types.size()) {
        throw InputError(SourceLocation{d.file, d.types[t].where.line, d.types[t].where.column},
                         "the supertypes of '" + d.types[t].name + "' form a cycle");
      }
    }
  }
}

void read_constants(Domain& d, const SExpr& section, bool lenient) {
  ParseContext context(d, d.constants, d.file, lenient, d.warnings);
  for (const auto& t : context.typed_list(section, 1, false)) {
    if (t.type.size() != 1) fail(d.file, *t.at, "an object's type must be one type, not (either ...)");
    if (context.find_object(t.name)) fail(d.file, *t.at, "the constant '" + t.name + "' is declared twice");
    context.add_object(ObjectDecl{t.name, t.type[0], place_of(*t.at), d.file, false});
  }
}

void read_predicates(Domain& d, const SExpr& section, bool lenient) {
  std::vector<ObjectDecl> none;
  ParseContext context(d, none, d.file, lenient, d.warnings);
  for (std::size_t k = 1; k < section.items.size(); ++k) {
    const SExpr& p = section.items[k];
    if (!p.list || p.items.empty() || p.items[0].list)
      fail(d.file, p, "expected a predicate (NAME ?var - type ...), found " + to_text(p));
    const std::string& name = p.items[0].text;
    if (name == "=" || name[0] == '?' || name[0] == ':')
      fail(d.file, p.items[0], "'" + name + "' cannot name a predicate");
    if (const auto old = d.find_predicate(name)) {
      const Place w = d.predicates[*old].where;
      fail(d.file, p.items[0],
           "the predicate '" + name + "' is declared twice (first at line " + std::to_string(w.line) + ")");
    }
    PredicateDecl decl{name, {}, place_of(p)};
    for (const auto& t : context.typed_list(p, 1, true)) decl.parameters.push_back(t.type);
    d.predicates.push_back(std::move(decl));
  }
}

void read_functions(Domain& d, const SExpr& section) {
  for (std::size_t k = 1; k < section.items.size(); ++k) {
    const SExpr& f = section.items[k];
    if (f.is("-")) {  // `- number`: the type of the functions before it
      ++k;
      continue;
    }
    if (!f.list || f.items.empty() || f.items[0].list)
      fail(d.file, f, "expected a function (NAME ?var - type ...), found " + to_text(f));
    d.functions.push_back(f.items[0].text);
  }
}

Action read_action(Domain& d, const SExpr& section, bool lenient) {
  if (section.items.size() < 2 || section.items[1].list)
    fail(d.file, section, "expected (:action NAME :parameters (...) :precondition ... :effect ...)");
  Action a;
  a.name = section.items[1].text;
  a.where = place_of(section.items[1]);
  ParseContext context(d, d.constants, d.file, lenient, d.warnings);
  const SExpr* parameters = nullptr;
  const SExpr* precondition = nullptr;
  const SExpr* effect = nullptr;
  for (std::size_t k = 2; k < section.items.size(); k += 2) {
    const SExpr& key = section.items[k];
    const SExpr** slot = key.is(":parameters")     ? &parameters
                         : key.is(":precondition") ? &precondition
                         : key.is(":effect")       ? &effect
                                                   : nullptr;
    if (slot == nullptr)
      fail(d.file, key, "expected :parameters, :precondition or :effect, found " + to_text(key));
    if (*slot != nullptr) fail(d.file, key, key.text + " is given twice");
    if (k + 1 >= section.items.size()) fail(d.file, key, "expected a value after " + key.text);
    *slot = &section.items[k + 1];
  }
  if (parameters != nullptr) {
    if (!parameters->list) fail(d.file, *parameters, "expected a list of parameters (?var - type ...)");
    for (const auto& t : context.typed_list(*parameters, 0, true))
      a.parameters.push_back(Variable{t.name, t.type, place_of(*t.at)});
  }
  context.variables() = a.parameters;
  if (precondition != nullptr) a.precondition = parse_formula(*precondition, context);
  if (effect != nullptr) a.effect = parse_effect(*effect, context);
  return a;
}

}  // namespace

std::string definition_kind(const SExpr& e) {
  if (!e.headed("define") || e.items.size() < 2 || !e.items[1].list || e.items[1].items.size() != 2)
    return "";
  const SExpr& what = e.items[1];
  if (what.items[0].is("domain") && !what.items[1].list) return "domain";
  if (what.items[0].is("problem") && !what.items[1].list) return "problem";
  return "";
}

Domain parse_domain(const SExpr& define, const std::string& file, bool lenient) {
  if (definition_kind(define) != "domain") fail(file, define, "expected (define (domain NAME) ...)");
  Domain d;
  d.file = file;
  d.name = define.items[1].items[1].text;
  d.where = place_of(define);
  d.types.push_back(TypeDecl{"object", std::nullopt, {}});
  // The sections by kind, in PDDL's order whatever order the file has.
  const std::array<std::string, 6> order = {":requirements", ":types",     ":constants",
                                            ":predicates",   ":functions", ":action"};
  std::array<std::vector<const SExpr*>, 6> sections;
  for (std::size_t k = 2; k < define.items.size(); ++k) {
    const SExpr& s = define.items[k];
    if (!s.list || s.items.empty() || s.items[0].list)
      fail(file, s,
           "expected a domain section such as (:predicates ...) or (:action ...), found " + to_text(s));
    const auto it = std::find(order.begin(), order.end(), s.items[0].text);
    if (it == order.end()) {
      fail(file, s.items[0],
           "unsupported domain section " + s.items[0].text +
               " (sgplan reads :requirements, :types, :constants, :predicates, :functions and :action)");
    }
    auto& list = sections[static_cast<std::size_t>(it - order.begin())];
    if (!list.empty() && *it != ":action") fail(file, s.items[0], "a second " + *it + " section");
    list.push_back(&s);
  }
  for (const SExpr* s : sections[0]) read_requirements(*s, file);
  for (const SExpr* s : sections[1]) read_types(d, *s);
  for (const SExpr* s : sections[2]) read_constants(d, *s, lenient);
  for (const SExpr* s : sections[3]) read_predicates(d, *s, lenient);
  for (const SExpr* s : sections[4]) read_functions(d, *s);
  for (const SExpr* s : sections[5]) {
    Action a = read_action(d, *s, lenient);
    for (const Action& old : d.actions) {
      if (old.name != a.name) continue;
      const std::string first = "first at line " + std::to_string(old.where.line);
      if (!lenient) {
        throw InputError(SourceLocation{file, a.where.line, a.where.column},
                         "the action '" + a.name + "' is defined twice (" + first +
                             "; --lenient keeps both, as ppddl2jani does)");
      }
      d.warnings.push_back(SourceLocation{file, a.where.line, a.where.column}.to_string() + ": the action '" +
                           a.name + "' is defined twice (" + first +
                           "): both are kept (--lenient, as ppddl2jani does)");
      break;
    }
    d.actions.push_back(std::move(a));
  }
  return d;
}

}  // namespace sgplan::models::ppddl
