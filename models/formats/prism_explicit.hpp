// PRISM's explicit model files (prismmodelchecker.org/manual/Appendices/ExplicitModelFiles), so a
// model can be checked in PRISM or Storm and their models solved here.
//
// .tra, MDP:  first line "states choices transitions", then "source choice target probability
//             [action]" per transition (rows in any order).
// .tra, DTMC: first line "states transitions", then "source target probability [action]" (PRISM
//             writes the action of the command a transition comes from; it names no choice and
//             is read past).
// .tra, SMG:  PRISM-games' "states:players choices transitions", then "source:player choice target
//             probability [action]", players numbered from 0.
// .lab:       first line '0="init" 1="deadlock" ...', then "state: label label ..." per state.
// Lines starting with '#' are comments (PRISM 4.8 writes "# Transitions (MDP)", "# Labels" above
// each part).
//
// Import: every state is a Max state (Min with `minimize`), except that a state with a single
// unlabelled choice, or any state of a DTMC, is a chance state: nothing is decided there. In an SMG
// the states of the players in `coalition` (--coalition, numbers from 1) are Max states and the
// others' Min states (the other way round with `minimize`). States carrying the target label become
// success terminals; states with no transitions, or whose only choice is a self-loop, become failure
// terminals (absorbing and never successful). The initial state is the one labelled "init".
// Export (MDPs: Max, chance and terminal states, or Min, chance and terminal states): terminals get a
// self-loop so that PRISM sees no deadlock; labels init, success (value-1 terminals) and failure
// (value-0 terminals); a PREFIX.props file holds the matching query, Pmax=? [ F "success" ] or Pmin.
// Action labels are written as PRISM identifiers, which PRISM's importer requires ("stay,stay"
// becomes stay_stay; a leading digit or reserved word gets a '_', a clash a suffix); the .props
// file lists each renamed action with its original name in a comment.
// Games with both Max and Min states, and terminals with values strictly between 0 and 1, have no
// counterpart in the format: export refuses them with an InputError.
// The header is trusted with nothing before it is checked: its transition count against the size
// of the file (the rest must be able to hold that many lines), then its counts against
// --max-states and --max-transitions (ResourceError), all before anything is allocated for it.
// A header that disagrees with the lines that follow (more or fewer transitions, a state index
// beyond the declared count) is an InputError at file:line:col.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mdp/state_graph.hpp"

namespace sgplan::models::formats {

struct PrismImportOptions {
  std::string labels_path;   // the .lab file
  std::string target_label;  // which label is success
  bool minimize = false;     // states are Min states (a Pmin query) instead of Max
  bool keep_exact = false;   // keep the exact rationals; every distribution must sum to exactly 1
  // Limits checked against the header before anything is allocated (ResourceError naming the flag).
  std::uint64_t max_states = 50'000'000;        // --max-states
  std::uint64_t max_transitions = 500'000'000;  // --max-transitions
  std::string coalition = {};  // SMG: the players who maximise (minimise with `minimize`): "1,3", or "*"
};

mdp::StateGraph read_prism_explicit(const std::string& tra_path, const PrismImportOptions& options);

// Writes PREFIX.tra, PREFIX.lab and PREFIX.props; returns the paths written.
std::vector<std::string> write_prism_explicit(const mdp::StateGraph& graph, const std::string& prefix);

// PRISM's identifier rule: a letter or '_', then letters, digits and '_', and no reserved word.
bool is_prism_identifier(const std::string& name);
// The graph's choice labels as distinct PRISM identifiers, indexed by label id ("" stays "").
std::vector<std::string> prism_action_names(const mdp::StateGraph& graph);

}  // namespace sgplan::models::formats
