// Places of a translated JANI model. The generator (prism_language::CompiledModel) reports an
// error at a Place{line, column} of its model's file; a JANI model has no lines, so the translation
// gives each node, command, update, assignment, declaration and property it writes a Place whose
// line is 1 + an index into this table of JSON pointers (column 0). relocate() turns the
// generator's "model.jani:17: message" back into "model.jani: /automata/0/edges/3/destinations/1/
// assignments/0: message", so an error found while exploring (a value out of its bounds, a
// distribution that does not sum to 1) names the JSON the user wrote.
#pragma once

#include <string>
#include <vector>

#include "core/errors.hpp"
#include "models/prism_language/model.hpp"

namespace sgplan::models::jani {

class PlaceTable {
 public:
  prism_language::Place add(std::string pointer);
  // The pointer of a place this table gave; "" for another (line 0: no place).
  std::string pointer(prism_language::Place place) const;
  const std::vector<std::string>& pointers() const { return pointers_; }

  // `error` at this file's places, rewritten to name the JSON pointer; any other error unchanged.
  InputError relocate(const InputError& error, const std::string& file) const;

 private:
  std::vector<std::string> pointers_;
};

// Runs f, turning an InputError at a place of `table` (in `file`) into one at its JSON pointer.
template <class F>
auto with_json_places(const PlaceTable& table, const std::string& file, F f) -> decltype(f()) {
  try {
    return f();
  } catch (const InputError& e) {
    throw table.relocate(e, file);
  }
}

}  // namespace sgplan::models::jani
