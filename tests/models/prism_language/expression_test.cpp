// PRISM-language tokens and expressions: precedence as the PRISM manual lists it, PRISM's types
// (int arithmetic stays int, / is a double division, mod takes the divisor's sign), and errors
// that name the line and column.
#include "models/prism_language/expression.hpp"

#include <gtest/gtest.h>

#include <map>

namespace sgplan::models::prism_language {
namespace {

class Names : public Environment {
 public:
  std::map<std::string, Value> values;
  Value name(const Node& node) const override {
    const auto it = values.find(node.name);
    if (it == values.end())
      throw InputError(SourceLocation{"t", node.line, node.column}, "unknown " + node.name);
    return it->second;
  }
};

struct Parsed {
  std::vector<Token> tokens;
  ExpressionPool pool;
  NodeId root = 0;
  bool at_end = false;
};

Parsed parse(const std::string& text) {
  Parsed p;
  p.tokens = tokenize(text, "t");
  TokenCursor cursor(p.tokens, "t");
  p.root = parse_expression(cursor, p.pool);
  p.at_end = cursor.at(TokenKind::kEnd);
  return p;
}

Value eval(const std::string& text, const Names& names = {}) {
  Parsed p = parse(text);
  EXPECT_TRUE(p.at_end) << text;
  return evaluate(p.pool, p.root, names, "t");
}

std::int64_t eval_int(const std::string& text) {
  const Value v = eval(text);
  EXPECT_EQ(v.type, Value::Type::kInt) << text;
  return v.i;
}
double eval_real(const std::string& text) {
  const Value v = eval(text);
  EXPECT_EQ(v.type, Value::Type::kReal) << text;
  return v.r;
}
bool eval_bool(const std::string& text) {
  const Value v = eval(text);
  EXPECT_EQ(v.type, Value::Type::kBool) << text;
  return v.b;
}

std::string error_of(const std::string& text, const Names& names = {}) {
  try {
    Parsed p = parse(text);
    evaluate(p.pool, p.root, names, "t");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(PrismLexer, TokensCarryTheirLineAndColumnAndSkipComments) {
  const auto t = tokenize("x' = 1..3 // note\n  /* block\n */ <=> \"goal\" 2.5e-1 <<p1>>", "f");
  std::vector<TokenKind> kinds;
  for (const Token& k : t) kinds.push_back(k.kind);
  EXPECT_EQ(kinds, (std::vector<TokenKind>{TokenKind::kIdentifier, TokenKind::kPrime, TokenKind::kEquals,
                                           TokenKind::kInteger, TokenKind::kDotDot, TokenKind::kInteger,
                                           TokenKind::kIff, TokenKind::kString, TokenKind::kReal,
                                           TokenKind::kCoalitionOpen, TokenKind::kIdentifier,
                                           TokenKind::kCoalitionClose, TokenKind::kEnd}));
  EXPECT_EQ(t[6].line, 3);
  EXPECT_EQ(t[6].column, 5);
  EXPECT_EQ(t[7].text, "goal");
  EXPECT_EQ(t[8].text, "2.5e-1");
}

TEST(PrismLexer, BadInputNamesWhere) {
  EXPECT_THROW(tokenize("a # b", "f"), InputError);
  try {
    tokenize("x\n  \"open", "f.prism");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "f.prism:2:3: a quoted name is not closed on its line");
  }
  try {
    tokenize("/* never closed", "f.prism");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "f.prism:1:1: a comment opened here is never closed (expected */)");
  }
}

TEST(PrismExpressions, PrecedenceFollowsTheManual) {
  EXPECT_EQ(eval_int("1 + 2 * 3"), 7);
  EXPECT_EQ(eval_int("-2 * 3 + 1"), -5);
  EXPECT_EQ(eval_int("10 - 3 - 2"), 5);  // left-associative
  EXPECT_TRUE(eval_bool("1 + 1 = 2 & 3 > 2"));
  EXPECT_TRUE(eval_bool("!false & false | true"));  // (!false & false) | true
  EXPECT_FALSE(eval_bool("!(false | true)"));
  EXPECT_TRUE(eval_bool("false => false => false"));  // right-assoc: false => (false => false)
  EXPECT_TRUE(eval_bool("true | false <=> true"));    // | binds tighter than <=>
  EXPECT_TRUE(eval_bool("false <=> false => true"));  // <=> binds tighter: (f <=> f) => t
  EXPECT_EQ(eval_int("true ? 1 : false ? 2 : 3"), 1);
  EXPECT_EQ(eval_int("false ? 1 : false ? 2 : 3"), 3);
  EXPECT_EQ(parse("a & b | c => d").pool.text(parse("a & b | c => d").root), "(((a & b) | c) => d)");
}

TEST(PrismExpressions, TypesAreThoseOfPrism) {
  EXPECT_DOUBLE_EQ(eval_real("3 / 2"), 1.5);  // / is always a double division
  EXPECT_EQ(eval_int("floor(7 / 2)"), 3);
  EXPECT_EQ(eval_int("ceil(7 / 2)"), 4);
  EXPECT_EQ(eval_int("min(4, 2, 9)"), 2);
  EXPECT_DOUBLE_EQ(eval_real("max(1, 2.5)"), 2.5);
  EXPECT_EQ(eval_int("pow(2, 10)"), 1024);
  EXPECT_DOUBLE_EQ(eval_real("pow(2, -1)"), 0.5);
  EXPECT_EQ(eval_int("mod(7, 3)"), 1);
  EXPECT_EQ(eval_int("mod(-1, 3)"), 2);
  EXPECT_DOUBLE_EQ(eval_real("log(8, 2)"), 3.0);
  EXPECT_TRUE(eval_bool("1 = 1.0"));
  EXPECT_DOUBLE_EQ(eval_real("0.5 + .25"), 0.75);
}

TEST(PrismExpressions, NamesComeFromTheEnvironment) {
  Names names;
  names.values["N"] = Value::of_int(3);
  names.values["p"] = Value::of_real(0.25);
  names.values["done"] = Value::of_bool(false);
  EXPECT_EQ(eval("2*(N+1)*N", names).i, 24);
  EXPECT_DOUBLE_EQ(eval("1 - p", names).r, 0.75);
  EXPECT_TRUE(eval("!done & N >= 3", names).b);
  EXPECT_EQ(error_of("N + missing", names), "t:1:5: unknown missing");
}

TEST(PrismExpressions, ErrorsNameTheOperatorAndThePlace) {
  EXPECT_EQ(error_of("1 & true"), "t:1:1: '&' needs a bool here, found the int 1");
  EXPECT_EQ(error_of("true + 1"), "t:1:1: '+' needs a number here, found the bool true");
  EXPECT_EQ(error_of("true = 1"), "t:1:6: '=' compares a bool with an int");
  EXPECT_EQ(error_of("mod(1, 0)"), "t:1:1: mod by zero");
  EXPECT_EQ(error_of("floor(1, 2)"), "t:1:1: floor takes 1 arguments, given 2");
  EXPECT_EQ(error_of("(1 + 2"),
            "t:1:7: expected ')' to close the '(' at line 1, column 1, found the end of the file");
  EXPECT_EQ(error_of("1 + * 2"), "t:1:5: expected an expression, found '*'");
  EXPECT_EQ(error_of("9223372036854775807 + 1"), "t:1:21: integer overflow in (9223372036854775807 + 1)");
}

}  // namespace
}  // namespace sgplan::models::prism_language
