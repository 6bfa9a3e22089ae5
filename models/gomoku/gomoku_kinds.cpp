#include "models/gomoku/gomoku_kinds.hpp"

#include "models/gomoku/position_yaml.hpp"
#include "models/registry.hpp"

namespace sgplan::models {

ModelKind gomoku_kind() {
  ModelKind kind;
  kind.name = "gomoku";
  kind.family = ModelFamily::ThreatPosition;
  kind.summary = "a Go-Moku or Renju position, the attacker to move (freestyle, standard, renju)";
  kind.load_position = [](const ModelFile& file) { return gomoku::load_gomoku_yaml(file.yaml()); };
  return kind;
}

ModelKind renju_case_kind() {
  ModelKind kind;
  kind.name = "renju-case";
  kind.family = ModelFamily::ThreatPosition;
  kind.sniff = [](const std::string& text) { return gomoku::looks_like_renju_case(text); };
  kind.called = "a Renju case file";
  kind.summary = "a Renju puzzle case file (the puzzle sets' text format)";
  kind.load_position = [](const ModelFile& file) {
    return gomoku::parse_renju_case(file.text(), file.path());
  };
  return kind;
}

gomoku::GomokuPosition gomoku::load_gomoku_position(const std::string& path) {
  const ModelFile file = ModelRegistry::builtin().open(path);
  const ModelKind& kind = file.kind();
  if (kind.load_position) return kind.load_position(file);
  const std::string message =
      "model kind '" + kind.name + "' is not a Go-Moku position (expected gomoku, or a Renju case file)";
  if (kind.is_yaml()) file.yaml().fail(file.yaml().root()["model"], message);
  throw InputError(SourceLocation{path, 0, 0}, message);
}

}  // namespace sgplan::models
