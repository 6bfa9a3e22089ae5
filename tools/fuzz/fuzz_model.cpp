// The model YAML harness: the kind decides the loader, as in the CLI (models/registry.hpp).
#include <memory>
#include <optional>

#include "models/extensive_form/sequences.hpp"
#include "models/phutball/phutball_game.hpp"
#include "models/registry.hpp"
#include "tools/fuzz/fuzz_support.hpp"
#include "tools/fuzz/harnesses.hpp"

namespace sgplan::fuzz {

namespace {

constexpr std::string_view kTarget = "model";

void load_graph_and_solve(const models::ModelFile& file) {
  models::LoadOptions load;
  load.max_states = kMaxStates;
  load.max_transitions = kMaxTransitions;
  std::unique_ptr<models::GraphModel> model;
  if (!guarded(kTarget, [&] { model = models::ModelRegistry::builtin().load_graph(file, load); })) return;
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
  // Opened once, as the CLI does; the family's loader reads from the opened file.
  std::optional<models::ModelFile> file;
  if (!guarded(kTarget, [&] { file.emplace(models::ModelRegistry::builtin().open(path)); })) return 0;
  const models::ModelKind& kind = file->kind();
  if (kind.family == models::ModelFamily::GameTree) {
    guarded(kTarget, [&] {
      const efg::GameTree tree =
          models::ModelRegistry::builtin().load_game_tree(*file, {kMaxTreeNodes, kMaxTreeNodes});
      efg::compute_sequences(tree);
    });
  } else if (kind.family == models::ModelFamily::ThreatPosition) {
    if (kind.load_phutball) {
      // A Phutball position: loaded, then its moves listed (the jump sequences generated).
      guarded(kTarget, [&] {
        const models::phutball::PhutballPosition position = kind.load_phutball(*file);
        const models::phutball::PhutballGame game(position.board, position.attacker_south);
        MoveList moves;
        game.legal_moves(moves);
      });
    } else {
      guarded(kTarget, [&] { kind.load_position(*file).board(); });
    }
  } else {
    load_graph_and_solve(*file);
  }
  return 0;
}

}  // namespace sgplan::fuzz
