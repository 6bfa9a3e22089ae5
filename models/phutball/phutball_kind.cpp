#include "models/phutball/phutball_kind.hpp"

#include "models/phutball/position_yaml.hpp"
#include "models/registry.hpp"

namespace sgplan::models::phutball {

ModelKind phutball_kind() {
  ModelKind kind;
  kind.name = "phutball";
  kind.family = ModelFamily::ThreatPosition;
  kind.summary = "a Philosopher's Football position, the attacker to move (sgplan threats)";
  kind.load_phutball = [](const ModelFile& file) { return load_phutball_yaml(file.yaml()); };
  return kind;
}

PhutballPosition load_phutball_position(const std::string& path) {
  const ModelFile file = ModelRegistry::builtin().open(path);
  const ModelKind& kind = file.kind();
  if (kind.load_phutball) return kind.load_phutball(file);
  const std::string message =
      "model kind '" + kind.name + "' is not a phutball position (expected model: phutball)";
  if (kind.is_yaml()) file.yaml().fail(file.yaml().root()["model"], message);
  throw InputError(SourceLocation{path, 0, 0}, message);
}

}  // namespace sgplan::models::phutball
