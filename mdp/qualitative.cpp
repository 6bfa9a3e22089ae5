#include "mdp/qualitative.hpp"

#include "mdp/backward_closure.hpp"
#include "mdp/end_components.hpp"

namespace sgplan::mdp {

namespace {

// Choices of each state, the count a Min state waits for before it joins an attractor.
std::vector<std::uint32_t> choice_counts(const StateGraph& g) {
  std::vector<std::uint32_t> count(g.num_states());
  for (StateIndex s = 0; s < g.num_states(); ++s) count[s] = static_cast<std::uint32_t>(g.num_choices(s));
  return count;
}

// States from which Max (with chance's help) reaches `goal` with positive probability against
// every Min strategy.
std::vector<std::uint8_t> positive_attractor(const StateGraph& g, const Predecessors& pred,
                                             const std::vector<std::uint8_t>& goal) {
  BackwardClosure closure(g, pred);
  for (StateIndex s = 0; s < g.num_states(); ++s) {
    if (goal[s]) closure.add(s);
  }
  std::vector<std::uint32_t> missing = choice_counts(g);  // Min: choices not yet hit
  closure.run([&](ChoiceIndex, StateIndex s, StateIndex) {
    if (g.owner(s) == Owner::Min && --missing[s] > 0) return;
    closure.add(s);
  });
  return closure.take_members();
}

// One least-fixed-point round of the almost-sure computation inside `x` (see the header).
std::vector<std::uint8_t> almost_sure_round(const StateGraph& g, const Predecessors& pred,
                                            const std::vector<std::uint8_t>& success,
                                            const std::vector<std::uint8_t>& x) {
  BackwardClosure closure(g, pred);
  for (StateIndex s = 0; s < g.num_states(); ++s) {
    if (success[s] && x[s]) closure.add(s);
  }
  std::vector<std::uint32_t> missing = choice_counts(g);
  auto support_inside = [&](ChoiceIndex c) {
    for (StateIndex t : g.targets(c)) {
      if (!x[t]) return false;
    }
    return true;
  };
  closure.run([&](ChoiceIndex c, StateIndex s, StateIndex) {
    if (!x[s] || !support_inside(c)) return;
    if (g.owner(s) == Owner::Min && --missing[s] > 0) return;
    closure.add(s);
  });
  return closure.take_members();
}

// The seeds of the one-player almost-sure computations: states of value 0 and terminals below 1.
void add_bad_seeds(const StateGraph& g, const std::vector<std::uint8_t>& positive,
                   const std::vector<std::uint8_t>& success, BackwardClosure& bad) {
  for (StateIndex s = 0; s < g.num_states(); ++s) {
    if (!positive[s] || (g.is_terminal(s) && !success[s])) bad.add(s);
  }
}

std::vector<std::uint8_t> complement(const std::vector<std::uint8_t>& set) {
  std::vector<std::uint8_t> out(set.size());
  for (std::size_t s = 0; s < set.size(); ++s) out[s] = set[s] ? 0 : 1;
  return out;
}

// MDPs with Max (no Min): collapse the maximal end components of the positive non-terminal
// states; the quotient has no end components left, so every play ends in a terminal or a value-0
// state, and reaching success almost surely is the same as surely avoiding the bad states
// (value 0, or terminals below 1). Those are found by one backward pass: a state falls to the bad
// side when chance can take it there (any successor), or when every choice of Max (every exit of
// a collapsed end component) can. Linear time apart from the end-component decomposition, where
// the general nested fixed point needs a full pass per round (de Alfaro, PhD thesis 1997, for the
// end-component view of almost-sure reachability).
std::vector<std::uint8_t> almost_sure_mdp(const StateGraph& g, const Predecessors& pred,
                                          const std::vector<std::uint8_t>& positive,
                                          const std::vector<std::uint8_t>& success,
                                          EndComponentFinder& ends) {
  const std::size_t n = g.num_states();
  std::vector<StateIndex> region;
  for (StateIndex s = 0; s < n; ++s) {
    if (positive[s] && !g.is_terminal(s)) region.push_back(s);
  }
  ends.decompose(region, nullptr);
  // Exits left before a node (a singleton state or a whole end component) falls.
  std::vector<std::uint32_t> exits_left(n, 0);
  std::vector<std::uint32_t> component_exits(ends.count(), 0);
  for (StateIndex s : region) {
    const std::uint32_t ec = ends.component_of(s);
    for (ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
      if (ec == kNoComponent) {
        ++exits_left[s];
      } else if (!ends.stays(c)) {
        ++component_exits[ec];
      }
    }
  }
  BackwardClosure bad(g, pred);
  add_bad_seeds(g, positive, success, bad);
  bad.run([&](ChoiceIndex c, StateIndex s, StateIndex) {
    const std::uint32_t ec = ends.component_of(s);
    if (ec != kNoComponent) {
      if (ends.stays(c) || --component_exits[ec] > 0) return;
      for (StateIndex m : ends.members(ec)) bad.add(m);
      return;
    }
    if (g.owner(s) == Owner::Max && --exits_left[s] > 0) return;
    bad.add(s);
  });
  return complement(bad.members());
}

// Models without Max: Min's value is below 1 exactly where Min (or chance) can reach, with positive
// probability, a state of value 0 or a terminal below 1 (a play that avoids success forever ends in
// an end component Min can keep, all of whose states have value 0). One backward pass.
std::vector<std::uint8_t> almost_sure_without_max(const StateGraph& g, const Predecessors& pred,
                                                  const std::vector<std::uint8_t>& positive,
                                                  const std::vector<std::uint8_t>& success) {
  BackwardClosure bad(g, pred);
  add_bad_seeds(g, positive, success, bad);
  bad.run([&](ChoiceIndex, StateIndex s, StateIndex) { bad.add(s); });
  return complement(bad.members());
}

}  // namespace

QualitativeSets qualitative_analysis(const StateGraph& g, const Predecessors& pred,
                                     EndComponentFinder* ends) {
  const std::size_t n = g.num_states();
  std::vector<std::uint8_t> positive_terminal(n, 0), success(n, 0);
  for (StateIndex s = 0; s < n; ++s) {
    if (g.is_terminal(s)) {
      positive_terminal[s] = g.terminal_value(s) > 0.0;
      success[s] = g.terminal_value(s) == 1.0;
    }
  }
  QualitativeSets out;
  std::vector<std::uint8_t> positive = positive_attractor(g, pred, positive_terminal);
  out.zero = complement(positive);
  for (StateIndex s = 0; s < n; ++s) out.zero_count += out.zero[s];
  const bool has_max = g.has_owner(Owner::Max), has_min = g.has_owner(Owner::Min);
  if (has_max && !has_min) {
    if (ends != nullptr) {
      out.one = almost_sure_mdp(g, pred, positive, success, *ends);
    } else {
      EndComponentFinder local(g, pred);
      out.one = almost_sure_mdp(g, pred, positive, success, local);
    }
  } else if (!has_max) {
    out.one = almost_sure_without_max(g, pred, positive, success);
  } else {
    // Games: the greatest fixed point, started from the positive states (the answer lies inside).
    std::vector<std::uint8_t> x = std::move(positive);
    for (;;) {
      std::vector<std::uint8_t> y = almost_sure_round(g, pred, success, x);
      if (y == x) break;
      x = std::move(y);
    }
    out.one = std::move(x);
  }
  for (StateIndex s = 0; s < n; ++s) out.one_count += out.one[s];
  return out;
}

Ranking rank_toward(const StateGraph& g, const Predecessors& pred, const std::vector<std::uint8_t>& goal,
                    const std::uint8_t* choice_allowed) {
  const std::size_t n = g.num_states();
  Ranking r;
  r.rank.assign(n, kUnranked);
  r.via.assign(n, kNoChoice);
  std::vector<std::uint32_t> missing(n, 0);  // Min: allowed choices not yet hit
  BackwardClosure closure(g, pred);
  for (StateIndex s = 0; s < n; ++s) {
    if (g.owner(s) == Owner::Min) {
      for (ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
        missing[s] += choice_allowed == nullptr || choice_allowed[c] ? 1u : 0u;
      }
    }
    if (goal[s]) {
      r.rank[s] = 0;
      closure.add(s);
    }
  }
  closure.run([&](ChoiceIndex c, StateIndex s, StateIndex t) {
    if (choice_allowed != nullptr && !choice_allowed[c]) return;
    if (g.owner(s) == Owner::Min && (missing[s] == 0 || --missing[s] > 0)) return;
    r.rank[s] = r.rank[t] + 1;
    if (g.owner(s) != Owner::Min) r.via[s] = c;
    closure.add(s);
  });
  return r;
}

}  // namespace sgplan::mdp
