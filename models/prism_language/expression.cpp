#include "models/prism_language/expression.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <stdexcept>

namespace sgplan::models::prism_language {

// --- the pool -------------------------------------------------------------------------------

NodeId ExpressionPool::add(Node node) {
  if (nodes_.size() >= std::numeric_limits<NodeId>::max()) throw ResourceError("expressions: too many nodes");
  nodes_.push_back(std::move(node));
  return static_cast<NodeId>(nodes_.size() - 1);
}

namespace {

struct OpInfo {
  Op op;
  const char* symbol;  // binary and unary operators; the name for a function
};

constexpr OpInfo kOpNames[] = {
    {Op::kNeg, "-"},   {Op::kNot, "!"},   {Op::kAdd, "+"},   {Op::kSub, "-"},       {Op::kMul, "*"},
    {Op::kDiv, "/"},   {Op::kEq, "="},    {Op::kNe, "!="},   {Op::kLt, "<"},        {Op::kLe, "<="},
    {Op::kGt, ">"},    {Op::kGe, ">="},   {Op::kAnd, "&"},   {Op::kOr, "|"},        {Op::kImplies, "=>"},
    {Op::kIff, "<=>"}, {Op::kMin, "min"}, {Op::kMax, "max"}, {Op::kFloor, "floor"}, {Op::kCeil, "ceil"},
    {Op::kPow, "pow"}, {Op::kMod, "mod"}, {Op::kLog, "log"},
};

const char* symbol_of(Op op) {
  for (const OpInfo& o : kOpNames) {
    if (o.op == op) return o.symbol;
  }
  return "?";
}

bool is_function(Op op) {
  return op >= Op::kMin;
}

}  // namespace

std::string ExpressionPool::text(NodeId id) const {
  const Node& n = at(id);
  switch (n.op) {
    case Op::kInt:
      return std::to_string(n.int_value);
    case Op::kReal: {
      std::string s = std::to_string(n.real_value);
      while (s.size() > 1 && s.back() == '0' && s[s.size() - 2] != '.') s.pop_back();
      return s;
    }
    case Op::kBool:
      return n.int_value != 0 ? "true" : "false";
    case Op::kName:
      return n.name;
    case Op::kLabel:
      return "\"" + n.name + "\"";
    case Op::kNeg:
    case Op::kNot:
      return std::string(symbol_of(n.op)) + "(" + text(n.args[0]) + ")";
    case Op::kIte:
      return "(" + text(n.args[0]) + " ? " + text(n.args[1]) + " : " + text(n.args[2]) + ")";
    default:
      break;
  }
  if (is_function(n.op)) {
    std::string s = std::string(symbol_of(n.op)) + "(";
    for (std::size_t k = 0; k < n.args.size(); ++k) s += (k == 0 ? "" : ", ") + text(n.args[k]);
    return s + ")";
  }
  return "(" + text(n.args[0]) + " " + symbol_of(n.op) + " " + text(n.args[1]) + ")";
}

// --- reading tokens -------------------------------------------------------------------------

const Token& TokenCursor::peek(std::size_t ahead) const {
  const std::size_t k = std::min(pos_ + ahead, tokens_.size() - 1);  // the last token is kEnd
  return tokens_[k];
}

const Token& TokenCursor::next() {
  const Token& t = peek();
  if (pos_ + 1 < tokens_.size()) ++pos_;
  return t;
}

bool TokenCursor::at_word(std::string_view word) const {
  return peek().kind == TokenKind::kIdentifier && peek().text == word;
}

bool TokenCursor::accept(TokenKind kind) {
  if (!at(kind)) return false;
  next();
  return true;
}

void TokenCursor::fail(const Token& at, const std::string& message) const {
  throw InputError(SourceLocation{file_, at.line, at.column}, message);
}

namespace {

std::string found(const Token& t) {
  if (t.kind == TokenKind::kEnd) return "the end of the file";
  if (t.kind == TokenKind::kString) return "\"" + t.text + "\"";
  return "'" + t.text + "'";
}

}  // namespace

const Token& TokenCursor::expect(TokenKind kind, const std::string& context) {
  if (!at(kind)) fail(peek(), "expected " + describe(kind) + " " + context + ", found " + found(peek()));
  return next();
}

const Token& TokenCursor::expect_word(std::string_view word, const std::string& context) {
  if (!at_word(word))
    fail(peek(), "expected '" + std::string(word) + "' " + context + ", found " + found(peek()));
  return next();
}

// --- parsing --------------------------------------------------------------------------------

namespace {

class Parser {
 public:
  Parser(TokenCursor& cursor, ExpressionPool& pool) : in_(cursor), pool_(pool) {}

