// `model: pig` in the registry (models/registry.hpp): the YAML reading and the facts of Pig
// (pig.hpp); the hold-threshold report is pig_report.hpp.
//
//   model: pig
//   goal: 100     # points to win, 1 to 1000
//   die: 6        # faces, 2 to 100
// Solved by interval iteration per strongly connected component (`topological`) by default.
#pragma once

#include "models/formats/yaml_support.hpp"
#include "models/implicit_graph_model.hpp"
#include "models/model_kind.hpp"
#include "models/pig/pig.hpp"
#include "models/pig/pig_report.hpp"  // the adapter's report_tables hook

namespace sgplan::models::pig {

PigConfig load_pig_config(const formats::YamlDocument& doc);

using PigModel = ImplicitGraphModel<PigGame>;
PigModel make_pig_model(PigConfig config);

ModelKind pig_kind();

}  // namespace sgplan::models::pig
