#include "models/formats/format_kinds.hpp"

#include "models/formats/explicit_model.hpp"
#include "models/formats/prism_explicit.hpp"

namespace sgplan::models::formats {

ModelKind explicit_kind() {
  ModelKind kind;
  kind.name = "explicit";
  kind.summary = "a stochastic game written state by state (max, min, chance, terminal)";
  kind.capabilities.tree_search = true;
  kind.capabilities.exact = true;
  kind.capabilities.default_method = "interval";
  kind.load_graph = [](const ModelFile& file, const LoadOptions& options) -> std::unique_ptr<GraphModel> {
    return std::make_unique<ExplicitGraphModel>("explicit",
                                                load_explicit_graph(file.yaml(), options.keep_exact));
  };
  return kind;
}

ModelKind prism_kind() {
  ModelKind kind;
  kind.name = "prism";
  kind.extensions = {".tra"};
  kind.summary = "PRISM's explicit files: .tra transitions, .lab labels (--labels, --target)";
  kind.capabilities.tree_search = true;
  kind.capabilities.exact = true;
  kind.capabilities.default_method = "interval";
  kind.load_graph = [](const ModelFile& file, const LoadOptions& options) -> std::unique_ptr<GraphModel> {
    const PrismImportOptions prism{options.labels_path, options.target_label, options.minimize,
                                   options.keep_exact,  options.max_states,   options.max_transitions,
                                   options.coalition};
    return std::make_unique<ExplicitGraphModel>("prism", read_prism_explicit(file.path(), prism));
  };
  return kind;
}

}  // namespace sgplan::models::formats
