#include "mdp/build_in_progress.hpp"

namespace sgplan::mdp {

BuildInProgress::BuildInProgress(const BuildOptions& options, std::uint64_t bound)
    : guard_(options), index_(bound) {
  builder_.set_pooling(options.pool_probabilities);
}

void BuildInProgress::check_limits(std::uint64_t extra) const {
  guard_.check_memory(
      builder_.memory_bytes() + packed_.capacity() * sizeof(std::uint64_t) + index_.memory_bytes() + extra,
      packed_.size());
  guard_.check_deadline(packed_.size());
}

BuiltGraph BuildInProgress::finish(std::vector<std::string> labels, unsigned threads) {
  if (!labels.empty()) builder_.set_label_table(std::move(labels));
  BuiltGraph out;
  out.index_bytes = index_.memory_bytes();
  out.dense_index = index_.dense();
  out.threads = threads;
  out.graph = builder_.finalize();
  out.packed = std::move(packed_);
  out.seconds = guard_.seconds();
  return out;
}

}  // namespace sgplan::mdp
