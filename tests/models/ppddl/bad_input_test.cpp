// Bad PPDDL input: every error names file:line:col and what was expected (the CLI test checks the
// exit code 2). Each case is a small domain and problem with one mistake.
#include <gtest/gtest.h>

#include "tests/models/ppddl/ppddl_testing.hpp"

namespace sgplan::models::ppddl {
namespace {

using testing::input_error;

constexpr const char* kDomain = R"((define (domain walk)
  (:requirements :typing :probabilistic-effects)
  (:types place)
  (:predicates (at ?p - place) (road ?from ?to - place))
  (:action go
    :parameters (?from ?to - place)
    :precondition (and (at ?from) (road ?from ?to))
    :effect (and (not (at ?from)) (probabilistic 0.9 (at ?to)))))
)";
constexpr const char* kProblem = R"((define (problem walk-1) (:domain walk)
  (:objects a b - place)
  (:init (at a) (road a b))
  (:goal (at b)))
)";

// The error of loading the domain and problem written to scratch()/folder, the folder's path
// taken off the message ("domain.pddl:3:5: ...").
std::string error_of(const std::string& folder, const std::string& domain, const std::string& problem,
                     PpddlOptions options = {}) {
  std::string e = input_error([&] { testing::load_texts(folder, domain, problem, options); });
  const std::string prefix = (testing::scratch() / folder).string() + "/";
  for (std::size_t at; (at = e.find(prefix)) != std::string::npos;) e.erase(at, prefix.size());
  return e;
}

