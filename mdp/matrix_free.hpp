// The matrix-free engine: eventual-success bounds for an implicit model with a packed bound
// (implicit_model.hpp; robot-monster, Nim, Pig, the formula game) without storing a single
// transition. The reached states are one bit per possible key (reached_set.hpp); per state it
// keeps its two bounds (16 bytes) and one byte of flags; every pass regenerates each state's
// choices from its key. Memory grows with the states, not the transitions: some 17 bytes per
// state against the stored graph's 6 per transition plus its analysis (predecessor lists, the
// precomputation's per-choice flags).
//
// What it computes, in order:
//   1. the reachable states, breadth-first (a frontier of keys, the set as bits);
//   2. the states of value 0: the complement of the least fixed point "positive" (a positive
//      terminal; Max or chance with a successor positive; Min with a positive successor under
//      every choice), by Gauss-Seidel passes over the states, alternately up and down the key
//      order, until a pass adds nothing (qualitative.hpp computes the same set backwards);
//   3. interval iteration: Gauss-Seidel sweeps in key order of the lower bound (from 0) and the
//      upper bound (from 1, and 0 on the value-0 states), each choice's sums rounded outward as the
//      stored engine does (outward_rounding.hpp), until every state's bounds are epsilon apart.
// Both bounds are sound after every sweep. What it does not do: collapse end components. Where
// positive states form an end component that Max can stay in, the upper bound stops falling there
// and the engine reports `stalled` with the (still sound) bounds reached; the stored engine
// collapses them and converges. Robot-monster's open grids have none (the stored engine finds
// no end component to collapse on them).
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/huge_page_allocator.hpp"
#include "core/memory.hpp"
#include "mdp/implicit_model.hpp"
#include "mdp/outward_rounding.hpp"
#include "mdp/reached_set.hpp"
#include "mdp/solution.hpp"

