#include "models/nim/nim.hpp"

#include <stdexcept>

namespace sgplan::models::nim {

NimGame::NimGame(NimConfig config) : config_(std::move(config)) {
  if (config_.heaps.size() > kMaxHeaps) {
    throw std::invalid_argument("at most " + std::to_string(kMaxHeaps) + " heaps");
  }
  std::uint64_t radix = 1;
  mdp::LabelId offset = 0;
  for (std::uint32_t h : config_.heaps) {
    radix_.push_back(radix);
    label_offset_.push_back(offset);
    if (radix > (std::uint64_t{1} << 55) / (std::uint64_t{h} + 1)) {
      throw std::invalid_argument(
          "the heaps have too many positions to number (the product of (size + 1) over the "
          "heaps must stay below 2^55)");
    }
    radix *= std::uint64_t{h} + 1;
    offset += h;
  }
  bound_ = 2 * radix;
  initial_ = state_of(config_.heaps, true);
}

NimGame::State NimGame::state_of(const std::vector<std::uint32_t>& heaps, bool first_to_move) const {
  State s = first_to_move ? 0 : 1;
  for (std::size_t i = 0; i < heaps.size() && i < radix_.size(); ++i) s += 2 * heaps[i] * radix_[i];
  return s;
}

std::vector<std::uint32_t> NimGame::heaps_of(State s) const {
  std::vector<std::uint32_t> out;
  for (std::size_t i = 0; i < config_.heaps.size(); ++i) out.push_back(heap(s, i));
  return out;
}

mdp::Owner NimGame::owner(State s) const {
  if ((s >> 1) == 0) return mdp::Owner::Terminal;
  return first_to_move(s) ? mdp::Owner::Max : mdp::Owner::Min;
}

double NimGame::terminal_value(State s) const {
  // The player to move faces empty heaps: the previous player took the last counter.
  const bool mover_wins = config_.misere;
  return first_to_move(s) == mover_wins ? 1.0 : 0.0;
}

std::string NimGame::label_name(mdp::LabelId label) const {
  std::size_t i = 0;
  while (i + 1 < label_offset_.size() && label_offset_[i + 1] <= label) ++i;
  return "take " + std::to_string(label - label_offset_[i] + 1) + " from heap " + std::to_string(i + 1);
}

std::string NimGame::describe(State s) const {
  std::string out = "heaps";
  for (std::uint32_t h : heaps_of(s)) {
    out += ' ';
    out += std::to_string(h);
  }
  out += first_to_move(s) ? ", first player to move" : ", second player to move";
  return out;
}

}  // namespace sgplan::models::nim
