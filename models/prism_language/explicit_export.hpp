// The export of a PRISM-language model itself to PRISM's explicit files, so that PRISM (or
// PRISM-games, for an smg) can check it: the model explored from its initial state with no
// objective, PRISM's way (explored_model.hpp), written as PRISM 4.x writes it with
// `prism model.prism -exportmodel PREFIX.all -ex` (prism/src/io/PrismExplicitExporter.java and
// PRISM-games' version; the manual's appendix "Explicit Model Files"):
//
//   PREFIX.tra  "# Transitions (MDP)" (DTMC, SMG), then the header and one row per transition:
//               dtmc  "states transitions", rows "source target probability [action]";
//               mdp   "states choices transitions", rows "source choice target probability [action]";
//               smg   "states:players choices transitions", rows "source:player choice target
//                     probability [action]", players numbered from 0 in the order of the player
//                     blocks.
//               Rows by source, then choice, then target (and, in a dtmc, action); probabilities
//               with 16 significant digits (models/formats/prism_number.hpp); no action on a
//               choice of an unlabelled command or on a deadlock's self-loop.
//   PREFIX.lab  "# Labels", then 0="init" 1="deadlock" and the model's labels in their order,
//               then "state: label label ..." for each state with a label.
//   PREFIX.sta  "# States", then "(x,y,...)" (the variables, globals first), then "state:(1,true,...)".
//
// Other languages translated into a PrismModel (JANI, PPDDL) get the same export through
// CompiledModel. Errors: InputError when a file cannot be written (before anything is explored);
// ResourceError past max_states; the model's own errors (open constants, values out of range)
// as the model reports them.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "models/prism_language/compiled_model.hpp"
#include "models/prism_language/explored_model.hpp"

namespace sgplan::models::prism_language {

struct ExplicitExport {
  std::size_t states = 0;
  std::uint64_t choices = 0, transitions = 0, deadlocks = 0;
  std::vector<std::string> written;  // PREFIX.tra, PREFIX.lab, PREFIX.sta
};

// Explores `model` (explore_like_prism) and writes the three files.
ExplicitExport export_prism_model(const CompiledModel& model, const std::string& prefix,
                                  std::uint64_t max_states = 50'000'000);

// The three files of a model already explored, each to a stream.
void write_prism_tra(const CompiledModel& model, const ExploredModel& explored, std::ostream& out);
void write_prism_lab(const CompiledModel& model, const ExploredModel& explored, std::ostream& out);
void write_prism_sta(const CompiledModel& model, const ExploredModel& explored, std::ostream& out);

}  // namespace sgplan::models::prism_language
