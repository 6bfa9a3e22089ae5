// An implicit model given by a table (mdp/implicit_model.hpp), for the tests of the solvers that
// work on implicit models: states 0 .. n-1, state 0 initial; a state has an owner, a terminal
// value, and choices, each a list of (probability, successor); chance states have one choice.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "mdp/implicit_model.hpp"

namespace sgplan::testing {

struct TableModel {
  using State = std::uint64_t;
  struct Node {
    mdp::Owner owner = mdp::Owner::Max;
    double value = 0.0;
    std::vector<std::vector<mdp::Outcome<State>>> choices;
  };
  std::vector<Node> nodes;

  // Appends a state; returns its index.
  State add(mdp::Owner owner, double value = 0.0) {
    nodes.push_back({owner, value, {}});
    return nodes.size() - 1;
  }
  void add_choice(State s, std::vector<mdp::Outcome<State>> outcomes) {
    nodes[s].choices.push_back(std::move(outcomes));
  }

  State initial() const { return 0; }
  mdp::Owner owner(State s) const { return nodes[s].owner; }
  double terminal_value(State s) const { return nodes[s].value; }
  std::uint64_t pack(State s) const { return s; }
  State unpack(std::uint64_t key) const { return key; }
  std::string label_name(mdp::LabelId label) const { return "c" + std::to_string(label); }
  template <class F>
  void for_each_choice(State s, F&& f) const {
    mdp::LabelId label = 0;
    for (const auto& c : nodes[s].choices)
      f(label++, std::span<const mdp::Outcome<State>>(c.data(), c.size()));
  }
};

static_assert(mdp::ImplicitModel<TableModel>);

}  // namespace sgplan::testing
