#include "models/prism_language/prism_language_kind.hpp"

#include <fstream>
#include <sstream>

#include "models/implicit_graph_model.hpp"
#include "models/prism_language/compiled_model.hpp"
#include "models/prism_language/explicit_export.hpp"
#include "models/prism_language/property_answer.hpp"
#include "models/prism_language/property_results.hpp"

namespace sgplan::models::prism_language {

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(SourceLocation{path, 0, 0}, "cannot read the file");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

namespace {

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size() && !text.empty()) {
    const std::size_t end = std::min(text.find(',', start), text.size());
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

}  // namespace

namespace {

// The files hold the model itself: the objective is chosen when they are solved or checked.
void refuse_objective_flags(const LoadOptions& options) {
  const char* why = "export --format prism writes the model itself, every label in PREFIX.lab; ";
  if (!options.target_label.empty())
    throw InputError(std::string(why) + "--target is for solve (or export --format dot)");
  if (!options.coalition.empty())
    throw InputError(std::string(why) + "--coalition is given when the files are solved");
  if (options.minimize) throw InputError(std::string(why) + "--minimize is given when the files are solved");
}

}  // namespace

ModelExportResult export_model_files(const CompiledModel& compiled, const LoadOptions& options,
                                     const std::string& prefix) {
  refuse_objective_flags(options);
  const ExplicitExport e = export_prism_model(compiled, prefix, options.max_states);
  ModelExportResult out;
  out.states = e.states;
  out.choices = e.choices;
  out.transitions = e.transitions;
  out.deadlocks = e.deadlocks;
  out.written = e.written;
  out.check = "prism -importmodel " + prefix + ".tra,lab,sta PROPERTIES";
  return out;
}

ModelExportResult export_model_files(PrismModel model, const LoadOptions& options,
                                     const std::string& prefix) {
  refuse_objective_flags(options);
  return export_model_files(CompiledModel(std::move(model), parse_constant_overrides(options.constants)),
                            options, prefix);
}

ModelKind prism_language_kind() {
  ModelKind kind;
  kind.name = "prism-language";
  kind.extensions = {".prism", ".nm", ".pm", ".smg"};
  kind.summary = "the PRISM language: dtmc, mdp and PRISM-games smg models (--target, --const, --coalition)";
  kind.capabilities.tree_search = true;
  kind.capabilities.default_method = "interval";
  kind.load_graph = [](const ModelFile& file, const LoadOptions& options) -> std::unique_ptr<GraphModel> {
    PrismModel written = parse_prism_model(read_text(file.path()), file.path());
    const ModelType type = written.type;
    CompiledModel model(std::move(written), parse_constant_overrides(options.constants));
    if (options.target_label.empty()) {
      throw InputError(SourceLocation{file.path(), 0, 0},
                       "a PRISM-language model needs its success target: --target EXPR (a state expression, "
                       "e.g. '\"goal\"' or 'x=3')");
    }
    const std::vector<std::string> coalition = split_commas(options.coalition);
    if (type == ModelType::kSmg && coalition.empty()) {
      throw InputError(SourceLocation{file.path(), 0, 0},
                       "an smg needs the players who maximise: --coalition P1[,P2...] (names or numbers)");
    }
    if (type != ModelType::kSmg && !coalition.empty()) {
      throw InputError("--coalition is for smg models; this one is a " + std::string(to_string(type)));
    }
    model.set_objective(model.add_expression(options.target_label, "--target"), !options.minimize, coalition);
    GameFacts facts;
    facts.kind = "prism-language";
    return std::make_unique<ImplicitGraphModel<CompiledModel>>(std::move(model), std::move(facts));
  };
  kind.answer_properties = [](const ModelFile& file, const LoadOptions& options,
                              const PropertyRequest& request) -> std::vector<PropertyResult> {
    PrismModel model = parse_prism_model(read_text(file.path()), file.path());
    const std::vector<Property> properties = parse_properties(read_text(request.path), request.path, model);
    if (!options.target_label.empty())
      throw InputError("--target and --props exclude each other: the props give the targets");
    const ConstantOverrides constants = parse_constant_overrides(options.constants);
    return property_results(
        properties, request.path, options, request,
        [&](const Property& p, const AnswerOptions& o) { return answer_property(model, constants, p, o); });
  };
  kind.export_prism = [](const ModelFile& file, const LoadOptions& options, const std::string& prefix) {
    return export_model_files(parse_prism_model(read_text(file.path()), file.path()), options, prefix);
  };
  return kind;
}

}  // namespace sgplan::models::prism_language
