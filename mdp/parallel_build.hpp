// The breadth-first build of build_graph.hpp on several threads, giving the same graph: the same
// state numbering (the order in which the one-thread build discovers states), the same choices,
// entries and probabilities, the same errors.
//
// Why the numbering cannot depend on the threads: the one-thread build numbers a state when it
// first appears, scanning states in index order, their choices and outcomes in the model's order.
// So the states are taken in windows of consecutive indices (all already numbered) and each
// window goes through four phases:
//   1. expand (parallel, one task per block of kBlockStates states): each block asks the model
//      for its states' owners and choices and looks every successor up in the state index, which
//      no one writes in this phase; a successor not found is kept as its key;
//   2. number (one thread): the blocks' unfound keys, block by block and in order, are numbered
//      as the one-thread build would (a key may have been numbered by an earlier block meanwhile);
//   3. resolve (parallel): each block writes the numbers into its entries, merges repeated
//      successors and checks every distribution (state_graph_builder.hpp's functions);
//   4. append (one thread): the blocks are handed to the builder in order.
// Phase 2 touches only keys that were new when their window began; phases 1 and 3 hold the model's
// work, the lookups and the checks. Windows and blocks have fixed sizes, so nothing about the
// result depends on how many threads there are or which thread ran which block.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/worker_pool.hpp"
#include "mdp/build_in_progress.hpp"
#include "mdp/build_options.hpp"
#include "mdp/implicit_model.hpp"
#include "mdp/packed_state_index.hpp"
#include "mdp/state_graph_builder.hpp"

namespace sgplan::mdp {

namespace detail {

// One block of consecutive states as phases 1 and 3 leave it.
struct ExpandedBlock {
  std::vector<Owner> owner;
  std::vector<double> terminal_value;
  std::vector<std::uint32_t> choices;  // per state
  std::vector<LabelId> label;          // per choice
  std::vector<std::uint32_t> entries;  // per choice
  std::vector<StateIndex> target;      // per entry
  std::vector<double> probability;     // per entry
  // Entries whose successor was not numbered when the block was expanded, with its key; phase 2
  // overwrites each key with the successor's number.
  std::vector<std::uint32_t> pending_entry;
  std::vector<std::uint64_t> pending_key;
  std::optional<LabelId> max_label;  // the largest label met, if any
  // The first problem phase 3 found: its text, the state (counted in the block) and, for a
  // choice's problem, the choice (counted in the block).
  std::string problem;
  std::size_t problem_state = 0;
  bool problem_in_choice = false;
  std::size_t problem_choice = 0;

  void clear() {
    owner.clear();
    terminal_value.clear();
    choices.clear();
    label.clear();
    entries.clear();
    target.clear();
    probability.clear();
    pending_entry.clear();
    pending_key.clear();
    max_label.reset();
    problem.clear();
  }

  std::size_t memory_bytes() const {
    return owner.capacity() * sizeof(Owner) + terminal_value.capacity() * sizeof(double) +
           (choices.capacity() + entries.capacity() + pending_entry.capacity()) * sizeof(std::uint32_t) +
           label.capacity() * sizeof(LabelId) + target.capacity() * sizeof(StateIndex) +
           probability.capacity() * sizeof(double) + pending_key.capacity() * sizeof(std::uint64_t);
  }

  // Phase 1 for states [first, last).
  template <class M>
  void expand(const M& model, const PackedStateIndex& index, const std::vector<std::uint64_t>& packed,
              std::size_t first, std::size_t last) {
    using State = typename M::State;
    for (std::size_t i = first; i < last; ++i) {
      const State state = model.unpack(packed[i]);
      const Owner o = model.owner(state);
      owner.push_back(o);
      terminal_value.push_back(o == Owner::Terminal ? static_cast<double>(model.terminal_value(state)) : 0.0);
      std::uint32_t count = 0;
      if (o != Owner::Terminal) {
        model.for_each_choice(state, [&](LabelId l, std::span<const Outcome<State>> outcomes) {
          ++count;
          label.push_back(l);
          if (l != kNoLabel && (!max_label || l > *max_label)) max_label = l;
          entries.push_back(static_cast<std::uint32_t>(outcomes.size()));
          for (const Outcome<State>& outcome : outcomes) {
            const std::uint64_t key = model.pack(outcome.state);
            const StateIndex t = index.find(key);
            if (t == kNoState) {
              pending_entry.push_back(static_cast<std::uint32_t>(target.size()));
              pending_key.push_back(key);
            }
            target.push_back(t);
            probability.push_back(outcome.probability);
          }
        });
      }
      choices.push_back(count);
    }
  }

