#include "models/prism_language/expression_program.hpp"

#include <algorithm>
#include <cmath>

namespace sgplan::models::prism_language {

namespace {

bool numeric(Value::Type t) {
  return t != Value::Type::kBool;
}

// Formulas nest formulas; a chain deeper than this is left to the tree walker.
constexpr int kMaxDepth = 2000;

}  // namespace

std::optional<ExpressionProgram::Ref> ExpressionProgram::compile(const ExpressionPool& pool, NodeId id,
                                                                 const CompileContext& context) {
  return build(pool, id, context, 0);
}

std::optional<ExpressionProgram::Ref> ExpressionProgram::build(const ExpressionPool& pool, NodeId id,
                                                               const CompileContext& context, int depth) {
  if (const auto it = done_.find(id); it != done_.end()) return it->second;
  if (depth > kMaxDepth) return std::nullopt;
  const Node& n = pool.at(id);
  std::optional<Ref> out;
  auto leaf = [&](const Instruction& in) {
    code_.push_back(in);
    return static_cast<Ref>(code_.size() - 1);
  };
  auto constant = [&](Value v) { return leaf(constant_instruction(v)); };
  switch (n.op) {
    case Op::kInt:
      out = constant(Value::of_int(n.int_value));
      break;
    case Op::kReal:
      out = constant(Value::of_real(n.real_value));
      break;
    case Op::kBool:
      out = constant(Value::of_bool(n.int_value != 0));
      break;
    case Op::kName:
    case Op::kLabel: {
      const NameMeaning m = n.op == Op::kName ? context.name(id) : context.label(id);
      switch (m.kind) {
        case NameMeaning::Kind::kRefuse:
          break;
        case NameMeaning::Kind::kConstant:
          out = constant(m.constant);
          break;
        case NameMeaning::Kind::kVariable:
          if (m.slot.bits == 0) {  // one value: a constant
            out = constant(m.slot.boolean ? Value::of_bool(false) : Value::of_int(m.slot.low));
          } else {
            out = leaf(
                {Code::kVar, m.slot.boolean ? Value::Type::kBool : Value::Type::kInt, {}, 0, 0, {}, m.slot});
          }
          break;
        case NameMeaning::Kind::kExpression:
          out = build(pool, m.expression, context, depth + 1);
          if (out && n.op == Op::kLabel && code_[*out].type != Value::Type::kBool) out.reset();
          break;
      }
      break;
    }
    default: {
      std::vector<Ref> args;
      for (NodeId a : n.args) {
        const std::optional<Ref> r = build(pool, a, context, depth + 1);
        if (!r) {
          done_[id] = std::nullopt;
          return std::nullopt;
        }
        args.push_back(*r);
      }
      out = typed(n, std::move(args));
      if (out) out = fold(*out);
      break;
    }
  }
  done_[id] = out;
  return out;
}

// The operator with its operand and result types, or none where the tree walker would report a
// type error or the type would depend on the state.
std::optional<ExpressionProgram::Ref> ExpressionProgram::typed(const Node& n, std::vector<Ref> args) {
  using T = Value::Type;
  Instruction in;
  auto t = [&](std::size_t k) { return code_[args[k]].type; };
  auto all = [&](auto pred) {
    return std::all_of(args.begin(), args.end(), [&](Ref r) { return pred(code_[r].type); });
  };
  auto any_real = [&] {
    return std::any_of(args.begin(), args.end(), [&](Ref r) { return code_[r].type == T::kReal; });
  };
  switch (n.op) {
    case Op::kNeg:
      if (!numeric(t(0))) return std::nullopt;
      in = {Code::kNeg, t(0), {}, 0, 0, {}, {}};
      break;
    case Op::kNot:
      if (t(0) != T::kBool) return std::nullopt;
      in = {Code::kNot, T::kBool, {}, 0, 0, {}, {}};
      break;
    case Op::kAnd:
    case Op::kOr:
    case Op::kImplies:
    case Op::kIff:
      if (t(0) != T::kBool || t(1) != T::kBool) return std::nullopt;
      in.code = n.op == Op::kAnd       ? Code::kAnd
                : n.op == Op::kOr      ? Code::kOr
                : n.op == Op::kImplies ? Code::kImplies
                                       : Code::kIff;
      in.type = T::kBool;
      break;
    case Op::kIte:
      if (t(0) != T::kBool || t(1) != t(2)) return std::nullopt;
      in = {Code::kIte, t(1), {}, 0, 0, {}, {}};
      break;
    case Op::kAdd:
    case Op::kSub:
    case Op::kMul:
      if (!numeric(t(0)) || !numeric(t(1))) return std::nullopt;
      in.code = n.op == Op::kAdd ? Code::kAdd : n.op == Op::kSub ? Code::kSub : Code::kMul;
      in.type = any_real() ? T::kReal : T::kInt;
      break;
    case Op::kDiv:
      if (!numeric(t(0)) || !numeric(t(1))) return std::nullopt;
      in = {Code::kDiv, T::kReal, {}, 0, 0, {}, {}};
      break;
    case Op::kEq:
    case Op::kNe:
      if (numeric(t(0)) != numeric(t(1))) return std::nullopt;
      in.code = n.op == Op::kEq ? Code::kEq : Code::kNe;
      in.type = T::kBool;
      in.operands = !numeric(t(0)) ? T::kBool : any_real() ? T::kReal : T::kInt;
      break;
    case Op::kLt:
    case Op::kLe:
    case Op::kGt:
    case Op::kGe:
      if (!numeric(t(0)) || !numeric(t(1))) return std::nullopt;
      in.code = n.op == Op::kLt   ? Code::kLt
                : n.op == Op::kLe ? Code::kLe
                : n.op == Op::kGt ? Code::kGt
                                  : Code::kGe;
      in.type = T::kBool;
      in.operands = any_real() ? T::kReal : T::kInt;
      break;
    case Op::kMin:
    case Op::kMax:
      if (!all(numeric)) return std::nullopt;
      in.code = n.op == Op::kMin ? Code::kMin : Code::kMax;
      in.type = any_real() ? T::kReal : T::kInt;
      break;
    case Op::kFloor:
    case Op::kCeil:
      if (!numeric(t(0))) return std::nullopt;
      in.code = n.op == Op::kFloor ? Code::kFloor : Code::kCeil;
      in.type = T::kInt;
      break;
    case Op::kPow:
      if (!numeric(t(0)) || !numeric(t(1))) return std::nullopt;
      if (any_real()) {
        in.type = T::kReal;
      } else {
        // pow of ints is an int only for a non-negative exponent: known here only for a constant.
        const Instruction& e = code_[args[1]];
        if (e.code != Code::kConst) return std::nullopt;
        in.type = e.constant.i >= 0 ? T::kInt : T::kReal;
      }
      in.code = Code::kPow;
      break;
    case Op::kMod:
      if (t(0) != T::kInt || t(1) != T::kInt) return std::nullopt;
      in = {Code::kMod, T::kInt, {}, 0, 0, {}, {}};
      break;
    case Op::kLog:
      if (!numeric(t(0)) || !numeric(t(1))) return std::nullopt;
      in = {Code::kLog, T::kReal, {}, 0, 0, {}, {}};
      break;
    default:
      return std::nullopt;
  }
  in.first = static_cast<std::uint32_t>(args_.size());
  in.count = static_cast<std::uint32_t>(args.size());
  args_.insert(args_.end(), args.begin(), args.end());
  code_.push_back(in);
  return static_cast<Ref>(code_.size() - 1);
}

ExpressionProgram::Ref ExpressionProgram::fold(Ref r) {
  const Instruction in = code_[r];
  for (std::uint32_t k = 0; k < in.count; ++k)
    if (code_[arg(in, k)].code != Code::kConst) return r;
  bool trouble = false;
  Value v;
  switch (in.type) {
    case Value::Type::kBool:
      v = Value::of_bool(truth(r, nullptr, trouble));
      break;
    case Value::Type::kInt:
      v = Value::of_int(integer(r, nullptr, trouble));
      break;
    case Value::Type::kReal:
      v = Value::of_real(real(r, nullptr, trouble));
      break;
  }
  if (trouble) return r;  // left to evaluation, which reports it where it is reached
  code_[r] = constant_instruction(v);
  return r;
}

namespace {

std::uint64_t raw_bits(const VariableSlot& s, const std::uint64_t* words) {
  const std::uint64_t mask = s.bits >= 64 ? ~0ULL : ((1ULL << s.bits) - 1);
  return (words[s.word] >> s.shift) & mask;
}

}  // namespace

std::optional<ExpressionProgram::LeadingEquality> ExpressionProgram::leading_equality(Ref r) const {
  while (code_[r].code == Code::kAnd) r = arg(code_[r], 0);
  const Instruction& in = code_[r];
  if (in.code != Code::kEq || in.operands != Value::Type::kInt) return std::nullopt;
  const Instruction& a = code_[arg(in, 0)];
  const Instruction& b = code_[arg(in, 1)];
  if (a.code == Code::kVar && b.code == Code::kConst && b.constant.type == Value::Type::kInt)
    return LeadingEquality{a.slot, b.constant.i};
  if (b.code == Code::kVar && a.code == Code::kConst && a.constant.type == Value::Type::kInt)
    return LeadingEquality{b.slot, a.constant.i};
  return std::nullopt;
}

bool ExpressionProgram::truth(Ref r, const std::uint64_t* w, bool& trouble) const {
  const Instruction& in = code_[r];
  switch (in.code) {
    case Code::kConst:
      return in.constant.b;
    case Code::kVar:
      return raw_bits(in.slot, w) != 0;
    case Code::kNot:
      return !truth(arg(in, 0), w, trouble);
    case Code::kAnd:  // short-circuit, as the tree walker
      return truth(arg(in, 0), w, trouble) && truth(arg(in, 1), w, trouble);
    case Code::kOr:
      return truth(arg(in, 0), w, trouble) || truth(arg(in, 1), w, trouble);
    case Code::kImplies:
      return !truth(arg(in, 0), w, trouble) || truth(arg(in, 1), w, trouble);
    case Code::kIff:
      return truth(arg(in, 0), w, trouble) == truth(arg(in, 1), w, trouble);
    case Code::kIte:
      return truth(arg(in, 0), w, trouble) ? truth(arg(in, 1), w, trouble) : truth(arg(in, 2), w, trouble);
    case Code::kEq:
    case Code::kNe: {
      bool eq;
      if (in.operands == Value::Type::kBool) {
        eq = truth(arg(in, 0), w, trouble) == truth(arg(in, 1), w, trouble);
      } else if (in.operands == Value::Type::kInt) {
        eq = integer(arg(in, 0), w, trouble) == integer(arg(in, 1), w, trouble);
      } else {
        eq = real(arg(in, 0), w, trouble) == real(arg(in, 1), w, trouble);
      }
      return eq == (in.code == Code::kEq);
    }
    case Code::kLt:
    case Code::kLe:
    case Code::kGt:
    case Code::kGe: {
      if (in.operands == Value::Type::kInt) {
        const std::int64_t a = integer(arg(in, 0), w, trouble), b = integer(arg(in, 1), w, trouble);
        return in.code == Code::kLt   ? a < b
               : in.code == Code::kLe ? a <= b
               : in.code == Code::kGt ? a > b
                                      : a >= b;
      }
      const double a = real(arg(in, 0), w, trouble), b = real(arg(in, 1), w, trouble);
      return in.code == Code::kLt   ? a < b
             : in.code == Code::kLe ? a <= b
             : in.code == Code::kGt ? a > b
                                    : a >= b;
    }
    default:
      trouble = true;  // not a bool: typed() never builds this
      return false;
  }
}

std::int64_t ExpressionProgram::integer(Ref r, const std::uint64_t* w, bool& trouble) const {
  const Instruction& in = code_[r];
  switch (in.code) {
    case Code::kConst:
      return in.constant.i;
    case Code::kVar:
      return in.slot.low + static_cast<std::int64_t>(raw_bits(in.slot, w));
    case Code::kNeg: {
      const std::int64_t a = integer(arg(in, 0), w, trouble);
      return -a;
    }
    case Code::kIte:
      return truth(arg(in, 0), w, trouble) ? integer(arg(in, 1), w, trouble)
                                           : integer(arg(in, 2), w, trouble);
    case Code::kAdd:
    case Code::kSub:
    case Code::kMul: {
      const std::int64_t a = integer(arg(in, 0), w, trouble), b = integer(arg(in, 1), w, trouble);
      std::int64_t out = 0;
      const bool overflow = in.code == Code::kAdd   ? __builtin_add_overflow(a, b, &out)
                            : in.code == Code::kSub ? __builtin_sub_overflow(a, b, &out)
                                                    : __builtin_mul_overflow(a, b, &out);
      if (overflow) trouble = true;
      return out;
    }
    case Code::kMin:
    case Code::kMax: {
      std::int64_t best = integer(arg(in, 0), w, trouble);
      for (std::uint32_t k = 1; k < in.count; ++k) {
        const std::int64_t v = integer(arg(in, k), w, trouble);
        best = in.code == Code::kMin ? std::min(best, v) : std::max(best, v);
      }
      return best;
    }
    case Code::kFloor:
    case Code::kCeil: {
      const double x = real(arg(in, 0), w, trouble);
      const double y = in.code == Code::kFloor ? std::floor(x) : std::ceil(x);
      if (!(std::abs(y) < 9.2e18)) {
        trouble = true;
        return 0;
      }
      return static_cast<std::int64_t>(y);
    }
    case Code::kPow: {
      const std::int64_t a = integer(arg(in, 0), w, trouble), b = integer(arg(in, 1), w, trouble);
      std::int64_t out = 1;
      for (std::int64_t k = 0; k < b; ++k) {
        if (__builtin_mul_overflow(out, a, &out)) {
          trouble = true;
          return 0;
        }
        if (out == 0 || out == 1) break;
      }
      return out;
    }
    case Code::kMod: {
      const std::int64_t a = integer(arg(in, 0), w, trouble), b = integer(arg(in, 1), w, trouble);
      if (b == 0) {
        trouble = true;
        return 0;
      }
      std::int64_t m = a % b;
      if (m != 0 && ((m < 0) != (b < 0))) m += b;
      return m;
    }
    default:
      trouble = true;
      return 0;
  }
}

double ExpressionProgram::real(Ref r, const std::uint64_t* w, bool& trouble) const {
  const Instruction& in = code_[r];
  if (in.type == Value::Type::kInt) return static_cast<double>(integer(r, w, trouble));
  switch (in.code) {
    case Code::kConst:
      return in.constant.r;
    case Code::kNeg:
      return -real(arg(in, 0), w, trouble);
    case Code::kIte:
      return truth(arg(in, 0), w, trouble) ? real(arg(in, 1), w, trouble) : real(arg(in, 2), w, trouble);
    case Code::kAdd:
      return real(arg(in, 0), w, trouble) + real(arg(in, 1), w, trouble);
    case Code::kSub:
      return real(arg(in, 0), w, trouble) - real(arg(in, 1), w, trouble);
    case Code::kMul:
      return real(arg(in, 0), w, trouble) * real(arg(in, 1), w, trouble);
    case Code::kDiv:
      return real(arg(in, 0), w, trouble) / real(arg(in, 1), w, trouble);
    case Code::kMin:
    case Code::kMax: {
      double best = real(arg(in, 0), w, trouble);
      for (std::uint32_t k = 1; k < in.count; ++k) {
        const double v = real(arg(in, k), w, trouble);
        best = in.code == Code::kMin ? std::min(best, v) : std::max(best, v);
      }
      return best;
    }
    case Code::kPow:
      return std::pow(real(arg(in, 0), w, trouble), real(arg(in, 1), w, trouble));
    case Code::kLog:
      return std::log(real(arg(in, 0), w, trouble)) / std::log(real(arg(in, 1), w, trouble));
    default:
      trouble = true;
      return 0.0;
  }
}

}  // namespace sgplan::models::prism_language
