// The explicit state graph of a turn-based stochastic game: immutable compressed sparse rows with
// row groups, the layout of the serious probabilistic model checkers (PRISM's and Storm's sparse
// engines).
//
//   state s   owns choices  group[s] .. group[s+1]
//   choice c  owns entries  row[c]   .. row[c+1]
//   entry e   is (target[e], probability[e])
//
// The probabilities are pooled (probability_column.hpp): a table of the distinct doubles and a one-
// or two-byte index per entry, plain doubles only where a model has more than 65,536 of them. The
// terminal values are pooled the same way. The row starts (group and row) are stored as a 32-bit
// base per 16 of them and a narrow distance from it (offset_column.hpp): one byte per choice on
// robot-monster instead of four. Targets take two, three or four bytes, as the largest needs
// (target_column.hpp).
//
// Invariants, established by StateGraphBuilder::finalize() and never broken afterwards:
//   - Terminal states have no choices, Chance states exactly one, Max and Min states at least one;
//   - every choice has at least one entry, its targets are distinct, valid state indices, its
//     probabilities are positive and sum to 1 within the builder's tolerance;
//   - terminal values lie in [0, 1]; the initial state exists;
//   - a choice with a single entry has probability exactly 1.
// Numbers: every stored probability lies within a relative kRepresentationError (2^-50, see
// outward_rounding.hpp) of the model's exact probability; a terminal value is the model's exact
// value unless it is listed as inexact, and then it is the nearest double, one rounding away.
// Indices are 32-bit; the builder refuses (ResourceError) a graph that would not fit.
// The entries of a state's choices are contiguous, so the out-edges of state s are the entry range
// row[group[s]] .. row[group[s+1]]; the component finder (strong_components.hpp) relies on it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "core/huge_page_allocator.hpp"
#include "core/rational.hpp"
#include "mdp/label_column.hpp"
#include "mdp/offset_column.hpp"
#include "mdp/owner.hpp"
#include "mdp/probability_column.hpp"
#include "mdp/target_column.hpp"

namespace sgplan::mdp {

using StateIndex = std::uint32_t;
using ChoiceIndex = std::uint32_t;
using EntryIndex = std::uint32_t;
using LabelId = std::uint32_t;

inline constexpr StateIndex kNoState = std::numeric_limits<StateIndex>::max();
inline constexpr ChoiceIndex kNoChoice = std::numeric_limits<ChoiceIndex>::max();
inline constexpr LabelId kNoLabel = std::numeric_limits<LabelId>::max();

class StateGraph {
 public:
  StateGraph() {
    group_.push_back(0);
    row_.push_back(0);
  }

  std::size_t num_states() const { return owner_.size(); }
  std::size_t num_choices() const { return row_.size() - 1; }
  std::size_t num_transitions() const { return target_.size(); }
  StateIndex initial_state() const { return initial_; }

  Owner owner(StateIndex s) const { return owner_[s]; }
  double terminal_value(StateIndex s) const { return terminal_value_[s]; }
  bool is_terminal(StateIndex s) const { return owner_[s] == Owner::Terminal; }
  // False for a terminal whose model value (1/3, say) is not a double: terminal_value(s) is then
  // the nearest double, and the solvers bound the exact value by the doubles on either side.
  bool terminal_value_exact(StateIndex s) const;

  ChoiceIndex first_choice(StateIndex s) const { return group_[s]; }
  ChoiceIndex end_choice(StateIndex s) const { return group_[s + 1]; }
  std::size_t num_choices(StateIndex s) const { return group_[s + 1] - group_[s]; }

  EntryIndex first_entry(ChoiceIndex c) const { return row_[c]; }
  EntryIndex end_entry(ChoiceIndex c) const { return row_[c + 1]; }
  TargetColumn::Range targets(ChoiceIndex c) const {
    const OffsetColumn::Reader row = row_.reader();
    return target_.range(row[c], row[c + 1]);
  }
  StateIndex target(EntryIndex e) const { return target_[e]; }
  double probability(EntryIndex e) const { return probability_[e]; }

  // The state that owns choice c (binary search over the row groups).
  StateIndex state_of_choice(ChoiceIndex c) const;

  // Expected value of `values` after taking choice c.
  template <class Values>
  double expectation(ChoiceIndex c, const Values& values) const {
    const EntryIndex first = row_[c], end = row_[c + 1];
    const TargetColumn::Reader target = target_.reader();
    return probability_.visit([&](auto p) {
      double sum = 0.0;
      for (EntryIndex e = first; e < end; ++e) sum += p[e] * values[target[e]];
      return sum;
    });
  }

  // Exact numbers, kept when the model was loaded or built for an exact solve (the models' exact
  // rationals: "0.3" is 3/10): per entry the probability, per state the terminal value (0 for
  // non-terminals). Every choice's exact probabilities sum to exactly 1.
  bool has_exact() const { return !owner_.empty() && exact_terminal_.size() == owner_.size(); }
  const Rational& exact_probability(EntryIndex e) const { return exact_probability_[e]; }
  const Rational& exact_terminal_value(StateIndex s) const { return exact_terminal_[s]; }

  // Optional names: empty strings where the model gave none.
  bool has_state_names() const { return !state_name_.empty(); }
  const std::string& state_name(StateIndex s) const;
  std::string state_display_name(StateIndex s) const;  // the name, or "#<index>"
  bool has_choice_labels() const { return !choice_label_.empty(); }
  LabelId choice_label_id(ChoiceIndex c) const { return choice_label_.empty() ? kNoLabel : choice_label_[c]; }
  const std::string& choice_label(ChoiceIndex c) const;  // "" where unlabelled
  const std::vector<std::string>& label_table() const { return labels_; }

  // Counts per owner, for reports.
  std::size_t count_owner(Owner owner) const;
  bool has_owner(Owner owner) const { return count_owner(owner) > 0; }

  // Bytes held by the graph's arrays (names and exact numbers excluded), and per transition.
  std::size_t memory_bytes() const;
  double bytes_per_transition() const;

  // Raw arrays, for the hot loops and exporters.
  const BigVector<Owner>& owners() const { return owner_; }
  const OffsetColumn& groups() const { return group_; }
  const OffsetColumn& rows() const { return row_; }
  const TargetColumn& target_array() const { return target_; }
  const ProbabilityColumn& probability_column() const { return probability_; }

  // Stores the probabilities pooled or as plain doubles (every value kept); for comparisons and
  // for the memory benchmarks.
  void set_pooling(bool pooled) { probability_ = probability_.recoded(pooled); }

 private:
  friend class StateGraphBuilder;

  StateIndex initial_ = 0;
  BigVector<Owner> owner_;
  ProbabilityColumn terminal_value_;           // pooled; 0 for non-terminals
  std::vector<StateIndex> inexact_terminals_;  // increasing
  OffsetColumn group_;                         // starts with 0 (the constructor)
  OffsetColumn row_;                           // starts with 0
  TargetColumn target_;
  ProbabilityColumn probability_;
  std::vector<Rational> exact_probability_;  // empty unless kept
  std::vector<Rational> exact_terminal_;     // empty unless kept
  LabelColumn<LabelId> choice_label_;
  std::vector<std::string> labels_;
  std::vector<std::string> state_name_;
};

}  // namespace sgplan::mdp
