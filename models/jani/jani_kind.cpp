#include "models/jani/jani_kind.hpp"

#include "models/implicit_graph_model.hpp"
#include "models/jani/initial_state.hpp"
#include "models/jani/json_placed_graph_model.hpp"
#include "models/prism_language/prism_language_kind.hpp"
#include "models/prism_language/property_results.hpp"

namespace sgplan::models::jani {

using prism_language::CompiledModel;
using prism_language::ConstantOverrides;

JaniModel load_jani_model(const std::string& path, const ConstantOverrides& constants) {
  JaniModel jani = read_jani_model(prism_language::read_text(path), path);
  with_json_places(jani.places, path, [&] { settle_initial_state(jani, constants); });
  return jani;
}

ModelKind jani_kind() {
  ModelKind kind;
  kind.name = "jani";
  kind.extensions = {".jani"};
  kind.summary =
      "JANI models (mdp, dtmc): solve answers the properties in the file (or --target EXPR; --const)";
  kind.capabilities.tree_search = true;
  kind.capabilities.default_method = "interval";
  kind.capabilities.properties_in_model = true;
  kind.load_graph = [](const ModelFile& file, const LoadOptions& options) -> std::unique_ptr<GraphModel> {
    const ConstantOverrides constants = prism_language::parse_constant_overrides(options.constants);
    JaniModel jani = load_jani_model(file.path(), constants);
    if (options.target_label.empty()) {
      throw InputError(
          SourceLocation{file.path(), 0, 0},
          "this command needs the success target of a JANI model: --target EXPR (a state "
          "expression, e.g. 'finished' or 'x=3'); `sgplan solve FILE` answers the file's properties");
    }
    if (!options.coalition.empty())
      throw InputError("--coalition is for smg models; a JANI model is an mdp or a dtmc");
    CompiledModel model = with_json_places(jani.places, file.path(), [&] {
      CompiledModel m(std::move(jani.model), constants);
      m.set_objective(m.add_expression(options.target_label, "--target"), !options.minimize);
      return m;
    });
    GameFacts facts;
    facts.kind = "jani";
    auto inner = std::make_unique<ImplicitGraphModel<CompiledModel>>(std::move(model), std::move(facts));
    return std::make_unique<JsonPlacedGraphModel>(std::move(inner), std::move(jani.places), file.path());
  };
  kind.answer_properties = [](const ModelFile& file, const LoadOptions& options,
                              const PropertyRequest& request) -> std::vector<PropertyResult> {
    if (!request.path.empty() && request.path != file.path()) {
      throw InputError(
          "a JANI model holds its own properties: drop --props (--property NAME|INDEX picks one)");
    }
    if (!options.target_label.empty())
      throw InputError(
          "--target and the file's properties exclude each other: the properties give the targets");
    const ConstantOverrides constants = prism_language::parse_constant_overrides(options.constants);
    const JaniModel jani = load_jani_model(file.path(), constants);
    return prism_language::property_results(
        jani.properties, file.path(), options, request,
        [&](const prism_language::Property& p, const prism_language::AnswerOptions& o) {
          return with_json_places(jani.places, file.path(), [&] {
            return prism_language::answer_property(jani.model, constants, p, o);
          });
        });
  };
  // The model itself in PRISM's explicit files, through the PRISM language's export (the JANI
  // model is translated into it); the generator's errors point into the JSON.
  kind.export_prism = [](const ModelFile& file, const LoadOptions& options, const std::string& prefix) {
    const ConstantOverrides constants = prism_language::parse_constant_overrides(options.constants);
    JaniModel jani = load_jani_model(file.path(), constants);
    return with_json_places(jani.places, file.path(), [&] {
      return prism_language::export_model_files(std::move(jani.model), options, prefix);
    });
  };
  return kind;
}

}  // namespace sgplan::models::jani
