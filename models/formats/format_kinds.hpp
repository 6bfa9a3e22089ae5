// The registry entries of the state-graph formats no game owns: `model: explicit` (a state graph
// written state by state in YAML, explicit_model.hpp) and PRISM's explicit files (.tra with .lab,
// prism_explicit.hpp).
#pragma once

#include "models/model_kind.hpp"

namespace sgplan::models::formats {

ModelKind explicit_kind();
ModelKind prism_kind();

}  // namespace sgplan::models::formats
