// The model YAML harness: the kind decides the loader, as in the CLI (models/model_loader.hpp).
#include <memory>

#include "models/extensive_form/sequences.hpp"
#include "models/gomoku/position_yaml.hpp"
#include "models/registry.hpp"
#include "tools/fuzz/fuzz_support.hpp"
#include "tools/fuzz/harnesses.hpp"

namespace sgplan::fuzz {

namespace {

constexpr std::string_view kTarget = "model";

void load_graph_and_solve(const std::string& path) {
  models::LoadOptions load;
  load.max_states = kMaxStates;
  load.max_transitions = kMaxTransitions;
  std::unique_ptr<models::GraphModel> model;
  if (!guarded(kTarget, [&] { model = models::load_graph_model(path, load); })) return;
  mdp::BuildOptions build;
  build.max_states = kMaxStates;
  build.max_bytes = kMaxBuildBytes;
  mdp::BuiltGraph built;
  if (!guarded(kTarget, [&] { built = model->build(build); })) return;
  guarded(kTarget, [&] { check_solution(kTarget, built.graph); });
}

}  // namespace

int fuzz_model(const std::uint8_t* data, std::size_t size) {
  const std::string path = write_temp_file("model.yaml", as_text(data, size));
  models::ModelFamily family = models::ModelFamily::StateGraph;
  if (!guarded(kTarget, [&] { family = models::ModelRegistry::builtin().open(path).kind().family; }))
    return 0;
  if (family == models::ModelFamily::GameTree) {
    guarded(kTarget, [&] {
      const efg::GameTree tree = models::load_game_tree(path, {kMaxTreeNodes, kMaxTreeNodes});
      efg::compute_sequences(tree);
    });
  } else if (family == models::ModelFamily::ThreatPosition) {
    guarded(kTarget, [&] { models::gomoku::load_gomoku_position(path).board(); });
  } else {
    load_graph_and_solve(path);
  }
  return 0;
}

}  // namespace sgplan::fuzz
