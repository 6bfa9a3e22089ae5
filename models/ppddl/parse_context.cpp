#include "models/ppddl/parse_context.hpp"

#include <cctype>

#include "core/errors.hpp"

namespace sgplan::models::ppddl {

namespace {

Place place_of(const SExpr& e) {
  return {e.line, e.column};
}

bool all_digits(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (std::isdigit(static_cast<unsigned char>(c)) == 0) return false;
  return true;
}

}  // namespace

ParseContext::ParseContext(const Domain& domain, std::vector<ObjectDecl>& objects, std::string file,
                           bool lenient, std::vector<std::string>& warnings)
    : domain_(domain), objects_(objects), file_(std::move(file)), lenient_(lenient), warnings_(warnings) {
  for (std::size_t k = 0; k < objects_.size(); ++k)
    object_index_.emplace(objects_[k].name, static_cast<ObjectId>(k));
}

void ParseContext::fail(const SExpr& at, const std::string& message) const {
  throw InputError(SourceLocation{file_, at.line, at.column}, message);
}

void ParseContext::warn(const SExpr& at, const std::string& message) {
  warnings_.push_back(SourceLocation{file_, at.line, at.column}.to_string() + ": " + message);
}

TypeSet ParseContext::type(const SExpr& e) const {
  auto one = [&](const SExpr& name) {
    if (name.list) fail(name, "expected a type name, found " + to_text(name));
    const auto t = domain_.find_type(name.text);
    if (!t) fail(name, "unknown type '" + name.text + "' (declare it in :types)");
    return *t;
  };
  if (!e.list) return {one(e)};
  if (!e.headed("either") || e.items.size() < 2)
    fail(e, "expected a type or (either TYPE ...), found " + to_text(e));
  TypeSet out;
  for (std::size_t k = 1; k < e.items.size(); ++k) out.push_back(one(e.items[k]));
  return out;
}

std::vector<ParseContext::Typed> ParseContext::typed_list(const SExpr& list, std::size_t first,
                                                          bool variables) const {
  std::vector<Typed> out;
  std::size_t pending = 0;  // names read since the last `- type`
  for (std::size_t k = first; k < list.items.size(); ++k) {
    const SExpr& e = list.items[k];
    if (e.is("-")) {
      if (pending == 0) fail(e, "a '-' must follow the names it types");
      if (k + 1 >= list.items.size()) fail(e, "expected a type after '-'");
      const TypeSet t = type(list.items[++k]);
      for (std::size_t j = out.size() - pending; j < out.size(); ++j) out[j].type = t;
      pending = 0;
      continue;
    }
    if (e.list)
      fail(e,
           std::string("expected a ") + (variables ? "variable (?name)" : "name") + ", found " + to_text(e));
    if (variables != (e.text[0] == '?')) {
      fail(e, variables ? "expected a variable (?name), found '" + e.text + "'"
                        : "expected a name, found the variable '" + e.text + "'");
    }
    for (const Typed& t : out)
      if (t.name == e.text) fail(e, "'" + e.text + "' is given twice in this list");
    out.push_back({e.text, {kObjectType}, &e});
    ++pending;
  }
  return out;
}

std::optional<ObjectId> ParseContext::find_object(const std::string& name) const {
  const auto it = object_index_.find(name);
  if (it == object_index_.end()) return std::nullopt;
  return it->second;
}

ObjectId ParseContext::add_object(ObjectDecl decl) {
  const auto id = static_cast<ObjectId>(objects_.size());
  object_index_.emplace(decl.name, id);
  objects_.push_back(std::move(decl));
  return id;
}

Term ParseContext::term(const SExpr& e, const TypeSet* expected, const std::string& role) {
  if (e.list) fail(e, "expected a variable or an object as " + role + ", found " + to_text(e));
  Term t;
  t.where = place_of(e);
  TypeSet type;
  if (e.text[0] == '?') {
    bool found = false;
    for (std::size_t k = variables_.size(); k-- > 0;) {  // the innermost binding wins
      if (variables_[k].name == e.text) {
        t.variable = true;
        t.index = static_cast<std::uint32_t>(k);
        type = variables_[k].type;
        found = true;
        break;
      }
    }
    if (!found) fail(e, "the variable '" + e.text + "' is not a parameter or a quantified variable here");
  } else {
    std::optional<ObjectId> id = find_object(e.text);
    if (!id) {
      if (!lenient_) {
        fail(e, "undeclared object '" + e.text +
                    "' (declare it in :constants or :objects; --lenient takes it as a new object of the type "
                    "its place asks for, as mdpsim and ppddl2jani do)");
      }
      const TypeId as = expected != nullptr && !expected->empty() ? (*expected)[0] : kObjectType;
      warn(e, "'" + e.text + "' is not declared: taken as a new object of type " + domain_.types[as].name +
                  " (--lenient, as mdpsim and ppddl2jani do)");
      id = add_object(ObjectDecl{e.text, as, place_of(e), file_, true});
    }
    t.index = *id;
    type = {objects_[*id].type};
  }
  if (expected != nullptr && !domain_.subtype(type, *expected)) {
    fail(e, "type mismatch: '" + e.text + "' is a " + domain_.type_text(type) + ", but " + role +
                " takes a " + domain_.type_text(*expected));
  }
  return t;
}

Rational ParseContext::probability(const SExpr& e) const {
  const std::string expected = "expected a probability (a decimal such as 0.25 or a fraction such as 2/5)";
  if (e.list) fail(e, expected + ", found " + to_text(e));
  const std::string& s = e.text;
  Rational p;
  if (const std::size_t slash = s.find('/'); slash != std::string::npos) {
    const std::string num = s.substr(0, slash), den = s.substr(slash + 1);
    if (!all_digits(num) || !all_digits(den)) fail(e, expected + ", found '" + s + "'");
    if (BigInt(den) == 0) fail(e, "the probability " + s + " divides by zero");
    p = Rational(BigInt(num), BigInt(den));
  } else {
    const std::size_t dot = s.find('.');
    const std::string whole = s.substr(0, dot);
    const std::string frac = dot == std::string::npos ? "" : s.substr(dot + 1);
    if ((whole.empty() && frac.empty()) || (!whole.empty() && !all_digits(whole)) ||
        (!frac.empty() && !all_digits(frac)) || (dot != std::string::npos && frac.empty() && whole.empty()))
      fail(e, expected + ", found '" + s + "'");
    BigInt scale = 1;
    for (std::size_t k = 0; k < frac.size(); ++k) scale *= 10;
    p = Rational(BigInt(whole.empty() ? "0" : whole) * scale + BigInt(frac.empty() ? "0" : frac), scale);
  }
  if (p > 1) fail(e, "the probability " + s + " is above 1");
  return p;
}

}  // namespace sgplan::models::ppddl
