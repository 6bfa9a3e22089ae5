// A scrambled random implicit model for the tests of the builds and engines that take one: n
// states whose owners, choices and successors come from a hash of the state, so the graph is
// irregular (cycles, end components, repeated successors, labels on some choices) but fixed by the
// seed; and flaws to plant at one state, for the error paths.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <string>

#include "core/hash.hpp"
#include "mdp/implicit_model.hpp"

namespace sgplan::testing {

using mdp::kNoLabel;
using mdp::LabelId;
using mdp::Outcome;
using mdp::Owner;

enum class Flaw { None, SumBelowOne, TerminalAboveOne, ChanceWithTwoChoices, EmptyChoice, MaxWithoutChoices };

// n states; state s's owner, choices and successors come from a hash of s, so the graph is
// irregular but fixed. Outcomes repeat a successor now and then (the builder merges them).
template <bool kBounded>
struct Scrambled {
  using State = std::uint64_t;
  static constexpr bool kConcurrentExpansion = true;
  std::uint64_t n = 0;
  std::uint64_t seed = 1;
  Flaw flaw = Flaw::None;
  State flawed = std::numeric_limits<State>::max();

  std::uint64_t h(State s, std::uint64_t salt = 0) const {
    return mix64(s * 0x9e3779b97f4a7c15ULL + seed + salt);
  }
  State initial() const { return 0; }
  Owner owner(State s) const {
    if (s == flawed && flaw == Flaw::TerminalAboveOne) return Owner::Terminal;
    if (s == flawed && flaw == Flaw::ChanceWithTwoChoices) return Owner::Chance;
    if (s == flawed) return Owner::Max;
    const std::uint64_t x = h(s);
    if (s != 0 && x % 7 == 0) return Owner::Terminal;
    if (x % 3 == 0) return Owner::Chance;
    return (x >> 5) % 2 == 0 ? Owner::Max : Owner::Min;
  }
  double terminal_value(State s) const {
    if (s == flawed) return 1.5;
    return static_cast<double>(h(s, 1) % 5) / 4.0;
  }
  std::uint64_t pack(State s) const { return kBounded ? s : s ^ 0x5a5a5a5a5aULL; }
  State unpack(std::uint64_t key) const { return kBounded ? key : key ^ 0x5a5a5a5a5aULL; }
  std::uint64_t packed_bound() const requires kBounded { return n; }
  std::string label_name(LabelId l) const { return "a" + std::to_string(l); }

  template <class F>
  void for_each_choice(State s, F&& f) const {
    if (s == flawed && flaw == Flaw::MaxWithoutChoices) return;
    const std::uint64_t x = h(s, 2);
    const Owner o = owner(s);
    const std::uint64_t choices = o == Owner::Chance ? (s == flawed ? 2 : 1) : 1 + x % 4;
    Outcome<State> out[4];
    for (std::uint64_t c = 0; c < choices; ++c) {
      std::size_t m = 1 + (x >> (8 + 2 * c)) % 4;
      if (s == flawed && flaw == Flaw::EmptyChoice && c == 0) m = 0;
      for (std::size_t j = 0; j < m; ++j) {
        // Every third outcome repeats the one before it.
        const State t = j > 0 && h(s, 10 + 4 * c + j) % 3 == 0 ? out[j - 1].state : h(s, 10 + 4 * c + j) % n;
        out[j] = {1.0 / static_cast<double>(m), t};
      }
      if (s == flawed && flaw == Flaw::SumBelowOne && c == 0 && m > 0) out[0].probability *= 0.5;
      const LabelId label = (x >> (20 + c)) % 3 == 0 ? kNoLabel : static_cast<LabelId>(c + (x >> 30) % 5);
      f(label, std::span<const Outcome<State>>(out, m));
    }
  }
};

}  // namespace sgplan::testing
