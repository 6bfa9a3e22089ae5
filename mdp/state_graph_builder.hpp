// Builds a StateGraph state by state and validates it (state_graph.hpp lists the invariants).
//
// States are appended in index order; each state's choices and entries follow it. Targets may
// refer to states not added yet (forward references); finalize() checks that none dangles.
// Entries of one choice with the same target are merged (probabilities added), so a model may
// emit the same successor twice, as the robot-monster model does when two monster moves coincide.
// A violated invariant throws GraphError naming the state and choice: model loaders check user
// input first (with file:line:col), so a GraphError from a loaded model means a bug.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/rational.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

class GraphError : public std::logic_error {
 public:
  explicit GraphError(const std::string& message) : std::logic_error(message) {}
};

// One choice's entries in their arrays: sorts them by target and adds the probabilities of
// repeated targets (insertion sort: choices are short). Returns the entry count after merging.
std::size_t merge_repeated_targets(StateIndex* targets, double* probabilities, std::size_t count);

// What is wrong with a merged choice's probabilities ("has probability 1.5 (expected a value in
// (0, 1])", "sums to 0.9 (expected 1)"), or an empty string when each lies in (0, 1] and they sum
// to 1 within `tolerance`.
std::string choice_probability_problem(const double* probabilities, std::size_t count, double tolerance);

// What is wrong with a state's choice count for its owner ("a terminal state has choices", ...),
// or an empty string.
std::string choice_count_problem(Owner owner, std::size_t choices);

// What is wrong with a terminal value (outside [0, 1]), or an empty string.
std::string terminal_value_problem(double value);

// A run of consecutive states whose choices are already merged and checked (merge_repeated_targets,
// the three problem functions above): what a parallel build hands the builder in one piece.
struct CheckedStates {
  std::span<const Owner> owner;            // per state
  std::span<const double> terminal_value;  // per state (0 for non-terminal states)
  std::span<const std::uint32_t> choices;  // per state: how many choices
  std::span<const LabelId> label;          // per choice, or empty when no choice has a label
  std::span<const std::uint32_t> entries;  // per choice: how many entries
  std::span<const StateIndex> target;      // per entry
  std::span<const double> probability;     // per entry
};

class StateGraphBuilder {
 public:
  // `tolerance`: how far a choice's probabilities may sum from 1.
  explicit StateGraphBuilder(double tolerance = 1e-9) : tolerance_(tolerance) {}

  void reserve(std::size_t states, std::size_t choices, std::size_t entries);
  // Pooled probabilities (the default; probability_column.hpp) or plain doubles. Before any entry.
  void set_pooling(bool pooled);

  // Appends a state; returns its index. terminal_value is used only for Terminal states;
  // `exact` says whether it is the model's value itself or only the nearest double to it.
  StateIndex add_state(Owner owner, double terminal_value = 0.0, bool exact = true);
  // Opens a choice of the last added state.
  void add_choice(LabelId label = kNoLabel);
  // Adds an entry to the open choice.
  void add_entry(StateIndex target, double probability);

  // The exact variants: the graph keeps the rationals beside their nearest doubles (a graph is
  // built with all of its numbers exact, or none). A choice's exact probabilities must sum to 1.
  StateIndex add_exact_state(Owner owner, const Rational& terminal_value = Rational(0));
  void add_exact_entry(StateIndex target, const Rational& probability);

  // Appends checked states (inexact numbers only): the same graph as add_state, add_choice and
  // add_entry would build from them, without checking them again.
  void append_checked(const CheckedStates& states);

  void set_initial(StateIndex s) { graph_.initial_ = s; }
  void set_label_table(std::vector<std::string> labels) { graph_.labels_ = std::move(labels); }
  void set_state_names(std::vector<std::string> names) { graph_.state_name_ = std::move(names); }

  std::size_t num_states() const { return graph_.owner_.size(); }
  // Choices appended and closed so far.
  std::size_t num_choices() const { return graph_.row_.size() - 1; }
  double tolerance() const { return tolerance_; }
  // The bytes of the graph so far (as StateGraph::memory_bytes).
  std::size_t memory_bytes() const { return graph_.memory_bytes() + labels_.size() * sizeof(LabelId); }

  // Validates everything and hands over the graph. The builder is empty afterwards.
  StateGraph finalize();

 private:
  void close_choice();
  void close_state();
  [[noreturn]] void fail(const std::string& what) const;

  double tolerance_;
  StateGraph graph_;
  bool choice_open_ = false;
  bool any_label_ = false;
  bool exact_ = false;  // the exact variants are in use
  bool pooled_ = true;
  // The open choice's entries, sorted, merged and checked by close_choice before they are appended.
  std::vector<StateIndex> open_target_;
  std::vector<double> open_probability_;
  std::vector<Rational> open_exact_;
  BigVector<LabelId> labels_;  // per choice once any has a label; narrowed by finalize()
};

}  // namespace sgplan::mdp
