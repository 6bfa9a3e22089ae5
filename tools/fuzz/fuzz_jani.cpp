// The JANI harness: the input is a .jani file. Every property of the file is answered under the
// small limits (as `sgplan solve FILE.jani` does), then the model is built with the target `false`
// (no state terminal: the whole reachable graph) and solved.
#include "models/registry.hpp"
#include "tools/fuzz/fuzz_support.hpp"
#include "tools/fuzz/harnesses.hpp"

namespace sgplan::fuzz {

int fuzz_jani(const std::uint8_t* data, std::size_t size) {
  constexpr std::string_view kTarget = "jani";
  const std::string path = write_temp_file("input.jani", as_text(data, size));
  models::LoadOptions load;
  load.max_states = kMaxStates;
  guarded(kTarget, [&] {
    const models::ModelFile file = models::ModelRegistry::builtin().open(path);
    file.kind().answer_properties(file, load, models::PropertyRequest{path, "", 1e-6});
  });
  load.target_label = "false";
  std::unique_ptr<models::GraphModel> model;
  if (!guarded(kTarget, [&] { model = models::load_graph_model(path, load); })) return 0;
  mdp::BuildOptions build;
  build.max_states = kMaxStates;
  build.max_bytes = kMaxBuildBytes;
  mdp::BuiltGraph built;
  if (!guarded(kTarget, [&] { built = model->build(build); })) return 0;
  guarded(kTarget, [&] { check_solution(kTarget, built.graph); });
  return 0;
}

}  // namespace sgplan::fuzz
