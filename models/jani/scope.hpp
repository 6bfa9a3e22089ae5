// What a JANI identifier means where an expression is read (JANI spec, "Identifiers" and
// "Functions"): the scopes nest (the model's globals and constants, an automaton's locals and
// functions, a function's parameters), and the innermost that knows a name decides.
//
// The translation writes one flat PRISM-language model, so a name becomes the translated model's
// name (an automaton's local `x` may become `A.x` when another automaton or a global uses `x`), a
// function parameter becomes the expression of its argument, and a transient variable becomes the
// formula that gives its value in a state.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "models/jani/json_at.hpp"
#include "models/prism_language/expression.hpp"

namespace sgplan::models::jani {

enum class NameKind : std::uint8_t { kConstant, kVariable, kTransient, kParameter };

struct NameMeaning {
  NameKind kind = NameKind::kConstant;
  std::string translated;               // the name in the translated model (not for a parameter)
  prism_language::NodeId argument = 0;  // kParameter: the argument's translated expression
};

// A function's definition as written (JANI "functions": name, type, parameters, body); its body
// is translated at each call, with the parameters bound to the arguments.
struct FunctionDef {
  std::string name;
  std::vector<std::string> parameters;
  std::optional<JsonAt> body;
  const struct Scope* scope = nullptr;  // where it is declared: its body sees that scope
};

struct Scope {
  const Scope* parent = nullptr;
  std::map<std::string, NameMeaning> names;
  std::map<std::string, FunctionDef> functions;

  const NameMeaning* find(const std::string& name) const {
    for (const Scope* s = this; s != nullptr; s = s->parent) {
      if (const auto it = s->names.find(name); it != s->names.end()) return &it->second;
    }
    return nullptr;
  }
  const FunctionDef* find_function(const std::string& name) const {
    for (const Scope* s = this; s != nullptr; s = s->parent) {
      if (const auto it = s->functions.find(name); it != s->functions.end()) return &it->second;
    }
    return nullptr;
  }
};

}  // namespace sgplan::models::jani
