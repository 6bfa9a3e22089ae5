// One row of a method table: a name a user gives (--method, --engine) and what the method promises.
// Each family keeps its own table beside its solvers (mdp/methods.hpp for the graph solvers and
// retrograde analysis, search/tree_methods.hpp for the tree searches, search/lambda/lambda_options.hpp
// for the lambda engines); the CLI's parsing, --help text, refusals and `sgplan kinds` are generated
// from those tables, so a name is written once (docs/DESIGN.md, "Method tables").
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sgplan {

enum class MethodFamily {
  Graph,       // a state-graph solver of eventual success (or of success within a horizon)
  Retrograde,  // retrograde analysis of a game without chance: win, loss or draw per state
  Tree,        // a tree search on the implicit model, from the initial state only
  Lambda,      // a tree searcher under lambda search (threat positions)
  Partial,     // a solver of eventual success that explores from the initial state (no whole graph)
};

inline std::string_view to_string(MethodFamily family) {
  switch (family) {
    case MethodFamily::Graph:
      return "graph";
    case MethodFamily::Retrograde:
      return "retrograde";
    case MethodFamily::Tree:
      return "tree";
    case MethodFamily::Lambda:
      return "lambda";
    case MethodFamily::Partial:
      return "partial";
  }
  return "?";
}

struct MethodInfo {
  std::string_view name;  // as the user writes it
  MethodFamily family;
  bool needs_horizon;     // runs only to a step bound: cyclic models need --horizon K
  bool sound;             // its answer comes with bounds that contain the true value
  bool exact;             // its answer is the value itself, with no epsilon (floating point aside)
  std::string_view help;  // one line for --help and `sgplan kinds`
  int id = -1;            // the family's own enum value (mdp::Method, lambda::Engine), or -1
};

// The row named `name`, or nullptr.
inline const MethodInfo* find_method(std::span<const MethodInfo> table, std::string_view name) {
  for (const MethodInfo& m : table) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

// "a, b, c or d"
inline std::string join_names(const std::vector<std::string_view>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
    out += names[i];
  }
  return out;
}

// The row whose id is `id`, or nullptr.
inline const MethodInfo* find_method_by_id(std::span<const MethodInfo> table, int id) {
  for (const MethodInfo& m : table) {
    if (m.id == id) return &m;
  }
  return nullptr;
}

inline std::vector<std::string_view> names_of(std::span<const MethodInfo> table) {
  std::vector<std::string_view> out;
  for (const MethodInfo& m : table) out.push_back(m.name);
  return out;
}

}  // namespace sgplan
