#include "models/prism_language/guard_index.hpp"

#include <map>
#include <utility>

namespace sgplan::models::prism_language {

namespace {

bool same_variable(const VariableSlot& a, const VariableSlot& b) {
  return a.word == b.word && a.shift == b.shift;
}

}  // namespace

GuardIndex::GuardIndex(std::vector<std::size_t> commands,
                       const std::vector<std::optional<ExpressionProgram::LeadingEquality>>& leading)
    : all_(std::move(commands)) {
  std::map<std::pair<std::uint32_t, std::uint8_t>, std::size_t> uses;  // (word, shift) -> commands
  const ExpressionProgram::LeadingEquality* best = nullptr;
  std::size_t best_uses = 0;
  for (const auto& e : leading) {
    if (!e || e->slot.bits == 0 || e->slot.bits > 16) continue;
    const std::size_t n = ++uses[{e->slot.word, e->slot.shift}];
    if (n > best_uses) {
      best_uses = n;
      best = &*e;
    }
  }
  if (best_uses < 2) return;
  slot_ = best->slot;
  const std::uint64_t values = std::uint64_t{1} << slot_.bits;
  std::size_t unkeyed = 0;
  for (const auto& e : leading)
    if (!e || !same_variable(e->slot, slot_)) ++unkeyed;
  if (values * unkeyed + best_uses > (std::uint64_t{1} << 22)) return;
  start_.reserve(values + 1);
  for (std::uint64_t x = 0; x < values; ++x) {
    start_.push_back(static_cast<std::uint32_t>(entries_.size()));
    const std::int64_t value = slot_.low + static_cast<std::int64_t>(x);
    for (std::size_t j = 0; j < all_.size(); ++j) {
      const auto& e = leading[j];
      if (!e || !same_variable(e->slot, slot_) || e->value == value) entries_.push_back(all_[j]);
    }
  }
  start_.push_back(static_cast<std::uint32_t>(entries_.size()));
  indexed_ = true;
}

}  // namespace sgplan::models::prism_language
