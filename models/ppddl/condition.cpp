#include "models/ppddl/condition.hpp"

#include <algorithm>

namespace sgplan::models::ppddl {

Condition Condition::constant(bool value) {
  Condition c;
  c.kind = value ? Kind::kTrue : Kind::kFalse;
  return c;
}

Condition Condition::of_atom(AtomId a) {
  Condition c;
  c.kind = Kind::kAtom;
  c.atom = a;
  return c;
}

Condition negate(Condition c) {
  switch (c.kind) {
    case Condition::Kind::kTrue:
      return Condition::constant(false);
    case Condition::Kind::kFalse:
      return Condition::constant(true);
    case Condition::Kind::kNot: {
      Condition inner = std::move(c.children[0]);
      return inner;
    }
    default:
      break;
  }
  Condition n;
  n.kind = Condition::Kind::kNot;
  n.children.push_back(std::move(c));
  return n;
}

namespace {

// and (absorbing false, neutral true) or or (absorbing true, neutral false).
Condition combine(std::vector<Condition> parts, Condition::Kind kind) {
  const bool is_and = kind == Condition::Kind::kAnd;
  const Condition::Kind absorbing = is_and ? Condition::Kind::kFalse : Condition::Kind::kTrue;
  const Condition::Kind neutral = is_and ? Condition::Kind::kTrue : Condition::Kind::kFalse;
  Condition out;
  out.kind = kind;
  for (Condition& p : parts) {
    if (p.kind == absorbing) return Condition::constant(!is_and);
    if (p.kind == neutral) continue;
    if (p.kind == kind) {
      for (Condition& q : p.children) out.children.push_back(std::move(q));
    } else {
      out.children.push_back(std::move(p));
    }
  }
  // a and !a is false, a or !a is true.
  std::vector<std::pair<AtomId, bool>> literals;  // (atom, positive)
  for (const Condition& c : out.children) {
    if (c.kind == Condition::Kind::kAtom) literals.emplace_back(c.atom, true);
    if (c.kind == Condition::Kind::kNot && c.children[0].kind == Condition::Kind::kAtom)
      literals.emplace_back(c.children[0].atom, false);
  }
  std::sort(literals.begin(), literals.end());
  for (std::size_t k = 1; k < literals.size(); ++k)
    if (literals[k].first == literals[k - 1].first && literals[k].second != literals[k - 1].second)
      return Condition::constant(!is_and);
  if (out.children.empty()) return Condition::constant(is_and);
  if (out.children.size() == 1) {
    Condition only = std::move(out.children[0]);
    return only;
  }
  return out;
}

}  // namespace

Condition conjoin(std::vector<Condition> parts) {
  return combine(std::move(parts), Condition::Kind::kAnd);
}

Condition disjoin(std::vector<Condition> parts) {
  return combine(std::move(parts), Condition::Kind::kOr);
}

Condition substitute(const Condition& c, const std::function<std::optional<bool>(AtomId)>& value) {
  switch (c.kind) {
    case Condition::Kind::kTrue:
    case Condition::Kind::kFalse:
      return c;
    case Condition::Kind::kAtom: {
      const std::optional<bool> v = value(c.atom);
      return v ? Condition::constant(*v) : c;
    }
    case Condition::Kind::kNot:
      return negate(substitute(c.children[0], value));
    case Condition::Kind::kAnd:
    case Condition::Kind::kOr: {
      std::vector<Condition> parts;
      parts.reserve(c.children.size());
      for (const Condition& child : c.children) parts.push_back(substitute(child, value));
      return c.kind == Condition::Kind::kAnd ? conjoin(std::move(parts)) : disjoin(std::move(parts));
    }
  }
  return c;
}

std::string key(const Condition& c) {
  switch (c.kind) {
    case Condition::Kind::kTrue:
      return "T";
    case Condition::Kind::kFalse:
      return "F";
    case Condition::Kind::kAtom:
      return std::to_string(c.atom);
    case Condition::Kind::kNot:
      return "!" + key(c.children[0]);
    case Condition::Kind::kAnd:
    case Condition::Kind::kOr: {
      std::string out = c.kind == Condition::Kind::kAnd ? "&(" : "|(";
      for (const Condition& child : c.children) out += key(child) + ",";
      return out + ")";
    }
  }
  return "?";
}

void for_each_atom(const Condition& c, const std::function<void(AtomId)>& f) {
  if (c.kind == Condition::Kind::kAtom) f(c.atom);
  for (const Condition& child : c.children) for_each_atom(child, f);
}

}  // namespace sgplan::models::ppddl
