#include "models/ppddl/ast.hpp"

#include <algorithm>

namespace sgplan::models::ppddl {

std::optional<TypeId> Domain::find_type(const std::string& name) const {
  for (std::size_t k = 0; k < types.size(); ++k)
    if (types[k].name == name) return static_cast<TypeId>(k);
  return std::nullopt;
}

std::optional<PredicateId> Domain::find_predicate(const std::string& name) const {
  for (std::size_t k = 0; k < predicates.size(); ++k)
    if (predicates[k].name == name) return static_cast<PredicateId>(k);
  return std::nullopt;
}

bool Domain::subtype(TypeId a, TypeId b) const {
  // The parser refuses cycles, so the walk up ends at `object`.
  for (std::optional<TypeId> t = a; t; t = types[*t].parent)
    if (*t == b) return true;
  return false;
}

bool Domain::subtype(const TypeSet& a, const TypeSet& b) const {
  return std::all_of(a.begin(), a.end(), [&](TypeId x) {
    return std::any_of(b.begin(), b.end(), [&](TypeId y) { return subtype(x, y); });
  });
}

std::string Domain::type_text(const TypeSet& t) const {
  if (t.size() == 1) return types[t[0]].name;
  std::string out = "(either";
  for (TypeId x : t) out += " " + types[x].name;
  return out + ")";
}

}  // namespace sgplan::models::ppddl
