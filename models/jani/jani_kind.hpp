// The registry entry of JANI models (.jani, https://jani-spec.org): mdp and dtmc models translated
// into the PRISM language's generator (jani_model.hpp). `sgplan solve model.jani` answers the
// properties inside the file (capabilities.properties_in_model; --property NAME|INDEX picks one);
// with --target EXPR every state-graph command takes it as a PRISM-language model; open constants
// come from --const. Every error names the file's JSON pointer.
#pragma once

#include <string>

#include "models/jani/jani_model.hpp"
#include "models/model_kind.hpp"
#include "models/prism_language/compiled_model.hpp"

namespace sgplan::models::jani {

ModelKind jani_kind();

// The model of a JANI file with --const's values, its initial state settled (initial_state.hpp).
JaniModel load_jani_model(const std::string& path, const prism_language::ConstantOverrides& constants);

}  // namespace sgplan::models::jani
