#include "models/prism_language/prism_language_kind.hpp"

#include <chrono>
#include <fstream>
#include <sstream>

#include "models/implicit_graph_model.hpp"
#include "models/prism_language/compiled_model.hpp"
#include "models/prism_language/explicit_export.hpp"
#include "models/prism_language/property_answer.hpp"

namespace sgplan::models::prism_language {

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(SourceLocation{path, 0, 0}, "cannot read the file");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

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

ModelExportResult export_model_files(PrismModel model, const LoadOptions& options,
                                     const std::string& prefix) {
  // The files hold the model itself: the objective is chosen when they are solved or checked.
  const char* why = "export --format prism writes the model itself, every label in PREFIX.lab; ";
  if (!options.target_label.empty())
    throw InputError(std::string(why) + "--target is for solve (or export --format dot)");
  if (!options.coalition.empty())
    throw InputError(std::string(why) + "--coalition is given when the files are solved");
  if (options.minimize) throw InputError(std::string(why) + "--minimize is given when the files are solved");
  const CompiledModel compiled(std::move(model), parse_constant_overrides(options.constants));
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
    std::vector<std::size_t> chosen;
    for (std::size_t k = 0; k < properties.size(); ++k) {
      if (request.which.empty() || properties[k].name == request.which ||
          std::to_string(k + 1) == request.which)
        chosen.push_back(k);
    }
    if (chosen.empty()) {
      throw InputError(SourceLocation{request.path, 0, 0},
                       request.which.empty()
                           ? std::string("the file has no properties")
                           : "no property named '" + request.which + "' (and no property " + request.which +
                                 " of " + std::to_string(properties.size()) + ")");
    }
    std::vector<PropertyResult> out;
    for (std::size_t k : chosen) {
      const Property& p = properties[k];
      PropertyResult r;
      r.name = p.name;
      r.index = static_cast<int>(k + 1);
      r.text = p.supported ? p.text : "";
      if (!p.supported) {
        r.unsupported = p.unsupported;
        out.push_back(r);
        continue;
      }
      const auto start = std::chrono::steady_clock::now();
      AnswerOptions o;
      o.epsilon = request.epsilon;
      o.max_states = options.max_states;
      const PropertyAnswer a = answer_property(model, constants, p, o);
      r.value = a.value;
      r.lower = a.lower;
      r.upper = a.upper;
      r.sound = a.sound;
      r.truth = a.truth;
      r.states = a.states;
      r.transitions = a.transitions;
      r.deadlocks = a.deadlocks;
      r.status = std::string(mdp::to_string(a.status));
      r.reached = mdp::reached_target(a.status);
      r.iterations = a.iterations;
      r.build_seconds = a.build_seconds;
      r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      out.push_back(r);
    }
    return out;
  };
  kind.export_prism = [](const ModelFile& file, const LoadOptions& options, const std::string& prefix) {
    return export_model_files(parse_prism_model(read_text(file.path()), file.path()), options, prefix);
  };
  return kind;
}

}  // namespace sgplan::models::prism_language
