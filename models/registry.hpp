// The registry of model kinds: one table of every kind sgplan reads (models/model_kind.hpp), the
// one place that recognises a file, and the loaders every command calls. The CLI asks the
// registry what a file is and what it can do; no command branches on a kind's name.
//
// The list is explicit (registry.cpp), in the order error messages name the YAML kinds, rather
// than self-registered from static initialisers: objects of a static library that nothing
// references are dropped by the linker, and an explicit list keeps the order of the kinds (and so
// of every message listing them) fixed. A test, or a program embedding sgplan, adds kinds of its
// own to a copy of the built-in registry (ModelRegistry::add).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "models/model_kind.hpp"

namespace sgplan::models {

class ModelRegistry {
 public:
  // Every kind sgplan ships.
  static const ModelRegistry& builtin();

  // std::logic_error for a second kind of the same name or extension, or an entry without the
  // loader of its family.
  void add(ModelKind kind);

  const std::vector<ModelKind>& kinds() const { return kinds_; }
  const ModelKind* find(std::string_view name) const;  // nullptr when unknown
  // The YAML `model:` values, in the registry's order.
  std::vector<std::string_view> yaml_names() const;

  // Recognises the file (extension, then sniffers, then the YAML `model:` value) and reads it
  // once; InputError naming the file for an unreadable file, an unknown kind or a refused format.
  ModelFile open(const std::string& path) const;

  // The family's loaders. Each refuses a file of another family with an InputError that says
  // which command the file is for.
  std::unique_ptr<GraphModel> load_graph(const std::string& path, const LoadOptions& options) const;
  std::unique_ptr<GraphModel> load_graph(const ModelFile& file, const LoadOptions& options) const;
  efg::GameTree load_game_tree(const std::string& path, const efg::TreeLimits& limits) const;
  efg::GameTree load_game_tree(const ModelFile& file, const efg::TreeLimits& limits) const;

 private:
  std::vector<ModelKind> kinds_;
};

// The built-in registry's loaders, for callers that need nothing else.
inline std::unique_ptr<GraphModel> load_graph_model(const std::string& path, const LoadOptions& options) {
  return ModelRegistry::builtin().load_graph(path, options);
}
inline efg::GameTree load_game_tree(const std::string& path, const efg::TreeLimits& limits) {
  return ModelRegistry::builtin().load_game_tree(path, limits);
}
// The kind's name of a file ("prism", "efg", "renju-case", or the YAML `model:` value).
inline std::string detect_model_kind(const std::string& path) {
  return ModelRegistry::builtin().open(path).kind().name;
}

}  // namespace sgplan::models
