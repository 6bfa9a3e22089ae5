// The commands of one list (a module's unlabelled commands, or its commands of one action) indexed
// by the value of the variable most of their guards test first (`r1=3 & ...`, the form generated
// models such as a grid's moves take: hundreds of commands, one cell each). The exploration then
// evaluates, in a state, only the guards whose first conjunct can hold there: the commands testing
// that variable for the state's value and those that do not test it first, in their file order.
// Since guards short-circuit (expression_program.hpp), a command left out would have evaluated to
// false without evaluating anything else, so the choices and their order are those of the full scan.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "models/prism_language/expression_program.hpp"

namespace sgplan::models::prism_language {

class GuardIndex {
 public:
  GuardIndex() = default;
  // commands: the list in file order; leading[j]: the first conjunct of commands[j]'s guard when
  // it is `variable = constant`. Indexes only where it pays (at least two commands share the
  // variable) and stays small (a variable of at most 16 bits, at most 4 million entries).
  GuardIndex(std::vector<std::size_t> commands,
             const std::vector<std::optional<ExpressionProgram::LeadingEquality>>& leading);

  // The commands whose guard may hold in the state `words`, in file order.
  std::span<const std::size_t> candidates(const std::uint64_t* words) const {
    if (!indexed_) return all_;
    const std::uint64_t x = (words[slot_.word] >> slot_.shift) & ((std::uint64_t{1} << slot_.bits) - 1);
    return {entries_.data() + start_[x], start_[x + 1] - start_[x]};
  }
  bool indexed() const { return indexed_; }

 private:
  std::vector<std::size_t> all_;
  bool indexed_ = false;
  VariableSlot slot_;
  std::vector<std::uint32_t> start_;  // per raw value x: entries_[start_[x] .. start_[x + 1])
  std::vector<std::size_t> entries_;
};

}  // namespace sgplan::models::prism_language
