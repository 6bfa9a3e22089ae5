#include "mdp/explored_game.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "mdp/outward_rounding.hpp"
#include "mdp/reachability.hpp"
#include "mdp/state_graph_builder.hpp"

namespace sgplan::mdp {

namespace {
constexpr std::uint32_t kAbsent = 0xffffffffu;
}  // namespace

ExploredGame::ExploredGame(std::uint64_t initial_key, Owner owner, double terminal_value) {
  add_state(initial_key, owner, terminal_value);
}

StateIndex ExploredGame::add_state(std::uint64_t key, Owner owner, double terminal_value) {
  const auto s = static_cast<StateIndex>(key_.size());
  bool inserted = false;
  index_.find_or_insert(key, s, inserted);
  key_.push_back(key);
  owner_.push_back(owner);
  if (owner == Owner::Terminal) {
    if (!(terminal_value >= 0.0 && terminal_value <= 1.0)) {
      throw GraphError("terminal state with value " + std::to_string(terminal_value) + " outside [0, 1]");
    }
    lower_.push_back(terminal_value);
    upper_.push_back(terminal_value);
    ++terminals_;
  } else {
    lower_.push_back(0.0);
    upper_.push_back(1.0);
  }
  choice_begin_.push_back(kUnexpanded);
  choice_end_.push_back(kUnexpanded);
  slot_.push_back(kAbsent);
  return s;
}

bool ExploredGame::expand(StateIndex s, const Expansion& x, std::uint64_t max_states) {
  if (x.labels.empty()) throw GraphError("state " + std::to_string(s) + " has no choice");
  // Count the new keys first (a key may repeat within the expansion), so that a refusal changes nothing.
  std::vector<std::uint64_t> fresh;
  for (const ExpandedOutcome& o : x.outcomes) {
    if (find(o.key) == kNoState) fresh.push_back(o.key);
  }
  std::sort(fresh.begin(), fresh.end());
  fresh.erase(std::unique(fresh.begin(), fresh.end()), fresh.end());
  if (num_states() + fresh.size() > max_states) return false;
  for (const ExpandedOutcome& o : x.outcomes) {
    if (find(o.key) == kNoState) add_state(o.key, o.owner, o.terminal_value);
  }
  choice_begin_[s] = static_cast<ChoiceIndex>(entry_begin_.size());
  for (std::size_t k = 0; k < x.labels.size(); ++k) {
    entry_begin_.push_back(target_.size());
    label_.push_back(x.labels[k]);
    const std::size_t first = target_.size();
    double total = 0.0;
    for (std::size_t i = x.offsets[k]; i < x.offsets[k + 1]; ++i) {
      const ExpandedOutcome& o = x.outcomes[i];
      if (!(o.probability > 0.0)) continue;
      total += o.probability;
      const StateIndex t = find(o.key);
      if (slot_[t] == kAbsent) {
        slot_[t] = static_cast<std::uint32_t>(target_.size() - first);
        target_.push_back(t);
        probability_.push_back(o.probability);
      } else {
        probability_[first + slot_[t]] += o.probability;
      }
    }
    for (std::size_t e = first; e < target_.size(); ++e) slot_[target_[e]] = kAbsent;
    if (target_.size() == first || std::abs(total - 1.0) > 1e-9) {
      throw GraphError("state " + std::to_string(s) + ", choice " + std::to_string(k) +
                       ": probabilities sum to " + std::to_string(total) + ", not 1");
    }
    if (target_.size() == first + 1) probability_[first] = 1.0;  // exact, as the builder stores it
  }
  choice_end_[s] = static_cast<ChoiceIndex>(entry_begin_.size());
  ++expanded_;
  // A state whose every choice stays put for sure (a deadlock's self-loop) never reaches a terminal.
  bool stays = true;
  for (ChoiceIndex c = choice_begin_[s]; c < choice_end_[s] && stays; ++c)
    stays = end_entry(c) == entry_begin_[c] + 1 && target_[entry_begin_[c]] == s;
  if (stays) upper_[s] = 0.0;
  return true;
}

double ExploredGame::choice_lower(ChoiceIndex c) const {
  double sum = 0.0;
  const std::uint64_t end = end_entry(c);
  for (std::uint64_t e = entry_begin_[c]; e < end; ++e) sum += probability_[e] * lower_[target_[e]];
  return round_down_sum(sum, static_cast<std::uint32_t>(end - entry_begin_[c]));
}

double ExploredGame::choice_upper(ChoiceIndex c) const {
  double sum = 0.0;
  const std::uint64_t end = end_entry(c);
  for (std::uint64_t e = entry_begin_[c]; e < end; ++e) sum += probability_[e] * upper_[target_[e]];
  return std::min(1.0, round_up_sum(sum, static_cast<std::uint32_t>(end - entry_begin_[c])));
}

bool ExploredGame::backup(StateIndex s) {
  if (is_terminal(s) || !expanded(s)) return false;
  const bool max = owner_[s] != Owner::Min;  // chance states have one choice
  double lo = max ? 0.0 : 1.0, up = max ? 0.0 : 1.0;
  for (ChoiceIndex c = choice_begin_[s]; c < choice_end_[s]; ++c) {
    const double l = choice_lower(c), u = choice_upper(c);
    lo = max ? std::max(lo, l) : std::min(lo, l);
    up = max ? std::max(up, u) : std::min(up, u);
  }
  bool moved = false;
  if (lo > lower_[s]) {
    lower_[s] = lo;
    moved = true;
  }
  if (up < upper_[s]) {
    upper_[s] = up;
    moved = true;
  }
  return moved;
}

ChoiceIndex ExploredGame::guaranteed_choice(StateIndex s) const {
  if (is_terminal(s) || !expanded(s)) return kNoChoice;
  const bool max = owner_[s] != Owner::Min;
  ChoiceIndex best = choice_begin_[s];
  double best_value = choice_lower(best);
  for (ChoiceIndex c = best + 1; c < choice_end_[s]; ++c) {
    const double v = choice_lower(c);
    if (max ? v > best_value : v < best_value) {
      best = c;
      best_value = v;
    }
  }
  return best;
}

// What the explored part proves, by interval iteration (reachability.hpp, which does the
// qualitative precomputation and collapses end components) on two graphs of it: with every
// unexpanded state a failure (terminal 0), values can only be lower than the model's, so the
// solver's lower bounds there are lower bounds of the model's values; with every unexpanded state
// a success (terminal 1), values can only be higher, so its upper bounds are upper bounds. Each
// state keeps the tighter of its own and the solver's bounds. On a game the second graph is where
// end components matter: Max's upper bound in a loop Min can keep forever comes down only through
// the solver's treatment of end components (deflation, Kelmendi, Kramer, Kretinsky and
// Weininger, CAV 2018; collapse for MDPs, Brazdil et al., ATVA 2014), which is what makes the
// search's upper bound converge where the play can loop.
ExploredGame::Refinement ExploredGame::refine_on_explored_part(const SolveOptions& options) {
  Refinement out;
  {
    const BuiltGraph below = to_built_graph(0.0);
    const Solution sol = solve_reachability(below.graph, options);
    out.one += sol.one_states;
    out.sweeps += sol.iterations;
    for (StateIndex s = 0; s < num_states(); ++s) {
      if (is_terminal(s) || !expanded(s) || !(sol.lower[s] > lower_[s])) continue;
      lower_[s] = std::min(sol.lower[s], upper_[s]);
      ++out.tightened;
    }
  }
  const BuiltGraph above = to_built_graph(1.0);
  const Solution sol = solve_reachability(above.graph, options);
  out.zero += sol.zero_states;
  out.sweeps += sol.iterations;
  out.end_components += sol.end_components;
  for (StateIndex s = 0; s < num_states(); ++s) {
    if (is_terminal(s) || !expanded(s) || !(sol.upper[s] < upper_[s])) continue;
    upper_[s] = std::max(sol.upper[s], lower_[s]);
    ++out.tightened;
  }
  return out;
}

BuiltGraph ExploredGame::to_built_graph(double frontier_value, std::vector<std::string> labels) const {
  StateGraphBuilder b;
  b.reserve(num_states(), num_choices(), num_entries());
  for (StateIndex s = 0; s < num_states(); ++s) {
    if (is_terminal(s) || !expanded(s)) {
      b.add_state(Owner::Terminal, is_terminal(s) ? lower_[s] : frontier_value);
      continue;
    }
    b.add_state(owner_[s]);
    for (ChoiceIndex c = choice_begin_[s]; c < choice_end_[s]; ++c) {
      b.add_choice(labels.empty() ? kNoLabel : label_[c]);
      for (std::uint64_t e = entry_begin_[c]; e < end_entry(c); ++e) b.add_entry(target_[e], probability_[e]);
    }
  }
  b.set_initial(0);
  if (!labels.empty()) b.set_label_table(std::move(labels));
  BuiltGraph out;
  out.graph = b.finalize();
  out.packed = key_;
  return out;
}

std::size_t ExploredGame::memory_bytes() const {
  return index_.memory_bytes() + key_.capacity() * 8 + owner_.capacity() +
         (lower_.capacity() + upper_.capacity()) * 8 +
         (choice_begin_.capacity() + choice_end_.capacity()) * sizeof(ChoiceIndex) +
         entry_begin_.capacity() * 8 + label_.capacity() * sizeof(LabelId) +
         target_.capacity() * sizeof(StateIndex) + probability_.capacity() * 8 + slot_.capacity() * 4;
}

}  // namespace sgplan::mdp
