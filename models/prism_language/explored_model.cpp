#include "models/prism_language/explored_model.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string_view>

#include "core/errors.hpp"
#include "core/memory.hpp"
#include "mdp/packed_state_index.hpp"

namespace sgplan::models::prism_language {

namespace {

using State = CompiledModel::State;

struct Entry {
  std::uint32_t target;
  double probability;
  int action;  // dtmc: the action of the command the transition comes from
};

// PrismUtils.doublesAreEqual: equal within a relative 1e-12 of the first.
bool prism_equal(double d1, double d2) {
  if (std::isinf(d1)) return std::isinf(d2) && (d1 > 0) == (d2 > 0);
  if (std::isinf(d2)) return false;
  if (d2 == 0) return d1 == 0;
  return std::abs((d1 - d2) / d1) < 1e-12;
}

// Distribution.equals: the same targets, each with an equal probability (the new one first).
bool same_distribution(const std::vector<Entry>& fresh, const Entry* old, std::size_t old_size) {
  if (fresh.size() != old_size) return false;
  for (const Entry& e : fresh) {
    const Entry* hit =
        std::find_if(old, old + old_size, [&](const Entry& o) { return o.target == e.target; });
    if (hit == old + old_size || !prism_equal(e.probability, hit->probability)) return false;
  }
  return true;
}

// Adds p to the entry of (target, action), or appends one: the sums in the order of generation.
void add_to(std::vector<Entry>& entries, std::uint32_t target, double p, int action) {
  for (Entry& e : entries) {
    if (e.target == target && e.action == action) {
      e.probability += p;
      return;
    }
  }
  entries.push_back({target, p, action});
}

}  // namespace

std::uint64_t ExploredModel::num_deadlocks() const {
  return static_cast<std::uint64_t>(std::count(deadlock.begin(), deadlock.end(), 1));
}

ExploredModel explore_like_prism(const CompiledModel& m, std::uint64_t max_states) {
  const ModelType type = m.model().type;
  const bool dtmc = type == ModelType::kDtmc;
  const bool smg = type == ModelType::kSmg;

  // Exploration, in the order states are found; a choice's targets are indices in that order.
  std::vector<State> found;
  mdp::PackedStateIndex index;
  auto number = [&](State s) -> std::uint32_t {
    bool fresh = false;
    const std::uint32_t k =
        index.find_or_insert(m.pack(s), static_cast<mdp::StateIndex>(found.size()), fresh);
    if (fresh) {
      if (found.size() >= max_states) {
        throw ResourceError("state limit: the model has more than " + std::to_string(max_states) +
                            " reachable states (raise it with --max-states)");
      }
      found.push_back(s);
    }
    return k;
  };
  std::vector<std::uint64_t> choice_start{0}, entry_start{0};
  std::vector<int> choice_action, player;
  std::vector<Entry> entries, merged, distribution;
  std::vector<std::uint8_t> deadlock;
  // The memory limit of the graph builder (mdp/build_graph.hpp): half of what was available at the
  // start, counting the exploration's arrays twice, since the model in PRISM's order is a copy.
  const std::uint64_t available = available_memory_bytes();
  auto check_memory = [&] {
    const std::uint64_t bytes =
        2 * (found.capacity() * sizeof(State) + entries.capacity() * sizeof(Entry) +
             (choice_start.capacity() + entry_start.capacity()) * sizeof(std::uint64_t) +
             choice_action.capacity() * sizeof(int)) +
        index.memory_bytes();
    if (available == 0 || bytes <= available / 2) return;
    throw ResourceError("memory limit: exploring the model for export holds " + std::to_string(bytes >> 20) +
                        " MiB after " + std::to_string(found.size()) +
                        " states and is still growing, past half the memory available when it started (" +
                        std::to_string(available >> 21) + " MiB of " + std::to_string(available >> 20) +
                        "); free memory, or use a smaller model");
  };
  number(m.initial());
  for (std::size_t i = 0; i < found.size(); ++i) {
    if ((i & 0xff) == 0xff) check_memory();
    const State s = found[i];
    const std::uint64_t first_choice = choice_action.size();
    double sum = 0.0;  // dtmc: of every choice's probabilities, choice by choice
    merged.clear();
    bool any = false;
    m.for_each_command_choice(s, [&](const CompiledModel::CommandChoice& c) {
      any = true;
      if (dtmc) {
        double choice_sum = 0.0;
        for (const auto& o : c.outcomes) {
          choice_sum += o.probability;
          merged.push_back({number(o.state), o.probability, c.action});
        }
        sum += choice_sum;
        return;
      }
      distribution.clear();
      for (const auto& o : c.outcomes) add_to(distribution, number(o.state), o.probability, 0);
      for (std::uint64_t k = first_choice; k < choice_action.size(); ++k) {
        if (choice_action[k] == c.action && same_distribution(distribution, entries.data() + entry_start[k],
                                                              entry_start[k + 1] - entry_start[k]))
          return;  // PRISM keeps the first of equal choices
      }
      choice_action.push_back(c.action);
      entries.insert(entries.end(), distribution.begin(), distribution.end());
      entry_start.push_back(entries.size());
    });
    if (smg) player.push_back(std::max(0, m.moving_player(s)));
    deadlock.push_back(any ? 0 : 1);
    if (!any) {
      choice_action.push_back(ExploredModel::kNoAction);
      entries.push_back({static_cast<std::uint32_t>(i), 1.0, ExploredModel::kNoAction});
      entry_start.push_back(entries.size());
    } else if (dtmc) {
      const double scale = 1.0 / sum;
      distribution.clear();
      for (const Entry& e : merged) add_to(distribution, e.target, e.probability * scale, e.action);
      choice_action.push_back(ExploredModel::kNoAction);
      entries.insert(entries.end(), distribution.begin(), distribution.end());
      entry_start.push_back(entries.size());
    }
    choice_start.push_back(choice_action.size());
  }

  // PRISM's order of states.
  const std::size_t n = found.size();
  const std::uint32_t words = m.order_key_words();
  std::vector<std::uint64_t> keys(n * words);
  for (std::size_t i = 0; i < n; ++i) m.order_key(found[i], keys.data() + i * words);
  std::vector<std::uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    const std::uint64_t* ka = keys.data() + std::size_t{a} * words;
    const std::uint64_t* kb = keys.data() + std::size_t{b} * words;
    return std::lexicographical_compare(ka, ka + words, kb, kb + words);
  });
  std::vector<std::uint32_t> position(n);
  for (std::uint32_t k = 0; k < n; ++k) position[order[k]] = k;

  ExploredModel out;
  out.type = type;
  out.initial = position[0];
  out.states.reserve(n);
  out.choice_start.reserve(n + 1);
  out.choice_start.push_back(0);
  out.entry_start.push_back(0);
  out.target.reserve(entries.size());
  out.probability.reserve(entries.size());
  const std::vector<std::string>& actions = m.actions();
  auto action_name = [&](int a) -> std::string_view {
    return a < 0 ? std::string_view("null") : std::string_view(actions[static_cast<std::size_t>(a)]);
  };
  std::vector<Entry> row;
  for (std::uint32_t k = 0; k < n; ++k) {
    const std::uint32_t old = order[k];
    out.states.push_back(found[old]);
    out.deadlock.push_back(deadlock[old]);
    if (smg) out.player.push_back(player[old]);
    for (std::uint64_t c = choice_start[old]; c < choice_start[old + 1]; ++c) {
      out.choice_action.push_back(choice_action[c]);
      row.assign(entries.begin() + static_cast<std::ptrdiff_t>(entry_start[c]),
                 entries.begin() + static_cast<std::ptrdiff_t>(entry_start[c + 1]));
      for (Entry& e : row) e.target = position[e.target];
      std::sort(row.begin(), row.end(), [&](const Entry& a, const Entry& b) {
        if (a.target != b.target) return a.target < b.target;
        return dtmc && action_name(a.action) < action_name(b.action);
      });
      for (const Entry& e : row) {
        out.target.push_back(e.target);
        out.probability.push_back(e.probability);
        if (dtmc) out.entry_action.push_back(e.action);
      }
      out.entry_start.push_back(out.target.size());
    }
    out.choice_start.push_back(out.choice_action.size());
  }
  return out;
}

}  // namespace sgplan::models::prism_language