std::string replace(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST(PpddlBadInput, TheSampleItselfLoads) {
  PpddlModel m = testing::load_texts("walk", kDomain, kProblem);
  EXPECT_NEAR(testing::solve(m).value, 0.9, 1e-12);
}

TEST(PpddlBadInput, UnknownPredicate) {
  EXPECT_EQ(
      error_of("unknown-predicate", replace(kDomain, "(road ?from ?to))", "(street ?from ?to))"), kProblem),
      "domain.pddl:7:36: unknown predicate 'street' (declare it in :predicates)");
}

TEST(PpddlBadInput, WrongArity) {
  EXPECT_EQ(error_of("arity", kDomain, replace(kProblem, "(road a b)", "(road a b a)")),
            "problem.pddl:3:17: 'road' takes 2 arguments, found 3");
  EXPECT_EQ(error_of("arity-domain", replace(kDomain, "(at ?to)", "(at)"), kProblem),
            "domain.pddl:8:54: 'at' takes 1 argument, found 0");
}

TEST(PpddlBadInput, UndeclaredObject) {
  EXPECT_EQ(
      error_of("undeclared", kDomain, replace(kProblem, "(:goal (at b))", "(:goal (at c))")),
      "problem.pddl:4:14: undeclared object 'c' (declare it in :constants or :objects; --lenient takes it "
      "as a new object of the type its place asks for, as mdpsim and ppddl2jani do)");
}

TEST(PpddlBadInput, ProbabilitiesAboveOne) {
  EXPECT_EQ(
      error_of(
          "above-one",
          replace(kDomain, "(probabilistic 0.9 (at ?to))", "(probabilistic 0.6 (at ?to) 1/2 (at ?from))"),
          kProblem),
      "domain.pddl:8:63: the probabilities of this 'probabilistic' sum to 11/10 by this one, more than 1");
  EXPECT_EQ(error_of("one-above-one", replace(kDomain, "0.9", "1.5"), kProblem),
            "domain.pddl:8:50: the probability 1.5 is above 1");
  EXPECT_EQ(
      error_of("not-a-probability", replace(kDomain, "0.9", "-0.5"), kProblem),
      "domain.pddl:8:50: expected a probability (a decimal such as 0.25 or a fraction such as 2/5), found "
      "'-0.5'");
}

TEST(PpddlBadInput, UnbalancedParentheses) {
  EXPECT_EQ(error_of("unclosed", replace(kDomain, "(at ?from) (road", "(at ?from (road"), kProblem),
            "domain.pddl:1:1: this '(' is never closed: a ')' is missing before the end of the file");
  EXPECT_EQ(error_of("extra", kDomain, std::string(kProblem) + ")"),
            "problem.pddl:5:1: unexpected ')': no '(' is open");
}

TEST(PpddlBadInput, TypeMismatch) {
  const std::string typed = replace(kDomain, "(:types place)", "(:types place car)");
  const std::string problem = replace(kProblem, "(:objects a b - place)", "(:objects a b - place c - car)");
  EXPECT_EQ(error_of("mismatch", typed, replace(problem, "(road a b)", "(road a c)")),
            "problem.pddl:3:25: type mismatch: 'c' is a car, but argument 2 of 'road' takes a place");
  // A parameter of a wider type than the predicate's: mdpsim's rule (the term's type must be a
  // subtype of the parameter's).
  EXPECT_EQ(error_of("mismatch-variable",
                     replace(typed, "(?from ?to - place)", "(?from - place ?to - object)"), problem),
            "domain.pddl:7:47: type mismatch: '?to' is a object, but argument 2 of 'road' takes a place");
}

TEST(PpddlBadInput, DomainGivenWhereTheProblemBelongs) {
  testing::write("domain-as-problem/domain.pddl", kDomain);
  const std::string path = (testing::scratch() / "domain-as-problem/domain.pddl").string();
  EXPECT_EQ(
      input_error([&] { load_ppddl(path, {}); }),
      path +
          ":1:1: this file defines the domain 'walk', not a problem: give the problem file (sgplan solve "
          "p01.pddl; its domain is read from domain.pddl beside it, or from --domain FILE)");
}

TEST(PpddlBadInput, MissingOrMismatchedDomain) {
  const std::string path = testing::write("no-domain/p01.pddl", kProblem);
  EXPECT_EQ(
      input_error([&] { load_ppddl(path, {}); }),
      path +
          ":1:35: the problem's domain is not in this file and there is no domain.pddl beside it: give it "
          "with --domain FILE");
  EXPECT_EQ(error_of("other-domain", replace(kDomain, "(domain walk)", "(domain run)"), kProblem),
            "problem.pddl:1:35: the problem is for the domain 'walk', but domain.pddl defines 'run'");
}

TEST(PpddlBadInput, UnknownTypeAndDuplicates) {
  EXPECT_EQ(error_of("unknown-type", kDomain, replace(kProblem, "a b - place", "a b - location")),
            "problem.pddl:2:19: unknown type 'location' (declare it in :types)");
  const std::string twice = replace(kDomain, "  (:action go", "  (:action go :effect (and))\n  (:action go");
  EXPECT_EQ(error_of("action-twice", twice, kProblem),
            "domain.pddl:6:12: the action 'go' is defined twice (first at line 5; --lenient keeps both, as "
            "ppddl2jani does)");
  EXPECT_EQ(error_of("object-twice", kDomain, replace(kProblem, "a b - place", "a b a - place")),
            "problem.pddl:2:17: 'a' is given twice in this list");
}

TEST(PpddlBadInput, UnsupportedFeaturesAreRefusedWhereTheyAre) {
  EXPECT_EQ(
      error_of("requirement", replace(kDomain, ":typing", ":durative-actions"), kProblem),
      "domain.pddl:2:18: unsupported requirement :durative-actions (sgplan reads STRIPS, ADL, probabilistic "
      "effects and rewards)");
  EXPECT_EQ(
      error_of("numeric", replace(kDomain, "(road ?from ?to))", "(> (fuel) 1))"), kProblem),
      "domain.pddl:7:35: numeric conditions are not supported (only reward and cost fluents, never tested)");
  EXPECT_EQ(
      error_of("assign", replace(kDomain, "(not (at ?from))", "(assign (fuel) 1)"), kProblem),
      "domain.pddl:8:18: numeric fluents are not supported ('assign'): only increase and decrease of reward "
      "or cost functions, which are dropped");
  EXPECT_EQ(
      error_of("probabilistic-init", kDomain, replace(kProblem, "(at a)", "(probabilistic 1/2 (at a))")),
      "problem.pddl:3:10: a probabilistic initial state is not supported: the init must list the atoms that "
      "hold");
}

}  // namespace
}  // namespace sgplan::models::ppddl
