// An implicit model (mdp/implicit_model.hpp) that forwards to another and stops the search that
// explores it once a deadline has passed: every tree search expands positions through
// for_each_choice, so one check there bounds them all (expectimax, alpha-beta, expectiminimax,
// Star1/Star2) without touching the engines. The check reads the clock once per 1,024 expansions.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <utility>

#include "core/errors.hpp"
#include "mdp/implicit_model.hpp"

namespace sgplan::models {

template <mdp::ImplicitModel M>
class DeadlineModel {
 public:
  using State = typename M::State;

  // `flag` is the option that raises the limit, named in the error.
  DeadlineModel(const M& model, std::chrono::steady_clock::time_point deadline, std::string flag)
      : model_(model), deadline_(deadline), flag_(std::move(flag)) {}

  State initial() const { return model_.initial(); }
  mdp::Owner owner(const State& s) const { return model_.owner(s); }
  double terminal_value(const State& s) const { return model_.terminal_value(s); }
  std::uint64_t pack(const State& s) const { return model_.pack(s); }
  State unpack(std::uint64_t key) const { return model_.unpack(key); }
  std::string label_name(mdp::LabelId label) const { return model_.label_name(label); }

  // Throws a ResourceError naming the flag once the deadline has passed.
  template <class Sink>
  void for_each_choice(const State& s, Sink&& sink) const {
    if ((++expansions_ & 1023u) == 0 && std::chrono::steady_clock::now() > deadline_) {
      throw ResourceError("time limit: the tree search expanded " + std::to_string(expansions_) +
                          " positions and had not finished (raise it with " + flag_ + ")");
    }
    model_.for_each_choice(s, std::forward<Sink>(sink));
  }

 private:
  const M& model_;
  std::chrono::steady_clock::time_point deadline_;
  std::string flag_;
  mutable std::uint64_t expansions_ = 0;
};

}  // namespace sgplan::models
