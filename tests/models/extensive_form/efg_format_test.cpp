// Gambit .efg reading and writing: every feature of the format, exact round trips, and the exact
// message of each malformed file.
#include "models/extensive_form/efg_format.hpp"

#include <gtest/gtest.h>

#include "core/errors.hpp"
#include "tests/models/extensive_form/test_support.hpp"

namespace sgplan::models::extensive_form {
namespace {

using testing::efg;
using testing::q;

// Three players (the third unnamed), a chance root carrying an outcome, decimals, fractions and
// an exponent, escapes, repeated and omitted descriptions, and names that are repeated or empty.
const char* kFeatureGame = R"(EFG 2 R "A \"quoted\" title with \neg x and a \\" { "Alice" "Bob" "" }
"comment
on two lines"

c "root" 1 "deal" { "H" 1/3 "L" 2/3 } 1 "ante" { -1, -1, 2 }
p "" 1 1 "Alice \"sees\" H" { "up" "down" } 0
p "" 2 1 "X" { "l" "r" } 2 "mid" { .80, 1/2, -1.5e1 }
t "" 3 "end" { 1 2 3 }
t "" 0
t "" 4 "" { 0, 0, 0 }
p "" 1 2 "" { "up" "down" } 0
p "" 2 2 "X" { "l" "r" } 0
t "" 3
t "" 3 "end" { 1, 2, 3 }
p "" 3 1 "" { "only" } 0
t "" 4
)";

std::vector<Rational> payoffs(const GameTree& t, std::size_t z) {
  return {t.terminal_payoffs(z).begin(), t.terminal_payoffs(z).end()};
}

TEST(EfgFormat, ReadsEveryFeature) {
  const GameTree t = efg(kFeatureGame);
  EXPECT_EQ(t.title(), "A \"quoted\" title with \\neg x and a \\");
  EXPECT_EQ(t.comment(), "comment\non two lines");
  ASSERT_EQ(t.num_players(), 3u);
  EXPECT_EQ(t.player(2).name, "");
  EXPECT_EQ(t.player(2).key, "#3");
  EXPECT_EQ(t.num_nodes(), 12u);
  EXPECT_EQ(t.num_terminals(), 6u);
  EXPECT_EQ(t.node_name(0), "root");
  EXPECT_EQ(t.chance_events()[0].probabilities, (std::vector<Rational>{q("1/3"), q("2/3")}));
  // Labels: a unique name is kept; an empty name and a name repeated for the player are replaced
  // by "<player name>:<number>" (for the unnamed player: ":1").
  EXPECT_EQ(t.infoset_data(t.player(0).infosets[0]).label, "Alice \"sees\" H");
  EXPECT_EQ(t.infoset_data(t.player(0).infosets[1]).label, "Alice:2");
  EXPECT_EQ(t.infoset_data(t.player(1).infosets[0]).label, "Bob:1");
  EXPECT_EQ(t.infoset_data(t.player(1).infosets[1]).label, "Bob:2");
  EXPECT_EQ(t.infoset_data(t.player(2).infosets[0]).label, ":1");
  // Outcomes on the chance root and on Bob's node add up: ante (-1,-1,2), mid (4/5, 1/2, -15).
  EXPECT_EQ(t.outcomes().size(), 4u);
  EXPECT_EQ(payoffs(t, 0), (std::vector<Rational>{q("4/5"), q("3/2"), -10}));
  EXPECT_EQ(payoffs(t, 1), (std::vector<Rational>{q("-1/5"), q("-1/2"), -13}));
  EXPECT_EQ(payoffs(t, 2), (std::vector<Rational>{-1, -1, 2}));
  EXPECT_EQ(payoffs(t, 3), (std::vector<Rational>{0, 1, 5}));
  EXPECT_EQ(payoffs(t, 4), (std::vector<Rational>{0, 1, 5}));
  EXPECT_EQ(payoffs(t, 5), (std::vector<Rational>{-1, -1, 2}));
}

TEST(EfgFormat, WritesGambitLayout) {
  const std::string expected = R"(EFG 2 R "A \"quoted\" title with \neg x and a \\" { "Alice" "Bob" "" }
"comment
on two lines"

c "root" 1 "deal" { "H" 1/3 "L" 2/3 } 1 "ante" { -1, -1, 2 }
p "" 1 1 "Alice \"sees\" H" { "up" "down" } 0
p "" 2 1 "X" { "l" "r" } 2 "mid" { 4/5, 1/2, -15 }
t "" 3 "end" { 1, 2, 3 }
t "" 0
t "" 4 "" { 0, 0, 0 }
p "" 1 2 "" { "up" "down" } 0
p "" 2 2 "X" { "l" "r" } 0
t "" 3 "end" { 1, 2, 3 }
t "" 3 "end" { 1, 2, 3 }
p "" 3 1 "" { "only" } 0
t "" 4 "" { 0, 0, 0 }
)";
  EXPECT_EQ(efg::to_efg_string(efg(kFeatureGame)), expected);
}

