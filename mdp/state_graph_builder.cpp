#include "mdp/state_graph_builder.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/errors.hpp"

namespace sgplan::mdp {

namespace {
constexpr std::uint64_t kIndexLimit = std::numeric_limits<std::uint32_t>::max() - 1;
}

void StateGraphBuilder::reserve(std::size_t states, std::size_t choices, std::size_t entries) {
  graph_.owner_.reserve(states);
  graph_.terminal_value_.reserve(states);
  graph_.group_.reserve(states + 1);
  graph_.row_.reserve(choices + 1);
  graph_.target_.reserve(entries);
  graph_.probability_.reserve(entries);
}

void StateGraphBuilder::set_pooling(bool pooled) {
  if (!graph_.target_.empty() || !open_target_.empty())
    throw GraphError("set_pooling after entries were added");
  pooled_ = pooled;
  graph_.probability_ = ProbabilityColumn(pooled);
}

void StateGraphBuilder::fail(const std::string& what) const {
  std::string where = "state " + std::to_string(graph_.owner_.size() - 1);
  throw GraphError("invalid state graph at " + where + ": " + what);
}

StateIndex StateGraphBuilder::add_state(Owner owner, double terminal_value, bool exact) {
  if (!graph_.owner_.empty()) close_state();
  if (exact_ && graph_.exact_terminal_.size() != graph_.owner_.size()) {
    throw GraphError("add_state in a graph built with exact numbers: use add_exact_state");
  }
  if (graph_.owner_.size() >= kIndexLimit) {
    throw ResourceError("state graph: more than 2^32 - 2 states do not fit 32-bit indices");
  }
  graph_.owner_.push_back(owner);
  graph_.terminal_value_.push_back(owner == Owner::Terminal ? terminal_value : 0.0);
  if (owner == Owner::Terminal) {
    if (const std::string problem = terminal_value_problem(terminal_value); !problem.empty()) fail(problem);
  }
  if (owner == Owner::Terminal && !exact) {
    graph_.inexact_terminals_.push_back(static_cast<StateIndex>(graph_.owner_.size() - 1));
  }
  return static_cast<StateIndex>(graph_.owner_.size() - 1);
}

StateIndex StateGraphBuilder::add_exact_state(Owner owner, const Rational& terminal_value) {
  if (!exact_ && !graph_.owner_.empty()) throw GraphError("add_exact_state after inexact states");
  exact_ = true;
  const double value = owner == Owner::Terminal ? to_double(terminal_value) : 0.0;
  const StateIndex s = add_state(owner, value, from_double(value) == terminal_value);
  graph_.exact_terminal_.push_back(owner == Owner::Terminal ? terminal_value : Rational(0));
  return s;
}

void StateGraphBuilder::add_exact_entry(StateIndex target, const Rational& probability) {
  if (!exact_) throw GraphError("add_exact_entry in a graph built without exact numbers");
  add_entry(target, to_double(probability));
  open_exact_.push_back(probability);
}

void StateGraphBuilder::add_choice(LabelId label) {
  if (graph_.owner_.empty()) throw GraphError("add_choice before any add_state");
  if (choice_open_) close_choice();
  if (graph_.row_.size() >= kIndexLimit) {
    throw ResourceError("state graph: more than 2^32 - 2 choices do not fit 32-bit indices");
  }
  choice_open_ = true;
  if (label != kNoLabel) any_label_ = true;
  // Labels are stored only once some choice has one; earlier choices get kNoLabel.
  if (any_label_) {
    labels_.resize(graph_.row_.size() - 1, kNoLabel);
    labels_.push_back(label);
  }
}

void StateGraphBuilder::add_entry(StateIndex target, double probability) {
  if (!choice_open_) throw GraphError("add_entry outside a choice");
  if (graph_.target_.size() + open_target_.size() >= kIndexLimit) {
    throw ResourceError("state graph: more than 2^32 - 2 transitions do not fit 32-bit indices");
  }
  open_target_.push_back(target);
  open_probability_.push_back(probability);
}

namespace {
// merge_repeated_targets for any value type with += (the doubles, or the exact rationals).
template <class Value>
std::size_t merge_repeated(StateIndex* t, Value* v, std::size_t n) {
  if (n <= 1) return n;
  for (std::size_t i = 1; i < n; ++i) {
    const StateIndex key = t[i];
    Value value = v[i];
    std::size_t j = i;
    while (j > 0 && t[j - 1] > key) {
      t[j] = t[j - 1];
      v[j] = v[j - 1];
      --j;
    }
    t[j] = key;
    v[j] = value;
  }
  std::size_t out = 0;
  for (std::size_t i = 1; i < n; ++i) {
    if (t[i] == t[out]) {
      v[out] += v[i];
    } else {
      ++out;
      t[out] = t[i];
      v[out] = v[i];
    }
  }
  return out + 1;
}
}  // namespace

std::size_t merge_repeated_targets(StateIndex* t, double* p, std::size_t n) {
  return merge_repeated(t, p, n);
}

std::string choice_probability_problem(const double* p, std::size_t n, double tolerance) {
  double sum = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    if (!(p[i] > 0.0 && p[i] <= 1.0 + tolerance)) {
      return "has probability " + std::to_string(p[i]) + " (expected a value in (0, 1])";
    }
    sum += p[i];
  }
  if (std::abs(sum - 1.0) > tolerance) return "sums to " + std::to_string(sum) + " (expected 1)";
  return {};
}

