// A toy game kind added the way docs/adding.md says a new game is added: a folder with the rules
// (an implicit model), its YAML reading and its registry entry, and nothing else. The registry
// test registers it in a copy of the built-in registry and runs it end to end.
//
//   model: toy-walk
//   length: 10     # positions 0..length; 0 loses, length wins
//   start: 3
//   coins: [0.4, 0.6]   # at each position the walker picks a coin: heads one step up, tails one down
//
// The walker (Max) should always take the coin most likely to show heads; the value is then the
// gambler's ruin probability (1 - r^start) / (1 - r^length), r = (1 - p) / p for the best coin p
// (start / length when p = 1/2), the closed form the test checks against.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "mdp/implicit_model.hpp"
#include "models/implicit_graph_model.hpp"
#include "models/model_kind.hpp"

namespace sgplan::toy_walk {

struct ToyWalkConfig {
  std::uint32_t length = 10;
  std::uint32_t start = 3;
  std::vector<double> coins{0.5};
};

class ToyWalk {
 public:
  using State = std::uint64_t;

  explicit ToyWalk(ToyWalkConfig config) : config_(std::move(config)) {}

  State initial() const { return config_.start; }
  mdp::Owner owner(State s) const {
    return s == 0 || s == config_.length ? mdp::Owner::Terminal : mdp::Owner::Max;
  }
  double terminal_value(State s) const { return s == config_.length ? 1.0 : 0.0; }
  std::uint64_t pack(State s) const { return s; }
  State unpack(std::uint64_t key) const { return key; }
  std::uint64_t packed_bound() const { return config_.length + 1; }
  std::string label_name(mdp::LabelId label) const { return "coin" + std::to_string(label + 1); }
  template <class F>
  void for_each_choice(State s, F&& f) const {
    for (std::size_t i = 0; i < config_.coins.size(); ++i) {
      const mdp::Outcome<State> outcomes[2] = {{config_.coins[i], s + 1}, {1.0 - config_.coins[i], s - 1}};
      f(static_cast<mdp::LabelId>(i), std::span<const mdp::Outcome<State>>(outcomes, 2));
    }
  }
  std::string describe(State s) const { return "at " + std::to_string(s); }
  const ToyWalkConfig& config() const { return config_; }

 private:
  ToyWalkConfig config_;
};

// The adapter's render hook (models/implicit_graph_model.hpp): a line with the walker's place.
std::string render_state(const ToyWalk& game, const mdp::BuiltGraph& built, const mdp::Solution& solution,
                         mdp::StateIndex s);

using ToyWalkModel = models::ImplicitGraphModel<ToyWalk>;

// The registry entry: the YAML reading and the facts.
models::ModelKind toy_walk_kind();

}  // namespace sgplan::toy_walk