// Structural equality of two trees, field by field.
void expect_same_tree(const GameTree& a, const GameTree& b) {
  ASSERT_EQ(a.num_nodes(), b.num_nodes());
  EXPECT_EQ(a.title(), b.title());
  EXPECT_EQ(a.comment(), b.comment());
  ASSERT_EQ(a.num_players(), b.num_players());
  for (PlayerId p = 0; p < a.num_players(); ++p) {
    EXPECT_EQ(a.player(p).name, b.player(p).name);
    EXPECT_EQ(a.player(p).key, b.player(p).key);
  }
  for (NodeId n = 0; n < a.num_nodes(); ++n) {
    ASSERT_EQ(a.kind(n), b.kind(n)) << n;
    EXPECT_EQ(a.parent(n), b.parent(n));
    EXPECT_EQ(a.node_name(n), b.node_name(n));
    if (a.kind(n) == NodeKind::Decision) {
      const Infoset& x = a.infoset_data(a.infoset(n));
      const Infoset& y = b.infoset_data(b.infoset(n));
      EXPECT_EQ(x.player, y.player);
      EXPECT_EQ(x.label, y.label);
      EXPECT_EQ(x.name, y.name);
      EXPECT_EQ(x.number, y.number);
      EXPECT_EQ(x.actions, y.actions);
    } else if (a.kind(n) == NodeKind::Chance) {
      const ChanceEvent& x = a.chance_events()[a.chance_event(n)];
      const ChanceEvent& y = b.chance_events()[b.chance_event(n)];
      EXPECT_EQ(x.actions, y.actions);
      EXPECT_EQ(x.probabilities, y.probabilities);
      EXPECT_EQ(x.number, y.number);
      EXPECT_EQ(x.name, y.name);
    }
    EXPECT_EQ(a.outcome(n) == kNone, b.outcome(n) == kNone);
    if (a.outcome(n) != kNone) {
      EXPECT_EQ(a.outcomes()[a.outcome(n)].payoffs, b.outcomes()[b.outcome(n)].payoffs);
      EXPECT_EQ(a.outcomes()[a.outcome(n)].name, b.outcomes()[b.outcome(n)].name);
      EXPECT_EQ(a.outcomes()[a.outcome(n)].number, b.outcomes()[b.outcome(n)].number);
    }
  }
  for (std::size_t z = 0; z < a.num_terminals(); ++z) EXPECT_EQ(payoffs(a, z), payoffs(b, z));
}

TEST(EfgFormat, RoundTripIsExact) {
  const GameTree first = efg(kFeatureGame);
  const std::string written = efg::to_efg_string(first);
  const GameTree second = efg(written);
  expect_same_tree(first, second);
  EXPECT_EQ(efg::to_efg_string(second), written);
}

TEST(EfgFormat, RoundTripOfEveryGambitGame) {
  SGPLAN_REQUIRE_CASES();
  std::size_t checked = 0;
  for (const std::string& path : testing::gambit_files(".efg")) {
    SCOPED_TRACE(path);
    const GameTree first = efg::read_efg_file(path);
    const std::string written = efg::to_efg_string(first);
    const GameTree second = efg(written);
    expect_same_tree(first, second);
    EXPECT_EQ(efg::to_efg_string(second), written);
    ++checked;
  }
  EXPECT_GT(checked, 150u);
}

TEST(EfgFormat, QuotingRoundTripsAwkwardLabels) {
  for (const std::string label :
       {"plain", "with \"quotes\"", "ends with \\", "\\\"", "a\\\\b", "\\neg", "", "\n"}) {
    const std::string quoted = efg::quote_efg_label(label);
    const std::string text = "EFG 2 R " + quoted + " { " + quoted + " }\nt " + quoted + " 0\n";
    const GameTree t = efg(text);
    EXPECT_EQ(t.title(), label) << quoted;
    EXPECT_EQ(t.player(0).name, label);
    EXPECT_EQ(t.node_name(0), label);
  }
  EXPECT_EQ(efg::quote_efg_label("a\"b\\"), "\"a\\\"b\\\\\"");
  EXPECT_EQ(efg::quote_efg_label("\\neg"), "\"\\neg\"");
}

