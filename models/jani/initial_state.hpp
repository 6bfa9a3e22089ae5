// The one initial state sgplan explores from (JANI spec: a variable's "initial-value", and
// "restrict-initial" of the model and of its automata). The generator starts from a single state;
// a JANI model may allow several: variables without an initial value take any value of their type
// that the restriction allows. Once --const has given the open constants, the candidates are
// enumerated (their count checked first): exactly one must satisfy the restriction, and it becomes
// the variables' initial values. None, or more than one, is an InputError at restrict-initial (or
// at the variable, when there is no restriction).
#pragma once

#include <cstdint>

#include "models/jani/jani_model.hpp"
#include "models/prism_language/compiled_model.hpp"

namespace sgplan::models::jani {

inline constexpr std::uint64_t kMaxInitialCandidates = 1'000'000;

void settle_initial_state(JaniModel& jani, const prism_language::ConstantOverrides& constants);

}  // namespace sgplan::models::jani