namespace sgplan::mdp {

struct MatrixFreeOptions {
  double epsilon = 1e-6;
  std::uint64_t max_sweeps = 1'000'000;
  std::uint64_t max_states = 50'000'000;
  std::string limit_flag = "--max-states";
  // The most memory the engine may take, in bytes; 0: half of what is available at the start.
  std::uint64_t max_bytes = 0;
  std::optional<std::chrono::steady_clock::time_point> deadline;
  ProgressCallback progress;
};

struct MatrixFreeResult {
  std::uint64_t states = 0;
  std::uint64_t terminals = 0;
  std::uint64_t zero_states = 0;  // value 0 (terminals included)
  std::uint64_t zero_passes = 0;
  std::uint64_t sweeps = 0;
  double lower = 0.0;  // the initial state's bounds
  double upper = 1.0;
  SolveStatus status = SolveStatus::Converged;
  std::uint64_t bytes = 0;      // the engine's arrays: reached set, bounds, flags
  std::uint64_t set_bytes = 0;  // of which the reached set
  double explore_seconds = 0.0;
  double zero_seconds = 0.0;
  double sweep_seconds = 0.0;
};

namespace detail {
inline double seconds_between(std::chrono::steady_clock::time_point a,
                              std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}
}  // namespace detail

template <ImplicitModel M>
requires HasPackedBound<M> MatrixFreeResult solve_matrix_free(const M& model,
                                                              const MatrixFreeOptions& options) {
  using State = typename M::State;
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  MatrixFreeResult out;
  const std::uint64_t bound = model.packed_bound();
  const std::uint64_t available = options.max_bytes != 0 ? 0 : available_memory_bytes();
  const std::uint64_t max_bytes = options.max_bytes != 0 ? options.max_bytes : available / 2;
  auto refuse_memory = [&](const std::string& what, std::uint64_t bytes) {
    if (max_bytes == 0 || bytes <= max_bytes) return;
    throw ResourceError("memory limit: the matrix-free engine's " + what + " needs " +
                        std::to_string(bytes >> 20) + " MiB, past " +
                        (options.max_bytes != 0
                             ? "the limit of " + std::to_string(max_bytes >> 20) + " MiB"
                             : "half the memory available (" + std::to_string(max_bytes >> 20) + " MiB of " +
                                   std::to_string(available >> 20) + ")") +
                        "; free memory, or use a smaller model");
  };
  auto check_deadline = [&](const char* phase) {
    if (options.deadline && Clock::now() > *options.deadline) {
      throw ResourceError(std::string("time limit: the matrix-free engine was still ") + phase +
                          " (raise it with --max-seconds)");
    }
  };
  refuse_memory("reached set (one bit per possible state, a bound of " + std::to_string(bound) + ")",
                ReachedSet::bytes_for(bound));

  // 1. Reachable states, breadth-first.
  ReachedSet reached(bound);
  auto key_of = [&](const State& s) {
    const std::uint64_t key = model.pack(s);
    if (key >= bound) throw std::logic_error("packed state key beyond the model's bound");
    return key;
  };
  std::vector<std::uint64_t> frontier{key_of(model.initial())}, next;
  reached.insert(frontier[0]);
  std::uint64_t count = 1;
  while (!frontier.empty()) {
    for (std::uint64_t key : frontier) {
      const State s = model.unpack(key);
      if (model.owner(s) == Owner::Terminal) continue;
      model.for_each_choice(s, [&](LabelId, std::span<const Outcome<State>> outcomes) {
        for (const Outcome<State>& o : outcomes) {
          const std::uint64_t k = key_of(o.state);
          if (!reached.insert(k)) continue;
          if (count >= options.max_states) {
            throw ResourceError("state limit: the model has more than " + std::to_string(options.max_states) +
                                " reachable states (raise it with " + options.limit_flag + ")");
          }
          ++count;
          next.push_back(k);
        }
      });
    }
    frontier.swap(next);
    next.clear();
    check_deadline("exploring");
  }
  std::vector<std::uint64_t>().swap(frontier);
  std::vector<std::uint64_t>().swap(next);
  reached.finish();
  out.states = reached.size();
  out.set_bytes = reached.memory_bytes();
  struct Bounds {
    double lower, upper;
  };
  refuse_memory("bounds and flags (17 bytes for each of " + std::to_string(out.states) + " states)",
                out.set_bytes + out.states * (sizeof(Bounds) + 1));
  BigVector<Bounds> x(out.states);
  // Per state: kTerminal, kPositive (may reach a positive terminal: value > 0).
  constexpr std::uint8_t kTerminal = 1, kPositive = 2;
  BigVector<std::uint8_t> flag(out.states, 0);
  reached.for_each([&](std::uint64_t key, std::uint32_t i) {
    const State s = model.unpack(key);
    if (model.owner(s) == Owner::Terminal) {
      const double v = model.terminal_value(s);
      x[i] = {v, v};
      flag[i] = v > 0.0 ? kTerminal | kPositive : kTerminal;
      ++out.terminals;
    } else {
      x[i] = {0.0, 1.0};
    }
  });
  out.bytes = out.set_bytes + x.capacity() * sizeof(Bounds) + flag.capacity();
  const auto explored = Clock::now();
  out.explore_seconds = detail::seconds_between(start, explored);

  // 2. Value 0: not positive once the passes add nothing.
  for (bool changed = true; changed;) {
    changed = false;
    auto pass = [&](std::uint64_t key, std::uint32_t i) {
      if (flag[i] != 0) return;
      const State s = model.unpack(key);
      const Owner o = model.owner(s);
      bool all = true, any = false;
      model.for_each_choice(s, [&](LabelId, std::span<const Outcome<State>> outcomes) {
        bool hit = false;
        for (const Outcome<State>& oc : outcomes)
          hit = hit || (flag[reached.index_of(model.pack(oc.state))] & kPositive);
        any = any || hit;
        all = all && hit;
      });
      if (o == Owner::Min ? all : any) {
        flag[i] = kPositive;
        changed = true;
      }
    };
    if (out.zero_passes % 2 == 0) {
      reached.for_each(pass);
    } else {
      reached.for_each_reversed(pass);
    }
    ++out.zero_passes;
    check_deadline("finding the states of value 0");
  }
  for (std::uint64_t i = 0; i < out.states; ++i) {
    if ((flag[i] & kPositive) == 0) {
      ++out.zero_states;
      if ((flag[i] & kTerminal) == 0) x[i] = {0.0, 0.0};
    }
  }
  const auto zeroed = Clock::now();
  out.zero_seconds = detail::seconds_between(explored, zeroed);

  // 3. Interval iteration over the positive non-terminal states.
  out.status = SolveStatus::IterationLimit;
  while (out.sweeps < options.max_sweeps) {
    double gap = 0.0, change = 0.0;
    reached.for_each([&](std::uint64_t key, std::uint32_t i) {
      if (flag[i] != kPositive) return;
      const State s = model.unpack(key);
      const Owner o = model.owner(s);
      const bool maximize = o != Owner::Min;
      double lower = maximize ? 0.0 : 1.0, upper = maximize ? 0.0 : 1.0;
      model.for_each_choice(s, [&](LabelId, std::span<const Outcome<State>> outcomes) {
        double lo = 0.0, hi = 0.0;
        const auto n = static_cast<std::uint32_t>(outcomes.size());
        if (n == 1) {
          // One successor: reached with probability 1 exactly (as the graph builder stores it).
          const Bounds& b = x[reached.index_of(model.pack(outcomes[0].state))];
          lo = b.lower;
          hi = b.upper;
        } else {
          for (const Outcome<State>& oc : outcomes) {
            const Bounds& b = x[reached.index_of(model.pack(oc.state))];
            lo += oc.probability * b.lower;
            hi += oc.probability * b.upper;
          }
          lo = round_down_sum(lo, n);
          hi = std::min(1.0, round_up_sum(hi, n));
        }
        lower = maximize ? std::max(lower, lo) : std::min(lower, lo);
        upper = maximize ? std::max(upper, hi) : std::min(upper, hi);
      });
      Bounds& b = x[i];
      // Each new value is a bound on its own (the operator maps bounds to bounds), so keep the
      // better of old and new: the bounds only tighten.
      lower = std::max(b.lower, lower);
      upper = std::min(b.upper, upper);
      change = std::max(change, std::max(lower - b.lower, b.upper - upper));
      b = {lower, upper};
      gap = std::max(gap, upper - lower);
    });
    ++out.sweeps;
    if (gap <= options.epsilon) {
      out.status = SolveStatus::Converged;
      break;
    }
    if (change == 0.0) {
      out.status = SolveStatus::Stalled;
      break;
    }
    if (options.deadline && Clock::now() > *options.deadline) {
      out.status = SolveStatus::TimeLimit;
      break;
    }
    if (options.progress && !options.progress(Progress{out.sweeps, gap, "sweeps"})) {
      out.status = SolveStatus::Aborted;
      break;
    }
  }
  out.sweep_seconds = detail::seconds_between(zeroed, Clock::now());
  const Bounds& b0 = x[reached.index_of(key_of(model.initial()))];
  out.lower = b0.lower;
  out.upper = b0.upper;
  return out;
}

}  // namespace sgplan::mdp
