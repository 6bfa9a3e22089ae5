// Every file of Gambit's test bed (../shared/cases/gambit): each .efg loads and its sizes match
// an independent line-by-line scan of the file; each .nfg is refused as normal form. Nothing is
// copied from the test bed: the expected sizes are recomputed from the files themselves.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "models/extensive_form/efg_format.hpp"
#include "models/extensive_form/realization.hpp"
#include "models/registry.hpp"
#include "tests/models/extensive_form/test_support.hpp"

namespace sgplan::models::extensive_form {
namespace {

struct Scan {
  std::size_t players = 0, chance = 0, decision = 0, terminal = 0;
  std::map<std::pair<int, int>, std::size_t> infoset_nodes;  // (player, number) -> nodes
  std::set<int> outcomes;
};

// The words of one line: quoted labels (kept with a leading '"'), braces, and bare words.
std::vector<std::string> words(const std::string& line) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < line.size()) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == ',') {
      ++i;
    } else if (c == '{' || c == '}') {
      out.emplace_back(1, c);
      ++i;
    } else if (c == '"') {
      std::string w = "\"";
      for (++i; i < line.size() && line[i] != '"'; ++i) {
        if (line[i] == '\\' && i + 1 < line.size()) ++i;
        w += line[i];
      }
      ++i;
      out.push_back(w);
    } else {
      std::string w;
      while (i < line.size() && std::string(" \t\r,{}\"").find(line[i]) == std::string::npos) w += line[i++];
      out.push_back(w);
    }
  }
  return out;
}

// One node per line, as all these files are written: "c|p|t" then a quoted node name; the
// optional description after the numbers is a quoted name and a braced list.
Scan scan(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  Scan s;
  bool first = true;
  while (std::getline(in, line)) {
    const auto w = words(line);
    if (first) {
      first = false;
      bool inside = false;
      for (const std::string& x : w) {
        if (x == "{") inside = true;
        if (x == "}") inside = false;
        if (inside && x[0] == '"') ++s.players;
      }
      continue;
    }
    if (w.size() < 3 || w[0].size() != 1 || w[1][0] != '"') continue;
    const char type = w[0][0];
    std::size_t i = 2;
    int player = 0, set = 0;
    if (type == 'p') {
      player = std::stoi(w[i++]);
      set = std::stoi(w[i++]);
    } else if (type == 'c') {
      ++i;  // the event number
    } else if (type != 't') {
      continue;
    }
    if (type != 't' && i < w.size() && w[i][0] == '"') {
      while (w[i] != "}") ++i;
      ++i;
    }
    const int outcome = std::stoi(w[i]);
    if (outcome != 0) s.outcomes.insert(outcome);
    if (type == 'p') {
      ++s.decision;
      ++s.infoset_nodes[{player, set}];
    }
    s.chance += type == 'c' ? 1 : 0;
    s.terminal += type == 't' ? 1 : 0;
  }
  return s;
}

TEST(GambitCases, EveryExtensiveFormFileLoadsWithTheSizesOfTheFile) {
  SGPLAN_REQUIRE_CASES();
  const auto files = testing::gambit_files(".efg");
  ASSERT_GE(files.size(), 170u);
  for (const std::string& path : files) {
    SCOPED_TRACE(path);
    GameTree t = efg::read_efg_file(path);
    const Scan s = scan(path);
    EXPECT_EQ(t.num_players(), s.players);
    EXPECT_EQ(t.num_decision_nodes(), s.decision);
    EXPECT_EQ(t.num_chance_nodes(), s.chance);
    EXPECT_EQ(t.num_terminals(), s.terminal);
    EXPECT_EQ(t.num_nodes(), s.decision + s.chance + s.terminal);
    EXPECT_EQ(t.outcomes().size(), s.outcomes.size());
    std::map<std::pair<int, int>, std::size_t> sets;
    for (const Infoset& h : t.infosets())
      sets[{static_cast<int>(h.player) + 1, static_cast<int>(h.number)}] = h.nodes.size();
    EXPECT_EQ(sets, s.infoset_nodes);
    for (PlayerId p = 0; p < t.num_players(); ++p) {
      std::size_t expected = 0;
      for (const auto& [key, nodes] : s.infoset_nodes)
        expected += key.first == static_cast<int>(p) + 1 ? 1 : 0;
      EXPECT_EQ(t.player(p).infosets.size(), expected);
    }
    // Uniform behaviour for everyone: the realization probabilities sum to 1 exactly.
    const auto seqs = compute_sequences(t);
    std::vector<Strategy<Rational>> uniform;
    for (PlayerId p = 0; p < t.num_players(); ++p) {
      BehaviouralStrategy<Rational> b{p, {}};
      for (InfosetId h : t.player(p).infosets) {
        const auto n = static_cast<int>(t.infoset_data(h).actions.size());
        b.probabilities.emplace_back(n, Rational(1, n));
      }
      uniform.push_back(b);
    }
    Rational total = 0;
    for (const Rational& x : realize(t, seqs, uniform).probability) total += x;
    EXPECT_EQ(total, 1);
  }
}

TEST(GambitCases, SelectedSizesByHand) {
  SGPLAN_REQUIRE_CASES();
  // contrib/e13.efg, the two-stage prisoners' dilemma (SOURCE.md): 31 nodes, 16 terminals, 4
  // outcomes on inner and terminal nodes, 5 sets per player.
  const GameTree e13 = testing::gambit("contrib/e13.efg");
  EXPECT_EQ(e13.num_nodes(), 31u);
  EXPECT_EQ(e13.num_terminals(), 16u);
  EXPECT_EQ(e13.outcomes().size(), 4u);
  // Stage payoffs add up: (C,C) twice pays 6 each; (D,C) then (C,D) pays 4 + 0 and 0 + 4.
  EXPECT_EQ(e13.terminal_payoffs(0)[0], 6);
  EXPECT_EQ(e13.terminal_payoffs(9)[0], 4);
  EXPECT_EQ(e13.terminal_payoffs(9)[1], 4);
  // Files Gambit 17 rejects for repeated labels load here, with generated labels where needed.
  const GameTree cards = testing::gambit("contrib/4cards.efg");
  EXPECT_EQ(cards.num_players(), 2u);
  EXPECT_EQ(cards.chance_events()[0].actions.size(), 12u);
}

TEST(GambitCases, NormalFormFilesAreRefusedClearly) {
  SGPLAN_REQUIRE_CASES();
  const auto files = testing::gambit_files(".nfg");
  ASSERT_GE(files.size(), 40u);
  for (const std::string& path : files) {
    EXPECT_EQ(
        testing::input_error([&] { models::detect_model_kind(path); }),
        path +
            ":1:1: a normal-form game (.nfg): normal form is not supported; sgplan reads extensive-form "
            "games (Gambit .efg, or YAML `model: game-tree` / `model: repeated-game`)");
    // Read as if it were .efg, the reader names the problem as well.
    EXPECT_EQ(testing::input_error([&] { efg::read_efg_file(path); }),
              path +
                  ":1:1: this is a normal-form game (NFG): normal form is not supported; sgplan reads "
                  "extensive-form games (files starting with 'EFG 2 R')");
  }
}

}  // namespace
}  // namespace sgplan::models::extensive_form
