#include "models/ppddl/grounder.hpp"

#include <functional>
#include <map>

#include "core/errors.hpp"

namespace sgplan::models::ppddl {

namespace {

void mark_changed(const Effect& e, std::vector<bool>& changed) {
  if (e.kind == Effect::Kind::kAdd || e.kind == Effect::Kind::kDelete) changed[e.predicate] = true;
  for (const Effect& c : e.children) mark_changed(c, changed);
}

class Grounder {
 public:
  Grounder(const Domain& d, const Problem& p, const GroundingLimits& limits)
      : d_(d), p_(p), limits_(limits), static_(d.predicates.size(), true) {
    std::vector<bool> changed(d.predicates.size(), false);
    for (const Action& a : d.actions) mark_changed(a.effect, changed);
    for (std::size_t k = 0; k < changed.size(); ++k) static_[k] = !changed[k];
    for (const InitAtom& i : p.init) {
      const AtomId a = task_.atoms.intern(i.predicate, i.args);
      mark_initially(a);
    }
    for (AtomId a = 0; a < task_.atoms.size(); ++a)
      if (static_[task_.atoms.predicate(a)] && task_.initially[a]) ++task_.static_facts;
  }

  GroundTask run(const Formula& goal) {
    for (std::uint32_t k = 0; k < d_.actions.size(); ++k) ground_schema(k);
    binding_.clear();
    Condition goal_condition = condition(goal);
    task_.initially.resize(task_.atoms.size(), false);
    // An atom changes only if it starts false and some action adds it, or starts true and some
    // action deletes it; the others keep their init truth. Deciding them may make preconditions
    // false, and the actions dropped may leave more atoms unchanged: repeat until nothing drops.
    for (std::size_t before = task_.actions.size() + 1; before != task_.actions.size();) {
      before = task_.actions.size();
      mark_fluent();
      std::vector<GroundAction> kept;
      for (GroundAction& a : task_.actions) {
        a.precondition = resolve(a.precondition);
        if (a.precondition.is_false()) continue;
        a.effect = resolve(std::move(a.effect));
        kept.push_back(std::move(a));
      }
      task_.actions = std::move(kept);
    }
    task_.goal = resolve(goal_condition);
    return std::move(task_);
  }

 private:
  void mark_initially(AtomId a) {
    if (task_.initially.size() <= a) task_.initially.resize(a + 1, false);
    task_.initially[a] = true;
  }
  bool initially(AtomId a) const { return a < task_.initially.size() && task_.initially[a]; }

  const std::vector<ObjectId>& objects_of(const TypeSet& t) {
    auto it = by_type_.find(t);
    if (it != by_type_.end()) return it->second;
    std::vector<ObjectId> out;
    for (ObjectId o = 0; o < p_.objects.size(); ++o)
      if (d_.subtype(TypeSet{p_.objects[o].type}, t)) out.push_back(o);
    return by_type_.emplace(t, std::move(out)).first->second;
  }

  ObjectId object_of(const Term& t) const { return t.variable ? binding_[t.index] : t.index; }

  // An atom's condition: a static atom is decided by the init, a fluent one stays an atom.
  Condition atom(PredicateId p, const std::vector<Term>& terms) {
    args_.clear();
    for (const Term& t : terms) args_.push_back(object_of(t));
    if (static_[p]) {
      const auto a = task_.atoms.find(p, args_);
      return Condition::constant(a && initially(*a));
    }
    return Condition::of_atom(task_.atoms.intern(p, args_));
  }

  void count_instance() {
    if (++instances_ > limits_.max_quantifier_instances) {
      throw ResourceError("PPDDL grounding: quantifiers expand to more than " +
                          std::to_string(limits_.max_quantifier_instances) +
                          " instances (a fixed limit: the domain quantifies over too many objects)");
    }
  }

  // Calls f once per binding of `vars` (appended to the binding), in the objects' order.
  template <class F>
  void for_each_binding(const std::vector<Variable>& vars, std::size_t k, F& f) {
    if (k == vars.size()) {
      count_instance();
      f();
      return;
    }
    for (ObjectId o : objects_of(vars[k].type)) {
      binding_.push_back(o);
      for_each_binding(vars, k + 1, f);
      binding_.pop_back();
    }
  }

