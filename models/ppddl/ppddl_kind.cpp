#include "models/ppddl/ppddl_kind.hpp"

#include "core/errors.hpp"
#include "models/implicit_graph_model.hpp"
#include "models/ppddl/ppddl_load.hpp"
#include "models/prism_language/prism_language_kind.hpp"

namespace sgplan::models::ppddl {

namespace {

// The PRISM-language options mean nothing to a PPDDL problem: refused, not ignored.
void refuse_foreign_options(const LoadOptions& options) {
  if (!options.constants.empty())
    throw InputError("--const is for PRISM-language models; a PPDDL problem has no open constants");
  if (!options.coalition.empty())
    throw InputError("--coalition is for PRISM-games models; a PPDDL problem has one player");
  if (!options.labels_path.empty())
    throw InputError("--labels is for PRISM .tra files, not for a PPDDL problem");
}

PpddlOptions ppddl_options(const LoadOptions& options) {
  PpddlOptions o;
  o.domain_path = options.domain_path;
  o.lenient = options.lenient;
  o.max_ground_actions = options.max_ground_actions;
  o.target = options.target_label;
  return o;
}

std::unique_ptr<GraphModel> load(const ModelFile& file, const LoadOptions& options) {
  refuse_foreign_options(options);
  PpddlModel model = load_ppddl(file.path(), ppddl_options(options));
  model.aim(!options.minimize);
  GameFacts facts;
  facts.kind = "ppddl";
  return std::make_unique<ImplicitGraphModel<PpddlModel>>(std::move(model), std::move(facts));
}

}  // namespace

ModelKind ppddl_kind() {
  ModelKind kind;
  kind.name = "ppddl";
  kind.extensions = {".pddl"};
  kind.summary =
      "PPDDL 1.0 problems (the domain: domain.pddl beside it, or --domain), grounded; the goal's highest "
      "probability (--target COND, --lenient)";
  kind.capabilities.tree_search = true;
  kind.capabilities.report = true;
  kind.capabilities.exact = true;
  kind.capabilities.default_method = "interval";
  kind.load_graph = load;
  // The grounded problem as the PRISM-language mdp it is translated into (its dead ends with
  // PRISM's self-loop; the goal is the label "goal"), so PRISM can check it.
  kind.export_prism = [](const ModelFile& file, const LoadOptions& options, const std::string& prefix) {
    refuse_foreign_options(options);
    const PpddlModel model = load_ppddl(file.path(), ppddl_options(options));
    return prism_language::export_model_files(model.compiled(), options, prefix);
  };
  return kind;
}

}  // namespace sgplan::models::ppddl