std::string error_of(const std::string& text) {
  return testing::input_error([&] { efg(text); });
}

TEST(EfgFormat, MalformedFilesGiveExactMessages) {
  const std::string head = "EFG 2 R \"g\" { \"A\" \"B\" }\n";
  EXPECT_EQ(error_of("EFG 3 R \"g\" { }\nt \"\" 0\n"),
            "test.efg:1:5: expected the format version 2, found '3'");
  EXPECT_EQ(error_of("NFG 1 R \"g\" { \"A\" } { 2 }\n1 2\n"),
            "test.efg:1:1: this is a normal-form game (NFG): normal form is not supported; sgplan reads "
            "extensive-form games (files starting with 'EFG 2 R')");
  EXPECT_EQ(
      error_of("hello"),
      "test.efg:1:1: expected 'EFG' (a Gambit extensive-form file starts with 'EFG 2 R'), found 'hello'");
  EXPECT_EQ(error_of(""),
            "test.efg:1:1: expected 'EFG' (a Gambit extensive-form file starts with 'EFG 2 R'), found "
            "the end of the file");
  EXPECT_EQ(error_of("EFG 2 X \"g\" { }\n"),
            "test.efg:1:7: expected the number type R (or the obsolete D), found 'X'");
  EXPECT_EQ(error_of("EFG 2 R { }\n"), "test.efg:1:9: expected the game's title in quotes, found '{'");
  EXPECT_EQ(
      error_of(head + "p \"\" 1 1 \"\" { \"a\" \"b\" } 0\nt \"\" 0\n"),
      "test.efg:4:1: the file ends before the tree is complete: the node 'p' at 2:1 still needs 1 more child "
      "node(s)");
  EXPECT_EQ(error_of(head + "x \"\" 0\n"),
            "test.efg:2:1: expected a node ('c' chance, 'p' player or 't' terminal), found 'x'");
  EXPECT_EQ(error_of(head + "p \"\" 3 1 \"\" { \"a\" } 0\n"),
            "test.efg:2:6: expected a player number (an integer from 1 to 2), found '3'");
  EXPECT_EQ(
      error_of(head + "p \"\" 1 1 0\n"),
      "test.efg:2:8: information set 1 of player 1 is used before it is described (expected its name and "
      "actions after the number)");
  EXPECT_EQ(
      error_of(head +
               "c \"\" 1 \"\" { \"x\" 1/2 \"y\" 1/2 } 0\np \"\" 1 1 \"s\" { \"a\" \"b\" } 0\nt \"\" 0\n"
               "t \"\" 0\np \"\" 1 1 \"s\" { \"a\" \"c\" } 0\n"),
      "test.efg:6:10: information set 1 of player 1 does not match its first description at 3:10 (a repeated "
      "description must be identical)");
  EXPECT_EQ(error_of(head + "t \"\" 1 \"o\" { 1 }\n"),
            "test.efg:2:12: outcome 1 gives 1 payoff(s), expected one per player (2)");
  EXPECT_EQ(error_of(head + "t \"\" 1 \"o\" { 1 2 3 }\n"),
            "test.efg:2:18: outcome 1 has more payoffs than the 2 players (expected '}'), found '3'");
  EXPECT_EQ(error_of(head + "c \"\" 1 \"\" { \"x\" 1/2 \"y\" 1/3 } 0\n"),
            "test.efg:2:11: the probabilities of chance event 1 sum to 5/6 (0.833333), expected 1");
  EXPECT_EQ(error_of(head + "c \"\" 1 \"\" { \"x\" -1/2 \"y\" 3/2 } 0\n"),
            "test.efg:2:17: the probability of chance action \"x\" is negative: -1/2");
  EXPECT_EQ(error_of(head + "p \"\" 1 1 \"abc"),
            "test.efg:2:10: unterminated label: the file ends inside the quotes opened here");
  EXPECT_EQ(error_of(head + "t \"\" 0\nt \"\" 0\n"),
            "test.efg:3:1: expected the end of the file (the tree is already complete), found 't'");
  EXPECT_EQ(error_of(head + "t \"\" 0 \"x\" { 1, 2 }\n"),
            "test.efg:2:8: outcome 0 means 'no outcome' and cannot have a name or payoffs");
  EXPECT_EQ(error_of(head + "p \"\" 1 1 \"s\" { } 0\n"),
            "test.efg:2:16: information set 1 of player 1 has no actions (expected at least one action name "
            "in quotes)");
  EXPECT_EQ(error_of(head + "t \"\" 1 \"o\" { 1 abc }\n"),
            "test.efg:2:16: expected a payoff (an integer, a decimal or a fraction p/q), found 'abc'");
  EXPECT_EQ(error_of(head + "t \"\" 1 \"o\" { 1 1/0 }\n"),
            "test.efg:2:16: expected a payoff (an integer, a decimal or a fraction p/q), found '1/0'");
  EXPECT_EQ(error_of(head + "t \"\" 5\n"),
            "test.efg:2:6: outcome 5 is used before it is described (expected its name and payoffs after the "
            "number)");
  EXPECT_EQ(
      error_of(head +
               "p \"\" 1 1 \"s\" { \"a\" \"b\" } 0\nt \"\" 1 \"o\" { 1, 2 }\nt \"\" 1 \"o\" { 1, 3 }\n"),
      "test.efg:4:8: outcome 1 does not match its first description at 3:8 (a repeated description must be "
      "identical)");
  EXPECT_EQ(error_of("EFG 2 R \"g\" { }\np \"\" 1 1 \"\" { \"a\" } 0\n"),
            "test.efg:2:6: a player node in a game without players (the prologue lists none)");
  EXPECT_EQ(
      error_of(head + "p \"\" 1 1.5 \"\" { \"a\" } 0\n"),
      "test.efg:2:8: expected an information set number (an integer from 1 to 2000000000), found '1.5'");
  EXPECT_EQ(testing::input_error([] { efg::read_efg_file("/nonexistent/game.efg"); }),
            "/nonexistent/game.efg: cannot open the file");
}