std::string choice_count_problem(Owner owner, std::size_t choices) {
  switch (owner) {
    case Owner::Terminal:
      if (choices != 0) return "a terminal state has choices";
      break;
    case Owner::Chance:
      if (choices != 1) return "a chance state needs exactly one choice, found " + std::to_string(choices);
      break;
    case Owner::Max:
    case Owner::Min:
      if (choices == 0) return "a max or min state needs at least one choice";
      break;
  }
  return {};
}

std::string terminal_value_problem(double value) {
  if (value >= 0.0 && value <= 1.0) return {};
  return "terminal value " + std::to_string(value) + " is outside [0, 1]";
}

void StateGraphBuilder::close_choice() {
  // The choice's number is spelled out only for an error: std::to_string for every choice cost
  // several per cent of a robot-monster build.
  auto choice = [this] { return "choice " + std::to_string(graph_.row_.size() - 1); };
  std::size_t n = open_target_.size();
  if (n == 0) fail(choice() + " has no entries");
  if (exact_ && open_exact_.size() != n)
    throw GraphError("invalid state graph: add_entry in a graph built with exact numbers");
  if (exact_) {
    // Merged on the rationals; each double is then the nearest to its exact sum, rather than a
    // sum of rounded terms.
    n = merge_repeated(open_target_.data(), open_exact_.data(), n);
    open_exact_.resize(n);
    for (std::size_t i = 0; i < n; ++i) open_probability_[i] = to_double(open_exact_[i]);
  } else {
    n = merge_repeated_targets(open_target_.data(), open_probability_.data(), n);
  }
  open_target_.resize(n);
  open_probability_.resize(n);
  if (const std::string problem = choice_probability_problem(open_probability_.data(), n, tolerance_);
      !problem.empty()) {
    fail(choice() + " " + problem);
  }
  if (exact_) {
    Rational exact_sum = 0;
    for (const Rational& q : open_exact_) exact_sum += q;
    if (exact_sum != 1) {
      fail(choice() + " has exact probabilities summing to " + sgplan::to_string(exact_sum) +
           " (expected exactly 1)");
    }
  }
  // A single successor is reached with probability 1, whatever rounding the model's arithmetic
  // left: the solvers treat one-entry choices as exact (outward_rounding.hpp).
  if (n == 1) open_probability_[0] = 1.0;
  graph_.target_.append(open_target_);
  for (double prob : open_probability_) graph_.probability_.push_back(prob);
  if (exact_)
    graph_.exact_probability_.insert(graph_.exact_probability_.end(), open_exact_.begin(), open_exact_.end());
  open_target_.clear();
  open_probability_.clear();
  open_exact_.clear();
  graph_.row_.push_back(static_cast<EntryIndex>(graph_.target_.size()));
  choice_open_ = false;
}

