// Expressions of the PRISM language: the syntax tree, its parser and its evaluation.
//
// Precedence, loosest first (PRISM manual, "Expressions"): c ? a : b (right-associative), =>
// (right-associative), <=>, |, &, !, = and !=, < <= > >=, + and -, * and /, unary -; then literals,
// names, "labels", parentheses and the functions min, max (any number of arguments), floor, ceil,
// pow, mod, log. Types follow PRISM: int, double and bool; + - * min max pow of ints are ints,
// / is always a double division, floor and ceil give ints, mod is on ints (the result has the
// divisor's sign, so mod(-1, 3) = 2), log(x, b) is the logarithm of x to base b. A type mismatch
// (a number where a truth value belongs, or the reverse) is an InputError at the operator.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "models/prism_language/lexer.hpp"

namespace sgplan::models::prism_language {

enum class Op : std::uint8_t {
  kInt,
  kReal,
  kBool,
  kName,
  kLabel,  // leaves: literals, an identifier, a quoted label
  kNeg,
  kNot,
  kAdd,
  kSub,
  kMul,
  kDiv,
  kEq,
  kNe,
  kLt,
  kLe,
  kGt,
  kGe,
  kAnd,
  kOr,
  kImplies,
  kIff,
  kIte,
  kMin,
  kMax,
  kFloor,
  kCeil,
  kPow,
  kMod,
  kLog,
};

using NodeId = std::uint32_t;

struct Node {
  Op op = Op::kInt;
  int line = 0;
  int column = 0;
  std::int64_t int_value = 0;  // kInt; kBool: 0 or 1
  double real_value = 0.0;     // kReal
  std::string name;            // kName, kLabel; the function's name for a call
  std::vector<NodeId> args;    // operands, in order
};

// Every expression of a file lives in one pool and is named by its root's id.
class ExpressionPool {
 public:
  NodeId add(Node node);
  const Node& at(NodeId id) const { return nodes_[id]; }
  std::size_t size() const { return nodes_.size(); }
  // The expression as PRISM text, fully parenthesised where precedence needs it (for messages).
  std::string text(NodeId id) const;

 private:
  std::vector<Node> nodes_;
};

// Reading tokens in order, shared by the expression, model and property parsers.
class TokenCursor {
 public:
  TokenCursor(const std::vector<Token>& tokens, std::string file) : tokens_(tokens), file_(std::move(file)) {}
  const Token& peek(std::size_t ahead = 0) const;
  const Token& next();
  bool at(TokenKind kind) const { return peek().kind == kind; }
  bool at_word(std::string_view word) const;  // an identifier with this text
  bool accept(TokenKind kind);                // consumes it if it is next
  const Token& expect(TokenKind kind, const std::string& context);
  const Token& expect_word(std::string_view word, const std::string& context);
  [[noreturn]] void fail(const Token& at, const std::string& message) const;
  const std::string& file() const { return file_; }

 private:
  const std::vector<Token>& tokens_;
  std::string file_;
  std::size_t pos_ = 0;
};

// Parses one expression at the cursor (stopping before the first token that cannot continue it).
NodeId parse_expression(TokenCursor& cursor, ExpressionPool& pool);

// A value during evaluation.
struct Value {
  enum class Type : std::uint8_t { kInt, kReal, kBool };
  Type type = Type::kInt;
  std::int64_t i = 0;
  double r = 0.0;
  bool b = false;

  static Value of_int(std::int64_t v) { return {Type::kInt, v, 0.0, false}; }
  static Value of_real(double v) { return {Type::kReal, 0, v, false}; }
  static Value of_bool(bool v) { return {Type::kBool, 0, 0.0, v}; }
  bool numeric() const { return type != Type::kBool; }
  double as_real() const { return type == Type::kInt ? static_cast<double>(i) : r; }
};

std::string to_string(Value::Type type);  // "int", "double", "bool"

// What names and labels mean where an expression is evaluated (constants, variables, formulas).
class Environment {
 public:
  virtual ~Environment() = default;
  // The value of the name at `node` (kName); InputError naming it where it is unknown.
  virtual Value name(const Node& node) const = 0;
  // The truth of the label at `node` (kLabel); by default labels are unknown here.
  virtual bool label(const Node& node) const;
};

// Evaluates the expression; InputError at the offending node on a type mismatch, an unknown name,
// mod by zero or a function given the wrong number of arguments.
Value evaluate(const ExpressionPool& pool, NodeId id, const Environment& env, const std::string& file);

}  // namespace sgplan::models::prism_language
