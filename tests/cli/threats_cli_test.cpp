// sgplan threats on Phutball positions: the README's example proven at order 1 by the same move
// with and without the null-move cut and confirmed by exhaustive alpha-beta (--compare), a lower
// order not proven, and bad position files rejected with the file, line and column (exit 2).
#include <cstdlib>

#include "tests/cli/run_sgplan.hpp"

namespace sgplan::testing {
namespace {

fs::path write_position(const std::string& name, const std::string& text) {
  const fs::path dir = fs::temp_directory_path() / ("sgplan_threats_cli_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path file = dir / name;
  std::ofstream(file) << text;
  return file;
}

TEST(ThreatsCli, ProvesTheExampleAtOrderOne) {
  const CommandResult r = sgplan({"threats", "configs/phutball-threat.yaml", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["proven"], true);
  EXPECT_EQ(j["level"], 1);
  EXPECT_EQ(j["move"], "C7");
  const CommandResult low = sgplan({"threats", "configs/phutball-threat.yaml", "--order", "0", "--json"});
  ASSERT_EQ(low.exit_code, 0) << low.err;
  EXPECT_EQ(nlohmann::json::parse(low.out)["proven"], false);
}

TEST(ThreatsCli, CompareRunsTheOtherSearchAndAlphaBeta) {
  const CommandResult r = sgplan({"threats", "configs/phutball-threat.yaml", "--compare", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["other_proven"], true);
  EXPECT_EQ(j["alphabeta_proven"], true);
  EXPECT_GT(j["nodes"].get<std::uint64_t>(), 0u);
}

TEST(ThreatsCli, BadPositionsNameTheirPlace) {
  struct Case {
    std::string text, where, message;
  };
  const std::vector<Case> cases = {
      {"model: phutball\nattacker_goal: west\nboard: |\n  ...\n  .*.\n  ...\n",
       ":2:16:", "expected north or south"},
      {"model: phutball\nattacker_goal: north\nboard: |\n  .....\n  ..x..\n  ..*..\n",
       ":5:5:", "unexpected 'x'"},
      {"model: phutball\nattacker_goal: north\nboard: |\n  ..*..\n  .....\n  .....\n",
       ":4:5:", "on a goal line"},
      {"model: phutball\nattacker_goal: north\nboard: |\n  .....\n  .*.*.\n  .....\n",
       ":5:6:", "a second ball"},
      {"model: phutball\nattacker_goal: north\nboard: |\n  .....\n  ..*.\n  .....\n",
       ":5:3:", "this row has 4 points"},
      {"model: phutball\nattacker_goal: north\nboard: |\n  .....\n  .....\n  .....\n", ":3:8:", "no ball"},
      {"model: phutball\nattacker_goal: north\nsize: 5\nboard: |\n  .....\n  ..*..\n  .....\n",
       ":3:1:", "unknown key"},
  };
  int k = 0;
  for (const Case& c : cases) {
    const fs::path file = write_position("bad" + std::to_string(k++) + ".yaml", c.text);
    const CommandResult r = sgplan({"threats", file.string()});
    EXPECT_EQ(r.exit_code, 2) << c.text;
    EXPECT_NE(r.err.find(file.string() + c.where), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
  }
  const CommandResult other = sgplan({"threats", "configs/robot-monster.yaml"});
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_NE(other.err.find("is not a phutball position"), std::string::npos) << other.err;
}

}  // namespace
}  // namespace sgplan::testing
