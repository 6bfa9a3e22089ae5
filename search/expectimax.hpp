// Depth-limited expectimax (Max and chance), expectiminimax (Max, Min and chance) and minimax (no
// chance) straight on an implicit model (mdp/implicit_model.hpp): no graph is built.
//
//   value(s, 0) = terminal value if s is terminal, else 0 (no success within the horizon)
//   value(s, d) = max / min over s's choices (Max / Min), or the expectation of its one choice
//                 (chance), of the expected value(child, d - 1); terminals keep their value.
// Exact at chance nodes: every outcome with positive probability is searched. This is the same
// quantity as the graph's k-step backup (mdp/finite_horizon.hpp), which the tests check.
// A transposition table keyed by (packed state, depth left) shares the subtrees that recur, which
// in a grid game is most of them; when it reaches its entry limit it stops storing. The result says
// whether the depth limit was reached anywhere (the value is then the horizon value, not the game's)
// and how many random positions the search expanded (a minimax caller refuses a model with chance).
// An expectation is kept between the least and the greatest value of its outcomes, where the
// mathematics puts it (its rounded sum can leave that range by an ulp: alphabeta_engine.hpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <unordered_map>

#include "core/hash.hpp"
#include "mdp/implicit_model.hpp"

namespace sgplan::search {

struct ExpectimaxOptions {
  std::uint32_t depth = 0;
  std::size_t table_entries = std::size_t{1} << 24;  // at most this many stored positions
};

struct ExpectimaxResult {
  double value = 0.0;
  std::uint64_t nodes = 0;   // positions expanded (not found in the table)
  std::uint64_t leaves = 0;  // terminal states and states at the depth limit reached
  std::uint64_t table_hits = 0;
  std::uint64_t random_positions = 0;       // chance states and Max/Min choices with several outcomes
  bool exact = true;                        // no state at the depth limit influenced the value
  mdp::LabelId best_label = mdp::kNoLabel;  // the root's best choice (first in order on ties)
  bool root_has_choice = false;
};

namespace detail {

struct TableKey {
  std::uint64_t packed;
  std::uint32_t depth;
  bool operator==(const TableKey& o) const { return packed == o.packed && depth == o.depth; }
};
struct TableKeyHash {
  std::size_t operator()(const TableKey& k) const {
    return static_cast<std::size_t>(mix64(k.packed ^ (std::uint64_t{k.depth} << 47)));
  }
};

template <mdp::ImplicitModel M>
class Expectimax {
 public:
  using State = typename M::State;
  Expectimax(const M& model, const ExpectimaxOptions& options) : model_(model), options_(options) {}

  double value(const State& s, std::uint32_t depth, bool root) {
    const mdp::Owner owner = model_.owner(s);
    if (owner == mdp::Owner::Terminal) {
      ++result_.leaves;
      return model_.terminal_value(s);
    }
    if (depth == 0) {
      ++result_.leaves;
      ++horizon_uses_;
      return 0.0;
    }
    const TableKey key{model_.pack(s), depth};
    if (!root) {
      auto it = table_.find(key);
      if (it != table_.end()) {
        ++result_.table_hits;
        if (!it->second.solved) ++horizon_uses_;
        return it->second.value;
      }
    }
    ++result_.nodes;
    if (owner == mdp::Owner::Chance) ++result_.random_positions;
    const std::uint64_t uses_before = horizon_uses_;
    double best = owner == mdp::Owner::Min ? 2.0 : -1.0;
    model_.for_each_choice(s, [&](mdp::LabelId label, std::span<const mdp::Outcome<State>> outcomes) {
      if (owner != mdp::Owner::Chance && outcomes.size() > 1) ++result_.random_positions;
      double v = 0.0, least = std::numeric_limits<double>::infinity(), greatest = -least;
      for (const auto& o : outcomes) {
        const double x = value(o.state, depth - 1, false);
        v += o.probability * x;
        least = std::min(least, x);
        greatest = std::max(greatest, x);
      }
      v = std::clamp(v, least, greatest);
      const bool better = owner == mdp::Owner::Min ? v < best : v > best;
      if (owner == mdp::Owner::Chance) {
        best = v;
      } else if (better) {
        best = v;
        if (root) result_.best_label = label;
      }
      if (root && owner != mdp::Owner::Chance) result_.root_has_choice = true;
    });
    if (table_.size() < options_.table_entries)
      table_.emplace(key, Entry{best, horizon_uses_ == uses_before});
    return best;
  }

  ExpectimaxResult run(const State& root) {
    result_.value = value(root, options_.depth, true);
    result_.exact = horizon_uses_ == 0;
    return result_;
  }

 private:
  const M& model_;
  const ExpectimaxOptions& options_;
  struct Entry {
    double value;
    bool solved;  // no state at the depth limit below it
  };
  std::unordered_map<TableKey, Entry, TableKeyHash> table_;
  ExpectimaxResult result_;
  std::uint64_t horizon_uses_ = 0;  // states at the depth limit met, and table hits that rest on some
};

}  // namespace detail

template <mdp::ImplicitModel M>
ExpectimaxResult expectimax(const M& model, const typename M::State& root, const ExpectimaxOptions& options) {
  detail::Expectimax<M> search(model, options);
  return search.run(root);
}

}  // namespace sgplan::search
