// Pure plans (Kuhn 1953: pure strategies of the extensive game) and reduced plans.
//
// A full plan of player i chooses an action at every information set of i, including the sets
// that i's own earlier choices exclude; there are prod_h |A(h)| of them, counted exactly as a
// BigInt. A reduced plan leaves those excluded sets unspecified, as Gambit's reduced normal form
// lists strategies: two full plans are equivalent when they choose alike at every set that their
// own choices let play reach, and a reduced plan is one equivalence class. Formally a set h is
// reached by plan p when some node of h has an own sequence (sequences.hpp) that p follows.
//
// Counting reduced plans under perfect recall is a product/sum recursion over the sequences:
// R(s) = prod over the sets h with parent sequence s of (sum over a of R(s + (h, a))), and the
// count is R(empty). Without perfect recall, where one set can have several parent sequences,
// the count is found by enumeration with a budget.
//
// Enumeration always checks the count against the caller's limit before it starts (ResourceError
// naming --max-plans). Plans are enumerated in lexicographic order of the player's information
// sets (first set slowest), the first listed action first.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "models/extensive_form/efg_namespace.hpp"
#include "models/extensive_form/game_tree.hpp"
#include "models/extensive_form/sequences.hpp"

namespace sgplan::models::extensive_form {

// One action index per information set of the player (in Player::infosets order), or kUnspecified.
using PurePlan = std::vector<std::uint32_t>;
inline constexpr std::uint32_t kUnspecified = kNone;

// Allowed actions per information set of the player (in order); an empty vector of sets means
// "every action everywhere".
using ActionSupport = std::vector<std::vector<std::uint32_t>>;

BigInt count_plans(const GameTree& tree, PlayerId player, const ActionSupport& support = {});

// Exact under perfect recall; otherwise by enumeration, nullopt when there are more than `budget`.
std::optional<BigInt> count_reduced_plans(const GameTree& tree, const PlayerSequences& seqs,
                                          const ActionSupport& support = {},
                                          std::uint64_t budget = 1'000'000);

// Whether plan p follows sequence s (every move of s is p's choice at that set). An unspecified
// choice follows nothing.
std::vector<std::uint8_t> followed_sequences(const PlayerSequences& seqs, const GameTree& tree,
                                             const PurePlan& p);

// A plan is valid when it specifies an action at every set its own choices reach; returns the
// first reached set (index in the player's list) that it leaves unspecified, or kNone.
std::uint32_t first_unspecified_reached(const GameTree& tree, const PlayerSequences& seqs, const PurePlan& p);

// The information sets (indices in the player's list) that plan p reaches by its own choices.
std::vector<std::uint8_t> reached_sets(const GameTree& tree, const PlayerSequences& seqs, const PurePlan& p);

// Perfect recall only, without allocating: reached[k] = whether plan p reaches its k-th set, in
// one pass over the sets (a set is reached when its parent set is reached and p chooses the
// parent action there). `reached` is resized to the number of sets.
void reached_sets_perfect_recall(const PlayerSequences& seqs, const PurePlan& p,
                                 std::vector<std::uint8_t>& reached);

// Calls f for every full plan (within the support); ResourceError first if more than max_plans.
void for_each_plan(const GameTree& tree, PlayerId player, const ActionSupport& support,
                   std::uint64_t max_plans, const std::function<void(const PurePlan&)>& f);
// Calls f for every reduced plan (within the support); ResourceError first if more than max_plans.
void for_each_reduced_plan(const GameTree& tree, const PlayerSequences& seqs, const ActionSupport& support,
                           std::uint64_t max_plans, const std::function<void(const PurePlan&)>& f);

// "C C D * *": the plan's action keys in the player's set order, "*" where unspecified.
std::string plan_to_string(const GameTree& tree, PlayerId player, const PurePlan& p);

}  // namespace sgplan::models::extensive_form
