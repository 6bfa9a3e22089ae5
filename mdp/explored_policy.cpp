#include "mdp/explored_policy.hpp"

#include "mdp/policy_extraction.hpp"
#include "mdp/predecessors.hpp"

namespace sgplan::mdp {

ExploredPolicy policy_on_explored_part(const ExploredGame& game) {
  ExploredPolicy out;
  out.built = game.to_built_graph(0.0);
  const StateGraph& g = out.built.graph;
  out.outside.assign(g.num_states(), 0);
  for (StateIndex s = 0; s < g.num_states(); ++s) out.outside[s] = !game.expanded(s);
  // Max plays for the lower bound: the choices that keep it (frontier worth 0, so leaving the
  // explored part never counts as progress), with the full solver's progress rule among them.
  out.profile = extract_policy(g, Predecessors(g), game.lower_bounds());
  // Min plays for the upper bound (the frontier worth 1 to Max, so Min keeps out of it): the choice
  // with the smallest upper value, the first one on ties. Against each other the two strategies
  // realise a value in [lower, upper], and a play leaves the explored part only where chance
  // forces it.
  for (StateIndex s = 0; s < g.num_states(); ++s) {
    if (g.owner(s) != Owner::Min) continue;
    ChoiceIndex best = game.first_choice(s);
    for (ChoiceIndex c = best + 1; c < game.end_choice(s); ++c) {
      if (game.choice_upper(c) < game.choice_upper(best)) best = c;
    }
    out.profile[s] = g.first_choice(s) + (best - game.first_choice(s));
  }
  return out;
}

}  // namespace sgplan::mdp
