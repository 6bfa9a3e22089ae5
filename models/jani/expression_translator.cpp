#include "models/jani/expression_translator.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <string_view>

namespace sgplan::models::jani {

using prism_language::Node;
using prism_language::NodeId;
using prism_language::Op;

namespace {

struct Binary {
  std::string_view symbol;
  Op op;
};
// JANI spec, "Expressions": the binary operators of the core and of derived-operators.
constexpr std::array<Binary, 18> kBinary{{{"∨", Op::kOr},
                                          {"∧", Op::kAnd},
                                          {"⇒", Op::kImplies},
                                          {"=", Op::kEq},
                                          {"≠", Op::kNe},
                                          {"<", Op::kLt},
                                          {"≤", Op::kLe},
                                          {">", Op::kGt},
                                          {"≥", Op::kGe},
                                          {"+", Op::kAdd},
                                          {"-", Op::kSub},
                                          {"*", Op::kMul},
                                          {"/", Op::kDiv},
                                          {"%", Op::kMod},
                                          {"pow", Op::kPow},
                                          {"log", Op::kLog},
                                          {"min", Op::kMin},
                                          {"max", Op::kMax}}};

constexpr std::array<std::string_view, 24> kPropertyOps{
    "filter", "Pmin", "Pmax", "Emin", "Emax", "Smin",    "Smax",     "U",        "W",     "R", "F", "G",
    "X",      "A",    "E",    "∀",    "∃",    "initial", "deadlock", "timelock", "label", "P", "S", "Eexp"};

// Why an operator JANI defines lies outside the fragment sgplan translates.
std::string outside_fragment(const std::string& op) {
  if (op == "aa" || op == "av" || op == "ac") return "arrays (the arrays feature)";
  if (op == "da" || op == "dv" || op == "oa" || op == "do") return "datatypes (the datatypes feature)";
  if (op == "nondet") return "nondeterministic selection (the nondet-selection feature)";
  if (op == "sin" || op == "cos" || op == "tan" || op == "cot" || op == "sec" || op == "csc" ||
      op == "asin" || op == "acos" || op == "atan" || op == "acot" || op == "asec" || op == "acsc" ||
      op == "sinh" || op == "cosh" || op == "tanh" || op == "coth" || op == "sech" || op == "csch" ||
      op == "asinh" || op == "acosh" || op == "atanh" || op == "acoth" || op == "asech" || op == "acsch")
    return "trigonometric and hyperbolic functions";
  if (op == "der") return "derivatives (hybrid automata)";
  if (is_property_operator(op)) return "property operators (they belong in a property, not in the model)";
  return "";
}

}  // namespace

bool is_property_operator(const std::string& op) {
  for (std::string_view p : kPropertyOps)
    if (p == op) return true;
  return false;
}

NodeId ExpressionTranslator::add(Node n, const JsonAt& at) {
  const prism_language::Place p = places_.add(at.pointer());
  n.line = p.line;
  n.column = p.column;
  return pool_.add(std::move(n));
}

NodeId ExpressionTranslator::node(Op op, const JsonAt& at, std::vector<NodeId> args) {
  Node n;
  n.op = op;
  n.args = std::move(args);
  return add(std::move(n), at);
}

NodeId ExpressionTranslator::int_node(std::int64_t value, const JsonAt& at) {
  Node n;
  n.op = Op::kInt;
  n.int_value = value;
  return add(std::move(n), at);
}

NodeId ExpressionTranslator::name_node(const std::string& name, const JsonAt& at) {
  Node n;
  n.op = Op::kName;
  n.name = name;
  return add(std::move(n), at);
}

NodeId ExpressionTranslator::substitute(NodeId id, const std::map<std::string, NodeId>& values) {
  const Node& n = pool_.at(id);
  if (n.op == Op::kName) {
    const auto it = values.find(n.name);
    return it == values.end() ? id : it->second;
  }
  std::vector<NodeId> args;
  bool changed = false;
  for (NodeId a : n.args) {
    args.push_back(substitute(a, values));
    changed = changed || args.back() != a;
  }
  if (!changed) return id;
  Node copy = pool_.at(id);  // a copy: adding to the pool may move its nodes
  copy.args = std::move(args);
  return pool_.add(std::move(copy));
}

NodeId ExpressionTranslator::bool_node(bool value, const JsonAt& at) {
  Node n;
  n.op = Op::kBool;
  n.int_value = value ? 1 : 0;
  return add(std::move(n), at);
}

NodeId ExpressionTranslator::translate(const JsonAt& e, const Scope& scope) {
  if (depth_ >= kMaxDepth) e.fail("expressions nested deeper than " + std::to_string(kMaxDepth) + " levels");
  struct Deeper {
    int& d;
    explicit Deeper(int& depth) : d(depth) { ++d; }
    ~Deeper() { --d; }
  } deeper(depth_);
  const Json& j = e.json();
  if (j.is_boolean()) return bool_node(j.get<bool>(), e);
  if (j.is_number_integer()) return int_node(e.integer(), e);
  if (j.is_number_float()) {
    const double v = j.get<double>();
    if (!std::isfinite(v)) e.fail("expected a finite number");
    Node n;
    n.op = Op::kReal;
    n.real_value = v;
    return add(std::move(n), e);
  }
  if (j.is_string()) return identifier(e, scope);
  if (j.is_object()) {
    if (e.find("constant")) {
      e.check_keys({"constant"});
      const std::string c = e.at("constant").string();
      if (c != "e" && c != "π")
        e.at("constant").fail("expected the constant \"e\" or \"π\", found \"" + c + "\"");
      Node n;
      n.op = Op::kReal;
      n.real_value = c == "e" ? std::numbers::e : std::numbers::pi;
      return add(std::move(n), e);
    }
    return op(e, scope);
  }
  e.fail("expected an expression (a number, true or false, a name or an {\"op\": ...} object), found " +
         e.what());
}

NodeId ExpressionTranslator::identifier(const JsonAt& e, const Scope& scope) {
  const std::string name = e.string();
  const NameMeaning* m = scope.find(name);
  if (m == nullptr)
    e.fail("unknown identifier \"" + name + "\" (not a constant, variable or parameter here)");
  if (m->kind == NameKind::kParameter) return m->argument;
  if (m->kind == NameKind::kTransient && !transients_allowed_)
    e.fail("the transient variable \"" + name +
           "\" is read where transient values are being set (a location's transient-values or an initial "
           "value)");
  return name_node(m->translated, e);
}

NodeId ExpressionTranslator::op(const JsonAt& e, const Scope& scope) {
  const JsonAt op_at = e.at("op");
  const std::string o = op_at.string();
  if (o == "ite") {
    e.check_keys({"op", "if", "then", "else"});
    const NodeId c = translate(e.at("if"), scope);
    const NodeId a = translate(e.at("then"), scope);
    const NodeId b = translate(e.at("else"), scope);
    return node(Op::kIte, e, {c, a, b});
  }
  if (o == "call") return call(e, scope);
  if (o == "¬" || o == "floor" || o == "ceil" || o == "abs" || o == "sgn" || o == "trc" ||
      (o == "-" && e.find("exp"))) {
    e.check_keys({"op", "exp"});
    const JsonAt arg = e.at("exp");
    const NodeId x = translate(arg, scope);
    if (o == "¬") return node(Op::kNot, e, {x});
    if (o == "floor") return node(Op::kFloor, e, {x});
    if (o == "ceil") return node(Op::kCeil, e, {x});
    if (o == "-") return node(Op::kNeg, e, {x});
    const NodeId zero = int_node(0, e);
    if (o == "abs") return node(Op::kIte, e, {node(Op::kLt, e, {x, zero}), node(Op::kNeg, e, {x}), x});
    if (o == "sgn") {
      const NodeId negative = node(Op::kIte, e, {node(Op::kLt, e, {x, zero}), int_node(-1, e), zero});
      return node(Op::kIte, e, {node(Op::kGt, e, {x, zero}), int_node(1, e), negative});
    }
    return node(Op::kIte, e,
                {node(Op::kLt, e, {x, zero}), node(Op::kCeil, e, {x}), node(Op::kFloor, e, {x})});
  }
  for (const Binary& b : kBinary) {
    if (b.symbol != o) continue;
    e.check_keys({"op", "left", "right"});
    const NodeId l = translate(e.at("left"), scope);
    const NodeId r = translate(e.at("right"), scope);
    return node(b.op, e, {l, r});
  }
  const std::string why = outside_fragment(o);
  if (!why.empty()) op_at.fail("the operator \"" + o + "\" is outside sgplan's JANI fragment: " + why);
  op_at.fail("unknown operator \"" + o + "\"");
}

NodeId ExpressionTranslator::call(const JsonAt& e, const Scope& scope) {
  e.check_keys({"op", "function", "args"});
  const JsonAt name_at = e.at("function");
  const std::string name = name_at.identifier();
  const FunctionDef* f = scope.find_function(name);
  if (f == nullptr) name_at.fail("unknown function \"" + name + "\"");
  const std::vector<JsonAt> args = e.at("args").items();
  if (args.size() != f->parameters.size()) {
    e.at("args").fail("the function \"" + name + "\" takes " + std::to_string(f->parameters.size()) +
                      " arguments, given " + std::to_string(args.size()));
  }
  if (std::find(active_.begin(), active_.end(), f) != active_.end())
    name_at.fail("the function \"" + name + "\" calls itself: recursion is outside sgplan's JANI fragment");
  // The body sees the scope where the function is declared, plus its parameters bound to the
  // arguments (translated here, in the caller's scope).
  Scope inner;
  inner.parent = f->scope;
  for (std::size_t k = 0; k < args.size(); ++k) {
    NameMeaning m;
    m.kind = NameKind::kParameter;
    m.argument = translate(args[k], scope);
    inner.names[f->parameters[k]] = m;
  }
  active_.push_back(f);
  const NodeId body = translate(*f->body, inner);
  active_.pop_back();
  return body;
}

}  // namespace sgplan::models::jani
