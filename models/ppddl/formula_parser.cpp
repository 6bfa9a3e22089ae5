#include "models/ppddl/formula_parser.hpp"

#include <algorithm>

namespace sgplan::models::ppddl {

namespace {

Place place_of(const SExpr& e) {
  return {e.line, e.column};
}

bool is_numeric_comparison(const SExpr& e) {
  return e.headed("<") || e.headed(">") || e.headed("<=") || e.headed(">=");
}

// (forall (vars) X) and (exists (vars) X): pushes the variables for the body, pops them after.
template <class Body>
auto quantified(const SExpr& e, ParseContext& context, std::vector<Variable>& bound, Body body) {
  if (e.items.size() != 3 || !e.items[1].list)
    context.fail(e, "expected (" + e.items[0].text + " (?var - type ...) BODY)");
  for (const auto& t : context.typed_list(e.items[1], 0, true))
    bound.push_back(Variable{t.name, t.type, place_of(*t.at)});
  if (bound.empty()) context.fail(e.items[1], "a quantifier needs at least one variable");
  auto& scope = context.variables();
  scope.insert(scope.end(), bound.begin(), bound.end());
  auto out = body(e.items[2]);
  scope.resize(scope.size() - bound.size());
  return out;
}

}  // namespace

void parse_atom(const SExpr& e, ParseContext& context, PredicateId& predicate, std::vector<Term>& terms) {
  const SExpr& head = e.items[0];
  if (head.list) context.fail(head, "expected a predicate name, found " + to_text(head));
  const auto p = context.domain().find_predicate(head.text);
  if (!p) context.fail(head, "unknown predicate '" + head.text + "' (declare it in :predicates)");
  const PredicateDecl& decl = context.domain().predicates[*p];
  const std::size_t n = e.items.size() - 1;
  if (n != decl.parameters.size()) {
    context.fail(e, "'" + decl.name + "' takes " + std::to_string(decl.parameters.size()) +
                        (decl.parameters.size() == 1 ? " argument" : " arguments") + ", found " +
                        std::to_string(n));
  }
  predicate = *p;
  terms.clear();
  for (std::size_t k = 0; k < n; ++k) {
    terms.push_back(context.term(e.items[k + 1], &decl.parameters[k],
                                 "argument " + std::to_string(k + 1) + " of '" + decl.name + "'"));
  }
}

Formula parse_formula(const SExpr& e, ParseContext& context) {
  Formula f;
  f.where = place_of(e);
  if (!e.list) context.fail(e, "expected a condition in parentheses, found '" + e.text + "'");
  if (e.items.empty()) return f;  // (): true
  const SExpr& head = e.items[0];
  auto children = [&](std::size_t min, std::size_t max) {
    const std::size_t n = e.items.size() - 1;
    if (n < min || n > max) {
      context.fail(e, "'" + head.text + "' takes " +
                          (min == max ? std::to_string(min) : "at least " + std::to_string(min)) +
                          " conditions, found " + std::to_string(n));
    }
    for (std::size_t k = 1; k < e.items.size(); ++k) f.children.push_back(parse_formula(e.items[k], context));
  };
  if (head.is("and")) {
    f.kind = Formula::Kind::kAnd;
    children(0, e.items.size());
  } else if (head.is("or")) {
    f.kind = Formula::Kind::kOr;
    children(0, e.items.size());
  } else if (head.is("not")) {
    f.kind = Formula::Kind::kNot;
    children(1, 1);
  } else if (head.is("imply")) {
    f.kind = Formula::Kind::kImply;
    children(2, 2);
  } else if (head.is("exists") || head.is("forall")) {
    f.kind = head.is("exists") ? Formula::Kind::kExists : Formula::Kind::kForall;
    f.children.push_back(
        quantified(e, context, f.bound, [&](const SExpr& body) { return parse_formula(body, context); }));
  } else if (head.is("=")) {
    if (e.items.size() != 3)
      context.fail(e, "'=' compares two terms, found " + std::to_string(e.items.size() - 1));
    for (std::size_t k = 1; k < 3; ++k) {
      if (e.items[k].list)
        context.fail(e.items[k],
                     "numeric conditions are not supported (only reward and cost fluents, never tested)");
      f.terms.push_back(context.term(e.items[k], nullptr, "a side of '='"));
    }
    f.kind = Formula::Kind::kEquals;
  } else if (is_numeric_comparison(e)) {
    context.fail(e, "numeric conditions are not supported (only reward and cost fluents, never tested)");
  } else if (head.list || (!head.text.empty() && head.text[0] == ':')) {
    context.fail(head, "expected a condition: an atom, and, or, not, imply, exists, forall or =; found " +
                           to_text(head));
  } else {
    f.kind = Formula::Kind::kAtom;
    parse_atom(e, context, f.predicate, f.terms);
  }
  return f;
}

Effect parse_effect(const SExpr& e, ParseContext& context) {
  Effect x;
  x.where = place_of(e);
  if (!e.list) context.fail(e, "expected an effect in parentheses, found '" + e.text + "'");
  if (e.items.empty()) return x;  // (): no change
  const SExpr& head = e.items[0];
  if (head.is("and")) {
    x.kind = Effect::Kind::kAnd;
    for (std::size_t k = 1; k < e.items.size(); ++k) x.children.push_back(parse_effect(e.items[k], context));
  } else if (head.is("not")) {
    if (e.items.size() != 2 || !e.items[1].list || e.items[1].items.empty())
      context.fail(e, "expected (not (PREDICATE ARGS...)) in an effect");
    x.kind = Effect::Kind::kDelete;
    const SExpr& atom = e.items[1];
    if (atom.items[0].is("not") || atom.items[0].is("and") || atom.items[0].is("when"))
      context.fail(atom, "'not' in an effect takes an atom, found " + to_text(atom));
    parse_atom(atom, context, x.predicate, x.terms);
  } else if (head.is("when")) {
    if (e.items.size() != 3) context.fail(e, "expected (when CONDITION EFFECT)");
    x.kind = Effect::Kind::kWhen;
    x.condition = parse_formula(e.items[1], context);
    x.children.push_back(parse_effect(e.items[2], context));
  } else if (head.is("forall")) {
    x.kind = Effect::Kind::kForall;
    x.children.push_back(
        quantified(e, context, x.bound, [&](const SExpr& body) { return parse_effect(body, context); }));
  } else if (head.is("probabilistic")) {
    x.kind = Effect::Kind::kProbabilistic;
    if (e.items.size() < 3 || (e.items.size() - 1) % 2 != 0)
      context.fail(e, "expected (probabilistic P1 EFFECT1 ... Pn EFFECTn): a probability before each effect");
    Rational sum = 0;
    for (std::size_t k = 1; k + 1 < e.items.size(); k += 2) {
      const Rational p = context.probability(e.items[k]);
      sum += p;
      if (sum > 1) {
        context.fail(e.items[k], "the probabilities of this 'probabilistic' sum to " + to_string(sum) +
                                     " by this one, more than 1");
      }
      x.probabilities.push_back(p);
      x.children.push_back(parse_effect(e.items[k + 1], context));
    }
  } else if (head.is("increase") || head.is("decrease")) {
    // A reward or cost update: checked, then dropped (x stays the empty effect).
    if (e.items.size() != 3) context.fail(e, "expected (" + head.text + " (FUNCTION) VALUE)");
    const SExpr& f = e.items[1];
    const std::string name = f.list ? (f.items.empty() || f.items[0].list ? "" : f.items[0].text) : f.text;
    const auto& fs = context.domain().functions;
    if (std::find(fs.begin(), fs.end(), name) == fs.end() && name != "reward")
      context.fail(f, "unknown function " + to_text(f) + " (declare it in :functions)");
  } else if (head.is("assign") || head.is("scale-up") || head.is("scale-down")) {
    context.fail(e, "numeric fluents are not supported ('" + head.text +
                        "'): only increase and decrease of reward or cost functions, which are dropped");
  } else if (head.list || (!head.text.empty() && head.text[0] == ':')) {
    context.fail(
        head, "expected an effect: an atom, not, and, when, forall or probabilistic; found " + to_text(head));
  } else {
    x.kind = Effect::Kind::kAdd;
    parse_atom(e, context, x.predicate, x.terms);
  }
  return x;
}

}  // namespace sgplan::models::ppddl
