// The namespace of models/extensive_form/ is sgplan::models::extensive_form (namespaces match
// folders); `efg`, the field's short name for an extensive-form game (Gambit's file extension), is
// its alias everywhere, so code reads `efg::GameTree`. The tree library (sgplan_extensive_form)
// and the readers beside it (sgplan_models) share the namespace.
#pragma once

namespace sgplan::models::extensive_form {}

namespace sgplan {
namespace efg = models::extensive_form;
}  // namespace sgplan
