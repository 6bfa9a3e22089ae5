#include "models/jani/initial_state.hpp"

#include <map>

namespace sgplan::models::jani {

using prism_language::CompiledModel;
using prism_language::Environment;
using prism_language::Node;
using prism_language::NodeId;
using prism_language::Op;
using prism_language::Value;
using prism_language::VariableDecl;

namespace {

// Names in a candidate initial state: the open variables' candidate values, the other variables'
// initial values, formulas (transient variables) by their expressions, constants by the probe.
class CandidateEnvironment : public Environment {
 public:
  CandidateEnvironment(const CompiledModel& probe, const std::map<std::string, std::size_t>& variables,
                       const std::map<std::string, NodeId>& formulas,
                       const std::map<std::string, Value>& candidate)
      : probe_(probe), variables_(variables), formulas_(formulas), candidate_(candidate) {}

  Value name(const Node& node) const override {
    if (const auto c = candidate_.find(node.name); c != candidate_.end()) return c->second;
    if (const auto v = variables_.find(node.name); v != variables_.end())
      return probe_.variable_value(probe_.initial(), v->second);
    if (const auto f = formulas_.find(node.name); f != formulas_.end())
      return evaluate(probe_.model().pool, f->second, *this, probe_.model().file);
    const NodeId id = static_cast<NodeId>(&node - &probe_.model().pool.at(0));
    return probe_.constant_value_of(id);  // a constant (or the error naming --const)
  }

