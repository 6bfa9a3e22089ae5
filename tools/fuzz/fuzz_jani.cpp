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
    models::PropertyRequest request;
    request.path = path;
    file.kind().answer_properties(file, load, request);
  });
  load.target_label = "false";
  load_build_and_check(kTarget, path, load);
  return 0;
}

}  // namespace sgplan::fuzz
