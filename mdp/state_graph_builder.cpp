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
  if (owner == Owner::Terminal && !(terminal_value >= 0.0 && terminal_value <= 1.0)) {
    fail("terminal value " + std::to_string(terminal_value) + " is outside [0, 1]");
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

void StateGraphBuilder::close_choice() {
  const std::string choice = std::to_string(graph_.row_.size() - 1);
  std::size_t n = open_target_.size();
  if (n == 0) fail("choice " + choice + " has no entries");
  if (exact_ && open_exact_.size() != n)
    throw GraphError("invalid state graph: add_entry in a graph built with exact numbers");
  if (n > 1) {
    // Sort by target and merge duplicates; choices are short, so an insertion sort does.
    auto* t = open_target_.data();
    auto* p = open_probability_.data();
    Rational* q = exact_ ? open_exact_.data() : nullptr;
    for (std::size_t i = 1; i < n; ++i) {
      StateIndex key = t[i];
      double prob = p[i];
      Rational exact = q != nullptr ? q[i] : Rational(0);
      std::size_t j = i;
      while (j > 0 && t[j - 1] > key) {
        t[j] = t[j - 1];
        p[j] = p[j - 1];
        if (q != nullptr) q[j] = q[j - 1];
        --j;
      }
      t[j] = key;
      p[j] = prob;
      if (q != nullptr) q[j] = exact;
    }
    std::size_t out = 0;
    for (std::size_t i = 1; i < n; ++i) {
      if (t[i] == t[out]) {
        p[out] += p[i];
        if (q != nullptr) q[out] += q[i];
      } else {
        ++out;
        t[out] = t[i];
        p[out] = p[i];
        if (q != nullptr) q[out] = q[i];
      }
    }
    n = out + 1;
    open_target_.resize(n);
    open_probability_.resize(n);
    if (q != nullptr) {
      open_exact_.resize(n);
      // The nearest double of each merged exact sum, rather than a sum of rounded terms.
      for (std::size_t i = 0; i < n; ++i) p[i] = to_double(q[i]);
    }
  }
  double sum = 0.0;
  for (double prob : open_probability_) {
    if (!(prob > 0.0 && prob <= 1.0 + tolerance_)) {
      fail("choice " + choice + " has probability " + std::to_string(prob) + " (expected a value in (0, 1])");
    }
    sum += prob;
  }
  if (std::abs(sum - 1.0) > tolerance_)
    fail("choice " + choice + " sums to " + std::to_string(sum) + " (expected 1)");
  if (exact_) {
    Rational exact_sum = 0;
    for (const Rational& q : open_exact_) exact_sum += q;
    if (exact_sum != 1) {
      fail("choice " + choice + " has exact probabilities summing to " + sgplan::to_string(exact_sum) +
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
  switch (graph_.owner_[s]) {
    case Owner::Terminal:
      if (choices != 0) fail("a terminal state has choices");
      break;
    case Owner::Chance:
      if (choices != 1) fail("a chance state needs exactly one choice, found " + std::to_string(choices));
      break;
    case Owner::Max:
    case Owner::Min:
      if (choices == 0) fail("a max or min state needs at least one choice");
      break;
  }
  graph_.group_.push_back(static_cast<ChoiceIndex>(graph_.row_.size() - 1));
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
