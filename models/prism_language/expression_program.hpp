// State expressions compiled for exploration: constants folded, formulas and labels inlined,
// variables resolved to their bits in a state's words, and every operator's operand types fixed
// at compile time (PRISM's types are static: the manual's "Expressions"). The tree walker
// (expression.hpp's evaluate) looks every name up through a virtual environment and builds a
// Value per node; a compiled program reads bits and branches on precomputed types instead.
//
// Not every expression compiles. One whose type depends on the state (c ? 1 : 0.5 is an int or a
// double; pow(x, y) with a variable exponent), one that names an open constant or an unknown
// name, or one with a type error is refused: the caller evaluates it with the tree walker, which
// keeps its exact messages. Evaluation never throws: where the tree walker reports an error
// (integer overflow, mod by zero, floor or ceil out of the integer range), it sets `trouble` and
// the caller re-runs the tree walker on that state, which throws with the place of the error.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "models/prism_language/expression.hpp"

namespace sgplan::models::prism_language {

// Where a variable lives: `bits` bits at `shift` in word `word` of the state, holding value - low.
struct VariableSlot {
  bool boolean = false;
  std::int64_t low = 0;
  std::uint32_t word = 0;
  std::uint8_t shift = 0;
  std::uint8_t bits = 0;  // 0: the variable has one value (low, or false)
};

// What a name means, as the model tells the compiler.
struct NameMeaning {
  enum class Kind : std::uint8_t { kRefuse, kConstant, kVariable, kExpression };
  Kind kind = Kind::kRefuse;  // kRefuse: an open or unknown name (the tree walker reports it)
  Value constant;             // kConstant
  VariableSlot slot;          // kVariable
  NodeId expression = 0;      // kExpression: a formula's (or label's) own expression
};

class CompileContext {
 public:
  virtual ~CompileContext() = default;
  virtual NameMeaning name(NodeId id) const = 0;   // a kName node
  virtual NameMeaning label(NodeId id) const = 0;  // a kLabel node: kExpression or kRefuse
};

class ExpressionProgram {
 public:
  using Ref = std::uint32_t;

  // The compiled form of the expression at `id`, or none (see above). Nodes compiled once are
  // shared, so a formula used a hundred times is compiled once.
  std::optional<Ref> compile(const ExpressionPool& pool, NodeId id, const CompileContext& context);
  Value::Type type(Ref r) const { return code_[r].type; }

  // The first conjunct of r's top-level `&` chain when it is `int variable = constant` (either
  // way round): the variable's slot and the constant. Evaluation short-circuits, so where that
  // conjunct is false r is false and nothing else of it is evaluated (no trouble either): the
  // exploration indexes commands by it (CompiledModel's guard index).
  struct LeadingEquality {
    VariableSlot slot;
    std::int64_t value = 0;
  };
  std::optional<LeadingEquality> leading_equality(Ref r) const;

  bool truth(Ref r, const std::uint64_t* words, bool& trouble) const;
  std::int64_t integer(Ref r, const std::uint64_t* words, bool& trouble) const;
  double real(Ref r, const std::uint64_t* words, bool& trouble) const;  // an int converts

 private:
  enum class Code : std::uint8_t {
    kConst,
    kVar,
    kNeg,
    kNot,
    kAnd,
    kOr,
    kImplies,
    kIff,
    kIte,
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
    kMin,
    kMax,
    kFloor,
    kCeil,
    kPow,
    kMod,
    kLog,
  };
  struct Instruction {
    Code code = Code::kConst;
    Value::Type type = Value::Type::kInt;      // the result's type
    Value::Type operands = Value::Type::kInt;  // comparisons: kBool, kInt (both ints) or kReal
    std::uint32_t first = 0, count = 0;        // arguments: args_[first .. first + count)
    Value constant;                            // kConst
    VariableSlot slot;                         // kVar
  };

  std::optional<Ref> build(const ExpressionPool& pool, NodeId id, const CompileContext& context, int depth);
  std::optional<Ref> typed(const Node& n, std::vector<Ref> args);
  Ref fold(Ref r);  // a node whose arguments are all constants becomes a constant
  static Instruction constant_instruction(Value v) { return {Code::kConst, v.type, {}, 0, 0, v, {}}; }
  Ref arg(const Instruction& in, std::uint32_t k) const { return args_[in.first + k]; }

  std::vector<Instruction> code_;
  std::vector<Ref> args_;
  std::map<NodeId, std::optional<Ref>> done_;
};

}  // namespace sgplan::models::prism_language
