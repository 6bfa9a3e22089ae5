// Small domains written for these tests, each solved by hand to an exact fraction: nested and
// independent probabilistic effects, `when` read in the state before the action, with and
// without probabilities inside, an atom both deleted and added, typed objects with supertypes,
// equality, negative preconditions, exists, forall in effects and goals, --target and Pmin. The
// state counts are counted by hand too (goal states absorbing, as PPDDL has them).
#include <gtest/gtest.h>

#include "mdp/build_graph.hpp"
#include "tests/models/ppddl/ppddl_testing.hpp"

namespace sgplan::models::ppddl {
namespace {

using testing::load_texts;
using testing::solve;

// go: with 1/2, h and then with 2/5 g; with 3/10, g; else nothing. P(g) = 1/2 * 2/5 + 3/10 = 1/2.
// States: the start and the four outcomes of go (done, h, g combined as above).
TEST(PpddlSemantics, NestedProbabilisticEffects) {
  PpddlModel m = load_texts("nested", R"(
(define (domain nested)
  (:requirements :negative-preconditions :probabilistic-effects)
  (:predicates (done) (g) (h))
  (:action go
    :precondition (not (done))
    :effect (and (done) (probabilistic 1/2 (and (h) (probabilistic 2/5 (g))) 0.3 (g)))))
)",
                            "(define (problem nested-1) (:domain nested) (:init) (:goal (g)))");
  EXPECT_EQ(m.grounding().ground_actions, 1u);
  EXPECT_EQ(m.grounding().outcomes, 4u);
  const auto a = solve(m);
  EXPECT_NEAR(a.value, 0.5, 1e-9);
  EXPECT_EQ(a.states, 5u);
}

// roll: a with 1/2, and independently b or c with 1/3 each; win needs a and b: 1/2 * 1/3 = 1/6.
// States: the start, roll's 2 x 3 outcomes, and the goal after win.
TEST(PpddlSemantics, IndependentProbabilisticEffectsMultiply) {
  PpddlModel m = load_texts("blocks", R"(
(define (domain blocks)
  (:requirements :negative-preconditions :probabilistic-effects)
  (:predicates (done) (a) (b) (c) (g))
  (:action roll
    :precondition (not (done))
    :effect (and (done) (probabilistic 1/2 (a)) (probabilistic 1/3 (b) 1/3 (c))))
  (:action win :precondition (and (a) (b)) :effect (g)))
)",
                            "(define (problem blocks-1) (:domain blocks) (:init) (:goal (g)))");
  EXPECT_EQ(m.grounding().outcomes, 7u);  // roll's 6 and win's 1
  const auto a = solve(m);
  EXPECT_NEAR(a.value, 1.0 / 6.0, 1e-9);
  EXPECT_EQ(a.states, 8u);
}

// Both whens read p before flip changes it: from (p) the result is q and not p (the goal); a
// second reading of p after the first `when` would add p again. From nothing, p is added: 0.
constexpr const char* kSwitch = R"(
(define (domain switch)
  (:requirements :negative-preconditions :conditional-effects)
  (:predicates (p) (q) (done))
  (:action flip
    :precondition (not (done))
    :effect (and (done) (when (p) (and (not (p)) (q))) (when (not (p)) (p)))))
)";

TEST(PpddlSemantics, WhenConditionsReadTheStateBefore) {
  PpddlModel on = load_texts(
      "switch-on", kSwitch, "(define (problem on) (:domain switch) (:init (p)) (:goal (and (q) (not (p)))))");
  auto a = solve(on);
  EXPECT_NEAR(a.value, 1.0, 1e-12);
  EXPECT_EQ(a.states, 2u);
  PpddlModel off = load_texts("switch-off", kSwitch,
                              "(define (problem off) (:domain switch) (:init) (:goal (and (q) (not (p)))))");
  a = solve(off);
  EXPECT_NEAR(a.value, 0.0, 1e-12);
  EXPECT_EQ(a.states, 2u);
}