  // Phase 3: the numbered successors written in, repeats merged, everything checked.
  void resolve(double tolerance) {
    for (std::size_t k = 0; k < pending_entry.size(); ++k) {
      target[pending_entry[k]] = static_cast<StateIndex>(pending_key[k]);
    }
    std::size_t read = 0, write = 0, c = 0;
    for (std::size_t s = 0; s < owner.size(); ++s) {
      if (owner[s] == Owner::Terminal) note(terminal_value_problem(terminal_value[s]), s);
      for (std::uint32_t j = 0; j < choices[s]; ++j, ++c) {
        const std::size_t n = entries[c];
        if (n == 0) note_choice("has no entries", s, c);
        if (write != read && n != 0) {
          std::memmove(&target[write], &target[read], n * sizeof(StateIndex));
          std::memmove(&probability[write], &probability[read], n * sizeof(double));
        }
        const std::size_t m = merge_repeated_targets(&target[write], &probability[write], n);
        if (m != 0) {
          const std::string p = choice_probability_problem(&probability[write], m, tolerance);
          if (!p.empty()) note_choice(p, s, c);
        }
        // A single successor is reached with probability 1 (as StateGraphBuilder::close_choice).
        if (m == 1) probability[write] = 1.0;
        entries[c] = static_cast<std::uint32_t>(m);
        read += n;
        write += m;
      }
      note(choice_count_problem(owner[s], choices[s]), s);
    }
    target.resize(write);
    probability.resize(write);
  }

  CheckedStates checked() const {
    return {owner,      terminal_value,
            choices,    max_label ? std::span<const LabelId>(label) : std::span<const LabelId>(),
            entries,    target,
            probability};
  }

 private:
  void note(const std::string& text, std::size_t s) {
    if (text.empty() || !problem.empty()) return;
    problem = text;
    problem_state = s;
    problem_in_choice = false;
  }
  void note_choice(const std::string& text, std::size_t s, std::size_t c) {
    if (!problem.empty()) return;
    problem = text;
    problem_state = s;
    problem_in_choice = true;
    problem_choice = c;
  }
};

}  // namespace detail

template <ImplicitModel M>
BuiltGraph build_graph_in_parallel(const M& model, const BuildOptions& options) {
  // Sizes fixed for every thread count. A window of 2^15 states holds a few MiB of blocks on
  // robot-monster (8 entries a state), a block of 512 states is some 0.2 ms of work.
  constexpr std::size_t kBlockStates = 512;
  constexpr std::size_t kWindowBlocks = 64;
  BuildInProgress build(options, packed_bound_of(model));
  StateGraphBuilder& builder = build.builder();
  const PackedStateIndex& index = build.index();
  const std::vector<std::uint64_t>& packed = build.packed();

  // Two sets of blocks: the workers expand the next window into one while this thread appends the
  // current window from the other (phase 4 overlaps the next window's phase 1).
  std::vector<detail::ExpandedBlock> current(kWindowBlocks), next(kWindowBlocks);
  std::size_t next_first = 0, next_end = 0;
  auto expand = [&](std::size_t b) {
    detail::ExpandedBlock& block = next[b];
    block.clear();
    const std::size_t first = next_first + b * kBlockStates;
    block.expand(model, index, packed, first, std::min(next_end, first + kBlockStates));
  };
  auto blocks_in = [&](std::size_t first, std::size_t end) {
    return (end - first + kBlockStates - 1) / kBlockStates;
  };
  // Declared after everything its tasks touch, so that on an exception it is destroyed first and
  // its destructor waits for a started window before those go.
  WorkerPool pool(options.threads);

  build.number(model.pack(model.initial()));
  builder.set_initial(0);
  next_end = 1;
  pool.run(1, expand);
  std::size_t next_progress = std::size_t{1} << 20;
  for (std::size_t done = 0; done < packed.size();) {
    current.swap(next);
    const std::size_t end = next_end;
    const std::size_t count = blocks_in(done, end);
    for (std::size_t b = 0; b < count; ++b) {
      for (std::uint64_t& key : current[b].pending_key) key = build.number(key);
    }
    pool.run(count, [&](std::size_t b) { current[b].resolve(builder.tolerance()); });
    // Every state below packed.size() is numbered now, so the next window can be expanded.
    next_first = end;
    next_end = std::min(packed.size(), end + kWindowBlocks * kBlockStates);
    pool.start(blocks_in(next_first, next_end), expand);
    for (std::size_t b = 0; b < count; ++b) {
      const detail::ExpandedBlock& block = current[b];
      if (!block.problem.empty()) {
        const std::size_t s = done + b * kBlockStates + block.problem_state;
        const std::string choice =
            block.problem_in_choice
                ? "choice " + std::to_string(builder.num_choices() + block.problem_choice) + " "
                : "";
        throw GraphError("invalid state graph at state " + std::to_string(s) + ": " + choice + block.problem);
      }
      builder.append_checked(block.checked());
      if (block.max_label) build.note_label(*block.max_label);
    }
    pool.wait();
    // Only now may the next window's blocks be measured: the workers were growing them.
    std::size_t block_bytes = 0;
    for (std::size_t b = 0; b < kWindowBlocks; ++b)
      block_bytes += current[b].memory_bytes() + next[b].memory_bytes();
    done = end;
    build.check_limits(block_bytes);
    for (; options.progress && done >= next_progress; next_progress += std::size_t{1} << 20) {
      options.progress(packed.size(), next_progress);
    }
  }
  return finish_build(model, build, pool.threads());
}

}  // namespace sgplan::mdp
