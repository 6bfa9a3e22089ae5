// Almost-sure reachability found by search: a policy under which the maximiser reaches a target
// with probability 1, looked for on the implicit model without building its graph (the AND-OR
// search of planning's "strong cyclic"-free case: a Max state is solved when one of its choices
// has every outcome solved, a chance state when its one choice does, a terminal state when its
// value is 1). It is the certificate of Pmax = 1 on models whose whole graph is too large to build
// (QVBS triangle-tireworld with 441 locations: more than 50 million states reach, while the
// policy that drives along the spare tyres visits a few thousand).
//
// Sound, not complete: the states solved form an acyclic graph under the chosen choices, every
// leaf a target, so that policy reaches a target with probability 1 from the initial state. A
// successor still on the search path (a cycle) counts as unsolved, as does a Min state, so a model
// with Pmax = 1 only through cycles, or through states of the other player, is not proven; the
// search then says it found nothing (which proves nothing). The search is depth first with an
// explicit stack (no recursion), each state's status kept by its packed key, and it stops after
// `max_states` states.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "mdp/implicit_model.hpp"

namespace sgplan::mdp {

struct AlmostSureResult {
  bool found = false;         // a policy reaching a target with probability 1 was found
  bool exhausted = false;     // the search stopped at max_states
  std::uint64_t visited = 0;  // states expanded or classified
  std::uint64_t solved = 0;   // states proven to reach a target almost surely
};

template <ImplicitModel M>
AlmostSureResult find_almost_sure_policy(const M& model, std::uint64_t max_states) {
  using State = typename M::State;
  enum class Status : std::uint8_t { kOpen, kSolved, kFailed };
  struct Frame {
    std::uint64_t key;
    std::vector<std::vector<State>> choices;  // each choice's successors (probability > 0)
    std::size_t choice = 0, outcome = 0;
  };
  AlmostSureResult out;
  std::unordered_map<std::uint64_t, Status> status;
  std::vector<Frame> stack;

  // Classifies s at once (terminal, Min, or known), or pushes it; returns its status (kOpen: pushed).
  const auto enter = [&](const State& s) -> Status {
    const std::uint64_t key = model.pack(s);
    if (const auto it = status.find(key); it != status.end())
      return it->second == Status::kOpen ? Status::kFailed : it->second;
    ++out.visited;
    const Owner owner = model.owner(s);
    if (owner == Owner::Terminal || owner == Owner::Min) {
      const Status st =
          owner == Owner::Terminal && model.terminal_value(s) >= 1.0 ? Status::kSolved : Status::kFailed;
      status.emplace(key, st);
      if (st == Status::kSolved) ++out.solved;
      return st;
    }
    Frame f;
    f.key = key;
    model.for_each_choice(s, [&](LabelId, std::span<const Outcome<State>> outcomes) {
      std::vector<State> next;
      for (const Outcome<State>& o : outcomes)
        if (o.probability > 0.0) next.push_back(o.state);
      f.choices.push_back(std::move(next));
    });
    status.emplace(key, Status::kOpen);
    stack.push_back(std::move(f));
    return Status::kOpen;
  };

  // The frame on top learns its current outcome's status.
  const auto settle_top = [&](Status child) {
    Frame& f = stack.back();
    if (child == Status::kSolved) {
      ++f.outcome;
    } else {
      ++f.choice;  // this choice fails: try the next
      f.outcome = 0;
    }
  };

  const Status root = enter(model.initial());
  if (root != Status::kOpen) {
    out.found = root == Status::kSolved;
    return out;
  }
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.choice == f.choices.size() ||
        (f.choice < f.choices.size() && f.outcome == f.choices[f.choice].size())) {
      // Every choice failed, or the current one has every outcome solved.
      const Status st = f.choice == f.choices.size() ? Status::kFailed : Status::kSolved;
      status[f.key] = st;
      if (st == Status::kSolved) ++out.solved;
      stack.pop_back();
      if (stack.empty()) {
        out.found = st == Status::kSolved;
        return out;
      }
      settle_top(st);
      continue;
    }
    if (out.visited >= max_states) {
      out.exhausted = true;
      return out;
    }
    const State next = f.choices[f.choice][f.outcome];
    const Status st = enter(next);  // may push (and so move f)
    if (st != Status::kOpen) settle_top(st);
  }
  return out;
}

}  // namespace sgplan::mdp