  NodeId expression() { return ite(); }

 private:
  Node node_at(const Token& t, Op op) {
    Node n;
    n.op = op;
    n.line = t.line;
    n.column = t.column;
    return n;
  }

  NodeId binary(const Token& t, Op op, NodeId a, NodeId b) {
    Node n = node_at(t, op);
    n.args = {a, b};
    return pool_.add(std::move(n));
  }

  // c ? a : b, right-associative; its branches may be any expression but another ?: needs no
  // parentheses only in the else branch.
  NodeId ite() {
    const NodeId c = implies();
    if (!in_.at(TokenKind::kQuestion)) return c;
    const Token& q = in_.next();
    const NodeId a = implies();
    in_.expect(TokenKind::kColon, "between the branches of '? :'");
    const NodeId b = ite();
    Node n = node_at(q, Op::kIte);
    n.args = {c, a, b};
    return pool_.add(std::move(n));
  }

  NodeId implies() {  // right-associative
    const NodeId a = iff();
    if (!in_.at(TokenKind::kImplies)) return a;
    const Token& t = in_.next();
    return binary(t, Op::kImplies, a, implies());
  }

  NodeId iff() {
    NodeId a = disjunction();
    while (in_.at(TokenKind::kIff)) {
      const Token& t = in_.next();
      a = binary(t, Op::kIff, a, disjunction());
    }
    return a;
  }

  NodeId disjunction() {
    NodeId a = conjunction();
    while (in_.at(TokenKind::kOr)) {
      const Token& t = in_.next();
      a = binary(t, Op::kOr, a, conjunction());
    }
    return a;
  }

  NodeId conjunction() {
    NodeId a = negation();
    while (in_.at(TokenKind::kAnd)) {
      const Token& t = in_.next();
      a = binary(t, Op::kAnd, a, negation());
    }
    return a;
  }

  NodeId negation() {
    if (!in_.at(TokenKind::kNot)) return equality();
    const Token& t = in_.next();
    Node n = node_at(t, Op::kNot);
    n.args = {negation()};
    return pool_.add(std::move(n));
  }

  NodeId equality() {
    NodeId a = relation();
    while (in_.at(TokenKind::kEquals) || in_.at(TokenKind::kNotEquals)) {
      const Token& t = in_.next();
      a = binary(t, t.kind == TokenKind::kEquals ? Op::kEq : Op::kNe, a, relation());
    }
    return a;
  }

  NodeId relation() {
    NodeId a = sum();
    while (true) {
      Op op;
      switch (in_.peek().kind) {
        case TokenKind::kLess:
          op = Op::kLt;
          break;
        case TokenKind::kLessEqual:
          op = Op::kLe;
          break;
        case TokenKind::kGreater:
          op = Op::kGt;
          break;
        case TokenKind::kGreaterEqual:
          op = Op::kGe;
          break;
        default:
          return a;
      }
      const Token& t = in_.next();
      a = binary(t, op, a, sum());
    }
  }

  NodeId sum() {
    NodeId a = product();
    while (in_.at(TokenKind::kPlus) || in_.at(TokenKind::kMinus)) {
      const Token& t = in_.next();
      a = binary(t, t.kind == TokenKind::kPlus ? Op::kAdd : Op::kSub, a, product());
    }
    return a;
  }

