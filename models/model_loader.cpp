#include "models/model_loader.hpp"

#include <fstream>
#include <sstream>

#include "models/efg_format.hpp"
#include "models/explicit_model.hpp"
#include "models/formula_game_model.hpp"
#include "models/game_tree_yaml.hpp"
#include "models/gomoku/position.hpp"
#include "models/nim_model.hpp"
#include "models/pig_model.hpp"
#include "models/prism_explicit.hpp"
#include "models/repeated_game_yaml.hpp"
#include "models/robot_monster_model.hpp"
#include "models/yaml_support.hpp"

namespace sgplan::models {

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string yaml_kind(const YamlDocument& doc) {
  doc.require_map(doc.root(), "a model file");
  const YAML::Node kind = doc.required(doc.root(), "model", "a model file");
  return doc.one_of(
      kind,
      {"explicit", "robot-monster", "nim", "formula-game", "pig", "repeated-game", "game-tree", "gomoku"},
      "model kind");
}

}  // namespace

bool is_renju_case_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream text;
  text << in.rdbuf();
  return gomoku::looks_like_renju_case(text.str());
}

std::string detect_model_kind(const std::string& path) {
  if (ends_with(path, ".tra")) return "prism";
  if (ends_with(path, ".efg")) return "efg";
  if (ends_with(path, ".nfg")) {
    throw InputError(
        SourceLocation{path, 1, 1},
        "a normal-form game (.nfg): normal form is not supported; sgplan reads extensive-form games "
        "(Gambit .efg, or YAML `model: game-tree` / `model: repeated-game`)");
  }
  if (is_renju_case_file(path)) return "renju-case";
  return yaml_kind(YamlDocument::load_file(path));
}

std::unique_ptr<GraphModel> load_graph_model(const std::string& path, const LoadOptions& options) {
  // The extension first, as detect_model_kind decides: a .tra file is PRISM whatever its text.
  if (ends_with(path, ".tra")) {
    PrismImportOptions prism{options.labels_path, options.target_label, options.minimize,
                             options.keep_exact,  options.max_states,   options.max_transitions};
    return std::make_unique<ExplicitGraphModel>("prism", read_prism_explicit(path, prism));
  }
  if (is_renju_case_file(path)) {
    throw InputError(SourceLocation{path, 1, 1},
                     "a Renju case file is a threat-search position, not a state graph (use sgplan lambda)");
  }
  if (is_game_tree_kind(detect_model_kind(path))) {
    throw InputError(SourceLocation{path, 0, 0},
                     "a game tree (extensive form) has no state graph: use sgplan info, "
                     "strategy or export --format efg");
  }
  YamlDocument doc = YamlDocument::load_file(path);
  const std::string kind = yaml_kind(doc);
  if (kind == "explicit")
    return std::make_unique<ExplicitGraphModel>("explicit", load_explicit_graph(doc, options.keep_exact));
  if (kind == "robot-monster") return std::make_unique<RobotMonsterModel>(load_robot_monster_config(doc));
  if (kind == "nim") return std::make_unique<NimModel>(load_nim_config(doc));
  if (kind == "formula-game") return std::make_unique<FormulaGameModel>(load_formula_game_config(doc));
  if (kind == "pig") return std::make_unique<PigModel>(load_pig_config(doc));
  if (kind == "gomoku") {
    throw InputError(
        SourceLocation{path, 0, 0},
        "model kind 'gomoku' is a threat-search position, not a state graph (use sgplan lambda)");
  }
  throw InputError(SourceLocation{path, 0, 0},
                   "model kind '" + kind + "' does not compile into a state graph");
}

bool is_game_tree_kind(const std::string& kind) {
  return kind == "efg" || kind == "repeated-game" || kind == "game-tree";
}

efg::GameTree load_game_tree(const std::string& path, const efg::TreeLimits& limits) {
  const std::string kind = detect_model_kind(path);
  if (kind == "efg") return read_efg_file(path, limits);
  if (!is_game_tree_kind(kind)) {
    throw InputError(SourceLocation{path, 0, 0}, "model kind '" + kind +
                                                     "' is not a game tree (expected a Gambit .efg file, "
                                                     "`model: game-tree` or `model: repeated-game`)");
  }
  YamlDocument doc = YamlDocument::load_file(path);
  if (kind == "repeated-game") return load_repeated_game(doc, limits);
  return load_game_tree_yaml(doc, limits);
}

}  // namespace sgplan::models
