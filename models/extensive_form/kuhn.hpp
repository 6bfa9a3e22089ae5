// Kuhn's theorem (Kuhn 1953; see also Selten 1975, von Stengel 1996): for a player with perfect
// recall, every mixed strategy has a realization-equivalent behavioural strategy and vice versa.
//
// Mixed -> behavioural: at each information set h of the player, b(h)(a) is the total
//   probability of the plans that reach h by the player's own choices and choose a there, divided
//   by the total probability of the plans that reach h. Where that denominator is 0, h is
//   unreached by the player's own strategy and filled by the UnreachedRule: Uniform (1/|A(h)| per
//   action: any distribution is realization-equivalent there, and uniform is the neutral choice,
//   one that the product back to mixed can use) or Zero (every action 0: marks the set as
//   unreached; not a distribution).
// Behavioural -> mixed: the product distribution, mu(p) = prod over sets h of b(h)(p(h)) over full
//   plans, or, over reduced plans, the product over the sets that p reaches. Sets without a
//   distribution (allowed only where the player's own play never arrives) are unreached: reduced
//   plans never need them; full plans take them uniform (Zero is refused, as it would give every
//   full plan probability 0). The number of plans with positive probability is counted and checked
//   against max_plans before any is listed.
//
// Both directions refuse (RecallError, an InputError) when the player lacks perfect recall, where
// the theorem fails: with absent-mindedness (Piccione & Rubinstein 1997; the absent-minded driver
// of Gilboa 1997) a behavioural strategy can reach histories no mixed strategy reaches, and a
// forgetful player (Wichardt 2008) can correlate choices with a mixed strategy that no
// behavioural strategy reproduces. Setting require_perfect_recall = false computes the formulas
// anyway, for tests that measure the failure.
#pragma once

#include <string>
#include <vector>

#include "core/errors.hpp"
#include "models/extensive_form/efg_namespace.hpp"
#include "models/extensive_form/sequences.hpp"
#include "models/extensive_form/strategy.hpp"

namespace sgplan::models::extensive_form {

enum class UnreachedRule { Uniform, Zero };
enum class PlanForm { Full, Reduced };

class RecallError : public InputError {
 public:
  explicit RecallError(const std::string& message) : InputError(message) {}
};

struct ConversionOptions {
  UnreachedRule unreached = UnreachedRule::Uniform;
  PlanForm plans = PlanForm::Full;      // behavioural -> mixed only
  std::uint64_t max_plans = 1'000'000;  // behavioural -> mixed only: --max-plans
  bool require_perfect_recall = true;
};

// Throws RecallError naming the player, the violation and why Kuhn's theorem does not apply.
void require_perfect_recall(const GameTree& tree, const PlayerSequences& seqs, const std::string& task);

template <class T>
struct BehaviouralResult {
  BehaviouralStrategy<T> strategy;
  std::vector<std::uint32_t> unreached;  // sets (indices in the player's list) filled by the rule
};

template <class T>
BehaviouralResult<T> mixed_to_behavioural(const GameTree& tree, const PlayerSequences& seqs,
                                          const MixedStrategy<T>& mixed,
                                          const ConversionOptions& options = {});

template <class T>
struct MixedResult {
  MixedStrategy<T> strategy;             // only plans with positive probability, in enumeration order
  std::vector<std::uint32_t> unreached;  // sets without a distribution (or with all zeros)
};

template <class T>
MixedResult<T> behavioural_to_mixed(const GameTree& tree, const PlayerSequences& seqs,
                                    const BehaviouralStrategy<T>& behavioural,
                                    const ConversionOptions& options = {});

// The player's own probability of reaching each of its sets under a behavioural strategy (the
// largest weight over the set's parent sequences; exact under perfect recall).
template <class T>
std::vector<T> own_reach(const GameTree& tree, const PlayerSequences& seqs, const BehaviouralStrategy<T>& b);

}  // namespace sgplan::models::extensive_form
