// The domain and problem parsers: types and supertypes, constants, (either ...), functions kept
// by name, their updates and init values dropped, one file holding domain and problem, --domain,
// and the leniencies of --lenient with their warnings.
#include <gtest/gtest.h>

#include "models/ppddl/domain_parser.hpp"
#include "models/ppddl/ppddl_files.hpp"
#include "models/ppddl/problem_parser.hpp"
#include "models/ppddl/sexpr.hpp"
#include "tests/models/ppddl/ppddl_testing.hpp"

namespace sgplan::models::ppddl {
namespace {

Domain domain_of(const std::string& text, bool lenient = false) {
  return parse_domain(read_sexprs(text, "d.pddl").at(0), "d.pddl", lenient);
}

TEST(PpddlParser, TypesConstantsPredicatesAndActions) {
  const Domain d = domain_of(R"(
(define (domain Shop)
  (:requirements :typing :rewards)
  (:types apple pear - fruit fruit tool - object)
  (:constants knife - tool)
  (:predicates (has ?x - (either fruit tool)) (ripe ?f - fruit))
  (:functions (total-cost) - number (reward))
  (:action Cut :parameters (?f - fruit)
    :precondition (and (has knife) (ripe ?f))
    :effect (and (not (has ?f)) (increase (total-cost) 2) (increase (reward) 1))))
)");
  EXPECT_EQ(d.name, "shop");
  ASSERT_EQ(d.types.size(), 5u);  // object, apple, pear, fruit, tool
  const TypeId apple = *d.find_type("apple"), fruit = *d.find_type("fruit"), tool = *d.find_type("tool");
  EXPECT_TRUE(d.subtype(apple, fruit));
  EXPECT_TRUE(d.subtype(apple, kObjectType));
  EXPECT_FALSE(d.subtype(fruit, apple));
  EXPECT_FALSE(d.subtype(tool, fruit));
  ASSERT_EQ(d.constants.size(), 1u);
  EXPECT_EQ(d.constants[0].type, tool);
  EXPECT_EQ(d.type_text(d.predicates[0].parameters[0]), "(either fruit tool)");
  EXPECT_EQ(d.functions, (std::vector<std::string>{"total-cost", "reward"}));
  ASSERT_EQ(d.actions.size(), 1u);
  EXPECT_EQ(d.actions[0].name, "cut");
  // The cost and reward updates are dropped: only the delete is left of the effect.
  const Effect& e = d.actions[0].effect;
  ASSERT_EQ(e.children.size(), 3u);
  EXPECT_EQ(e.children[0].kind, Effect::Kind::kDelete);
  EXPECT_TRUE(e.children[1].kind == Effect::Kind::kAnd && e.children[1].children.empty());
}

TEST(PpddlParser, ATypeCycleIsRefused) {
  EXPECT_EQ(testing::input_error([] { domain_of("(define (domain d) (:types a - b b - a))"); }),
            "d.pddl:1:28: the supertypes of 'a' form a cycle");
}

// A file may hold its domain too; the problem's init may set cost counters, which are dropped.
TEST(PpddlParser, DomainAndProblemInOneFile) {
  const std::string path = testing::write("one-file/both.pddl", R"(
(define (domain coin) (:requirements :probabilistic-effects)
  (:predicates (heads) (tossed))
  (:functions (total-cost))
  (:action toss :precondition (not (tossed))
    :effect (and (tossed) (increase (total-cost) 1) (probabilistic 1/2 (heads)))))
(define (problem coin-1) (:domain coin) (:init (= (total-cost) 0)) (:goal (heads)) (:goal-reward 10)
  (:metric minimize (total-cost)))
)");
  PpddlModel m = load_ppddl(path, {});
  EXPECT_NEAR(testing::solve(m).value, 0.5, 1e-12);
}

TEST(PpddlParser, TheDomainFromDomainOption) {
  const std::string domain = testing::write("option/elsewhere/walk-domain.pddl", R"(
(define (domain walk) (:predicates (here) (there))
  (:action go :precondition (here) :effect (and (not (here)) (there))))
)");
  const std::string problem =
      testing::write("option/p.pddl", "(define (problem w) (:domain walk) (:init (here)) (:goal (there)))");
  PpddlOptions o;
  o.domain_path = domain;
  PpddlModel m = load_ppddl(problem, o);
  EXPECT_NEAR(testing::solve(m).value, 1.0, 1e-12);
}

// --lenient: an undeclared name becomes an object of its place's type (mdpsim's "implicit
// declaration of object"), an action defined twice is kept twice (ppddl2jani); both reported.
TEST(PpddlParser, LenientTakesUndeclaredObjectsAndRepeatedActions) {
  const std::string text = R"(
(define (domain lights) (:types color)
  (:constants red green - color)
  (:predicates (light ?c - color))
  (:action look :precondition (light red) :effect (and (not (light red)) (light gren)))
  (:action look :precondition (light red) :effect (and (not (light red)) (light green))))
)";
  std::string e = testing::input_error([&] { domain_of(text); });
  EXPECT_EQ(
      e,
      "d.pddl:5:81: undeclared object 'gren' (declare it in :constants or :objects; --lenient takes it as "
      "a new object of the type its place asks for, as mdpsim and ppddl2jani do)");
  const Domain d = domain_of(text, true);
  ASSERT_EQ(d.constants.size(), 3u);
  EXPECT_EQ(d.constants[2].name, "gren");
  EXPECT_EQ(d.constants[2].type, *d.find_type("color"));
  EXPECT_TRUE(d.constants[2].implicit);
  EXPECT_EQ(d.actions.size(), 2u);
  EXPECT_EQ(d.warnings, (std::vector<std::string>{
                            "d.pddl:5:81: 'gren' is not declared: taken as a new object of type color "
                            "(--lenient, as mdpsim and ppddl2jani do)",
                            "d.pddl:6:12: the action 'look' is defined twice (first at line 5): both are "
                            "kept (--lenient, as ppddl2jani does)"}));
}

}  // namespace
}  // namespace sgplan::models::ppddl
