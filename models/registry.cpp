#include "models/registry.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "core/errors.hpp"
#include "models/extensive_form/tree_kinds.hpp"
#include "models/formats/format_kinds.hpp"
#include "models/formula/formula_kind.hpp"
#include "models/gomoku/gomoku_kinds.hpp"
#include "models/jani/jani_kind.hpp"
#include "models/nim/nim_kind.hpp"
#include "models/phutball/phutball_kind.hpp"
#include "models/pig/pig_kind.hpp"
#include "models/ppddl/ppddl_kind.hpp"
#include "models/prism_language/prism_language_kind.hpp"
#include "models/robot_monster/robot_monster_kind.hpp"

namespace sgplan::models {

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

ModelRegistry make_builtin() {
  ModelRegistry r;
  // The YAML kinds in the order "unknown model kind" lists them; then the foreign formats.
  r.add(formats::explicit_kind());
  r.add(robot_monster::robot_monster_kind());
  r.add(nim::nim_kind());
  r.add(formula::formula_game_kind());
  r.add(pig::pig_kind());
  r.add(extensive_form::repeated_game_kind());
  r.add(extensive_form::game_tree_kind());
  r.add(gomoku_kind());
  r.add(phutball::phutball_kind());
  r.add(formats::prism_kind());
  r.add(prism_language::prism_language_kind());
  r.add(jani::jani_kind());
  r.add(ppddl::ppddl_kind());
  r.add(extensive_form::efg_kind());
  r.add(renju_case_kind());
  return r;
}

}  // namespace

std::string_view family_name(ModelFamily family) {
  switch (family) {
    case ModelFamily::StateGraph:
      return "state graph";
    case ModelFamily::GameTree:
      return "game tree";
    case ModelFamily::ThreatPosition:
      return "threat position";
  }
  return "?";
}

const formats::YamlDocument& ModelFile::yaml() const {
  if (!yaml_) throw std::logic_error("model kind '" + kind_->name + "' is not read from YAML");
  return *yaml_;
}

const std::string& ModelFile::text() const {
  return yaml_ ? yaml_->text() : text_;
}

const ModelRegistry& ModelRegistry::builtin() {
  static const ModelRegistry registry = make_builtin();
  return registry;
}

void ModelRegistry::add(ModelKind kind) {
  if (kind.name.empty()) throw std::logic_error("a model kind needs a name");
  for (const ModelKind& k : kinds_) {
    if (k.name == kind.name) throw std::logic_error("model kind '" + kind.name + "' is registered twice");
    for (const std::string& e : kind.extensions) {
      for (const std::string& f : k.extensions) {
        if (e == f)
          throw std::logic_error("extension " + e + " belongs to '" + k.name + "' and '" + kind.name + "'");
      }
    }
  }
  const bool has_loader = kind.family == ModelFamily::StateGraph ? static_cast<bool>(kind.load_graph)
                          : kind.family == ModelFamily::GameTree ? static_cast<bool>(kind.load_tree)
                                                                 : static_cast<bool>(kind.load_position) ||
                                                                       static_cast<bool>(kind.load_phutball);
  if (!has_loader) {
    throw std::logic_error("model kind '" + kind.name + "' has no loader for its family (" +
                           std::string(family_name(kind.family)) + ")");
  }
  kinds_.push_back(std::move(kind));
}

const ModelKind* ModelRegistry::find(std::string_view name) const {
  for (const ModelKind& k : kinds_) {
    if (k.name == name) return &k;
  }
  return nullptr;
}

std::vector<std::string_view> ModelRegistry::yaml_names() const {
  std::vector<std::string_view> names;
  for (const ModelKind& k : kinds_) {
    if (k.is_yaml()) names.push_back(k.name);
  }
  return names;
}

ModelFile ModelRegistry::open(const std::string& path) const {
  if (ends_with(path, ".nfg")) {
    throw InputError(
        SourceLocation{path, 1, 1},
        "a normal-form game (.nfg): normal form is not supported; sgplan reads extensive-form games "
        "(Gambit .efg, or YAML `model: game-tree` / `model: repeated-game`)");
  }
  for (const ModelKind& k : kinds_) {
    for (const std::string& e : k.extensions) {
      if (ends_with(path, e)) return ModelFile(path, k, {}, std::nullopt);
    }
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(SourceLocation{path, 0, 0}, "cannot open the file");
  std::ostringstream read;
  read << in.rdbuf();
  std::string text = std::move(read).str();
  for (const ModelKind& k : kinds_) {
    if (k.sniff && k.sniff(text)) return ModelFile(path, k, std::move(text), std::nullopt);
  }
  formats::YamlDocument doc = formats::YamlDocument::load_string(text, path);
  doc.require_map(doc.root(), "a model file");
  const YAML::Node kind_node = doc.required(doc.root(), "model", "a model file");
  const std::vector<std::string_view> names = yaml_names();
  const std::string name = doc.one_of(kind_node, names, "model kind");
  return ModelFile(path, *find(name), {}, std::move(doc));
}

std::unique_ptr<GraphModel> ModelRegistry::load_graph(const std::string& path,
                                                      const LoadOptions& options) const {
  return load_graph(open(path), options);
}

std::unique_ptr<GraphModel> ModelRegistry::load_graph(const ModelFile& file,
                                                      const LoadOptions& options) const {
  const ModelKind& kind = file.kind();
  if (kind.load_graph) return kind.load_graph(file, options);
  if (kind.family == ModelFamily::GameTree) {
    throw InputError(SourceLocation{file.path(), 0, 0},
                     "a game tree (extensive form) has no state graph: use sgplan info, "
                     "strategy or export --format efg");
  }
  // A kind recognised by its content is refused at the content's start.
  const int at = kind.sniff ? 1 : 0;
  throw InputError(SourceLocation{file.path(), at, at},
                   kind.called_in_errors() + " is a threat-search position, not a state graph (use sgplan " +
                       std::string(kind.load_phutball ? "threats" : "lambda") + ")");
}

efg::GameTree ModelRegistry::load_game_tree(const std::string& path, const efg::TreeLimits& limits) const {
  return load_game_tree(open(path), limits);
}

efg::GameTree ModelRegistry::load_game_tree(const ModelFile& file, const efg::TreeLimits& limits) const {
  const ModelKind& kind = file.kind();
  if (kind.load_tree) return kind.load_tree(file, limits);
  throw InputError(SourceLocation{file.path(), 0, 0},
                   "model kind '" + kind.name +
                       "' is not a game tree (expected a Gambit .efg file, "
                       "`model: game-tree` or `model: repeated-game`)");
}

}  // namespace sgplan::models
