// The distributed engine: eventual-success bounds for an implicit model (implicit_model.hpp) whose
// states are spread over the ranks of an Exchange (exchange.hpp; MPI processes in sgplan-mpi).
//
// Partition: a state belongs to rank owner_of(key), a hash of its packed key, so no rank needs
// a map of the others' states. Each rank stores its states and their choices, with every
// successor either one of its own states or a ghost: a slot for another rank's state that this
// rank's choices reach (the cut). A ghost's value is shipped from its owner once per round.
//
//   1. Exploration: each rank expands its own states to closure, then the keys of new ghosts go to
//      their owners in one all-to-all (each owner notes, per asking rank and in the order asked,
//      which of its states that rank wants: its send list); rounds repeat until no rank has a
//      state left to expand.
//   2. Value 0: the least fixed point "positive" (as matrix_free.hpp and qualitative.hpp) by local
//      Gauss-Seidel passes to closure, ghost flags exchanged between rounds, until a round changes
//      nothing on any rank (a max reduction).
//   3. Interval iteration: per sweep, one exchange of the ghosts' two bounds, then one local
//      Gauss-Seidel sweep in local order with each choice's sums rounded outward
//      (outward_rounding.hpp); the largest gap and change are reduced over the ranks. A stale
//      ghost still holds bounds, so both bounds are sound after every sweep on every rank.
// As the matrix-free engine, it collapses no end components: where Max can stay among positive
// states forever the upper bound stops falling and the engine reports `stalled` with the (sound)
// bounds reached.
//
// The state numbering depends on the rank count, the answer does not: the bounds at the initial
// state contain the value for every P, and are at most epsilon apart when they converge.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/hash.hpp"
#include "core/memory.hpp"
#include "core/stopwatch.hpp"
#include "mdp/exchange.hpp"
#include "mdp/implicit_model.hpp"
#include "mdp/outward_rounding.hpp"
#include "mdp/packed_state_index.hpp"
#include "mdp/solution.hpp"

namespace sgplan::mdp {

struct DistributedOptions {
  double epsilon = 1e-6;
  std::uint64_t max_sweeps = 1'000'000;
  std::uint64_t max_states = 50'000'000;  // over all ranks
  std::string limit_flag = "--max-states";
  // The most memory one rank may take, in bytes; 0: half of what is available at the start,
  // shared by the ranks on the same machine (Exchange::ranks_on_this_machine).
  std::uint64_t max_bytes = 0;
  std::optional<std::chrono::steady_clock::time_point> deadline;
};

struct DistributedResult {
  int ranks = 1;
  std::uint64_t states = 0;  // over all ranks
  std::uint64_t terminals = 0;
  std::uint64_t transitions = 0;  // stored entries over all ranks
  std::uint64_t most_states_on_a_rank = 0;
  std::uint64_t ghosts = 0;  // cut slots over all ranks: the values shipped in one exchange
  std::uint64_t explore_rounds = 0;
  std::uint64_t zero_states = 0;  // value 0 (terminals included)
  std::uint64_t zero_rounds = 0;
  std::uint64_t sweeps = 0;
  double lower = 0.0;  // the initial state's bounds
  double upper = 1.0;
  SolveStatus status = SolveStatus::Converged;
  std::uint64_t bytes_per_sweep = 0;       // both bounds of every ghost, over all ranks
  std::uint64_t bytes_exchanged = 0;       // all value traffic (flags and bounds), over all ranks
  std::uint64_t most_bytes_on_a_rank = 0;  // the largest rank's arrays
  double explore_seconds = 0.0;
  double zero_seconds = 0.0;
  double sweep_seconds = 0.0;
};

namespace detail {

// The rank a packed key belongs to. The high half of the mix, so that the low bits the state
// index probes with (packed_state_index.cpp) stay uniform within a rank.
inline int owner_of_key(std::uint64_t key, int ranks) {
  return static_cast<int>(((mix64(key) >> 32) * static_cast<std::uint64_t>(ranks)) >> 32);
}

// One rank's part of the graph.
struct RankPart {
  static constexpr std::uint32_t kGhost = std::uint32_t{1} << 31;
  std::vector<std::uint64_t> keys;  // local state -> key
  PackedStateIndex index;           // key -> local state
  PackedStateIndex ghost_index;     // another rank's key -> ghost
  std::vector<std::uint32_t> ghost_rank, ghost_position;
  std::vector<std::size_t> ghosts_from;               // per rank: the ghosts it owns
  std::vector<std::vector<std::uint32_t>> send_list;  // per rank: the local states it asked for
  std::vector<Owner> owner;
  std::vector<double> terminal_value;
  std::vector<std::uint32_t> choice_begin{0};  // per state, then one past the last
  std::vector<std::uint32_t> entry_begin{0};   // per choice, then one past the last
  std::vector<std::uint32_t> target;           // local state, or kGhost | ghost until resolved
  std::vector<double> probability;

