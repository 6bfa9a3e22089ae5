#include "models/ppddl/outcomes.hpp"

#include <algorithm>
#include <map>
#include <string>

#include "core/errors.hpp"

namespace sgplan::models::ppddl {

namespace {

struct Literal {
  AtomId atom;
  bool add;
  Condition condition;  // of the enclosing whens without probabilities
};

struct Branch {
  Rational probability;
  std::vector<Literal> literals;
};

// A split condition without its outer `not`: (wet) and (not (wet)) split the command once.
struct SplitCore {
  const Condition* core;
  bool negated;
};
SplitCore split_core(const Condition& c) {
  if (c.kind == Condition::Kind::kNot) return {&c.children[0], true};
  return {&c, false};
}

bool has_probabilistic(const GroundEffect& e) {
  if (e.kind == GroundEffect::Kind::kProbabilistic) return true;
  return std::any_of(e.children.begin(), e.children.end(),
                     [](const GroundEffect& c) { return has_probabilistic(c); });
}

class Flattener {
 public:
  Flattener(const std::vector<std::string>& split_keys, std::uint64_t mask, const OutcomeLimits& limits)
      : keys_(split_keys), mask_(mask), limits_(limits) {}

  std::vector<Branch> flatten(const GroundEffect& e, const Condition& context) const {
    switch (e.kind) {
      case GroundEffect::Kind::kAdd:
      case GroundEffect::Kind::kDelete:
        return {Branch{1, {Literal{e.atom, e.kind == GroundEffect::Kind::kAdd, context}}}};
      case GroundEffect::Kind::kAnd: {
        std::vector<Branch> out{Branch{1, {}}};
        for (const GroundEffect& c : e.children) out = product(out, flatten(c, context));
        return out;
      }
      case GroundEffect::Kind::kWhen: {
        if (!has_probabilistic(e.children[0])) return flatten(e.children[0], conjoin({context, e.condition}));
        // Split: this command is the side of the split where the condition is (not) true.
        const SplitCore split = split_core(e.condition);
        const auto it = std::find(keys_.begin(), keys_.end(), key(*split.core));
        // Written in steps: the one-expression form ((mask >> i) & 1) != 0) != negated came out
        // wrong from GCC 12 at -O3 (right at -O1, with ASan and UBSan silent);
        // PpddlSemantics.WhenOverProbabilitiesSplitsTheCommand catches it.
        const auto index = static_cast<std::size_t>(it - keys_.begin());
        const bool bit = ((mask_ >> index) & 1U) != 0;
        const bool holds = split.negated ? !bit : bit;
        if (!holds) return {Branch{1, {}}};
        return flatten(e.children[0], context);
      }
      case GroundEffect::Kind::kProbabilistic: {
        std::vector<Branch> out;
        Rational rest = 1;
        for (std::size_t k = 0; k < e.children.size(); ++k) {
          rest -= e.probabilities[k];
          for (Branch& b : flatten(e.children[k], context)) {
            b.probability *= e.probabilities[k];
            out.push_back(std::move(b));
          }
          check(out.size());
        }
        if (rest > 0) out.push_back(Branch{rest, {}});
        return out;
      }
    }
    return {Branch{1, {}}};
  }

 private:
  void check(std::size_t n) const {
    if (n > limits_.max_outcomes) {
      throw ResourceError(
          "PPDDL: an action has more than " + std::to_string(limits_.max_outcomes) +
          " outcomes in one state (its independent probabilistic effects multiply; a fixed limit)");
    }
  }

  std::vector<Branch> product(const std::vector<Branch>& a, const std::vector<Branch>& b) const {
    if (a.size() > limits_.max_outcomes / std::max<std::size_t>(b.size(), 1)) check(limits_.max_outcomes + 1);
    std::vector<Branch> out;
    out.reserve(a.size() * b.size());
    for (const Branch& x : a) {
      for (const Branch& y : b) {
        Branch z{x.probability * y.probability, x.literals};
        z.literals.insert(z.literals.end(), y.literals.begin(), y.literals.end());
        out.push_back(std::move(z));
      }
    }
    return out;
  }

  const std::vector<std::string>& keys_;
  std::uint64_t mask_;
  OutcomeLimits limits_;
};

// The conditions of the `when`s whose bodies hold probabilities, each once.
void collect_splits(const GroundEffect& e, std::vector<std::string>& keys,
                    std::vector<Condition>& conditions) {
  if (e.kind == GroundEffect::Kind::kWhen && has_probabilistic(e.children[0])) {
    const Condition& core = *split_core(e.condition).core;
    const std::string k = key(core);
    if (std::find(keys.begin(), keys.end(), k) == keys.end()) {
      keys.push_back(k);
      conditions.push_back(core);
    }
  }
  for (const GroundEffect& c : e.children) collect_splits(c, keys, conditions);
}

// The branch's literals as one assignment per atom: a' = A | (!D & a) (deletes first, then adds).
std::vector<Assignment> assignments_of(const std::vector<Literal>& literals) {
  std::map<AtomId, std::pair<std::vector<Condition>, std::vector<Condition>>> by_atom;  // adds, deletes
  for (const Literal& l : literals) {
    auto& [adds, deletes] = by_atom[l.atom];
    (l.add ? adds : deletes).push_back(l.condition);
  }
  std::vector<Assignment> out;
  for (auto& [atom, parts] : by_atom) {
    auto& [adds, deletes] = parts;
    const Condition self = Condition::of_atom(atom);
    Condition kept = deletes.empty() ? self : conjoin({negate(disjoin(std::move(deletes))), self});
    Condition value = adds.empty() ? std::move(kept) : disjoin({disjoin(std::move(adds)), std::move(kept)});
    if (value.kind == Condition::Kind::kAtom && value.atom == atom) continue;  // no change
    out.push_back(Assignment{atom, std::move(value)});
  }
  return out;
}

}  // namespace

std::vector<GroundCommand> commands_of(const GroundAction& action, const OutcomeLimits& limits) {
  std::vector<std::string> keys;
  std::vector<Condition> conditions;
  collect_splits(action.effect, keys, conditions);
  if (keys.size() > limits.max_splits) {
    throw ResourceError(
        "PPDDL: an action has " + std::to_string(keys.size()) +
        " different 'when' conditions over probabilistic effects; sgplan splits the action by "
        "their truth, up to " +
        std::to_string(limits.max_splits) + " (a fixed limit)");
  }
  std::vector<GroundCommand> out;
  for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << keys.size()); ++mask) {
    std::vector<Condition> guard{action.precondition};
    for (std::size_t k = 0; k < keys.size(); ++k)
      guard.push_back(((mask >> k) & 1U) != 0 ? conditions[k] : negate(conditions[k]));
    GroundCommand command;
    command.guard = conjoin(std::move(guard));
    if (command.guard.is_false()) continue;
    const Flattener flattener(keys, mask, limits);
    std::map<std::string, std::size_t> seen;  // outcomes with the same assignments merge
    for (Branch& b : flattener.flatten(action.effect, Condition::constant(true))) {
      std::vector<Assignment> a = assignments_of(b.literals);
      std::string k;
      for (const Assignment& x : a) k += std::to_string(x.atom) + "=" + key(x.value) + ";";
      const auto [it, inserted] = seen.emplace(k, command.outcomes.size());
      if (inserted) {
        command.outcomes.push_back(Outcome{b.probability, std::move(a)});
      } else {
        command.outcomes[it->second].probability += b.probability;
      }
    }
    out.push_back(std::move(command));
  }
  return out;
}

}  // namespace sgplan::models::ppddl
