// The Gambit .efg harness: a file that reads must write back as a file that reads to the same text
// (efg_format.hpp promises that read(write(tree)) reproduces the tree).
#include <optional>

#include "models/extensive_form/efg_format.hpp"
#include "models/extensive_form/sequences.hpp"
#include "tools/fuzz/fuzz_support.hpp"
#include "tools/fuzz/harnesses.hpp"

namespace sgplan::fuzz {

namespace {

constexpr std::string_view kTarget = "efg";

void check_round_trip(const efg::GameTree& tree) {
  const efg::TreeLimits limits{kMaxTreeNodes, kMaxTreeNodes};
  const std::string written = efg::to_efg_string(tree);
  try {
    const std::string again = efg::to_efg_string(efg::read_efg_string(written, "written.efg", limits));
    if (again != written)
      report_finding(kTarget, "writing the tree read back changes it:\n" + written + "\n" + again);
  } catch (const std::exception& e) {
    report_finding(kTarget, "the written tree does not read back: " + std::string(e.what()) + "\n" + written);
  }
}

}  // namespace

int fuzz_efg(const std::uint8_t* data, std::size_t size) {
  std::optional<efg::GameTree> tree;
  const bool loaded = guarded(kTarget, [&] {
    tree =
        efg::read_efg_string(std::string(as_text(data, size)), "input.efg", {kMaxTreeNodes, kMaxTreeNodes});
    efg::compute_sequences(*tree);
  });
  if (loaded) check_round_trip(*tree);
  return 0;
}

}  // namespace sgplan::fuzz