  NodeId product() {
    NodeId a = unary();
    while (in_.at(TokenKind::kTimes) || in_.at(TokenKind::kDivide)) {
      const Token& t = in_.next();
      a = binary(t, t.kind == TokenKind::kTimes ? Op::kMul : Op::kDiv, a, unary());
    }
    return a;
  }

  NodeId unary() {
    if (!in_.at(TokenKind::kMinus)) return basic();
    const Token& t = in_.next();
    Node n = node_at(t, Op::kNeg);
    n.args = {unary()};
    return pool_.add(std::move(n));
  }

  NodeId basic() {
    const Token& t = in_.peek();
    switch (t.kind) {
      case TokenKind::kInteger: {
        in_.next();
        Node n = node_at(t, Op::kInt);
        errno = 0;
        char* end = nullptr;
        const long long v = std::strtoll(t.text.c_str(), &end, 10);
        if (errno == ERANGE) in_.fail(t, "the integer " + t.text + " is too large");
        n.int_value = v;
        return pool_.add(std::move(n));
      }
      case TokenKind::kReal: {
        in_.next();
        Node n = node_at(t, Op::kReal);
        n.real_value = std::strtod(t.text.c_str(), nullptr);
        return pool_.add(std::move(n));
      }
      case TokenKind::kString: {
        in_.next();
        Node n = node_at(t, Op::kLabel);
        n.name = t.text;
        return pool_.add(std::move(n));
      }
      case TokenKind::kLeftParen: {
        in_.next();
        const NodeId inner = expression();
        in_.expect(TokenKind::kRightParen, "to close the '(' at line " + std::to_string(t.line) +
                                               ", column " + std::to_string(t.column));
        return inner;
      }
      case TokenKind::kIdentifier:
        return name_or_call();
      default:
        in_.fail(t, "expected an expression, found " + found(t));
    }
  }

  NodeId name_or_call() {
    const Token& t = in_.next();
    if (t.text == "true" || t.text == "false") {
      Node n = node_at(t, Op::kBool);
      n.int_value = t.text == "true" ? 1 : 0;
      return pool_.add(std::move(n));
    }
    struct Function {
      const char* name;
      Op op;
      std::size_t min_args, max_args;
    };
    static constexpr Function kFunctions[] = {
        {"min", Op::kMin, 2, SIZE_MAX}, {"max", Op::kMax, 2, SIZE_MAX}, {"floor", Op::kFloor, 1, 1},
        {"ceil", Op::kCeil, 1, 1},      {"pow", Op::kPow, 2, 2},        {"mod", Op::kMod, 2, 2},
        {"log", Op::kLog, 2, 2},
    };
    for (const Function& f : kFunctions) {
      if (t.text != f.name || !in_.at(TokenKind::kLeftParen)) continue;
      in_.next();
      Node n = node_at(t, f.op);
      n.name = t.text;
      do {
        n.args.push_back(expression());
      } while (in_.accept(TokenKind::kComma));
      in_.expect(TokenKind::kRightParen, "to close the arguments of " + t.text);
      if (n.args.size() < f.min_args || n.args.size() > f.max_args) {
        const std::string wanted =
            f.min_args == f.max_args ? std::to_string(f.min_args) : "at least " + std::to_string(f.min_args);
        in_.fail(t, t.text + " takes " + wanted + " arguments, given " + std::to_string(n.args.size()));
      }
      return pool_.add(std::move(n));
    }
    Node n = node_at(t, Op::kName);
    n.name = t.text;
    return pool_.add(std::move(n));
  }

  TokenCursor& in_;
  ExpressionPool& pool_;
};

}  // namespace

NodeId parse_expression(TokenCursor& cursor, ExpressionPool& pool) {
  return Parser(cursor, pool).expression();
}

// --- evaluation -----------------------------------------------------------------------------

std::string to_string(Value::Type type) {
  switch (type) {
    case Value::Type::kInt:
      return "int";
    case Value::Type::kReal:
      return "double";
    case Value::Type::kBool:
      return "bool";
  }
  return "?";
}

bool Environment::label(const Node& node) const {
  throw InputError("the label \"" + node.name + "\" is not known here");
}

namespace {

class Evaluator {
 public:
  Evaluator(const ExpressionPool& pool, const Environment& env, const std::string& file)
      : pool_(pool), env_(env), file_(file) {}