  Condition condition(const Formula& f) {
    switch (f.kind) {
      case Formula::Kind::kAtom:
        return atom(f.predicate, f.terms);
      case Formula::Kind::kEquals:
        return Condition::constant(object_of(f.terms[0]) == object_of(f.terms[1]));
      case Formula::Kind::kNot:
        return negate(condition(f.children[0]));
      case Formula::Kind::kAnd:
      case Formula::Kind::kOr: {
        std::vector<Condition> parts;
        for (const Formula& c : f.children) {
          parts.push_back(condition(c));
          // Stop at a deciding part: the rest cannot change the answer.
          if (parts.back().kind ==
              (f.kind == Formula::Kind::kAnd ? Condition::Kind::kFalse : Condition::Kind::kTrue))
            break;
        }
        return f.kind == Formula::Kind::kAnd ? conjoin(std::move(parts)) : disjoin(std::move(parts));
      }
      case Formula::Kind::kImply:
        return disjoin({negate(condition(f.children[0])), condition(f.children[1])});
      case Formula::Kind::kExists:
      case Formula::Kind::kForall: {
        std::vector<Condition> parts;
        auto body = [&] { parts.push_back(condition(f.children[0])); };
        for_each_binding(f.bound, 0, body);
        return f.kind == Formula::Kind::kExists ? disjoin(std::move(parts)) : conjoin(std::move(parts));
      }
    }
    return Condition::constant(true);
  }

  GroundEffect effect(const Effect& e) {
    GroundEffect g;
    switch (e.kind) {
      case Effect::Kind::kAdd:
      case Effect::Kind::kDelete: {
        const Condition c = atom(e.predicate, e.terms);
        g.kind = e.kind == Effect::Kind::kAdd ? GroundEffect::Kind::kAdd : GroundEffect::Kind::kDelete;
        g.atom = c.atom;  // a changed predicate is never static: c is an atom
        return g;
      }
      case Effect::Kind::kAnd:
        for (const Effect& c : e.children) {
          GroundEffect x = effect(c);
          if (!x.empty()) g.children.push_back(std::move(x));
        }
        break;
      case Effect::Kind::kWhen: {
        Condition c = condition(e.condition);
        if (c.is_false()) return g;
        GroundEffect body = effect(e.children[0]);
        if (c.is_true() || body.empty()) return body;
        g.kind = GroundEffect::Kind::kWhen;
        g.condition = std::move(c);
        g.children.push_back(std::move(body));
        return g;
      }
      case Effect::Kind::kForall: {
        auto body = [&] {
          GroundEffect x = effect(e.children[0]);
          if (!x.empty()) g.children.push_back(std::move(x));
        };
        for_each_binding(e.bound, 0, body);
        break;
      }
      case Effect::Kind::kProbabilistic:
        g.kind = GroundEffect::Kind::kProbabilistic;
        for (std::size_t k = 0; k < e.children.size(); ++k) {
          GroundEffect x = effect(e.children[k]);
          // An empty branch is part of the rest, which changes nothing too.
          if (e.probabilities[k] == 0 || x.empty()) continue;
          g.probabilities.push_back(e.probabilities[k]);
          g.children.push_back(std::move(x));
        }
        if (g.children.empty()) return GroundEffect{};
        return g;
    }
    if (g.children.size() == 1) {
      GroundEffect only = std::move(g.children[0]);
      return only;
    }
    return g;
  }

  // The top-level conjuncts of a precondition that grounding decides alone (static atoms and
  // equalities, or their negations, over parameters and constants), each with the number of
  // parameters that must be bound before it can be checked.
  void prunable(const Formula& f, std::size_t parameters,
                std::vector<std::pair<std::size_t, const Formula*>>& out) {
    if (f.kind == Formula::Kind::kAnd) {
      for (const Formula& c : f.children) prunable(c, parameters, out);
      return;
    }
    const Formula& core = f.kind == Formula::Kind::kNot ? f.children[0] : f;
    const bool decided =
        core.kind == Formula::Kind::kEquals || (core.kind == Formula::Kind::kAtom && static_[core.predicate]);
    if (!decided) return;
    std::size_t needed = 0;
    for (const Term& t : core.terms) {
      if (!t.variable) continue;
      if (t.index >= parameters) return;
      needed = std::max<std::size_t>(needed, t.index + 1);
    }
    out.emplace_back(needed, &f);
  }

