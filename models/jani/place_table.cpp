#include "models/jani/place_table.hpp"

#include "models/jani/json_at.hpp"

namespace sgplan::models::jani {

prism_language::Place PlaceTable::add(std::string pointer) {
  pointers_.push_back(std::move(pointer));
  return prism_language::Place{static_cast<int>(pointers_.size()), 0};
}

std::string PlaceTable::pointer(prism_language::Place place) const {
  if (place.line <= 0 || static_cast<std::size_t>(place.line) > pointers_.size()) return {};
  return pointers_[static_cast<std::size_t>(place.line) - 1];
}

InputError PlaceTable::relocate(const InputError& error, const std::string& file) const {
  const SourceLocation& at = error.location();
  if (at.file != file || at.line <= 0) return error;
  const std::string where = pointer(prism_language::Place{at.line, at.column});
  if (where.empty()) return error;
  return InputError(SourceLocation{file, 0, 0}, where + ": " + error.detail());
}

}  // namespace sgplan::models::jani
