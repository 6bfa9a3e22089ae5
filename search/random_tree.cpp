#include "search/random_tree.hpp"

#include <algorithm>
#include <numeric>
#include <random>
#include <stdexcept>

namespace sgplan::search {

namespace {

std::uint64_t power(std::uint32_t b, std::uint32_t d) {
  std::uint64_t n = 1;
  for (std::uint32_t i = 0; i < d; ++i) n *= b;
  return n;
}

// Ranks of the leaves below a node covering ranks [first, first + b^depth), left to right.
void pessimal(std::uint32_t b, std::uint32_t depth, bool maximize, std::uint64_t first,
              std::vector<double>& out) {
  if (depth == 0) {
    out.push_back(static_cast<double>(first));
    return;
  }
  const std::uint64_t block = power(b, depth - 1);
  for (std::uint32_t i = 0; i < b; ++i) {
    const std::uint64_t k = maximize ? i : b - 1 - i;
    pessimal(b, depth - 1, !maximize, first + k * block, out);
  }
}

}  // namespace

GameTree uniform_tree(std::uint32_t branching, std::uint32_t depth, const std::vector<double>& leaf_values) {
  if (leaf_values.size() != power(branching, depth))
    throw std::invalid_argument("uniform_tree: b^d leaf values");
  GameTree tree;
  tree.add_root(depth == 0 ? Owner::Terminal : Owner::Max, depth == 0 ? leaf_values[0] : 0.0);
  std::vector<GameTree::NodeId> level{0};
  for (std::uint32_t d = 0; d < depth; ++d) {
    const Owner owner = d + 1 == depth ? Owner::Terminal : (d % 2 == 0 ? Owner::Min : Owner::Max);
    std::vector<GameTree::NodeId> next;
    for (GameTree::NodeId n : level) {
      const GameTree::NodeId first = tree.add_children(n, branching, owner);
      for (std::uint32_t i = 0; i < branching; ++i) next.push_back(first + i);
    }
    level = std::move(next);
  }
  for (std::size_t i = 0; i < level.size(); ++i) tree.set_utility(level[i], leaf_values[i]);
  return tree;
}

std::vector<double> shuffled_leaf_values(std::uint32_t branching, std::uint32_t depth, std::uint64_t seed) {
  std::vector<double> v(power(branching, depth));
  std::iota(v.begin(), v.end(), 0.0);
  std::mt19937_64 rng(seed);
  std::shuffle(v.begin(), v.end(), rng);
  return v;
}

std::vector<double> pessimal_leaf_values(std::uint32_t branching, std::uint32_t depth) {
  std::vector<double> out;
  out.reserve(power(branching, depth));
  pessimal(branching, depth, true, 0, out);
  return out;
}

GameTree random_tree(std::uint64_t seed, const RandomTreeSpec& spec) {
  std::mt19937_64 rng(seed);
  auto between = [&](std::uint32_t lo, std::uint32_t hi) {
    return lo + static_cast<std::uint32_t>(rng() % (hi - lo + 1));
  };
  auto coin = [&](double p) { return static_cast<double>(rng() >> 11) * 0x1.0p-53 < p; };
  auto utility = [&]() {
    const auto span = static_cast<std::uint64_t>(2 * spec.value_range + 1);
    return static_cast<double>(static_cast<std::int64_t>(rng() % span) - spec.value_range);
  };
  // The owner of a position at depth d whose parent has owner `parent`.
  auto owner_at = [&](std::uint32_t d, Owner parent) {
    if (!spec.with_chance) return d % 2 == 0 ? Owner::Max : Owner::Min;
    if (spec.regular) {
      static constexpr Owner kCycle[4] = {Owner::Max, Owner::Chance, Owner::Min, Owner::Chance};
      return kCycle[d % 4];
    }
    if (parent == Owner::Chance) return coin(0.5) ? Owner::Max : Owner::Min;
    const std::uint32_t k = between(0, 2);
    return k == 0 ? Owner::Max : k == 1 ? Owner::Min : Owner::Chance;
  };

  GameTree tree;
  tree.add_root(spec.depth == 0 ? Owner::Terminal : owner_at(0, Owner::Max));
  if (spec.depth == 0) tree.set_utility(0, utility());
  std::vector<GameTree::NodeId> level{0};
  for (std::uint32_t d = 0; d < spec.depth; ++d) {
    std::vector<GameTree::NodeId> next;
    for (GameTree::NodeId n : level) {
      const Owner owner = tree.owner(n);
      if (owner == Owner::Terminal) continue;
      const bool chance = owner == Owner::Chance;
      const std::uint32_t count = chance ? between(spec.min_outcomes, spec.max_outcomes)
                                         : between(spec.min_branching, spec.max_branching);
      const GameTree::NodeId first = tree.add_children(n, count, Owner::Terminal);
      // Probabilities: k/16 from a random composition of 16, or normalized random weights.
      if (chance) {
        std::vector<double> w(count, 1.0);
        if (spec.dyadic) {
          for (std::uint32_t extra = 16 - count; extra > 0; --extra) w[between(0, count - 1)] += 1.0;
          for (double& x : w) x /= 16.0;
        } else {
          double total = 0.0;
          for (double& x : w) total += (x = 1.0 + between(0, 4));
          for (double& x : w) x /= total;
        }
        for (std::uint32_t i = 0; i < count; ++i) tree.set_probability(first + i, w[i]);
      }
      for (std::uint32_t i = 0; i < count; ++i) {
        const GameTree::NodeId c = first + i;
        if (d + 1 == spec.depth || coin(spec.terminal_share)) {
          tree.set_owner(c, Owner::Terminal);
          tree.set_utility(c, utility());
        } else {
          tree.set_owner(c, owner_at(d + 1, owner));
          next.push_back(c);
        }
      }
    }
    level = std::move(next);
  }
  return tree;
}

}  // namespace sgplan::search
