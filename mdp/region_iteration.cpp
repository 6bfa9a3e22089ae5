#include "mdp/region_iteration.hpp"

#include <algorithm>
#include <chrono>
#include <functional>

#include "mdp/choice_reduction.hpp"
#include "mdp/direct_solve.hpp"
#include "mdp/outward_rounding.hpp"

namespace sgplan::mdp {

namespace {

// The graph's arrays, read through their columns' readers; the probabilities' reader (Prob: a
// ProbabilityColumn::Plain or Pooled<I>) is a type, so the loops below are compiled once per
// probability width; the others read every width without a branch.
template <class Prob>
struct Arrays {
  OffsetColumn::Reader group;
  OffsetColumn::Reader row;
  TargetColumn::Reader target;
  Prob prob;
  const Owner* owner;

  Arrays(const StateGraph& g, Prob p)
      : group(g.groups().reader()),
        row(g.rows().reader()),
        target(g.target_array().reader()),
        prob(p),
        owner(g.owners().data()) {}

  // The expectation of x under choice c, rounded down (a lower bound of the exact sum) or up.
  double dot_down(ChoiceIndex c, const double* x) const {
    double sum = 0.0;
    for (EntryIndex e = row[c], end = row[c + 1]; e < end; ++e) sum += prob[e] * x[target[e]];
    return round_down_sum(sum, row[c + 1] - row[c]);
  }
  double dot_up(ChoiceIndex c, const double* x) const {
    double sum = 0.0;
    for (EntryIndex e = row[c], end = row[c + 1]; e < end; ++e) sum += prob[e] * x[target[e]];
    return round_up_sum(sum, row[c + 1] - row[c]);
  }
  // Both at once: x rounded down (lower bounds), y rounded up (upper bounds).
  void dot2(ChoiceIndex c, const double* x, const double* y, double& sx, double& sy) const {
    const std::uint32_t n = sums2(c, x, y, sx, sy);
    sx = round_down_sum(sx, n);
    sy = round_up_sum(sy, n);
  }
  // The plain sums of dot2, unrounded, and the choice's length: a sweep takes the best sums of a
  // state first and rounds once, by the factor of its longest choice. That is as sound as rounding
  // each choice: the factors are monotone in n (1 for a single exact entry, then shrinking toward
  // 1 - slack) and multiplication by a positive factor is monotone, so for Max
  // round_down(max_c s_c, n_max) <= round_down(s_c*, n_c*) <= S_c* <= max S (and likewise for the
  // upper bound and for Min); it saves a dependent multiplication per choice.
  std::uint32_t sums2(ChoiceIndex c, const double* x, const double* y, double& sx, double& sy) const {
    return sums2(row[c], row[c + 1], x, y, sx, sy);
  }
  // The same over the entries [first, end) (a sweep walking a state's choices in order reads each
  // row start once).
  std::uint32_t sums2(EntryIndex first, EntryIndex end, const double* x, const double* y, double& sx,
                      double& sy) const {
    double a = 0.0, b = 0.0;
    for (EntryIndex e = first; e < end; ++e) {
      const double p = prob[e];
      const StateIndex t = target[e];
      a += p * x[t];
      b += p * y[t];
    }
    sx = a;
    sy = b;
    return end - first;
  }
};

// Calls f(arrays) with the Arrays of g's probability width.
template <class F>
decltype(auto) with_arrays(const StateGraph& g, F&& f) {
  return g.probability_column().visit([&](auto p) { return f(Arrays<decltype(p)>(g, p)); });
}

}  // namespace

RegionIteration::RegionIteration(const StateGraph& graph, const Predecessors& predecessors,
                                 std::vector<double>& lower, std::vector<double>& upper,
                                 const SolveOptions& options, const EndComponentFinder* known_ends)
    : graph_(graph),
      lower_(lower),
      upper_(upper),
      options_(options),
      predecessors_(predecessors),
      known_ends_(known_ends) {}

EndComponentFinder& RegionIteration::own_ends() {
  if (!own_ends_) own_ends_ = std::make_unique<EndComponentFinder>(graph_, predecessors_);
  return *own_ends_;
}

bool RegionIteration::tick(double gap, SolveStatus& status) {
  ++iterations_;
  last_gap_ = gap;
  if (iterations_ >= options_.max_iterations) {
    status = SolveStatus::IterationLimit;
    return false;
  }
  if (options_.deadline && std::chrono::steady_clock::now() >= *options_.deadline) {
    status = SolveStatus::TimeLimit;
    return false;
  }
  if (budget_ != kUnlimited && --budget_ == 0) {
    paused_ = true;
    return false;
  }
  if (!progress_.report(Progress{iterations_, gap})) {
    status = SolveStatus::Aborted;
    return false;
  }
  return true;
}

SolveStatus RegionIteration::solve(std::span<const StateIndex> region) {
  if (region.empty()) return SolveStatus::Converged;
  std::vector<StateIndex> states(region.begin(), region.end());
  // Sweep from high to low indices: models are explored breadth-first from the initial state, so
  // values flow from the far (high) end back toward the start.
  std::sort(states.begin(), states.end(), std::greater<>());
  bool has_max = false, has_min = false;
  for (StateIndex s : states) {
    has_max = has_max || graph_.owner(s) == Owner::Max;
    has_min = has_min || graph_.owner(s) == Owner::Min;
  }
  // Fast path: a single state without a self-loop is solved by one backup.
  if (states.size() == 1) {
    const StateIndex s = states[0];
    bool self_loop = false;
    for (ChoiceIndex c = graph_.first_choice(s); c < graph_.end_choice(s); ++c) {
      for (StateIndex t : graph_.targets(c)) self_loop = self_loop || t == s;
    }
    if (!self_loop) {
      units_.assign(1, s);
      sweep_mdp(units_);
      return SolveStatus::Converged;
    }
  }
  // Sweeps first; a region still open after options.sweeps_before_direct of them mixes slowly, and
  // one small enough is solved directly (direct_solve.hpp), then iterated further only if the
  // certificates left a gap.
  const bool may_go_direct = options_.direct_solves && states.size() <= options_.direct_limit;
  budget_ = may_go_direct ? std::max<std::uint64_t>(1, options_.sweeps_before_direct) : kUnlimited;
  paused_ = false;
  SolveStatus status = iterate(states, has_max, has_min, true);
  // Sweeps that stall (exits below the last bit of a self-loop) also call for the direct solve.
  if (!paused_ && !(may_go_direct && status == SolveStatus::Stalled)) return status;
  solve_directly(states);
  budget_ = kUnlimited;
  paused_ = false;
  if (region_gap(states) <= options_.epsilon) return SolveStatus::Converged;
  return iterate(states, has_max, has_min, false);
}

SolveStatus RegionIteration::iterate(std::span<const StateIndex> states, bool has_max, bool has_min,
                                     bool first_time) {
  if (has_max && has_min) return solve_game(states);
  return solve_mdp(states, has_max, first_time);
}

double RegionIteration::region_gap(std::span<const StateIndex> states) const {
  double gap = 0.0;
  for (StateIndex s : states) gap = std::max(gap, upper_[s] - lower_[s]);
  return gap;
}

void RegionIteration::solve_directly(std::span<const StateIndex> states) {
  DirectSolveOptions direct;
  direct.epsilon = options_.epsilon;
  direct.keep_going = [this](std::uint64_t) {
    return !(options_.deadline && std::chrono::steady_clock::now() >= *options_.deadline);
  };
  const auto start = std::chrono::steady_clock::now();
  const DirectSolveResult r =
      solve_region_directly(graph_, states, lower_, upper_, own_ends(), min_strategy_, direct);
  direct_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ++direct_regions_;
  direct_evaluations_ += r.evaluations;
  if (!r.lower_certified || !r.upper_certified) ++direct_failures_;
}

SolveStatus RegionIteration::solve_mdp(std::span<const StateIndex> states, bool collapse, bool count_ends) {
  units_.clear();
  ends_ = nullptr;
  if (collapse) {
    if (known_ends_ == nullptr) {
      own_ends().decompose(states, nullptr);
      ends_ = own_ends_.get();
    } else {
      ends_ = known_ends_;
    }
    for (StateIndex s : states) {
      const std::uint32_t ec = ends_->component_of(s);
      if (ec == kNoComponent || ends_->members(ec)[0] == s) units_.push_back(s);
      if (count_ends) end_components_ += ec != kNoComponent && ends_->members(ec)[0] == s;
    }
  } else {
    units_.assign(states.begin(), states.end());
  }
  SolveStatus status = SolveStatus::Converged;
  for (;;) {
    SweepResult r = sweep_mdp(units_);
    if (r.gap <= options_.epsilon) break;
    if (r.change == 0.0) {
      status = SolveStatus::Stalled;
      break;
    }
    if (!tick(r.gap, status)) break;
  }
  if (ends_ == own_ends_.get() && own_ends_) own_ends_->clear();
  ends_ = nullptr;
  return status;
}

RegionIteration::SweepResult RegionIteration::sweep_mdp(std::span<const StateIndex> units) {
  return with_arrays(graph_, [&](const auto& a) { return sweep_mdp(a, units); });
}

template <class A>
RegionIteration::SweepResult RegionIteration::sweep_mdp(const A& a, std::span<const StateIndex> units) {
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t entries = 0;
  double* lo = lower_.data();
  double* up = upper_.data();
  SweepResult r;
  for (StateIndex s : units) {
    double bl, bu;
    const std::uint32_t ec = ends_ != nullptr ? ends_->component_of(s) : kNoComponent;
    if (ec == kNoComponent) {
      const ChoiceIndex first = a.group[s], end = a.group[s + 1];
      // reduce_choice_pairs visits the choices in order, so each choice's entries start where the
      // previous one's ended.
      const EntryIndex entry_begin = a.row[first];
      EntryIndex e = entry_begin;
      std::uint32_t longest = 0;
      reduce_choice_pairs(
          a.owner[s], first, end,
          [&](ChoiceIndex c, double& l, double& u) {
            const EntryIndex next = a.row[c + 1];
            longest = std::max(longest, a.sums2(e, next, lo, up, l, u));
            e = next;
          },
          bl, bu);
      entries += e - entry_begin;
      bl = round_down_sum(bl, longest);
      bu = round_up_sum(bu, longest);
    } else {
      // A collapsed end component: the best exit of any member (Max states; the others only stay).
      bl = 0.0;
      bu = 0.0;
      for (StateIndex m : ends_->members(ec)) {
        entries += a.row[a.group[m + 1]] - a.row[a.group[m]];
        for (ChoiceIndex c = a.group[m]; c < a.group[m + 1]; ++c) {
          if (ends_->stays(c)) continue;
          double l, u;
          a.dot2(c, lo, up, l, u);
          bl = std::max(bl, l);
          bu = std::max(bu, u);
        }
      }
    }
    const double nl = std::max(lo[s], bl);
    const double nu = std::min(up[s], bu);
    r.change = std::max(r.change, std::max(nl - lo[s], up[s] - nu));
    r.gap = std::max(r.gap, nu - nl);
    if (ec == kNoComponent) {
      lo[s] = nl;
      up[s] = nu;
    } else {
      for (StateIndex m : ends_->members(ec)) {
        lo[m] = nl;
        up[m] = nu;
      }
    }
  }
  account(start, entries);
  return r;
}

void RegionIteration::account(std::chrono::steady_clock::time_point start, std::uint64_t entries) {
  sweep_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  transitions_swept_ += entries;
}

bool RegionIteration::choose_min_strategy(std::span<const StateIndex> states) {
  return with_arrays(graph_, [&](const auto& a) { return choose_min_strategy(a, states); });
}

template <class A>
bool RegionIteration::choose_min_strategy(const A& a, std::span<const StateIndex> states) {
  bool changed = false;
  for (StateIndex s : states) {
    if (a.owner[s] != Owner::Min) continue;
    ChoiceIndex best = min_strategy_[s];
    double best_value = best == kNoChoice ? 2.0 : a.dot_down(best, lower_.data());
    for (ChoiceIndex c = a.group[s]; c < a.group[s + 1]; ++c) {
      double v = a.dot_down(c, lower_.data());
      if (v < best_value) {  // strict: ties keep the current choice
        best_value = v;
        best = c;
      }
    }
    changed = changed || best != min_strategy_[s];
    min_strategy_[s] = best;
  }
  return changed;
}

double RegionIteration::game_gap(std::span<const StateIndex> states) const {
  double gap = 0.0;
  for (std::size_t i = 0; i < states.size(); ++i) {
    const StateIndex s = states[i];
    gap = std::max(gap, std::min(best_upper_[i], upper_[s]) - lower_[s]);
  }
  return gap;
}

SolveStatus RegionIteration::solve_game(std::span<const StateIndex> states) {
  if (min_strategy_.empty()) min_strategy_.assign(graph_.num_states(), kNoChoice);
  best_upper_.resize(states.size());
  for (std::size_t i = 0; i < states.size(); ++i) best_upper_[i] = upper_[states[i]];
  SolveStatus status = SolveStatus::Converged;

  // Warm up the lower bound so that the first greedy Min strategy is already a good one.
  while (options_.game_warmup) {
    SweepResult r = sweep_game(states, true);
    if (r.change <= options_.epsilon) break;
    if (!tick(game_gap(states), status)) return status;
  }
  choose_min_strategy(states);

  for (;;) {
    // One round: the upper iteration of the MDP where Min plays min_strategy_, from 1.
    ++rounds_;
    own_ends().decompose(states, min_strategy_.data());
    ends_ = own_ends_.get();
    end_components_ += ends_->count();
    for (StateIndex s : states) upper_[s] = 1.0;
    bool done = false;
    for (;;) {
      SweepResult r = sweep_game(states, false);
      const double gap = game_gap(states);
      if (gap <= options_.epsilon) {
        done = true;
        break;
      }
      if (r.change == 0.0) break;  // this strategy's MDP has converged
      if (!tick(gap, status)) {
        done = true;
        break;
      }
    }
    for (std::size_t i = 0; i < states.size(); ++i) {
      best_upper_[i] = std::min(best_upper_[i], upper_[states[i]]);
    }
    own_ends_->clear();
    ends_ = nullptr;
    if (done) break;
    // The strategy was not yet optimal: improve the lower bound until the greedy strategy moves.
    bool moved = choose_min_strategy(states);
    while (!moved) {
      SweepResult r = sweep_game(states, true);
      const double gap = game_gap(states);
      if (gap <= options_.epsilon) break;
      if (r.change == 0.0) {
        status = SolveStatus::Stalled;
        break;
      }
      if (!tick(gap, status)) break;
      moved = choose_min_strategy(states);
    }
    if (!moved) break;
  }
  for (std::size_t i = 0; i < states.size(); ++i) upper_[states[i]] = best_upper_[i];
  last_gap_ = game_gap(states);
  return status;
}

RegionIteration::SweepResult RegionIteration::sweep_game(std::span<const StateIndex> states,
                                                         bool lower_only) {
  return with_arrays(graph_, [&](const auto& a) { return sweep_game(a, states, lower_only); });
}

template <class A>
RegionIteration::SweepResult RegionIteration::sweep_game(const A& a, std::span<const StateIndex> states,
                                                         bool lower_only) {
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t entries = 0;
  double* lo = lower_.data();
  double* up = upper_.data();
  SweepResult r;
  for (StateIndex s : states) {
    const Owner o = a.owner[s];
    const ChoiceIndex first = a.group[s], end = a.group[s + 1];
    entries += a.row[end] - a.row[first];
    // Lower: the game's own operator, every choice.
    const double bl = reduce_choices(o, first, end, [&](ChoiceIndex c) { return a.dot_down(c, lo); });
    const double nl = std::max(lo[s], bl);
    r.change = std::max(r.change, nl - lo[s]);
    lo[s] = nl;
    if (lower_only) continue;
    // Upper: the MDP where Min plays min_strategy_, end components collapsed.
    const std::uint32_t ec = ends_->component_of(s);
    double bu = 0.0;
    if (ec == kNoComponent) {
      if (o == Owner::Min) {
        bu = a.dot_up(min_strategy_[s], up);
      } else {
        bu = a.dot_up(first, up);
        for (ChoiceIndex c = first + 1; c < end; ++c) bu = std::max(bu, a.dot_up(c, up));
      }
      const double nu = std::min(up[s], bu);
      r.change = std::max(r.change, up[s] - nu);
      up[s] = nu;
    } else if (ends_->members(ec)[0] == s) {
      for (StateIndex m : ends_->members(ec)) {
        for (ChoiceIndex c = a.group[m]; c < a.group[m + 1]; ++c) {
          if (!ends_->stays(c) && !(a.owner[m] == Owner::Min && c != min_strategy_[m])) {
            bu = std::max(bu, a.dot_up(c, up));
          }
        }
      }
      for (StateIndex m : ends_->members(ec)) {
        const double nu = std::min(up[m], bu);
        r.change = std::max(r.change, up[m] - nu);
        up[m] = nu;
      }
    }
  }
  account(start, entries);
  return r;
}

}  // namespace sgplan::mdp
