// The PPDDL harness: the input is one .pddl file holding the domain and the problem (sgplan reads a
// domain from the problem's own file); ground it under small limits, build and solve.
#include "models/registry.hpp"
#include "tools/fuzz/fuzz_support.hpp"
#include "tools/fuzz/harnesses.hpp"

namespace sgplan::fuzz {

int fuzz_ppddl(const std::uint8_t* data, std::size_t size) {
  constexpr std::string_view kTarget = "ppddl";
  models::LoadOptions load;
  load.max_states = kMaxStates;
  load.max_ground_actions = 20'000;
  const std::string path = write_temp_file("input.pddl", as_text(data, size));
  load_build_and_check(kTarget, path, load);
  return 0;
}

}  // namespace sgplan::fuzz
