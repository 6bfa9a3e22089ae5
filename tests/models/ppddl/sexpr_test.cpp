// The s-expression reader: places, comments, case, and unbalanced parentheses.
#include "models/ppddl/sexpr.hpp"

#include <gtest/gtest.h>

#include "tests/models/ppddl/ppddl_testing.hpp"

namespace sgplan::models::ppddl {
namespace {

using testing::input_error;

TEST(PpddlSexpr, PlacesCommentsAndCase) {
  const auto forms =
      read_sexprs("; a comment (not read\n(Define (DOMAIN Tire)\n  (:action Move-Car)) ; tail\n(x)", "f");
  ASSERT_EQ(forms.size(), 2u);
  const SExpr& d = forms[0];
  EXPECT_TRUE(d.list);
  EXPECT_EQ(d.line, 2);
  EXPECT_EQ(d.column, 1);
  ASSERT_EQ(d.items.size(), 3u);
  EXPECT_TRUE(d.items[0].is("define"));
  EXPECT_TRUE(d.items[1].headed("domain"));
  EXPECT_EQ(d.items[1].items[1].text, "tire");  // names are case-insensitive: kept in lower case
  EXPECT_EQ(d.items[2].items[1].text, "move-car");
  EXPECT_EQ(d.items[2].items[1].line, 3);
  EXPECT_EQ(d.items[2].items[1].column, 12);
  EXPECT_EQ(forms[1].line, 4);
  EXPECT_EQ(to_text(d.items[1]), "(domain tire)");
}

TEST(PpddlSexpr, NumbersAndNamesAreAtoms) {
  const auto forms = read_sexprs("(probabilistic 2/5 (a) .25 (b-c ?x))", "f");
  ASSERT_EQ(forms.size(), 1u);
  const SExpr& p = forms[0];
  ASSERT_EQ(p.items.size(), 5u);
  EXPECT_EQ(p.items[1].text, "2/5");
  EXPECT_EQ(p.items[3].text, ".25");
  EXPECT_EQ(p.items[4].items[1].text, "?x");
}

TEST(PpddlSexpr, UnbalancedParenthesesNameTheirPlace) {
  EXPECT_EQ(input_error([] { read_sexprs("(a (b)\n  (c)", "f.pddl"); }),
            "f.pddl:1:1: this '(' is never closed: a ')' is missing before the end of the file");
  EXPECT_EQ(input_error([] { read_sexprs("(a (b))\n  )", "f.pddl"); }),
            "f.pddl:2:3: unexpected ')': no '(' is open");
  EXPECT_TRUE(read_sexprs("  ; only a comment\n", "f").empty());
}

}  // namespace
}  // namespace sgplan::models::ppddl