// PDDL deletes first, then adds (PDDL2.1: (s \ Del) u Add): g deleted and added ends true, and
// h deleted under p and added under q, both true, ends true. Delete-wins would give 0.
TEST(PpddlSemantics, AnAtomDeletedAndAddedEndsTrue) {
  PpddlModel m = load_texts("both", R"(
(define (domain both)
  (:requirements :conditional-effects)
  (:predicates (p) (q) (g) (h))
  (:action touch :effect (and (not (g)) (g) (when (p) (not (h))) (when (q) (h)))))
)",
                            "(define (problem both-1) (:domain both) (:init (p) (q)) (:goal (and (g) (h))))");
  const auto a = solve(m);
  EXPECT_NEAR(a.value, 1.0, 1e-12);
  EXPECT_EQ(a.states, 2u);
}

// cross succeeds with 1/4 when wet, 3/4 when dry; dry makes it dry with 1/2 per try, as often as
// wanted. Pmax: dry until dry (almost surely), then cross: 3/4. Pmin: cross at once: 1/4.
// The `when`s hold probabilities, so cross is split by (wet): two commands. States: wet, dry,
// and cross's two outcomes from each.
constexpr const char* kRiver = R"(
(define (domain river)
  (:requirements :negative-preconditions :conditional-effects :probabilistic-effects)
  (:predicates (wet) (across) (done))
  (:action cross
    :precondition (not (done))
    :effect (and (done)
                 (when (wet) (probabilistic 1/4 (across)))
                 (when (not (wet)) (probabilistic 3/4 (across)))))
  (:action dry :precondition (and (wet) (not (done))) :effect (probabilistic 1/2 (not (wet)))))
)";
constexpr const char* kRiverProblem =
    "(define (problem river-1) (:domain river) (:init (wet)) (:goal (across)))";

TEST(PpddlSemantics, WhenOverProbabilitiesSplitsTheCommand) {
  PpddlModel m = load_texts("river", kRiver, kRiverProblem);
  EXPECT_EQ(m.grounding().ground_actions, 2u);
  EXPECT_EQ(m.grounding().commands, 3u);  // cross when wet, cross when dry, dry
  auto a = solve(m);
  EXPECT_NEAR(a.value, 0.75, 1e-9);
  EXPECT_EQ(a.states, 6u);
  PpddlModel low = load_texts("river", kRiver, kRiverProblem);
  a = solve(low, false);
  EXPECT_NEAR(a.value, 0.25, 1e-9);
}

// A probabilistic `when` inside a probabilistic branch inside another `when`: with (wet) and
// (cold), go gives g with 1/2 * 1/2; without either, nothing (dry and warm only lose). The
// splits lift to the command: go becomes four commands, one per truth of (wet) and (cold).
TEST(PpddlSemantics, NestedWhensOverProbabilities) {
  PpddlModel m = load_texts("nested-when", R"(
(define (domain nested-when)
  (:requirements :negative-preconditions :conditional-effects :probabilistic-effects)
  (:predicates (cold) (wet) (g) (done))
  (:action go
    :precondition (not (done))
    :effect (and (done) (when (wet) (probabilistic 1/2 (when (cold) (probabilistic 1/2 (g)))))))
  (:action dry :precondition (not (done)) :effect (not (wet)))
  (:action warm :precondition (not (done)) :effect (not (cold))))
)",
                            "(define (problem n) (:domain nested-when) (:init (cold) (wet)) (:goal (g)))");
  EXPECT_EQ(m.grounding().commands, 6u);
  const auto a = solve(m);
  EXPECT_NEAR(a.value, 0.25, 1e-12);
}

