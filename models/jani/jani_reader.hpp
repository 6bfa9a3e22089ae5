// The reader behind read_jani_model (jani_model.hpp), split over jani_reader.cpp (the model's
// declarations and its composition), automaton_reader.cpp (an automaton's locations and edges)
// and jani_properties.cpp (the properties). Internal to models/jani/.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "models/jani/expression_translator.hpp"
#include "models/jani/jani_model.hpp"
#include "models/jani/json_at.hpp"
#include "models/jani/scope.hpp"

namespace sgplan::models::jani {

// A transient variable: its formula, and the values locations give it.
struct TransientVariable {
  std::string translated;  // the formula's name
  bool boolean = false;
  prism_language::NodeId initial = 0;
  prism_language::Place where;
  std::string pointer;  // its declaration
  // Per element setting it: (element, location index, value); one element at most.
  std::vector<std::tuple<std::size_t, std::size_t, prism_language::NodeId>> set_by;
};

// One element of system.elements as translated: its module and what the composition needs.
struct ElementTranslation {
  std::string automaton;
  std::string location_variable;  // "" for an automaton of one location
  std::vector<std::string> locations;
  // The commands of its edges with an action, by action, still without their action name.
  std::map<std::string, std::vector<prism_language::Command>> by_action;
};

class JaniReader {
 public:
  JaniReader(const std::string& text, const std::string& file);
  JaniModel run();

  // automaton_reader.cpp: element `index` of system.elements (a module of the model).
  void read_element(std::size_t index, const JsonAt& automaton, const JsonAt& element);
  // jani_properties.cpp.
  void read_properties(const JsonAt& list);

 private:
  void read_constants();
  void declare_functions(const JsonAt& list, Scope& scope, std::map<std::string, FunctionDef>& into);
  void read_variables(const JsonAt& list, Scope& scope, const std::string& module,
                      std::vector<prism_language::VariableDecl>& into, std::size_t owner);
  void add_restriction(const JsonAt& restrict, const Scope& scope);
  void compose(const JsonAt& system);
  void finish_transients();
  std::string unique_name(const std::string& base);

  // automaton_reader.cpp.
  prism_language::Command read_edge(const JsonAt& edge, const Scope& scope, ElementTranslation& element);
  void read_transient_values(const JsonAt& location, std::size_t location_index, const Scope& scope,
                             std::size_t element);

  std::string file_;
  Json json_;
  JaniModel out_;
  ExpressionTranslator tr_;
  Scope global_;
  std::set<std::string> taken_;                          // names of the translated model
  std::set<std::string> actions_;                        // the declared actions
  std::set<std::string> global_variables_;               // translated names of the global state variables
  std::map<std::string, TransientVariable> transients_;  // by translated name
  std::vector<std::unique_ptr<Scope>> scopes_;           // automata's scopes (functions point into them)
  std::vector<ElementTranslation> elements_;
  std::map<std::string, std::size_t> local_name_uses_;  // a local name: how many automata declare it
};

}  // namespace sgplan::models::jani
