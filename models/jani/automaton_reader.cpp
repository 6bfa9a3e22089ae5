// One element of system.elements: its automaton's local variables, functions, locations (with
// their transient-values), restrict-initial and edges, as one module of the translated model
// (jani_model.hpp, steps 2, 3 and 5).
#include <algorithm>

#include "models/jani/jani_reader.hpp"

namespace sgplan::models::jani {

using prism_language::Assignment;
using prism_language::Command;
using prism_language::Module;
using prism_language::NodeId;
using prism_language::Op;
using prism_language::Update;
using prism_language::VariableDecl;

namespace {

std::size_t location_index(const JsonAt& at, const ElementTranslation& element) {
  const std::string name = at.string();
  const auto it = std::find(element.locations.begin(), element.locations.end(), name);
  if (it == element.locations.end())
    at.fail("the automaton " + element.automaton + " has no location \"" + name + "\"");
  return static_cast<std::size_t>(it - element.locations.begin());
}

}  // namespace

void JaniReader::read_element(std::size_t index, const JsonAt& a, const JsonAt& element) {
  a.check_keys(
      {"name", "variables", "restrict-initial", "locations", "initial-locations", "edges", "functions"});
  ElementTranslation et;
  et.automaton = a.at("name").string();
  // Each element is an instance with its own locals; a second instance of an automaton is "A#2".
  std::string instance = et.automaton;
  const auto same = std::count_if(elements_.begin(), elements_.end(),
                                  [&](const ElementTranslation& e) { return e.automaton == et.automaton; });
  if (same > 0) instance += "#" + std::to_string(same + 1);
  auto scope = std::make_unique<Scope>();
  scope->parent = &global_;
  Module m;
  m.name = instance;
  m.where = out_.places.add(element.pointer());
  if (const auto vars = a.find("variables")) read_variables(*vars, *scope, instance, m.variables, index + 1);
  if (const auto functions = a.find("functions")) declare_functions(*functions, *scope, scope->functions);

  const JsonAt locations = a.at("locations");
  const std::vector<JsonAt> locs = locations.items();
  if (locs.empty()) locations.fail("an automaton needs at least one location");
  for (const JsonAt& l : locs) {
    l.check_keys({"name", "time-progress", "transient-values"});
    if (const auto tp = l.find("time-progress"))
      tp->fail("time-progress belongs to timed models (ta, pta, sta, ha)");
    const std::string name = l.at("name").identifier();
    if (std::find(et.locations.begin(), et.locations.end(), name) != et.locations.end())
      l.at("name").fail("the location \"" + name + "\" is declared twice");
    et.locations.push_back(name);
  }
  const JsonAt initial = a.at("initial-locations");
  const std::vector<JsonAt> inits = initial.items();
  if (inits.size() != 1) {
    initial.fail(inits.empty()
                     ? "an automaton needs an initial location"
                     : "more than one initial location: sgplan explores from a single initial state");
  }
  const std::size_t first = location_index(inits[0], et);
  if (locs.size() > 1) {
    // The location variable: [0, locations-1], initially the initial location's index.
    VariableDecl loc;
    loc.name = unique_name(instance + ".location");
    loc.module = instance;
    loc.where = out_.places.add(locations.pointer());
    loc.low = tr_.int_node(0, locations);
    loc.high = tr_.int_node(static_cast<std::int64_t>(locs.size()) - 1, locations);
    loc.init = tr_.int_node(static_cast<std::int64_t>(first), inits[0]);
    et.location_variable = loc.name;
    m.variables.push_back(std::move(loc));
  }
  for (std::size_t k = 0; k < locs.size(); ++k) read_transient_values(locs[k], k, *scope, index);
  if (const auto restrict = a.find("restrict-initial")) add_restriction(*restrict, *scope);

  for (const JsonAt& edge : a.at("edges").items()) {
    Command c = read_edge(edge, *scope, et);
    if (c.action.empty()) {
      m.commands.push_back(std::move(c));
    } else {
      std::string action = std::move(c.action);
      c.action.clear();
      et.by_action[action].push_back(std::move(c));
    }
  }
  out_.model.modules.push_back(std::move(m));
  elements_.push_back(std::move(et));
  scopes_.push_back(std::move(scope));
}

void JaniReader::read_transient_values(const JsonAt& location, std::size_t location_index, const Scope& scope,
                                       std::size_t element) {
  const auto values = location.find("transient-values");
  if (!values) return;
  std::set<std::string> set_here;
  tr_.allow_transients(false);
  for (const JsonAt& tv : values->items()) {
    tv.check_keys({"ref", "value"});
    const JsonAt ref = tv.at("ref");
    const std::string name = ref.identifier();
    const NameMeaning* m = scope.find(name);
    if (m == nullptr) ref.fail("unknown variable \"" + name + "\"");
    if (m->kind != NameKind::kTransient)
      ref.fail("transient-values set transient variables only; \"" + name + "\" is not one");
    if (!set_here.insert(m->translated).second) ref.fail("\"" + name + "\" is set twice in this location");
    const NodeId v = tr_.translate(tv.at("value"), scope);
    transients_.at(m->translated).set_by.emplace_back(element, location_index, v);
  }
  tr_.allow_transients(true);
}

// An edge as a command (its action, if any, left in c.action for the composition).
Command JaniReader::read_edge(const JsonAt& edge, const Scope& scope, ElementTranslation& element) {
  edge.check_keys({"location", "action", "rate", "guard", "destinations"});
  if (const auto rate = edge.find("rate")) rate->fail("rates belong to continuous-time models (ctmc, ma)");
  Command c;
  c.where = out_.places.add(edge.pointer());
  const std::size_t source = location_index(edge.at("location"), element);
  NodeId guard;
  if (const auto g = edge.find("guard")) {
    g->check_keys({"exp"});
    guard = tr_.translate(g->at("exp"), scope);
  } else {
    guard = tr_.bool_node(true, edge);
  }
  if (!element.location_variable.empty()) {
    // The location test first: the conjunction short-circuits, so the edge's own guard is only
    // evaluated where the edge leaves from.
    const JsonAt loc = edge.at("location");
    const NodeId here = tr_.node(Op::kEq, loc,
                                 {tr_.name_node(element.location_variable, loc),
                                  tr_.int_node(static_cast<std::int64_t>(source), loc)});
    guard = tr_.node(Op::kAnd, edge, {here, guard});
  }
  c.guard = guard;
  if (const auto action = edge.find("action")) {
    c.action = action->identifier();
    if (!actions_.count(c.action)) action->fail("the action \"" + c.action + "\" is not declared");
  }
  const JsonAt destinations = edge.at("destinations");
  const std::vector<JsonAt> ds = destinations.items();
  if (ds.empty()) destinations.fail("an edge needs at least one destination");
  for (const JsonAt& d : ds) {
    d.check_keys({"location", "probability", "assignments"});
    Update u;
    u.where = out_.places.add(d.pointer());
    if (const auto p = d.find("probability")) {
      p->check_keys({"exp"});
      u.probability = tr_.translate(p->at("exp"), scope);
    }
    // Assignment levels (JANI spec, "Assignments": ascending index, each level simultaneous, later
    // levels reading what earlier ones wrote) become one simultaneous update: a level's values
    // have the earlier levels' values substituted for the variables they assign.
    std::map<std::int64_t, std::vector<JsonAt>> levels;
    if (const auto assignments = d.find("assignments")) {
      for (const JsonAt& a : assignments->items()) {
        a.check_keys({"ref", "value", "index"});
        const auto level = a.find("index");
        levels[level ? level->integer() : 0].push_back(a);
      }
    }
    std::map<std::string, NodeId> written;       // by translated name: its value so far
    std::map<std::string, std::string> pointer;  // and where it was assigned last
    for (const auto& [level, list] : levels) {
      std::map<std::string, NodeId> now;
      for (const JsonAt& a : list) {
        const JsonAt ref = a.at("ref");
        if (!ref.json().is_string())
          ref.fail("expected a variable's name (array elements are outside the fragment)");
        const std::string name = ref.identifier();
        const NameMeaning* m = scope.find(name);
        if (m == nullptr) ref.fail("unknown variable \"" + name + "\"");
        if (m->kind != NameKind::kVariable && m->kind != NameKind::kTransient)
          ref.fail("\"" + name + "\" is not a variable: it cannot be assigned");
        if (now.count(m->translated))
          ref.fail("\"" + name + "\" is assigned twice in one destination and level");
        NodeId value = tr_.translate(a.at("value"), scope);
        if (level != levels.begin()->first) {
          // Another automaton synchronising here may write a global at an earlier level, which
          // this edge cannot see: such a read is refused.
          if (c.action.size() > 0 &&
              tr_.reads_any(value, [&](const std::string& n) { return global_variables_.count(n) != 0; }))
            a.at("value").fail(
                "a later assignment level reading a global variable on a synchronising edge is outside "
                "sgplan's JANI fragment");
          value = tr_.substitute(value, written);
        }
        now[m->translated] = value;
        pointer[m->translated] = a.pointer();
      }
      for (const auto& [name, value] : now) written[name] = value;
    }
    for (const auto& [name, value] : written) {
      // A transient variable assigned on an edge is a transition reward (or a temporary of the
      // levels above): not part of the state.
      if (transients_.count(name)) continue;
      Assignment as;
      as.variable = name;
      as.value = value;
      as.where = out_.places.add(pointer[name]);
      u.assignments.push_back(std::move(as));
    }
    const JsonAt to = d.at("location");
    const std::size_t target = location_index(to, element);
    if (!element.location_variable.empty() && target != source) {
      Assignment as;
      as.variable = element.location_variable;
      as.value = tr_.int_node(static_cast<std::int64_t>(target), to);
      as.where = out_.places.add(to.pointer());
      u.assignments.push_back(std::move(as));
    }
    c.updates.push_back(std::move(u));
  }
  return c;
}

}  // namespace sgplan::models::jani
