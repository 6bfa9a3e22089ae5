// A condition over ground atoms, as grounding leaves it: true, false, an atom, not, and, or. The
// constructors fold constants as they build (an `and` with a false part is false, `not not a` is
// a), so whatever grounding decides (static atoms, equality, quantifiers expanded over the
// objects) is gone from what remains to be evaluated in each state.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sgplan::models::ppddl {

using AtomId = std::uint32_t;

struct Condition {
  enum class Kind : std::uint8_t { kTrue, kFalse, kAtom, kNot, kAnd, kOr };
  Kind kind = Kind::kTrue;
  AtomId atom = 0;  // kAtom
  std::vector<Condition> children;

  static Condition constant(bool value);
  static Condition of_atom(AtomId a);
  bool is_true() const { return kind == Kind::kTrue; }
  bool is_false() const { return kind == Kind::kFalse; }
};

Condition negate(Condition c);
Condition conjoin(std::vector<Condition> parts);  // nested ands flattened; empty: true
Condition disjoin(std::vector<Condition> parts);  // nested ors flattened; empty: false

// The condition with some atoms decided: `value(a)` gives an atom's constant truth, or none to
// keep the atom.
Condition substitute(const Condition& c, const std::function<std::optional<bool>(AtomId)>& value);

// A canonical text (atoms by id): equal texts, equal conditions.
std::string key(const Condition& c);

// Calls f on every atom the condition reads.
void for_each_atom(const Condition& c, const std::function<void(AtomId)>& f);

}  // namespace sgplan::models::ppddl