  std::size_t memory_bytes() const {
    std::size_t lists = 0;
    for (const auto& l : send_list) lists += l.capacity() * sizeof(std::uint32_t);
    return keys.capacity() * sizeof(std::uint64_t) + index.memory_bytes() + ghost_index.memory_bytes() +
           (ghost_rank.capacity() + ghost_position.capacity()) * sizeof(std::uint32_t) + lists +
           owner.capacity() * sizeof(Owner) + terminal_value.capacity() * sizeof(double) +
           (choice_begin.capacity() + entry_begin.capacity() + target.capacity()) * sizeof(std::uint32_t) +
           probability.capacity() * sizeof(double);
  }
};

}  // namespace detail

template <ImplicitModel M>
DistributedResult solve_distributed(const M& model, const DistributedOptions& options, Exchange& exchange) {
  using State = typename M::State;
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const int ranks = exchange.size(), me = exchange.rank();
  DistributedResult out;
  out.ranks = ranks;
  const std::uint64_t available = options.max_bytes != 0 ? 0 : available_memory_bytes();
  const std::uint64_t max_bytes =
      options.max_bytes != 0 ? options.max_bytes
                             : available / 2 / static_cast<std::uint64_t>(exchange.ranks_on_this_machine());
  // Limits are decided collectively, so that every rank throws the same error at the same call.
  auto refuse = [&](bool over_memory, bool over_states, const std::string& what) {
    const std::uint64_t bytes = exchange.max(static_cast<std::uint64_t>(over_memory ? 1 : 0));
    const std::uint64_t states = exchange.max(static_cast<std::uint64_t>(over_states ? 1 : 0));
    if (states != 0) {
      throw ResourceError("state limit: the model has more than " + std::to_string(options.max_states) +
                          " reachable states (raise it with " + options.limit_flag + ")");
    }
    if (bytes != 0) {
      throw ResourceError("memory limit: a rank's " + what + " would pass " +
                          (options.max_bytes != 0
                               ? "the limit of " + (max_bytes >= (std::uint64_t{1} << 20)
                                                        ? std::to_string(max_bytes >> 20) + " MiB"
                                                        : std::to_string(max_bytes) + " bytes")
                               : std::to_string(max_bytes >> 20) + " MiB (half the memory available, " +
                                     std::to_string(available >> 20) + " MiB, shared by " +
                                     std::to_string(exchange.ranks_on_this_machine()) +
                                     " ranks on the machine)") +
                          "; free memory, run more ranks on more machines, or use a smaller model");
    }
  };
  auto timed_out = [&]() {
    const bool late = options.deadline && Clock::now() > *options.deadline;
    return exchange.max(static_cast<std::uint64_t>(late ? 1 : 0)) != 0;
  };

  // 1. Exploration.
  detail::RankPart part;
  part.ghosts_from.assign(ranks, 0);
  part.send_list.resize(ranks);
  auto add_local = [&](std::uint64_t key) {
    bool inserted = false;
    const StateIndex id = part.index.find_or_insert(key, static_cast<StateIndex>(part.keys.size()), inserted);
    if (inserted) part.keys.push_back(key);
    return id;
  };
  const std::uint64_t initial_key = model.pack(model.initial());
  const int initial_rank = detail::owner_of_key(initial_key, ranks);
  if (initial_rank == me) add_local(initial_key);
  std::vector<std::vector<std::uint64_t>> asked(ranks);
  std::size_t expanded = 0;
  for (;;) {
    bool over_states = false, over_memory = false;
    for (; expanded < part.keys.size(); ++expanded) {
      if (part.keys.size() > options.max_states) {
        over_states = true;
        break;
      }
      if ((expanded & 0xffff) == 0 && part.memory_bytes() > max_bytes && max_bytes != 0) {
        over_memory = true;
        break;
      }
      const State s = model.unpack(part.keys[expanded]);
      const Owner o = model.owner(s);
      part.owner.push_back(o);
      part.terminal_value.push_back(o == Owner::Terminal ? static_cast<double>(model.terminal_value(s))
                                                         : 0.0);
      if (o != Owner::Terminal) {
        model.for_each_choice(s, [&](LabelId, std::span<const Outcome<State>> outcomes) {
          for (const Outcome<State>& oc : outcomes) {
            const std::uint64_t key = model.pack(oc.state);
            const int q = detail::owner_of_key(key, ranks);
            std::uint32_t t;
            if (q == me) {
              t = add_local(key);
            } else {
              bool inserted = false;
              const StateIndex g = part.ghost_index.find_or_insert(
                  key, static_cast<StateIndex>(part.ghost_rank.size()), inserted);
              if (inserted) {
                part.ghost_rank.push_back(static_cast<std::uint32_t>(q));
                part.ghost_position.push_back(static_cast<std::uint32_t>(part.ghosts_from[q]++));
                asked[q].push_back(key);
              }
              t = detail::RankPart::kGhost | g;
            }
            part.target.push_back(t);
            // A single successor is reached with probability 1 exactly (as the graph builder).
            part.probability.push_back(outcomes.size() == 1 ? 1.0 : oc.probability);
          }
          part.entry_begin.push_back(static_cast<std::uint32_t>(part.target.size()));
        });
      }
      part.choice_begin.push_back(static_cast<std::uint32_t>(part.entry_begin.size() - 1));
      if (part.keys.size() + part.ghost_rank.size() >= detail::RankPart::kGhost ||
          part.target.size() >= std::numeric_limits<std::uint32_t>::max()) {
        over_memory = true;  // past the 31-bit local numbering: the part needs more ranks
        break;
      }
    }
    refuse(over_memory, over_states, "part of the state graph");
    std::vector<std::uint64_t> send;
    std::vector<std::size_t> send_counts(ranks), recv_counts;
    for (int q = 0; q < ranks; ++q) {
      send_counts[q] = asked[q].size();
      send.insert(send.end(), asked[q].begin(), asked[q].end());
      asked[q].clear();
    }
    const std::vector<std::uint64_t> received = exchange.all_to_all(send, send_counts, recv_counts);
    std::size_t r = 0;
    for (int q = 0; q < ranks; ++q) {
      for (std::size_t k = 0; k < recv_counts[q]; ++k) part.send_list[q].push_back(add_local(received[r++]));
    }
    ++out.explore_rounds;
    const std::uint64_t total = exchange.sum(part.keys.size());
    refuse(false, total > options.max_states, "");
    if (exchange.sum(part.keys.size() - expanded) == 0) break;
    if (timed_out())
      throw ResourceError(
          "time limit: the distributed engine was still exploring (raise it with --max-seconds)");
  }
  const std::size_t n = part.keys.size();
  const std::size_t ghosts = part.ghost_rank.size();
  std::vector<std::size_t> ghost_offset(ranks, 0);
  for (int q = 1; q < ranks; ++q) ghost_offset[q] = ghost_offset[q - 1] + part.ghosts_from[q - 1];
  // Ghost g's value lives at n + ghost_offset[its rank] + its position: the exchange's receive
  // buffer, rank by rank, is the tail of the value array.
  for (std::uint32_t& t : part.target) {
    if (t & detail::RankPart::kGhost) {
      const std::uint32_t g = t & ~detail::RankPart::kGhost;
      t = static_cast<std::uint32_t>(n + ghost_offset[part.ghost_rank[g]] + part.ghost_position[g]);
    }
  }
  // The exploration's maps are done with.
  part.index = PackedStateIndex();
  part.ghost_index = PackedStateIndex();
  std::vector<std::uint32_t>().swap(part.ghost_rank);
  std::vector<std::uint32_t>().swap(part.ghost_position);
  std::vector<std::size_t> send_counts(ranks);
  std::size_t sent = 0;
  for (int q = 0; q < ranks; ++q) sent += send_counts[q] = part.send_list[q].size();

  // Both bounds of state i at x[2i] and x[2i + 1], so that the ghosts' tail is the receive buffer.
  const std::size_t value_bytes = (n + ghosts) * (2 * sizeof(double) + 1) + 2 * sent * sizeof(double);
  refuse(part.memory_bytes() + value_bytes > max_bytes && max_bytes != 0, false, "bounds and flags");
  out.states = exchange.sum(n);
  out.transitions = exchange.sum(part.target.size());
  out.most_states_on_a_rank = exchange.max(static_cast<std::uint64_t>(n));
  out.ghosts = exchange.sum(ghosts);
  out.most_bytes_on_a_rank = exchange.max(static_cast<std::uint64_t>(part.memory_bytes() + value_bytes));
  out.bytes_per_sweep = out.ghosts * 2 * sizeof(double);

  std::vector<double> x(2 * (n + ghosts));
  for (std::size_t i = 0; i < n + ghosts; ++i) x[2 * i + 1] = 1.0;
  constexpr std::uint8_t kTerminal = 1, kPositive = 2;
  std::vector<std::uint8_t> flag(n + ghosts, 0);
  std::uint64_t terminals = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (part.owner[i] != Owner::Terminal) continue;
    const double v = part.terminal_value[i];
    x[2 * i] = x[2 * i + 1] = v;
    flag[i] = v > 0.0 ? kTerminal | kPositive : kTerminal;
    ++terminals;
  }
  out.terminals = exchange.sum(terminals);
  const auto explored = Clock::now();
  out.explore_seconds = seconds_since(start);

