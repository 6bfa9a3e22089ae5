// A JANI model (https://jani-spec.org, "jani-model") translated into the PRISM-language model
// (models/prism_language/model.hpp) so that the one generator, CompiledModel, explores it.
//
// The fragment: model types mdp and dtmc; constants (with values, or open for --const); global
// and automaton-local bounded int and bool variables; transient variables (bool ones are the
// labels properties read; real ones are rewards, kept out of the state); functions, inlined;
// automata of locations and edges with guards and probabilistic destinations; the composition of
// system.elements by system.syncs; initial-value and restrict-initial; the properties
// (jani_properties.hpp). Outside it: an InputError at the JSON pointer.
//
// The translation, step by step:
//  1. Constants become PRISM constants (open ones stay open: CompiledModel asks --const for them
//     where they are used). Global variables become PRISM globals.
//  2. Each element of system.elements becomes a module: its automaton's local variables (renamed
//     `automaton.x` where the name is taken) and, for an automaton of more than one location, a
//     location variable `automaton.location` in [0, locations-1]. A second element of the same
//     automaton is an instance of its own (`automaton#2`, with its own locals).
//  3. An edge without an action is a command without an action: it interleaves (JANI spec,
//     "Composition": silent edges are never synchronised). Its guard is the edge's guard and
//     `location = source`; each destination is an update (its probability, its assignments to
//     non-transient variables, and the location variable). Assignment levels (an "index") are
//     folded into that one simultaneous update: a level's values have the earlier levels' values
//     substituted for the variables they assign.
//  4. Each synchronisation vector k becomes its own action, named by its result (made unique): the
//     edges of each participating automaton with the vector's action there become commands with
//     that action, so the generator takes one enabled edge from every participant and multiplies
//     their destinations. An edge whose action occurs in no vector is never taken (only silent
//     edges run alone; Storm's generator does the same), and a vector one of whose participants
//     has no edge with its action can never fire and is dropped.
//  5. A transient variable becomes a formula: the value the current locations give it in their
//     transient-values, else its initial value (JANI spec, "Transient variables"); a bool one is
//     also a label, so --target '"goal"' reads it. Assignments to transient variables on edges
//     (transition rewards) are left out. A value or initial value that sets a transient variable
//     may not read one (so the formulas never refer to each other in a cycle).
//  6. The initial state: the variables' initial values, restrict-initial checked and, for the
//     variables without one, solved (initial_state.hpp); one initial state, or an error.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "models/jani/place_table.hpp"
#include "models/prism_language/model.hpp"
#include "models/prism_language/properties.hpp"

namespace sgplan::models::jani {

// What decides the initial states beyond the variables' initial values (settled by
// initial_state.hpp once --const has given the open constants).
struct InitialConditions {
  // restrict-initial of the model and of each automaton (their conjunction); none when absent
  // or `true`.
  std::optional<prism_language::NodeId> restriction;
  prism_language::Place restriction_place;
  // Variables declared without initial-value (they may take any value of their type that the
  // restriction allows): (0 for a global or 1 + the module's index, the variable's index there).
  std::vector<std::pair<std::size_t, std::size_t>> open_variables;
};

struct JaniModel {
  std::string file;
  prism_language::PrismModel model;  // model.place_names are the places' JSON pointers
  std::vector<prism_language::Property> properties;
  PlaceTable places;
  InitialConditions initial;
};

// InputError ("file: /json/pointer: ...") on text that is not JSON, a member that is missing,
// unknown or of the wrong type, an unknown name, or a feature outside the fragment.
JaniModel read_jani_model(const std::string& text, const std::string& file);

}  // namespace sgplan::models::jani