void StateGraphBuilder::close_state() {
  if (choice_open_) close_choice();
  auto s = graph_.owner_.size() - 1;
  auto choices = graph_.row_.size() - 1 - graph_.group_.back();
  if (const std::string problem = choice_count_problem(graph_.owner_[s], choices); !problem.empty())
    fail(problem);
  graph_.group_.push_back(static_cast<ChoiceIndex>(graph_.row_.size() - 1));
}

void StateGraphBuilder::append_checked(const CheckedStates& states) {
  if (exact_) throw GraphError("append_checked in a graph built with exact numbers");
  if (choice_open_) close_choice();
  if (states.owner.empty()) return;
  if (!graph_.owner_.empty()) close_state();
  const std::size_t choice_count = states.entries.size();
  if (graph_.owner_.size() + states.owner.size() >= kIndexLimit) {
    throw ResourceError("state graph: more than 2^32 - 2 states do not fit 32-bit indices");
  }
  if (graph_.row_.size() - 1 + choice_count >= kIndexLimit) {
    throw ResourceError("state graph: more than 2^32 - 2 choices do not fit 32-bit indices");
  }
  if (graph_.target_.size() + states.target.size() >= kIndexLimit) {
    throw ResourceError("state graph: more than 2^32 - 2 transitions do not fit 32-bit indices");
  }
  for (std::size_t i = 0; i < states.owner.size(); ++i) {
    graph_.owner_.push_back(states.owner[i]);
    graph_.terminal_value_.push_back(states.terminal_value[i]);
    // The last state stays open, as after add_state: the next append or finalize() closes it.
    if (i + 1 < states.owner.size()) {
      graph_.group_.push_back(static_cast<ChoiceIndex>(graph_.group_.back() + states.choices[i]));
    }
  }
  if (!states.label.empty()) {
    any_label_ = true;
    labels_.resize(graph_.row_.size() - 1, kNoLabel);
    for (LabelId l : states.label) labels_.push_back(l);
  }
  EntryIndex end = static_cast<EntryIndex>(graph_.target_.size());
  for (std::uint32_t n : states.entries) {
    end += n;
    graph_.row_.push_back(end);
  }
  graph_.target_.append(states.target);
  for (double p : states.probability) graph_.probability_.push_back(p);
}

StateGraph StateGraphBuilder::finalize() {
  if (graph_.owner_.empty()) throw GraphError("a state graph needs at least one state");
  close_state();
  const auto n = graph_.owner_.size();
  for (StateIndex t : graph_.target_.range(0, graph_.target_.size())) {
    if (t >= n) {
      throw GraphError("invalid state graph: transition to state " + std::to_string(t) + ", but only " +
                       std::to_string(n) + " states exist");
    }
  }
  if (graph_.initial_ >= n) throw GraphError("invalid state graph: the initial state does not exist");
  if (any_label_) {
    labels_.resize(graph_.row_.size() - 1, kNoLabel);
    graph_.choice_label_.assign(std::move(labels_));
  }
  if (exact_ &&
      (graph_.exact_probability_.size() != graph_.target_.size() || graph_.exact_terminal_.size() != n)) {
    throw GraphError("invalid state graph: exact numbers are missing for some entries or states");
  }
  if (!graph_.state_name_.empty() && graph_.state_name_.size() != n) {
    throw GraphError("invalid state graph: state names do not match the state count");
  }
  graph_.probability_.finish();
  StateGraph out = std::move(graph_);
  graph_ = StateGraph();
  graph_.probability_ = ProbabilityColumn(pooled_);
  choice_open_ = false;
  any_label_ = false;
  exact_ = false;
  return out;
}

}  // namespace sgplan::mdp