 private:
  const CompiledModel& probe_;
  const std::map<std::string, std::size_t>& variables_;
  const std::map<std::string, NodeId>& formulas_;
  const std::map<std::string, Value>& candidate_;
};

std::string value_text(const Value& v) {
  return v.type == Value::Type::kBool ? (v.b ? "true" : "false") : std::to_string(v.i);
}

}  // namespace

void settle_initial_state(JaniModel& jani, const prism_language::ConstantOverrides& constants) {
  InitialConditions& ic = jani.initial;
  if (!ic.restriction && ic.open_variables.empty()) return;
  prism_language::PrismModel& model = jani.model;
  auto decl = [&](std::pair<std::size_t, std::size_t> at) -> VariableDecl& {
    return at.first == 0 ? model.globals[at.second] : model.modules[at.first - 1].variables[at.second];
  };
  const CompiledModel probe(model, constants);
  // Variables by name, in the generator's order (globals, then each module's).
  std::map<std::string, std::size_t> variables;
  for (const VariableDecl& g : model.globals) variables.emplace(g.name, variables.size());
  for (const auto& m : model.modules)
    for (const VariableDecl& d : m.variables) variables.emplace(d.name, variables.size());
  std::map<std::string, NodeId> formulas;
  for (const auto& f : model.formulas) formulas.emplace(f.name, f.value);

  // A conjunct `x = e` (or `e = x`) of the restriction with e constant fixes the open variable x:
  // it is given that one value (bluetooth's restrict-initial fixes seven variables this way).
  std::map<std::string, Value> fixed;
  if (ic.restriction) {
    const std::map<std::string, std::size_t> no_variables;
    const std::map<std::string, NodeId> no_formulas;
    const std::map<std::string, Value> none;
    const CandidateEnvironment constants_only(probe, no_variables, no_formulas, none);
    std::vector<NodeId> todo{*ic.restriction};
    while (!todo.empty()) {
      const Node& n = model.pool.at(todo.back());
      todo.pop_back();
      if (n.op == Op::kAnd) {
        todo.insert(todo.end(), n.args.begin(), n.args.end());
        continue;
      }
      if (n.op != Op::kEq) continue;
      for (int side = 0; side < 2; ++side) {
        const Node& var = model.pool.at(n.args[side]);
        if (var.op != Op::kName) continue;
        try {
          // (the probe's pool: the environment finds a constant by its node's place in that pool)
          fixed.emplace(var.name, evaluate(probe.model().pool, n.args[1 - side], constants_only, model.file));
        } catch (const InputError&) {
          // not a constant (it reads a variable): the enumeration decides
        }
      }
    }
  }

  // Each open variable's values; without a restriction, one with two values is already too many.
  struct Open {
    std::string name;
    std::int64_t low, high;
    bool boolean;
    prism_language::Place where;
  };
  std::vector<Open> open;
  for (const auto& at : ic.open_variables) {
    const VariableDecl& d = decl(at);
    const std::size_t k = variables.at(d.name);
    Open o{d.name, 0, 1, d.boolean, d.where};
    if (!d.boolean) {
      o.low =
          probe.variable_value(probe.initial(), k).i;  // no initial value: the generator took the lower bound
      o.high = probe.constant_value_of(d.high).i;
    }
    const std::uint64_t size = static_cast<std::uint64_t>(o.high - o.low) + 1;
    if (!ic.restriction && size > 1) {
      throw InputError(
          SourceLocation{jani.file, 0, 0},
          jani.places.pointer(d.where) +
              ": the variable has no initial-value and no restrict-initial fixes it, so " + "each of its " +
              std::to_string(size) +
              " values starts a run; sgplan explores from a single initial state (give it an initial-value)");
    }
    if (const auto f = fixed.find(d.name); f != fixed.end()) {
      const Value& v = f->second;
      const std::int64_t x = v.type == Value::Type::kBool ? (v.b ? 1 : 0) : v.i;
      // A value outside the range (or of another type) leaves no candidate: the restriction then fails.
      if (v.type == (d.boolean ? Value::Type::kBool : Value::Type::kInt) && x >= o.low && x <= o.high) {
        o.low = o.high = x;
      }
    }
    open.push_back(o);
  }
  std::uint64_t candidates = 1;
  bool capped = false;
  for (const Open& o : open) {
    const std::uint64_t size = static_cast<std::uint64_t>(o.high - o.low) + 1;
    if (size > kMaxInitialCandidates || candidates > kMaxInitialCandidates / size) {
      candidates = kMaxInitialCandidates;
      capped = true;
      break;
    }
    candidates *= size;
  }

  // Every candidate, the first variable fastest; the satisfying ones counted.
  std::map<std::string, Value> candidate, found;
  std::vector<std::int64_t> pick(open.size());
  for (std::size_t i = 0; i < open.size(); ++i) pick[i] = open[i].low;
  const CandidateEnvironment env(probe, variables, formulas, candidate);
  std::uint64_t satisfying = 0;
  std::string first_text, second_text;
  for (std::uint64_t n = 0; n < candidates; ++n) {
    candidate.clear();
    std::string text;
    for (std::size_t i = 0; i < open.size(); ++i) {
      const Value v = open[i].boolean ? Value::of_bool(pick[i] != 0) : Value::of_int(pick[i]);
      candidate[open[i].name] = v;
      text += (text.empty() ? "" : ", ") + open[i].name + "=" + value_text(v);
    }
    bool holds = true;
    if (ic.restriction) {
      const Value r = evaluate(probe.model().pool, *ic.restriction, env, probe.model().file);
      if (r.type != Value::Type::kBool) {
        throw InputError(SourceLocation{jani.file, 0, 0},
                         jani.places.pointer(ic.restriction_place) + ": restrict-initial must be a bool");
      }
      holds = r.b;
    }
    if (holds) {
      if (++satisfying == 1) {
        found = candidate;
        first_text = text;
      } else {
        second_text = text;
        break;
      }
    }
    for (std::size_t i = 0; i < open.size(); ++i) {
      if (++pick[i] <= open[i].high) break;
      pick[i] = open[i].low;
    }
  }
  const std::string where = jani.places.pointer(ic.restriction_place);
  if (capped && satisfying < 2) {
    throw InputError(SourceLocation{jani.file, 0, 0},
                     where + ": more than " + std::to_string(kMaxInitialCandidates) +
                         " candidate initial states to check against restrict-initial, and " +
                         std::to_string(satisfying) + " of the first " +
                         std::to_string(kMaxInitialCandidates) +
                         " satisfy it (give the variables initial values)");
  }
  if (satisfying == 0) {
    throw InputError(SourceLocation{jani.file, 0, 0},
                     where + ": no initial state satisfies restrict-initial" +
                         (open.empty() ? " (the variables' initial values do not)" : ""));
  }
  if (satisfying > 1) {
    throw InputError(SourceLocation{jani.file, 0, 0},
                     where + ": restrict-initial allows more than one initial state (" + first_text +
                         ", and " + second_text + "); sgplan explores from a single initial state");
  }
  // The one candidate becomes the open variables' initial values.
  for (const auto& at : ic.open_variables) {
    VariableDecl& d = decl(at);
    const Value v = found.at(d.name);
    Node n;
    n.op = v.type == Value::Type::kBool ? Op::kBool : Op::kInt;
    n.int_value = v.type == Value::Type::kBool ? (v.b ? 1 : 0) : v.i;
    n.line = d.where.line;
    n.column = d.where.column;
    d.init = model.pool.add(std::move(n));
  }
  ic.open_variables.clear();
  ic.restriction.reset();
}

}  // namespace sgplan::models::jani
