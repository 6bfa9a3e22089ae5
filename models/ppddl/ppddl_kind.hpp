// The registry entry of PPDDL problems (.pddl): the problem and its domain (ppddl_files.hpp) are
// grounded (grounder.hpp), translated into the PRISM language (translate.hpp) and explored by its
// compiled model; success is reaching the goal (MAXPROB: the highest probability of reaching it;
// --minimize: the lowest). --target COND replaces the goal with a condition over the problem's
// objects, written as a PPDDL goal. --lenient, --domain and --max-ground-actions are PPDDL's own.
#pragma once

#include "models/model_kind.hpp"

namespace sgplan::models::ppddl {

ModelKind ppddl_kind();

}  // namespace sgplan::models::ppddl