  std::vector<double> send_buffer(2 * sent);
  std::vector<std::size_t> doubled_send(ranks), doubled_recv(ranks);
  for (int q = 0; q < ranks; ++q) {
    doubled_send[q] = 2 * send_counts[q];
    doubled_recv[q] = 2 * part.ghosts_from[q];
  }
  std::uint64_t exchanged = 0;

  // 2. Value 0.
  std::vector<double> ghost_flag(ghosts);
  for (;;) {
    std::size_t k = 0;
    for (int q = 0; q < ranks; ++q) {
      for (std::uint32_t i : part.send_list[q]) send_buffer[k++] = (flag[i] & kPositive) ? 1.0 : 0.0;
    }
    exchange.all_to_all(send_buffer.data(), send_counts, ghost_flag.data(), part.ghosts_from);
    exchanged += sent * sizeof(double);
    for (std::size_t g = 0; g < ghosts; ++g) flag[n + g] = ghost_flag[g] != 0.0 ? kPositive : 0;
    bool changed_here = false;
    for (bool changed = true; changed;) {
      changed = false;
      for (std::size_t i = 0; i < n; ++i) {
        if (flag[i] != 0) continue;
        bool all = true, any = false;
        for (std::uint32_t c = part.choice_begin[i]; c < part.choice_begin[i + 1]; ++c) {
          bool hit = false;
          for (std::uint32_t e = part.entry_begin[c]; e < part.entry_begin[c + 1] && !hit; ++e) {
            hit = (flag[part.target[e]] & kPositive) != 0;
          }
          any = any || hit;
          all = all && hit;
        }
        if (part.owner[i] == Owner::Min ? all : any) {
          flag[i] = kPositive;
          changed = changed_here = true;
        }
      }
    }
    ++out.zero_rounds;
    if (exchange.max(static_cast<std::uint64_t>(changed_here ? 1 : 0)) == 0) break;
    if (timed_out()) {
      throw ResourceError(
          "time limit: the distributed engine was still finding the states of value 0 (raise it with "
          "--max-seconds)");
    }
  }
  std::uint64_t zero = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if ((flag[i] & kPositive) == 0) {
      ++zero;
      if ((flag[i] & kTerminal) == 0) x[2 * i + 1] = 0.0;
    }
  }
  out.zero_states = exchange.sum(zero);
  const auto zeroed = Clock::now();
  out.zero_seconds = seconds_since(explored);

  // 3. Interval iteration.
  out.status = SolveStatus::IterationLimit;
  while (out.sweeps < options.max_sweeps) {
    std::size_t k = 0;
    for (int q = 0; q < ranks; ++q) {
      for (std::uint32_t i : part.send_list[q]) {
        send_buffer[k++] = x[2 * i];
        send_buffer[k++] = x[2 * i + 1];
      }
    }
    exchange.all_to_all(send_buffer.data(), doubled_send, x.data() + 2 * n, doubled_recv);
    exchanged += 2 * sent * sizeof(double);
    double gap = 0.0, change = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      if (flag[i] != kPositive) continue;
      const bool maximize = part.owner[i] != Owner::Min;
      double lower = maximize ? 0.0 : 1.0, upper = lower;
      for (std::uint32_t c = part.choice_begin[i]; c < part.choice_begin[i + 1]; ++c) {
        const std::uint32_t first = part.entry_begin[c], last = part.entry_begin[c + 1];
        double lo = 0.0, hi = 0.0;
        if (last - first == 1) {
          lo = x[2 * part.target[first]];
          hi = x[2 * part.target[first] + 1];
        } else {
          for (std::uint32_t e = first; e < last; ++e) {
            const std::size_t t = part.target[e];
            lo += part.probability[e] * x[2 * t];
            hi += part.probability[e] * x[2 * t + 1];
          }
          lo = round_down_sum(lo, last - first);
          hi = std::min(1.0, round_up_sum(hi, last - first));
        }
        lower = maximize ? std::max(lower, lo) : std::min(lower, lo);
        upper = maximize ? std::max(upper, hi) : std::min(upper, hi);
      }
      // Each new value is a bound on its own, so the better of old and new is kept.
      lower = std::max(x[2 * i], lower);
      upper = std::min(x[2 * i + 1], upper);
      change = std::max(change, std::max(lower - x[2 * i], x[2 * i + 1] - upper));
      x[2 * i] = lower;
      x[2 * i + 1] = upper;
      gap = std::max(gap, upper - lower);
    }
    ++out.sweeps;
    gap = exchange.max(gap);
    change = exchange.max(change);
    if (gap <= options.epsilon) {
      out.status = SolveStatus::Converged;
      break;
    }
    if (change == 0.0) {
      out.status = SolveStatus::Stalled;
      break;
    }
    if (timed_out()) {
      out.status = SolveStatus::TimeLimit;
      break;
    }
  }
  out.sweep_seconds = seconds_since(zeroed);
  out.bytes_exchanged = exchange.sum(exchanged);
  double answer[2] = {0.0, 0.0};
  if (initial_rank == me) {
    answer[0] = x[0];  // the initial state is its owner's first
    answer[1] = x[1];
  }
  exchange.broadcast(answer, 2, initial_rank);
  out.lower = answer[0];
  out.upper = answer[1];
  return out;
}

}  // namespace sgplan::mdp
