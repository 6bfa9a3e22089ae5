// The model's declarations (type, actions, constants, functions, global variables,
// restrict-initial) and its composition (system.elements and system.syncs); jani_model.hpp tells
// the translation step by step.
#include "models/jani/jani_reader.hpp"

#include <algorithm>
#include <iterator>

namespace sgplan::models::jani {

using prism_language::Command;
using prism_language::ConstantDecl;
using prism_language::NodeId;
using prism_language::Op;
using prism_language::Value;
using prism_language::VariableDecl;

namespace {

// A declared type (JANI spec, "Types"): a basic type or a bounded one.
struct TypeOf {
  std::string base;                    // "int", "real", "bool", "clock", "continuous"
  std::optional<JsonAt> lower, upper;  // a bounded type's bounds
  bool bounded = false;
};

TypeOf read_type(const JsonAt& t) {
  TypeOf out;
  if (t.json().is_string()) {
    out.base = t.string();
    if (out.base != "int" && out.base != "real" && out.base != "bool" && out.base != "clock" &&
        out.base != "continuous")
      t.fail("unknown type \"" + out.base + "\" (expected int, real, bool or a bounded type)");
    return out;
  }
  if (!t.is_object())
    t.fail("expected a type (\"int\", \"bool\", \"real\" or a bounded type), found " + t.what());
  const std::string kind = t.at("kind").string();
  if (kind != "bounded") {
    t.at("kind").fail("the type kind \"" + kind +
                      "\" is outside sgplan's JANI fragment (expected \"bounded\")");
  }
  t.check_keys({"kind", "base", "lower-bound", "upper-bound"});
  out.base = t.at("base").string();
  if (out.base != "int" && out.base != "real") t.at("base").fail("a bounded type's base is int or real");
  out.bounded = true;
  out.lower = t.find("lower-bound");
  out.upper = t.find("upper-bound");
  return out;
}

}  // namespace

JaniReader::JaniReader(const std::string& text, const std::string& file)
    : file_(file), json_(parse_json_text(text, file)), tr_(out_.model.pool, out_.places) {
  out_.file = file_;
  out_.model.file = file_;
}

std::string JaniReader::unique_name(const std::string& base) {
  std::string name = base;
  while (taken_.count(name) != 0) name += "_";
  taken_.insert(name);
  return name;
}

JaniModel JaniReader::run() {
  const JsonAt root(json_, file_, "");
  root.require_object("a JANI model");
  root.check_keys({"jani-version", "name", "metadata", "type", "features", "actions", "constants",
                   "variables", "restrict-initial", "properties", "automata", "system", "functions"});
  root.at("jani-version").integer();
  const JsonAt type = root.at("type");
  const std::string t = type.string();
  if (t == "mdp") {
    out_.model.type = prism_language::ModelType::kMdp;
  } else if (t == "dtmc") {
    out_.model.type = prism_language::ModelType::kDtmc;
  } else {
    type.fail("the model type \"" + t + "\" is not supported: sgplan reads JANI mdp and dtmc models");
  }
  if (const auto features = root.find("features")) {
    for (const JsonAt& f : features->items()) f.string();
  }
  if (const auto actions = root.find("actions")) {
    for (const JsonAt& a : actions->items()) {
      a.check_keys({"name"});
      const std::string name = a.at("name").identifier();
      if (!actions_.insert(name).second) a.at("name").fail("the action \"" + name + "\" is declared twice");
    }
  }
  read_constants();
  if (const auto functions = root.find("functions"))
    declare_functions(*functions, global_, global_.functions);
  if (const auto variables = root.find("variables"))
    read_variables(*variables, global_, "", out_.model.globals, 0);
  if (const auto restrict = root.find("restrict-initial")) add_restriction(*restrict, global_);
  compose(root.at("system"));
  finish_transients();
  if (const auto properties = root.find("properties")) read_properties(*properties);
  out_.model.place_names = out_.places.pointers();
  return std::move(out_);
}

void JaniReader::read_constants() {
  const JsonAt root(json_, file_, "");
  const auto list = root.find("constants");
  if (!list) return;
  // Names first: a constant's value may name any constant (CompiledModel settles them in order of
  // need and refuses a cycle).
  for (const JsonAt& c : list->items()) {
    c.check_keys({"name", "type", "value"});
    const std::string name = c.at("name").identifier();
    if (global_.names.count(name) != 0) c.at("name").fail("the name \"" + name + "\" is declared twice");
    global_.names[name] = NameMeaning{NameKind::kConstant, name, 0};
    taken_.insert(name);
  }
  for (const JsonAt& c : list->items()) {
    ConstantDecl d;
    d.name = c.at("name").string();
    const TypeOf type = read_type(c.at("type"));
    if (type.base == "int") {
      d.type = Value::Type::kInt;
    } else if (type.base == "real") {
      d.type = Value::Type::kReal;
    } else if (type.base == "bool") {
      d.type = Value::Type::kBool;
    } else {
      c.at("type").fail("a constant of type " + type.base + " is outside sgplan's JANI fragment");
    }
    if (type.lower || type.upper) {
      c.at("type").fail(
          "a constant of a bounded type is outside sgplan's JANI fragment (give it int or real)");
    }
    if (const auto v = c.find("value")) d.value = tr_.translate(*v, global_);
    d.where = out_.places.add(c.pointer());
    out_.model.constants.push_back(std::move(d));
  }
}

void JaniReader::declare_functions(const JsonAt& list, Scope& scope,
                                   std::map<std::string, FunctionDef>& into) {
  for (const JsonAt& f : list.items()) {
    f.check_keys({"name", "type", "parameters", "body"});
    FunctionDef def;
    def.name = f.at("name").identifier();
    if (into.count(def.name) != 0) f.at("name").fail("the function \"" + def.name + "\" is declared twice");
    read_type(f.at("type"));
    for (const JsonAt& p : f.at("parameters").items()) {
      p.check_keys({"name", "type"});
      read_type(p.at("type"));
      const std::string name = p.at("name").identifier();
      if (std::find(def.parameters.begin(), def.parameters.end(), name) != def.parameters.end())
        p.at("name").fail("the parameter \"" + name + "\" is declared twice");
      def.parameters.push_back(name);
    }
    def.body = f.at("body");
    def.scope = &scope;
    into[def.name] = std::move(def);
  }
}

// Variables of one scope: the global ones (module "") or an element's locals. A transient one
// becomes a formula (finish_transients); the others are the state.
void JaniReader::read_variables(const JsonAt& list, Scope& scope, const std::string& module,
                                std::vector<VariableDecl>& into, std::size_t owner) {
  for (const JsonAt& v : list.items()) {
    v.check_keys({"name", "type", "initial-value", "transient"});
    const std::string name = v.at("name").identifier();
    if (scope.names.count(name) != 0) v.at("name").fail("the name \"" + name + "\" is declared twice");
    const bool transient = v.find("transient") && v.at("transient").boolean();
    const TypeOf type = read_type(v.at("type"));
    // A local's name in the translated model: its own, unless a global or another automaton uses it.
    std::string translated = name;
    if (!module.empty() && (taken_.count(name) != 0 || local_name_uses_[name] > 1))
      translated = module + "." + name;
    translated = unique_name(translated);
    const prism_language::Place where = out_.places.add(v.pointer());
    if (transient) {
      if (type.base != "bool" && type.base != "int" && type.base != "real")
        v.at("type").fail("a transient variable of type " + type.base + " is outside sgplan's JANI fragment");
      TransientVariable t;
      t.translated = translated;
      t.boolean = type.base == "bool";
      t.where = where;
      t.pointer = v.pointer();
      if (const auto init = v.find("initial-value")) {
        // An initial value is constant: reading a transient variable there could make the formulas
        // refer to each other in a cycle.
        tr_.allow_transients(false);
        t.initial = tr_.translate(*init, scope);
        tr_.allow_transients(true);
      } else if (t.boolean) {
        t.initial = tr_.bool_node(false, v);
      } else {
        t.initial = tr_.int_node(0, v);
      }
      transients_[translated] = t;
      scope.names[name] = NameMeaning{NameKind::kTransient, translated, 0};
      continue;
    }
    VariableDecl d;
    d.name = translated;
    d.module = module;
    d.where = where;
    if (type.base == "bool") {
      d.boolean = true;
    } else if (type.base == "int" && type.bounded) {
      if (!type.lower || !type.upper)
        v.at("type").fail("a bounded int needs both bounds (sgplan explores finite ranges)");
      d.low = tr_.translate(*type.lower, scope);
      d.high = tr_.translate(*type.upper, scope);
    } else if (type.base == "int") {
      v.at("type").fail(
          "an unbounded int variable is outside sgplan's JANI fragment: give it a bounded type "
          "({\"kind\": \"bounded\", \"base\": \"int\", \"lower-bound\": ..., \"upper-bound\": ...})");
    } else {
      v.at("type").fail("a " + type.base +
                        " variable is outside sgplan's JANI fragment (bool and bounded int)");
    }
    if (const auto init = v.find("initial-value")) {
      d.init = tr_.translate(*init, scope);
    } else {
      out_.initial.open_variables.emplace_back(owner, into.size());
    }
    scope.names[name] = NameMeaning{NameKind::kVariable, translated, 0};
    if (module.empty()) global_variables_.insert(translated);
    into.push_back(std::move(d));
  }
}

void JaniReader::add_restriction(const JsonAt& restrict, const Scope& scope) {
  restrict.check_keys({"exp"});
  const JsonAt e = restrict.at("exp");
  if (e.json().is_boolean() && e.json().get<bool>()) return;  // `true`: no restriction
  const NodeId r = tr_.translate(e, scope);
  if (out_.initial.restriction) {
    out_.initial.restriction = tr_.node(Op::kAnd, restrict, {*out_.initial.restriction, r});
  } else {
    out_.initial.restriction = r;
    out_.initial.restriction_place = out_.places.add(e.pointer());
  }
}

// system: the elements become modules; each synchronisation vector becomes an action of its own.
void JaniReader::compose(const JsonAt& system) {
  system.check_keys({"elements", "syncs"});
  const JsonAt root(json_, file_, "");
  std::map<std::string, JsonAt> automata;
  const JsonAt automata_list = root.at("automata");
  for (const JsonAt& a : automata_list.items()) {
    const std::string name = a.at("name").identifier();
    if (!automata.emplace(name, a).second)
      a.at("name").fail("the automaton \"" + name + "\" is declared twice");
  }
  const std::vector<JsonAt> elements = system.at("elements").items();
  if (elements.empty()) system.at("elements").fail("the system has no elements");
  // Which local names more than one element declares (those are qualified by their automaton).
  std::vector<const JsonAt*> chosen;
  for (const JsonAt& e : elements) {
    e.check_keys({"automaton", "input-enable"});
    const JsonAt name = e.at("automaton");
    const auto it = automata.find(name.identifier());
    if (it == automata.end()) name.fail("no automaton is named \"" + name.string() + "\"");
    if (const auto ie = e.find("input-enable"); ie && !ie->items().empty())
      ie->fail("input-enabling is outside sgplan's JANI fragment");
    chosen.push_back(&it->second);
    if (const auto vars = it->second.find("variables")) {
      for (const JsonAt& v : vars->items())
        if (v.is_object() && v.json().contains("name") && v.json()["name"].is_string())
          ++local_name_uses_[v.json()["name"].get<std::string>()];
    }
  }
  for (std::size_t k = 0; k < elements.size(); ++k) read_element(k, *chosen[k], elements[k]);

  // The synchronisation vectors.
  std::map<std::string, int> results;
  std::vector<JsonAt> syncs;
  if (const auto s = system.find("syncs")) syncs = s->items();
  for (const JsonAt& s : syncs) {
    s.check_keys({"synchronise", "result"});
    if (const auto r = s.find("result")) ++results[r->identifier()];
  }
  for (std::size_t k = 0; k < syncs.size(); ++k) {
    const JsonAt& s = syncs[k];
    const std::vector<JsonAt> vector = s.at("synchronise").items();
    if (vector.size() != elements.size()) {
      s.at("synchronise")
          .fail("a synchronisation vector has one entry per element: " + std::to_string(elements.size()) +
                " expected, " + std::to_string(vector.size()) + " given");
    }
    std::string action;
    if (const auto r = s.find("result")) {
      action = r->string();
      if (!actions_.count(action)) r->fail("the result \"" + action + "\" is not a declared action");
      if (results[action] > 1) action += "#" + std::to_string(k);
    } else {
      action = "sync#" + std::to_string(k);
    }
    // Every participant must have an edge with its action, or the vector never fires.
    bool live = true, any = false;
    for (std::size_t i = 0; i < vector.size(); ++i) {
      if (vector[i].json().is_null()) continue;
      const std::string a = vector[i].identifier();
      if (!actions_.count(a)) vector[i].fail("the action \"" + a + "\" is not declared");
      any = true;
      if (elements_[i].by_action.count(a) == 0) live = false;
    }
    if (!any) s.at("synchronise").fail("a synchronisation vector needs at least one action");
    if (!live) continue;
    for (std::size_t i = 0; i < vector.size(); ++i) {
      if (vector[i].json().is_null()) continue;
      for (Command c : elements_[i].by_action.at(vector[i].string())) {
        c.action = action;
        out_.model.modules[i].commands.push_back(std::move(c));
      }
    }
  }
}

// Each transient variable's formula: the value the current location of the one element that sets
// it gives, else its initial value; a bool one is a label too.
void JaniReader::finish_transients() {
  for (auto& [name, t] : transients_) {
    NodeId value = t.initial;
    const JsonAt decl(json_, file_, t.pointer);
    std::set<std::size_t> setters;
    for (const auto& [element, location, v] : t.set_by) setters.insert(element);
    if (setters.size() > 1) {
      decl.fail("the transient variable is set by the locations of two automata (" +
                elements_[*setters.begin()].automaton + " and " +
                elements_[*std::next(setters.begin())].automaton + "): sgplan needs one");
    }
    // Built from the last location up, so the first location's test comes first.
    for (auto it = t.set_by.rbegin(); it != t.set_by.rend(); ++it) {
      const auto& [element, location, v] = *it;
      const std::string& var = elements_[element].location_variable;
      if (var.empty()) {
        value = v;  // one location: it always sets the value
        continue;
      }
      const NodeId at = tr_.node(
          Op::kEq, decl, {tr_.name_node(var, decl), tr_.int_node(static_cast<std::int64_t>(location), decl)});
      value = tr_.node(Op::kIte, decl, {at, v, value});
    }
    out_.model.formulas.push_back({name, value, t.where});
    if (t.boolean) out_.model.labels.push_back({name, tr_.name_node(name, decl), t.where});
  }
}

JaniModel read_jani_model(const std::string& text, const std::string& file) {
  return JaniReader(text, file).run();
}

}  // namespace sgplan::models::jani
