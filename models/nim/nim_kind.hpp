// `model: nim` in the registry (models/registry.hpp): the YAML reading and the facts of Nim
// (nim.hpp).
//
//   model: nim
//   heaps: [3, 4, 5]       # counters per heap, 0 to 1000 each, at most 32 heaps
//   convention: normal     # normal (taking the last counter wins) | misere (it loses)
// Acyclic win/loss game: solved by alpha-beta by default, or retrograde analysis on the graph.
#pragma once

#include "models/formats/yaml_support.hpp"
#include "models/implicit_graph_model.hpp"
#include "models/model_kind.hpp"
#include "models/nim/nim.hpp"

namespace sgplan::models::nim {

NimConfig load_nim_config(const formats::YamlDocument& doc);

using NimModel = ImplicitGraphModel<NimGame>;
NimModel make_nim_model(NimConfig config);

ModelKind nim_kind();

}  // namespace sgplan::models::nim
