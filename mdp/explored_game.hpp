// The explored part of an implicit game (implicit_model.hpp): the states met so far from the
// initial state, each with its packed key, its owner and a lower and an upper bound on its value;
// the expanded ones also with their choices and successors. It is what a solver that explores as it
// goes (bounded_rtdp.hpp) keeps instead of the whole state graph.
//
// Invariants: state 0 is the initial state; a state is known (has an index) once some expanded
// state names it as a successor, and expanded once its choices are stored (terminal states count as
// expanded: they have nothing to expand); every stored choice is a distribution (positive
// probabilities summing to 1 within 1e-9, each successor once; a single successor has probability
// exactly 1). Bounds only tighten: 0 <= lower <= value <= upper <= 1 for the model's exact value at
// all times, which is what makes an answer sound whenever the search is stopped. The bounds of an
// unexpanded state stay [0, 1]; a terminal state's are its value (taken as exact, as build_graph
// takes an implicit model's terminal values).
//
// Choices are stored in the order states are expanded, so a state's choices are contiguous but not
// in state order; to_built_graph() writes the explored part as an ordinary StateGraph (unexpanded
// states as terminals of value 0) for the end-component finder, policies and simulation.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "mdp/build_graph.hpp"
#include "mdp/owner.hpp"
#include "mdp/packed_state_index.hpp"
#include "mdp/solution.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

// A successor as an expander reports it: its packed key and, if the game does not know the key
// yet (find() == kNoState), its owner and terminal value.
struct ExpandedOutcome {
  std::uint64_t key = 0;
  double probability = 0.0;
  Owner owner = Owner::Chance;  // read only for keys not known yet
  double terminal_value = 0.0;  // read only for new terminal states
};

// A state's choices as an expander reports them: choice k has label labels[k] and the outcomes
// outcomes[offsets[k] .. offsets[k + 1]] (a successor may repeat; probabilities > 0).
struct Expansion {
  std::vector<LabelId> labels;
  std::vector<std::size_t> offsets{0};
  std::vector<ExpandedOutcome> outcomes;
  void clear() {
    labels.clear();
    offsets.assign(1, 0);
    outcomes.clear();
  }
};

class ExploredGame {
 public:
  // A game whose only known state is the initial one.
  ExploredGame(std::uint64_t initial_key, Owner owner, double terminal_value);

  std::size_t num_states() const { return key_.size(); }  // known states
  std::size_t num_expanded() const { return expanded_; }  // expanded non-terminal states
  std::size_t num_terminals() const { return terminals_; }
  // Every known state expanded: the explored part is the whole graph reachable from the start.
  bool complete() const { return expanded_ + terminals_ == key_.size(); }
  std::size_t num_choices() const { return entry_begin_.size(); }
  std::size_t num_entries() const { return target_.size(); }
  // The index of a packed key, or kNoState.
  StateIndex find(std::uint64_t key) const { return index_.find(key); }
  std::uint64_t key(StateIndex s) const { return key_[s]; }
  Owner owner(StateIndex s) const { return owner_[s]; }
  bool is_terminal(StateIndex s) const { return owner_[s] == Owner::Terminal; }
  bool expanded(StateIndex s) const { return is_terminal(s) || choice_begin_[s] != kUnexpanded; }
  double lower(StateIndex s) const { return lower_[s]; }
  double upper(StateIndex s) const { return upper_[s]; }
  double gap(StateIndex s) const { return upper_[s] - lower_[s]; }
  const std::vector<double>& lower_bounds() const { return lower_; }
  const std::vector<double>& upper_bounds() const { return upper_; }

  // Choices of an expanded state (empty for terminals and unexpanded states).
  ChoiceIndex first_choice(StateIndex s) const {
    return expanded(s) && !is_terminal(s) ? choice_begin_[s] : 0;
  }
  ChoiceIndex end_choice(StateIndex s) const { return expanded(s) && !is_terminal(s) ? choice_end_[s] : 0; }
  LabelId label(ChoiceIndex c) const { return label_[c]; }
  std::uint64_t first_entry(ChoiceIndex c) const { return entry_begin_[c]; }
  std::uint64_t end_entry(ChoiceIndex c) const {
    return c + 1 < entry_begin_.size() ? entry_begin_[c + 1] : target_.size();
  }
  StateIndex target(std::uint64_t e) const { return target_[e]; }
  double probability(std::uint64_t e) const { return probability_[e]; }

  // Stores the choices of unexpanded state s and interns its new successors; a state whose every
  // choice is a sure self-loop (a deadlock) gets upper bound 0 at once. Refuses (returns
  // false, changing nothing) when the new successors would take the known states past
  // max_states. Throws GraphError for a state without choices or a choice that is no distribution.
  bool expand(StateIndex s, const Expansion& expansion, std::uint64_t max_states);

  // A choice's value under the bounds, rounded outward (outward_rounding.hpp): a lower bound of
  // the exact sum of probability times lower bound, an upper bound of the one with upper bounds.
  double choice_lower(ChoiceIndex c) const;
  double choice_upper(ChoiceIndex c) const;
  // Bellman backup of both bounds at an expanded state: each moves only inward. True if either moved.
  bool backup(StateIndex s);
  // The choice whose lower bound is the state's (Max: the largest, Min: the smallest; ties: the
  // first). kNoChoice for terminals.
  ChoiceIndex guaranteed_choice(StateIndex s) const;

  // What the graph of the explored part proves about the bounds (see explored_game.cpp): interval
  // iteration with `options` on it, unexpanded states taken as failures for the lower bounds and as
  // successes for the upper ones. Counts the states it tightened and what the solver found.
  struct Refinement {
    std::uint64_t tightened = 0, zero = 0, one = 0, end_components = 0;
    std::uint64_t sweeps = 0;  // of both solves together
  };
  Refinement refine_on_explored_part(const SolveOptions& options);

  // The explored part as a state graph in this game's state numbering, with the packed keys:
  // unexpanded states become terminals of value `frontier_value` (0 for a graph whose values lie
  // below the model's, 1 for one whose values lie above); `labels` is the model's label table.
  BuiltGraph to_built_graph(double frontier_value = 0.0, std::vector<std::string> labels = {}) const;
  std::size_t memory_bytes() const;

 private:
  StateIndex add_state(std::uint64_t key, Owner owner, double terminal_value);

  static constexpr ChoiceIndex kUnexpanded = kNoChoice;
  PackedStateIndex index_;
  std::vector<std::uint64_t> key_;
  std::vector<Owner> owner_;
  std::vector<double> lower_, upper_;
  std::vector<ChoiceIndex> choice_begin_, choice_end_;
  std::vector<std::uint64_t> entry_begin_;
  std::vector<LabelId> label_;
  std::vector<StateIndex> target_;
  std::vector<double> probability_;
  std::size_t expanded_ = 0, terminals_ = 0;
  // expand()'s scratch: a successor's position in the choice being stored (kNoState: absent).
  std::vector<std::uint32_t> slot_;
};

}  // namespace sgplan::mdp