  Value operator()(NodeId id) const {
    const Node& n = pool_.at(id);
    switch (n.op) {
      case Op::kInt:
        return Value::of_int(n.int_value);
      case Op::kReal:
        return Value::of_real(n.real_value);
      case Op::kBool:
        return Value::of_bool(n.int_value != 0);
      case Op::kName:
        return env_.name(n);
      case Op::kLabel:
        return Value::of_bool(env_.label(n));
      case Op::kNeg: {
        const Value a = number(n, 0);
        return a.type == Value::Type::kInt ? Value::of_int(-a.i) : Value::of_real(-a.r);
      }
      case Op::kNot:
        return Value::of_bool(!truth(n, 0));
      case Op::kAnd:  // short-circuit, so a guard may protect what follows it
        return Value::of_bool(truth(n, 0) && truth(n, 1));
      case Op::kOr:
        return Value::of_bool(truth(n, 0) || truth(n, 1));
      case Op::kImplies:
        return Value::of_bool(!truth(n, 0) || truth(n, 1));
      case Op::kIff:
        return Value::of_bool(truth(n, 0) == truth(n, 1));
      case Op::kIte:
        return truth(n, 0) ? (*this)(n.args[1]) : (*this)(n.args[2]);
      case Op::kAdd:
      case Op::kSub:
      case Op::kMul:
        return arithmetic(n);
      case Op::kDiv:
        return Value::of_real(number(n, 0).as_real() / number(n, 1).as_real());
      case Op::kEq:
      case Op::kNe:
        return Value::of_bool(equal(n) == (n.op == Op::kEq));
      case Op::kLt:
      case Op::kLe:
      case Op::kGt:
      case Op::kGe:
        return compare(n);
      case Op::kMin:
      case Op::kMax:
        return extreme(n);
      case Op::kFloor:
        return Value::of_int(whole(n, std::floor(number(n, 0).as_real())));
      case Op::kCeil:
        return Value::of_int(whole(n, std::ceil(number(n, 0).as_real())));
      case Op::kPow:
        return power(n);
      case Op::kMod:
        return modulo(n);
      case Op::kLog:
        return Value::of_real(std::log(number(n, 0).as_real()) / std::log(number(n, 1).as_real()));
    }
    throw std::logic_error("prism_language::evaluate: an unknown operator");
  }

 private:
  [[noreturn]] void fail(const Node& at, const std::string& message) const {
    throw InputError(SourceLocation{file_, at.line, at.column}, message);
  }

  Value number(const Node& n, std::size_t k) const {
    const Value v = (*this)(n.args[k]);
    if (!v.numeric()) {
      fail(pool_.at(n.args[k]), std::string("'") + symbol_of(n.op) +
                                    "' needs a number here, found the bool " + pool_.text(n.args[k]));
    }
    return v;
  }

  bool truth(const Node& n, std::size_t k) const {
    const Value v = (*this)(n.args[k]);
    if (v.type != Value::Type::kBool) {
      const char* what = n.op == Op::kIte ? "'? :'" : nullptr;
      fail(pool_.at(n.args[k]),
           std::string(what != nullptr ? what : std::string("'") + symbol_of(n.op) + "'") +
               " needs a bool here, found the " + to_string(v.type) + " " + pool_.text(n.args[k]));
    }
    return v.b;
  }

  Value arithmetic(const Node& n) const {
    const Value a = number(n, 0), b = number(n, 1);
    if (a.type == Value::Type::kInt && b.type == Value::Type::kInt) {
      std::int64_t out = 0;
      const bool overflow = n.op == Op::kAdd   ? __builtin_add_overflow(a.i, b.i, &out)
                            : n.op == Op::kSub ? __builtin_sub_overflow(a.i, b.i, &out)
                                               : __builtin_mul_overflow(a.i, b.i, &out);
      if (overflow) fail(n, "integer overflow in " + pool_.text(index_of(n)));
      return Value::of_int(out);
    }
    const double x = a.as_real(), y = b.as_real();
    return Value::of_real(n.op == Op::kAdd ? x + y : n.op == Op::kSub ? x - y : x * y);
  }

