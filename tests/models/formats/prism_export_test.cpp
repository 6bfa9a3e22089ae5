// PRISM explicit export: action labels follow PRISM's identifier rule (its importer rejected the
// "stay,stay" labels of robot-monster), the original names survive as comments in the .props file,
// and the files read back into the same graph with the same value.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "mdp/reachability.hpp"
#include "mdp/state_graph_builder.hpp"
#include "models/formats/prism_explicit.hpp"
#include "models/registry.hpp"

namespace sgplan::models {
namespace {

namespace fs = std::filesystem;

TEST(PrismExport, ActionNamesArePrismIdentifiers) {
  mdp::StateGraphBuilder b;
  b.add_state(mdp::Owner::Max);
  for (mdp::LabelId l = 0; l < 5; ++l) {
    b.add_choice(l);
    b.add_entry(1, 1.0);
  }
  b.add_state(mdp::Owner::Terminal, 1.0);
  b.set_label_table({"a,b", "a_b", "1x", "max", "N, W"});
  const mdp::StateGraph g = b.finalize();
  EXPECT_EQ(formats::prism_action_names(g),
            (std::vector<std::string>{"a_b", "a_b_2", "_1x", "_max", "N__W"}));
  for (const char* bad : {"", "stay,stay", "2a", "init", "Pmax", "a-b"})
    EXPECT_FALSE(formats::is_prism_identifier(bad)) << bad;
  for (const char* good : {"stay_stay", "_1x", "a9", "Init"})
    EXPECT_TRUE(formats::is_prism_identifier(good)) << good;
}

TEST(PrismExport, RoundTripOfRobotMonsterKeepsTheValueAndNamesTheActions) {
  const fs::path source = fs::path(SGPLAN_SOURCE_DIR) / "configs" / "robot-monster-tiny.yaml";
  const auto model = load_graph_model(source.string(), {});
  const mdp::BuiltGraph built = model->build({});
  const fs::path dir = fs::temp_directory_path() / ("sgplan_prism_export_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string prefix = (dir / "tiny").string();
  formats::write_prism_explicit(built.graph, prefix);
  // Every action in the .tra file (the fifth field) is an identifier by PRISM's grammar, written
  // here as the regular expression of the PRISM manual rather than through our own check.
  std::ifstream tra(prefix + ".tra");
  std::string line;
  std::getline(tra, line);
  // [A-Za-z_][A-Za-z0-9_]*, checked by hand (std::regex trips GCC 12's -Werror=maybe-uninitialized).
  const auto identifier = [](const std::string& t) {
    const auto letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; };
    if (t.empty() || !letter(t[0])) return false;
    return std::all_of(t.begin(), t.end(), [&](char c) { return letter(c) || (c >= '0' && c <= '9'); });
  };
  int actions = 0;
  while (std::getline(tra, line)) {
    std::istringstream fields(line);
    std::string source_state, choice, target, probability, action;
    fields >> source_state >> choice >> target >> probability >> action;
    if (action.empty()) continue;
    EXPECT_TRUE(identifier(action)) << line;
    ++actions;
  }
  EXPECT_GT(actions, 0);
  std::ifstream props(prefix + ".props");
  std::stringstream text;
  text << props.rdbuf();
  EXPECT_NE(text.str().find("// action stay_stay is sgplan's \"stay,stay\""), std::string::npos)
      << text.str();
  const mdp::StateGraph back =
      formats::read_prism_explicit(prefix + ".tra", {prefix + ".lab", "success", false});
  EXPECT_EQ(back.num_states(), built.graph.num_states());
  EXPECT_EQ(back.owners(), built.graph.owners());
  const mdp::Solution a = mdp::solve_reachability(built.graph, {});
  const mdp::Solution c = mdp::solve_reachability(back, {});
  EXPECT_NEAR(a.value(built.graph.initial_state()), c.value(back.initial_state()), 1e-9);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace sgplan::models
