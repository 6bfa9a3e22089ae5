// The strategy-file harness: each input is read as a strategy and as a profile, against two fixed
// game trees, so the seeds in configs/strategies (written for them) start deep inside the checks.
#include "models/efg_format.hpp"
#include "models/strategy_file.hpp"
#include "tools/fuzz/fuzz_support.hpp"
#include "tools/fuzz/harnesses.hpp"

namespace sgplan::fuzz {

namespace {

constexpr std::string_view kTarget = "strategy";

// configs/repeated-pd.yaml, exported by `sgplan export --format efg`: imperfect information,
// repeated labels, two actions everywhere.
constexpr const char* kPrisonersDilemma = R"(EFG 2 R "Twice-repeated prisoners' dilemma" { "row" "column" }
""
p "" 1 1 "round1" { "C" "D" } 0
p "" 2 1 "round1" { "C" "D" } 0
p "" 1 2 "round2[C,C]" { "C" "D" } 0
p "" 2 2 "round2[C,C]" { "C" "D" } 0
t "" 1 "" { 6, 6 }
t "" 2 "" { 3, 7 }
p "" 2 2 "round2[C,C]" { "C" "D" } 0
t "" 3 "" { 7, 3 }
t "" 4 "" { 4, 4 }
p "" 1 3 "round2[C,D]" { "C" "D" } 0
p "" 2 3 "round2[C,D]" { "C" "D" } 0
t "" 2 "" { 3, 7 }
t "" 5 "" { 0, 8 }
p "" 2 3 "round2[C,D]" { "C" "D" } 0
t "" 4 "" { 4, 4 }
t "" 6 "" { 1, 5 }
p "" 2 1 "round1" { "C" "D" } 0
p "" 1 4 "round2[D,C]" { "C" "D" } 0
p "" 2 4 "round2[D,C]" { "C" "D" } 0
t "" 3 "" { 7, 3 }
t "" 4 "" { 4, 4 }
p "" 2 4 "round2[D,C]" { "C" "D" } 0
t "" 7 "" { 8, 0 }
t "" 8 "" { 5, 1 }
p "" 1 5 "round2[D,D]" { "C" "D" } 0
p "" 2 5 "round2[D,D]" { "C" "D" } 0
t "" 4 "" { 4, 4 }
t "" 6 "" { 1, 5 }
p "" 2 5 "round2[D,D]" { "C" "D" } 0
t "" 8 "" { 5, 1 }
t "" 9 "" { 2, 2 }
)";

// configs/poker.yaml: chance at the root, an information set across the chance outcomes.
constexpr const char* kPoker = R"(EFG 2 R "Stripped-down poker" { "Alice" "Bob" }
""
c "" 1 "" { "King" 1/2 "Queen" 1/2 } 0
p "" 1 1 "Alice has King" { "Bet" "Fold" } 0
p "" 2 1 "Bob's response" { "Call" "Fold" } 0
t "" 1 "" { 2, -2 }
t "" 2 "" { 1, -1 }
t "" 3 "" { -1, 1 }
p "" 1 2 "Alice has Queen" { "Bet" "Fold" } 0
p "" 2 1 "Bob's response" { "Call" "Fold" } 0
t "" 4 "" { -2, 2 }
t "" 2 "" { 1, -1 }
t "" 3 "" { -1, 1 }
)";

struct FixedTree {
  efg::GameTree tree;
  std::vector<efg::PlayerSequences> seqs;
  explicit FixedTree(const char* text)
      : tree(models::read_efg_string(text, "fixed.efg")), seqs(efg::compute_sequences(tree)) {}
};

}  // namespace

int fuzz_strategy(const std::uint8_t* data, std::size_t size) {
  static const FixedTree trees[] = {FixedTree(kPrisonersDilemma), FixedTree(kPoker)};
  const std::string path = write_temp_file("strategy.yaml", as_text(data, size));
  for (const FixedTree& t : trees) {
    for (const bool exact : {false, true}) {
      guarded(kTarget, [&] { models::load_strategy_file(path, t.tree, t.seqs, {exact}); });
      guarded(kTarget, [&] { models::load_profile_file(path, t.tree, t.seqs, {exact}); });
    }
  }
  return 0;
}

}  // namespace sgplan::fuzz
