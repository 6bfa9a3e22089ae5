// The PRISM explicit harness: the input holds both files, the .tra, then a line "----", then the
// .lab (without that line, the whole input is the .tra and the .lab is empty). The target label
// is "success", as in sgplan's own exports and the cases of ../shared/cases. A .tra whose header
// (the first line after the comments) starts with a field holding ':' (PRISM-games' SMG header
// "states:players ...") is read with the coalition of player 1, so SMG files are explored too.
#include "models/formats/explicit_model.hpp"
#include "models/registry.hpp"
#include "tools/fuzz/fuzz_support.hpp"
#include "tools/fuzz/harnesses.hpp"

namespace sgplan::fuzz {

int fuzz_prism(const std::uint8_t* data, std::size_t size) {
  constexpr std::string_view kTarget = "prism";
  constexpr std::string_view kSeparator = "\n----\n";
  const std::string_view text = as_text(data, size);
  const std::size_t cut = text.find(kSeparator);
  const std::string_view tra = cut == std::string_view::npos ? text : text.substr(0, cut + 1);
  const std::string_view lab =
      cut == std::string_view::npos ? std::string_view{} : text.substr(cut + kSeparator.size());
  models::LoadOptions load;
  load.labels_path = write_temp_file("input.lab", lab);
  load.target_label = "success";
  std::size_t header = 0;  // the first line that is not a comment
  while (header < tra.size() && tra[header] == '#') {
    const std::size_t end = tra.find('\n', header);
    header = end == std::string_view::npos ? tra.size() : end + 1;
  }
  std::size_t end = header;  // the header's first field: "states" or "states:players"
  while (end < tra.size() && tra[end] != ' ' && tra[end] != '\t' && tra[end] != '\n') ++end;
  if (tra.substr(header, end - header).find(':') != std::string_view::npos) load.coalition = "1";
  load.max_states = kMaxStates;
  load.max_transitions = kMaxTransitions;
  const std::string path = write_temp_file("input.tra", tra);
  load_build_and_check(kTarget, path, load);
  return 0;
}

}  // namespace sgplan::fuzz