// Two vehicles of two subtypes of `vehicle` must both get from a to b. A move succeeds with 1/2,
// else the vehicle breaks and stays; a broken vehicle cannot move; repair-all (once, and only
// when something is broken: exists) mends every vehicle (forall). Hand-solved: try both before
// repairing (a repair mends both at once): both arrive at the first try (1/4); one breaks (1/2),
// repair, it arrives with 1/2; both break (1/4), repair, both arrive with 1/4:
//   1/4 + 1/2 * 1/2 + 1/4 * 1/4 = 9/16.
// Ground actions: move for 2 vehicles x 2 places x 2 places with from != to (equality), 4; and
// repair-all. States: positions x broken flags x repaired, the goal's positions absorbing:
// 3 positions x 4 x 2 = 24 outside the goal, and 3 goal states per repaired flag (the vehicle
// that moved last is whole): 30. Past the goal, both broken at b adds 2 more: 32.
constexpr const char* kFleet = R"(
(define (domain fleet)
  (:requirements :typing :equality :negative-preconditions :existential-preconditions
                 :universal-preconditions :conditional-effects :probabilistic-effects)
  (:types car truck - vehicle
          vehicle place - object)
  (:predicates (at ?v - vehicle ?p - place) (broken ?v - vehicle) (repaired))
  (:action move
    :parameters (?v - vehicle ?from ?to - place)
    :precondition (and (at ?v ?from) (not (= ?from ?to)) (not (broken ?v)))
    :effect (probabilistic 1/2 (and (not (at ?v ?from)) (at ?v ?to))
                           1/2 (broken ?v)))
  (:action repair-all
    :precondition (and (not (repaired)) (exists (?v - vehicle) (broken ?v)))
    :effect (and (repaired) (forall (?v - vehicle) (not (broken ?v))))))
)";
constexpr const char* kFleetProblem = R"(
(define (problem fleet-1) (:domain fleet)
  (:objects c1 - car t1 - truck a b - place)
  (:init (at c1 a) (at t1 a))
  (:goal (forall (?v - vehicle) (at ?v b))))
)";

TEST(PpddlSemantics, TypesEqualityNegationExistsAndForall) {
  PpddlModel m = load_texts("fleet", kFleet, kFleetProblem);
  EXPECT_EQ(m.grounding().ground_actions, 5u);
  EXPECT_EQ(m.grounding().atoms, 7u);  // at x 4, broken x 2, repaired
  auto a = solve(m);
  EXPECT_NEAR(a.value, 9.0 / 16.0, 1e-9);
  EXPECT_EQ(a.states, 30u);
  PpddlModel all = load_texts("fleet", kFleet, kFleetProblem);
  EXPECT_EQ(mdp::build_graph(all).graph.num_states(), 32u);
}

// --target: c1 alone at b: it tries, and once broken is repaired and tries again: 1/2 + 1/4.
TEST(PpddlSemantics, TargetReplacesTheGoal) {
  PpddlOptions o;
  o.target = "(at c1 b)";
  PpddlModel m = load_texts("fleet", kFleet, kFleetProblem, o);
  EXPECT_NEAR(solve(m).value, 0.75, 1e-9);
  o.target = "(at c1 nowhere)";
  EXPECT_EQ(
      testing::input_error([&] { load_texts("fleet", kFleet, kFleetProblem, o); }),
      "--target:1:8: undeclared object 'nowhere' (declare it in :constants or :objects; --lenient takes it "
      "as a new object of the type its place asks for, as mdpsim and ppddl2jani do)");
}

// The choice's name is the ground action, a state's the atoms true in it.
TEST(PpddlSemantics, ChoicesAndStatesHavePddlNames) {
  PpddlModel m = load_texts("fleet", kFleet, kFleetProblem);
  m.aim(true);
  EXPECT_EQ(m.describe(m.initial()), "(at c1 a) (at t1 a)");
  std::vector<std::string> labels;
  m.for_each_choice(m.initial(), [&](mdp::LabelId l, auto) { labels.push_back(m.label_name(l)); });
  EXPECT_EQ(labels, (std::vector<std::string>{"move c1 a b", "move t1 a b"}));
}

// A state where no action applies is a dead end: terminal with value 0, not a self-loop (so a
// simulation stops there). From nothing, flip leads to (done) (p), where nothing applies.
TEST(PpddlSemantics, DeadEndsAreTerminal) {
  PpddlModel m = load_texts("switch-off", kSwitch,
                            "(define (problem off) (:domain switch) (:init) (:goal (and (q) (not (p)))))");
  m.aim(true);
  const mdp::BuiltGraph built = mdp::build_graph(m);
  const mdp::StateGraph& g = built.graph;
  ASSERT_EQ(g.num_states(), 2u);
  EXPECT_EQ(g.owner(g.initial_state()), mdp::Owner::Max);
  const mdp::StateIndex end = g.initial_state() == 0 ? 1 : 0;
  EXPECT_EQ(g.owner(end), mdp::Owner::Terminal);
  EXPECT_EQ(g.terminal_value(end), 0.0);
  EXPECT_EQ(m.describe(m.unpack(built.packed[end])), "(done) (p)");  // in the order the atoms were met
}

}  // namespace
}  // namespace sgplan::models::ppddl
