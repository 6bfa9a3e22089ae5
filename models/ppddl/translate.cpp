#include "models/ppddl/translate.hpp"

#include <stdexcept>
#include <string>

namespace sgplan::models::ppddl {

namespace {

using prism_language::Node;
using prism_language::NodeId;
using prism_language::Op;

class NodeBuilder {
 public:
  NodeBuilder(prism_language::ExpressionPool& pool, const std::vector<std::string>& names,
              const std::vector<std::int64_t>& variable_of, const std::vector<bool>& initially)
      : pool_(pool), names_(names), variable_of_(variable_of), initially_(initially) {}

  NodeId truth(bool b) {
    Node n;
    n.op = Op::kBool;
    n.int_value = b ? 1 : 0;
    return pool_.add(std::move(n));
  }

  NodeId integer(std::int64_t v) {
    Node n;
    n.op = Op::kInt;
    n.int_value = v;
    return pool_.add(std::move(n));
  }

  // An exact probability: num/den when both fit in 64 bits, else the nearest double.
  NodeId probability(const Rational& p) {
    // At most 18 digits each: below 10^18 < 2^63. (A digit count rather than a comparison with a
    // BigInt constant, which GCC 12 at -O1 reports as maybe-uninitialized inside Boost.)
    const std::string num = numerator(p).str(), den = denominator(p).str();
    if (num.size() <= 18 && den.size() <= 18)
      return op(Op::kDiv, {integer(std::stoll(num)), integer(std::stoll(den))});
    Node n;
    n.op = Op::kReal;
    n.real_value = to_double(p);
    return pool_.add(std::move(n));
  }

  NodeId condition(const Condition& c) {
    switch (c.kind) {
      case Condition::Kind::kTrue:
        return truth(true);
      case Condition::Kind::kFalse:
        return truth(false);
      case Condition::Kind::kAtom: {
        // Grounding decided every atom no effect changes; what remains are state variables.
        if (variable_of_[c.atom] < 0) return truth(c.atom < initially_.size() && initially_[c.atom]);
        Node n;
        n.op = Op::kName;
        n.name = names_[static_cast<std::size_t>(variable_of_[c.atom])];
        return pool_.add(std::move(n));
      }
      case Condition::Kind::kNot:
        return op(Op::kNot, {condition(c.children[0])});
      case Condition::Kind::kAnd:
      case Condition::Kind::kOr: {
        std::vector<NodeId> parts;
        for (const Condition& child : c.children) parts.push_back(condition(child));
        return balanced(c.kind == Condition::Kind::kAnd ? Op::kAnd : Op::kOr, parts, 0, parts.size());
      }
    }
    throw std::logic_error("ppddl: unknown condition kind");
  }

 private:
  NodeId op(Op o, std::vector<NodeId> args) {
    Node n;
    n.op = o;
    n.args = std::move(args);
    return pool_.add(std::move(n));
  }

  // A binary tree of even depth, so a goal of a thousand atoms stays shallow for the evaluators.
  NodeId balanced(Op o, const std::vector<NodeId>& parts, std::size_t from, std::size_t to) {
    if (to - from == 1) return parts[from];
    const std::size_t mid = from + (to - from) / 2;
    return op(o, {balanced(o, parts, from, mid), balanced(o, parts, mid, to)});
  }

  prism_language::ExpressionPool& pool_;
  const std::vector<std::string>& names_;
  const std::vector<std::int64_t>& variable_of_;
  const std::vector<bool>& initially_;
};

}  // namespace

Translation translate(const Domain& domain, const Problem& problem, const GroundTask& task,
                      const std::vector<std::vector<GroundCommand>>& commands) {
  Translation t;
  prism_language::PrismModel& m = t.model;
  m.file = problem.file;
  m.type = prism_language::ModelType::kMdp;
  std::vector<std::int64_t> variable_of(task.atoms.size(), -1);
  for (AtomId a = 0; a < task.atoms.size(); ++a) {
    if (!task.fluent[a]) continue;
    variable_of[a] = static_cast<std::int64_t>(t.variables.size());
    t.variables.push_back(atom_text(domain, problem, task.atoms, a));
  }
  NodeBuilder build(m.pool, t.variables, variable_of, task.initially);
  prism_language::Module module;
  module.name = "ppddl";
  for (AtomId a = 0; a < task.atoms.size(); ++a) {
    if (variable_of[a] < 0) continue;
    prism_language::VariableDecl v;
    v.name = t.variables[static_cast<std::size_t>(variable_of[a])];
    v.boolean = true;
    v.init = build.truth(task.initially[a]);
    v.module = module.name;
    module.variables.push_back(std::move(v));
  }
  for (std::size_t k = 0; k < task.actions.size(); ++k) {
    const GroundAction& a = task.actions[k];
    const Place where = domain.actions[a.schema].where;
    const std::string label = action_text(domain, problem, a);
    for (const GroundCommand& g : commands[k]) {
      prism_language::Command c;
      c.action = label;
      c.where = {where.line, where.column};
      c.guard = build.condition(g.guard);
      for (const Outcome& o : g.outcomes) {
        prism_language::Update u;
        if (o.probability != 1) u.probability = build.probability(o.probability);
        for (const Assignment& x : o.assignments) {
          u.assignments.push_back(prism_language::Assignment{
              t.variables[static_cast<std::size_t>(variable_of[x.atom])], build.condition(x.value), c.where});
        }
        c.updates.push_back(std::move(u));
        ++t.outcomes;
      }
      module.commands.push_back(std::move(c));
      ++t.commands;
    }
  }
  m.modules.push_back(std::move(module));
  t.goal = build.condition(task.goal);
  m.labels.push_back(
      prism_language::NamedExpression{"goal", t.goal, {problem.goal_where.line, problem.goal_where.column}});
  return t;
}

}  // namespace sgplan::models::ppddl
