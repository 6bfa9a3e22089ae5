// The 121 Renju puzzles of ../shared/cases/renju (slow): every case within a node budget. A proof
// of a case tagged `disproven` is a bug; every proof must replay to the attacker's five within the
// case's limit; the counts of right, missed and unsolved cases for this configuration are pinned
// (the searches are deterministic: node counts do not depend on time). Both tree searchers must give
// the same answer wherever both finish. Skipped without $SGPLAN_CASES.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "models/gomoku/gomoku_solver.hpp"
#include "models/gomoku/position.hpp"
#include "tests/models/gomoku/cases_support.hpp"

namespace sgplan::models::gomoku {
namespace {

namespace fs = std::filesystem;
using namespace search::lambda;

std::vector<fs::path> case_files() {
  std::vector<fs::path> files;
  const fs::path dir = testing::cases_dir() / "renju";
  if (!fs::is_directory(dir)) return files;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".txt") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

LambdaOptions case_options(const GomokuPosition& p, Engine engine, std::uint64_t max_nodes,
                           X00 x00 = X00::kAttacker, std::size_t table_mib = 64) {
  LambdaOptions o;
  o.max_order = p.order;
  o.max_depth = p.depth;
  o.threat_depth = p.threat_depth;
  o.engine = engine;
  o.max_nodes = max_nodes;
  o.table_mib = table_mib;
  o.x00 = x00;
  o.iterative_deepening = false;
  o.dual = true;  // the command line's default (lambda_common.hpp)
  return o;
}

// The configuration of the README's short run: `sgplan bench renju DIR --max-nodes 2000000
// --table-mb 128` (the defaults: hybrid, X-0-0 at attacker nodes, dual, no deepening).
TEST(RenjuPuzzles, AllCasesWithinTwoMillionNodes) {
  const auto files = case_files();
  if (files.empty()) GTEST_SKIP() << testing::missing_cases_message(testing::cases_dir());
  int right = 0, missed = 0, unsolved = 0, proven_right = 0;
  for (const fs::path& f : files) {
    const GomokuPosition p = load_renju_case(f.string());
    const LambdaResult r =
        solve_lambda(p.board(), p.attacker, case_options(p, Engine::kHybrid, 2'000'000, X00::kAttacker, 128));
    if (r.proven) {
      EXPECT_FALSE(p.expect_disproven) << f.stem() << ": a proof of a disproven case";
      const LineCheck c = replay_line(p.board(), p.attacker, std::vector<Point>(r.pv.begin(), r.pv.end()));
      EXPECT_TRUE(c.wins) << f.stem() << ": " << c.problem;
      EXPECT_LE(c.attacker_moves, p.limit + 1) << f.stem();
      right += !p.expect_disproven;
      proven_right += !p.expect_disproven;
    } else if (r.budget_exhausted) {
      ++unsolved;
    } else if (p.expect_disproven) {
      ++right;
    } else {
      ++missed;
    }
  }
  EXPECT_EQ(files.size(), 121u);
  EXPECT_EQ(missed, 0);
  EXPECT_EQ(right, 88);  // 55 proofs, 33 cases searched to the end without one
  EXPECT_EQ(proven_right, 55);
  EXPECT_EQ(unsolved, 33);
}

TEST(RenjuPuzzles, SearchersAgreeOnTheQuickCases) {
  const auto files = case_files();
  if (files.empty()) GTEST_SKIP() << testing::missing_cases_message(testing::cases_dir());
  int compared = 0;
  for (const fs::path& f : files) {
    const GomokuPosition p = load_renju_case(f.string());
    if (!p.has_tag("quick")) continue;
    const LambdaResult a = solve_lambda(p.board(), p.attacker, case_options(p, Engine::kAlphaBeta, 500'000));
    const LambdaResult d = solve_lambda(p.board(), p.attacker, case_options(p, Engine::kDfpn, 500'000));
    if (a.budget_exhausted || d.budget_exhausted) continue;
    EXPECT_EQ(a.proven, d.proven) << f.stem();
    EXPECT_EQ(a.order, d.order) << f.stem();
    ++compared;
  }
  EXPECT_EQ(compared, 59);  // of the 72 quick cases (60 without dual search)
}

}  // namespace
}  // namespace sgplan::models::gomoku