// Fuzzer finding (reported/manual-efg-header-crash, efg-01130): a prologue without nodes crashed
// the reader (it described the open node of an empty tree).
TEST(EfgFormat, PrologueWithoutNodesIsAnInputError) {
  EXPECT_EQ(
      error_of("EFG 2 R \"t\" { \"A\" \"B\" }"),
      "test.efg:1:24: the file ends after the prologue: expected the root node ('c' chance, 'p' player or "
      "'t' terminal)");
  EXPECT_EQ(
      error_of("EFG 2 R \"t\" { }\n\"a comment\"\n"),
      "test.efg:3:1: the file ends after the prologue: expected the root node ('c' chance, 'p' player or "
      "'t' terminal)");
}

// A payoff beyond the range of a double would print as inf; so would a sum of payoffs along a path.
TEST(EfgFormat, PayoffsMustBeFiniteDoubles) {
  const std::string head = "EFG 2 R \"g\" { \"A\" \"B\" }\n";
  EXPECT_EQ(error_of(head + "t \"\" 1 \"o\" { 1e400 0 }\n"),
            "test.efg:2:14: payoff 1e400 is beyond the range of a double (about 1.8e308): a payoff must be "
            "finite");
  EXPECT_EQ(error_of(head + "t \"\" 1 \"o\" { 0, -2e308 }\n"),
            "test.efg:2:17: payoff -2e308 is beyond the range of a double (about 1.8e308): a payoff must be "
            "finite");
  EXPECT_EQ(
      error_of(head + "p \"\" 1 1 \"s\" { \"a\" \"b\" } 1 \"big\" { 1e308 0 }\n"
                      "t \"\" 2 \"more\" { 1e308 0 }\nt \"\" 0\n"),
      "test.efg:3:1: the payoff of this terminal node (the sum of the outcomes on its path) is beyond the "
      "range of a double (about 1.8e308): a payoff must be finite");
  // The largest double itself is a payoff.
  EXPECT_EQ(efg(head + "t \"\" 1 \"o\" { 1.7976931348623157e308 -1.7976931348623157e308 }\n").num_nodes(),
            1u);
}

TEST(EfgFormat, NodeLimitWhileReading) {
  const std::string text = "EFG 2 R \"g\" { \"A\" }\np \"\" 1 1 \"\" { \"a\" \"b\" } 0\nt \"\" 0\nt \"\" 0\n";
  EXPECT_EQ(efg::read_efg_string(text, "g.efg", TreeLimits{3, 10}).num_nodes(), 3u);
  EXPECT_THROW(efg::read_efg_string(text, "g.efg", TreeLimits{2, 10}), ResourceError);
}

}  // namespace
}  // namespace sgplan::models::extensive_form
