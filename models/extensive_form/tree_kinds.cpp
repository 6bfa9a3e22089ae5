#include "models/extensive_form/tree_kinds.hpp"

#include "models/extensive_form/efg_format.hpp"
#include "models/extensive_form/game_tree_yaml.hpp"
#include "models/extensive_form/repeated_game_yaml.hpp"

namespace sgplan::models::extensive_form {

ModelKind repeated_game_kind() {
  ModelKind kind;
  kind.name = "repeated-game";
  kind.family = ModelFamily::GameTree;
  kind.summary = "a stage game repeated a fixed number of rounds, unfolded into a game tree";
  kind.load_tree = [](const ModelFile& file, const efg::TreeLimits& limits) {
    return load_repeated_game(file.yaml(), limits);
  };
  return kind;
}

ModelKind game_tree_kind() {
  ModelKind kind;
  kind.name = "game-tree";
  kind.family = ModelFamily::GameTree;
  kind.summary = "an extensive-form game written node by node, with information sets";
  kind.load_tree = [](const ModelFile& file, const efg::TreeLimits& limits) {
    return load_game_tree_yaml(file.yaml(), limits);
  };
  return kind;
}

ModelKind efg_kind() {
  ModelKind kind;
  kind.name = "efg";
  kind.family = ModelFamily::GameTree;
  kind.extensions = {".efg"};
  kind.summary = "Gambit's extensive-form format (version 4)";
  kind.load_tree = [](const ModelFile& file, const efg::TreeLimits& limits) {
    return read_efg_file(file.path(), limits);
  };
  return kind;
}

}  // namespace sgplan::models::extensive_form
