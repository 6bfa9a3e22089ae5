// The strategy-file harness: each input is read as a strategy and as a profile, against two fixed
// game trees, so the seeds in configs/strategies (written for them) start deep inside the checks.
#include "models/extensive_form/strategy_file.hpp"
#include "models/registry.hpp"
#include "tools/fuzz/fuzz_support.hpp"
#include "tools/fuzz/harnesses.hpp"

namespace sgplan::fuzz {

namespace {

constexpr std::string_view kTarget = "strategy";

// The trees are the shipped configs: configs/repeated-pd.yaml (imperfect information, repeated
// labels, two actions everywhere) and configs/poker.yaml (chance at the root, an information set
// across the chance outcomes).
struct FixedTree {
  efg::GameTree tree;
  std::vector<efg::PlayerSequences> seqs;
  explicit FixedTree(const char* config)
      : tree(models::load_game_tree(std::string(SGPLAN_SOURCE_DIR) + "/configs/" + config, {})),
        seqs(efg::compute_sequences(tree)) {}
};

}  // namespace

int fuzz_strategy(const std::uint8_t* data, std::size_t size) {
  static const FixedTree trees[] = {FixedTree("repeated-pd.yaml"), FixedTree("poker.yaml")};
  const std::string path = write_temp_file("strategy.yaml", as_text(data, size));
  for (const FixedTree& t : trees) {
    for (const bool exact : {false, true}) {
      guarded(kTarget, [&] { efg::load_strategy_file(path, t.tree, t.seqs, {exact}); });
      guarded(kTarget, [&] { efg::load_profile_file(path, t.tree, t.seqs, {exact}); });
    }
  }
  return 0;
}

}  // namespace sgplan::fuzz
