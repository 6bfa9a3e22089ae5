// The backward search behind every graph precomputation (attractors, almost-sure sets, progress
// ranks, the reach set of a chain): a set of states grows backwards over the predecessor lists,
// breadth-first from its seeds. When a state joins, each choice that can reach it is "hit" (once:
// the first time any of its successors joins), and the caller's rule decides whether the choice's
// owner joins now: Max or chance on the first hit, Min once every choice is hit, an end component
// when its last exit is hit, and so on. Each choice is looked at once: linear time.
#pragma once

#include <cstdint>
#include <vector>

#include "core/huge_page_allocator.hpp"
#include "mdp/predecessors.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

class BackwardClosure {
 public:
  BackwardClosure(const StateGraph& graph, const Predecessors& predecessors)
      : predecessors_(predecessors), in_(graph.num_states(), 0), hit_(graph.num_choices(), 0) {}

  // Puts s in the set (no effect if it is in already); its predecessors are looked at by run().
  void add(StateIndex s) {
    if (in_[s]) return;
    in_[s] = 1;
    queue_.push_back(s);
  }
  bool contains(StateIndex s) const { return in_[s] != 0; }
  // Whether choice c has a successor in the set (after run()).
  bool hit(ChoiceIndex c) const { return hit_[c] != 0; }

  // Processes the states added, in the order added (breadth-first from the seeds): for each choice
  // c that a joining state t makes hit, calls on_hit(c, s, t) with s the owner of c, which may
  // call add(). States already in the set are not reported.
  template <class OnHit>
  void run(OnHit&& on_hit) {
    for (; head_ < queue_.size(); ++head_) {
      const StateIndex t = queue_[head_];
      for (ChoiceIndex c : predecessors_.choices_into(t)) {
        if (hit_[c]) continue;
        hit_[c] = 1;
        const StateIndex s = predecessors_.state_of(c);
        if (!in_[s]) on_hit(c, s, t);
      }
    }
  }

  const std::vector<std::uint8_t>& members() const { return in_; }
  std::vector<std::uint8_t> take_members() { return std::move(in_); }

 private:
  const Predecessors& predecessors_;
  std::vector<std::uint8_t> in_;
  BigVector<std::uint8_t> hit_;
  std::vector<StateIndex> queue_;
  std::size_t head_ = 0;
};

}  // namespace sgplan::mdp
