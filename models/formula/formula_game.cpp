#include "models/formula/formula_game.hpp"

#include <stdexcept>

namespace sgplan::models::formula {

FormulaGame::FormulaGame(FormulaGameConfig config) : config_(std::move(config)) {
  if (config_.variables < 1 || config_.variables > kMaxVariables) {
    throw std::invalid_argument("the formula game takes 1 to " + std::to_string(kMaxVariables) +
                                " variables");
  }
  all_ = config_.variables == 32 ? ~0u : (1u << config_.variables) - 1;
  std::uint64_t bound = 1;
  for (std::uint32_t i = 0; i < config_.variables; ++i) bound *= config_.flips ? 5 : 3;
  bound_ = config_.flips ? 2 * bound : bound;
}

std::uint64_t FormulaGame::pack(const State& s) const {
  std::uint64_t key = 0;
  for (std::uint32_t i = config_.variables; i-- > 0;) {
    const std::uint32_t bit = 1u << i;
    std::uint64_t digit = 0;
    if (s.assigned & bit) digit = 1 + ((s.value & bit) ? 1 : 0) + (config_.flips && (s.by_b & bit) ? 2 : 0);
    key = key * (config_.flips ? 5 : 3) + digit;
  }
  return config_.flips ? 2 * key + (s.b_to_move ? 1 : 0) : key;
}

FormulaGame::State FormulaGame::unpack(std::uint64_t key) const {
  State s;
  if (config_.flips) {
    s.b_to_move = (key & 1) != 0;
    key >>= 1;
  }
  const std::uint64_t radix = config_.flips ? 5 : 3;
  for (std::uint32_t i = 0; i < config_.variables; ++i) {
    const auto digit = static_cast<std::uint32_t>(key % radix);
    key /= radix;
    if (digit == 0) continue;
    const std::uint32_t bit = 1u << i;
    s.assigned |= bit;
    if ((digit - 1) % 2 == 1) s.value |= bit;
    if (digit >= 3) s.by_b |= bit;
  }
  if (!config_.flips) s.b_to_move = std::popcount(s.assigned) % 2 == 1;
  return s;
}

std::string FormulaGame::label_name(mdp::LabelId label) const {
  const std::uint32_t n = config_.variables;
  std::string name = label < 2 * n ? "x" : "flip x";
  name += std::to_string(label < 2 * n ? label / 2 + 1 : label - 2 * n + 1);
  if (label < 2 * n) name += label % 2 == 1 ? "=1" : "=0";
  return name;
}

std::string FormulaGame::describe(const State& s) const {
  std::string out;
  for (std::uint32_t i = 0; i < config_.variables; ++i) {
    const std::uint32_t bit = 1u << i;
    if (i > 0) out += ' ';
    out += 'x';
    out += std::to_string(i + 1);
    out += '=';
    if ((s.assigned & bit) == 0) {
      out += '?';
      continue;
    }
    out += (s.value & bit) ? '1' : '0';
    if (config_.flips) out += (s.by_b & bit) ? "(B)" : "(A)";
  }
  if (s.assigned == all_) return out + ", game over";
  return out + (s.b_to_move ? ", B to move" : ", A to move");
}

}  // namespace sgplan::models::formula
