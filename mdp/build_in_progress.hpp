// What a graph build holds while it runs, shared by the one-thread and the parallel build
// (build_graph.hpp, parallel_build.hpp): the limits, the packed-key index with the keys in state
// order, the builder and the largest choice label met. finish() hands over the BuiltGraph.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mdp/build_options.hpp"
#include "mdp/implicit_model.hpp"
#include "mdp/packed_state_index.hpp"
#include "mdp/state_graph_builder.hpp"

namespace sgplan::mdp {

class BuildInProgress {
 public:
  // `bound`: the model's packed bound (0: none; the index hashes).
  BuildInProgress(const BuildOptions& options, std::uint64_t bound);

  // The state of `key`, numbered now (the next number) if it is new; refuses a new state past the
  // state limit (BuildGuard::check_new_state).
  StateIndex number(std::uint64_t key) {
    bool inserted = false;
    const StateIndex s = index_.find_or_insert(key, static_cast<StateIndex>(packed_.size()), inserted);
    if (inserted) {
      guard_.check_new_state(packed_.size());
      packed_.push_back(key);
    }
    return s;
  }
  void note_label(LabelId label) {
    if (label != kNoLabel && (!max_label_ || label > *max_label_)) max_label_ = label;
  }

  std::size_t states() const { return packed_.size(); }
  std::uint64_t key(std::size_t s) const { return packed_[s]; }
  const std::vector<std::uint64_t>& packed() const { return packed_; }
  const PackedStateIndex& index() const { return index_; }
  StateGraphBuilder& builder() { return builder_; }
  const BuildGuard& guard() const { return guard_; }
  std::optional<LabelId> max_label() const { return max_label_; }

  // The memory and time limits, with `extra` bytes held beside the graph, index and keys.
  void check_limits(std::uint64_t extra = 0) const;
  // The graph, its keys and the index's figures; `labels` is the label table (empty: none).
  BuiltGraph finish(std::vector<std::string> labels, unsigned threads);

 private:
  const BuildGuard guard_;
  PackedStateIndex index_;
  std::vector<std::uint64_t> packed_;
  StateGraphBuilder builder_;
  std::optional<LabelId> max_label_;
};

// finish() with the model's names for the labels met.
template <ImplicitModel M>
BuiltGraph finish_build(const M& model, BuildInProgress& build, unsigned threads) {
  std::vector<std::string> labels;
  if (const std::optional<LabelId> max = build.max_label()) labels = label_table(model, *max);
  return build.finish(std::move(labels), threads);
}

}  // namespace sgplan::mdp