  void ground_schema(std::uint32_t k) {
    const Action& a = d_.actions[k];
    std::vector<std::pair<std::size_t, const Formula*>> checks;
    prunable(a.precondition, a.parameters.size(), checks);
    std::vector<std::vector<const Formula*>> at_depth(a.parameters.size() + 1);
    for (const auto& [depth, f] : checks) at_depth[depth].push_back(f);
    std::vector<const std::vector<ObjectId>*> domains;
    for (const Variable& v : a.parameters) domains.push_back(&objects_of(v.type));
    binding_.clear();
    auto holds = [&](std::size_t depth) {
      for (const Formula* f : at_depth[depth])
        if (condition(*f).is_false()) return false;
      return true;
    };
    if (!holds(0)) return;
    // Depth-first over the parameters, each static conjunct checked once its variables are bound.
    std::function<void(std::size_t)> visit = [&](std::size_t depth) {
      if (depth == a.parameters.size()) {
        ++task_.bindings_tried;
        Condition pre = condition(a.precondition);
        if (pre.is_false()) return;
        check_limit(task_.actions.size() + 1, limits_.max_ground_actions, "PPDDL ground actions",
                    "--max-ground-actions");
        GroundAction g;
        g.schema = k;
        g.args = binding_;
        g.precondition = std::move(pre);
        g.effect = effect(a.effect);
        task_.actions.push_back(std::move(g));
        return;
      }
      for (ObjectId o : *domains[depth]) {
        binding_.push_back(o);
        if (holds(depth + 1)) visit(depth + 1);
        binding_.pop_back();
      }
    };
    visit(0);
  }

  void mark_fluent() {
    task_.fluent.assign(task_.atoms.size(), false);
    for (const GroundAction& a : task_.actions) mark_fluent(a.effect);
  }
  void mark_fluent(const GroundEffect& e) {
    if ((e.kind == GroundEffect::Kind::kAdd && !initially(e.atom)) ||
        (e.kind == GroundEffect::Kind::kDelete && initially(e.atom)))
      task_.fluent[e.atom] = true;
    for (const GroundEffect& c : e.children) mark_fluent(c);
  }

  // Atoms no effect changes keep their init truth.
  Condition resolve(const Condition& c) const {
    return substitute(c, [this](AtomId a) -> std::optional<bool> {
      if (task_.fluent[a]) return std::nullopt;
      return initially(a);
    });
  }

  GroundEffect resolve(GroundEffect e) const {
    // Adding an atom that is true for good, or deleting one false for good, changes nothing.
    if ((e.kind == GroundEffect::Kind::kAdd || e.kind == GroundEffect::Kind::kDelete) &&
        !task_.fluent[e.atom])
      return GroundEffect{};
    if (e.kind == GroundEffect::Kind::kWhen) {
      e.condition = resolve(e.condition);
      if (e.condition.is_false()) return GroundEffect{};
      if (e.condition.is_true()) return resolve(std::move(e.children[0]));
    }
    for (GroundEffect& c : e.children) c = resolve(std::move(c));
    return e;
  }

  const Domain& d_;
  const Problem& p_;
  GroundingLimits limits_;
  std::vector<bool> static_;  // per predicate
  GroundTask task_;
  std::map<TypeSet, std::vector<ObjectId>> by_type_;
  std::vector<ObjectId> binding_;  // per variable in scope
  std::vector<ObjectId> args_;     // scratch
  std::uint64_t instances_ = 0;
};

}  // namespace

GroundTask ground(const Domain& domain, const Problem& problem, const Formula& goal,
                  const GroundingLimits& limits) {
  return Grounder(domain, problem, limits).run(goal);
}

std::string atom_text(const Domain& domain, const Problem& problem, const AtomTable& atoms, AtomId a) {
  std::string out = "(" + domain.predicates[atoms.predicate(a)].name;
  for (ObjectId o : atoms.args(a)) out += " " + problem.objects[o].name;
  return out + ")";
}

std::string action_text(const Domain& domain, const Problem& problem, const GroundAction& a) {
  std::string out = domain.actions[a.schema].name;
  for (ObjectId o : a.args) out += " " + problem.objects[o].name;
  return out;
}

}  // namespace sgplan::models::ppddl
