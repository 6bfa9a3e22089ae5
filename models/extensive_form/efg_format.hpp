// Gambit's extensive-form file format (.efg, "EFG 2 R"), read and written.
//
// A file is a prologue, `EFG 2 R "title" { "player 1" "player 2" ... } ["comment"]`, and the
// nodes of the tree in prefix order, each one of
//   c "node name" event ["event name" { "action" probability ... }] outcome [outcome description]
//   p "node name" player infoset ["infoset name" { "action" ... }] outcome [outcome description]
//   t "node name" outcome [outcome description]
// where an outcome description is `"outcome name" { payoff payoff ... }` (one payoff per player,
// commas optional) and outcome 0 means none. Information sets (per player), chance events and
// outcomes are numbered by the file; the description is given at the first appearance and may be
// repeated later, in which case it must match exactly. Numbers are integers, decimals (".80",
// "1e-3") or fractions ("1/3"), all read exactly. Labels are quoted; inside them a backslash
// before a quote is a quote, two backslashes are one, and a backslash before any other character
// stands for itself (so LaTeX such as "\neg x" in Gambit's catalog survives). Whitespace is
// insignificant outside quotes.
//
// Reading checks everything a game tree needs and reports the first problem as
// file:line:col: what was found, what was expected. Payoffs, and their sums along each path,
// must be finite as doubles (1e400 is refused where it is written, not printed later as inf).
// Normal-form files (NFG) are refused as such. Writing produces the same layout Gambit writes
// (every description repeated at each appearance), so read(write(tree)) reproduces the tree:
// names, numbers, labels, payoffs and probabilities exactly.
#pragma once

#include <iosfwd>
#include <string>

#include "models/extensive_form/efg_namespace.hpp"
#include "models/extensive_form/game_tree.hpp"
#include "models/extensive_form/game_tree_builder.hpp"

namespace sgplan::models::extensive_form {

efg::GameTree read_efg_file(const std::string& path, const efg::TreeLimits& limits = {});
efg::GameTree read_efg_string(const std::string& text, const std::string& name,
                              const efg::TreeLimits& limits = {});

void write_efg(const efg::GameTree& tree, std::ostream& out);
std::string to_efg_string(const efg::GameTree& tree);

// A label in quotes with the escapes above.
std::string quote_efg_label(const std::string& label);

}  // namespace sgplan::models::extensive_form
