// Who moves in a state of a turn-based stochastic game.
//
// Max and Min pick one of the state's choices (a choice is a probability distribution over
// successors); a Chance state has exactly one choice, which nature samples; a Terminal state has no
// choices and a fixed value in [0, 1] (1 success, 0 failure, anything between a payoff).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace sgplan::mdp {

enum class Owner : std::uint8_t { Max, Min, Chance, Terminal };

constexpr std::string_view to_string(Owner owner) {
  switch (owner) {
    case Owner::Max:
      return "max";
    case Owner::Min:
      return "min";
    case Owner::Chance:
      return "chance";
    case Owner::Terminal:
      return "terminal";
  }
  return "?";
}

inline std::optional<Owner> owner_from_string(std::string_view text) {
  if (text == "max") return Owner::Max;
  if (text == "min") return Owner::Min;
  if (text == "chance") return Owner::Chance;
  if (text == "terminal") return Owner::Terminal;
  return std::nullopt;
}

}  // namespace sgplan::mdp