  // The id of a node reached by reference (for a message only).
  NodeId index_of(const Node& n) const { return static_cast<NodeId>(&n - &pool_.at(0)); }

  bool equal(const Node& n) const {
    const Value a = (*this)(n.args[0]), b = (*this)(n.args[1]);
    if (a.numeric() != b.numeric()) {
      const auto article = [](Value::Type t) { return t == Value::Type::kInt ? "an " : "a "; };
      fail(n, "'" + std::string(symbol_of(n.op)) + "' compares " + article(a.type) + to_string(a.type) +
                  " with " + article(b.type) + to_string(b.type));
    }
    if (!a.numeric()) return a.b == b.b;
    if (a.type == Value::Type::kInt && b.type == Value::Type::kInt) return a.i == b.i;
    return a.as_real() == b.as_real();
  }

  Value compare(const Node& n) const {
    const Value a = number(n, 0), b = number(n, 1);
    bool r;
    if (a.type == Value::Type::kInt && b.type == Value::Type::kInt) {
      r = n.op == Op::kLt   ? a.i < b.i
          : n.op == Op::kLe ? a.i <= b.i
          : n.op == Op::kGt ? a.i > b.i
                            : a.i >= b.i;
    } else {
      const double x = a.as_real(), y = b.as_real();
      r = n.op == Op::kLt ? x < y : n.op == Op::kLe ? x <= y : n.op == Op::kGt ? x > y : x >= y;
    }
    return Value::of_bool(r);
  }

  Value extreme(const Node& n) const {
    Value best = number(n, 0);
    for (std::size_t k = 1; k < n.args.size(); ++k) {
      const Value v = number(n, k);
      if (best.type == Value::Type::kInt && v.type == Value::Type::kInt) {
        best.i = n.op == Op::kMin ? std::min(best.i, v.i) : std::max(best.i, v.i);
      } else {
        const double x = best.as_real(), y = v.as_real();
        best = Value::of_real(n.op == Op::kMin ? std::min(x, y) : std::max(x, y));
      }
    }
    return best;
  }

  std::int64_t whole(const Node& n, double x) const {
    if (!(std::abs(x) < 9.2e18)) fail(n, "floor or ceil of a value out of the integer range");
    return static_cast<std::int64_t>(x);
  }

  // pow of ints is an int (a negative exponent makes it a double, as 2^-1 is not an integer).
  Value power(const Node& n) const {
    const Value a = number(n, 0), b = number(n, 1);
    if (a.type == Value::Type::kInt && b.type == Value::Type::kInt && b.i >= 0) {
      std::int64_t out = 1;
      for (std::int64_t k = 0; k < b.i; ++k) {
        if (__builtin_mul_overflow(out, a.i, &out)) fail(n, "integer overflow in pow");
        if (out == 0 || out == 1) break;
      }
      return Value::of_int(out);
    }
    return Value::of_real(std::pow(a.as_real(), b.as_real()));
  }

  Value modulo(const Node& n) const {
    const Value a = number(n, 0), b = number(n, 1);
    if (a.type != Value::Type::kInt || b.type != Value::Type::kInt) fail(n, "mod needs two ints");
    if (b.i == 0) fail(n, "mod by zero");
    std::int64_t r = a.i % b.i;
    if (r != 0 && ((r < 0) != (b.i < 0))) r += b.i;
    return Value::of_int(r);
  }

  const ExpressionPool& pool_;
  const Environment& env_;
  const std::string& file_;
};

}  // namespace

Value evaluate(const ExpressionPool& pool, NodeId id, const Environment& env, const std::string& file) {
  return Evaluator(pool, env, file)(id);
}

}  // namespace sgplan::models::prism_language
