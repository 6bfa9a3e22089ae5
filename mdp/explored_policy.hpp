// Policies from a partial solution (bounded_rtdp.hpp): the explored part written as a state graph
// and both players' choices on it: Max's by the full solver's rule (policy_extraction.hpp: never
// wait forever where a way on exists) on the lower bounds the search proved, Min's greedy on the
// upper bounds, so that each plays the strategy its own bound stands for. States the search met but never
// expanded are terminals of value 0 in that graph and are marked `outside`: a play that reaches one has left
// the part the policy covers (simulate reports such plays on a line of their own instead of scoring them).
#pragma once

#include <vector>

#include "mdp/build_graph.hpp"
#include "mdp/explored_game.hpp"
#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

struct ExploredPolicy {
  BuiltGraph built;                  // the explored part, in the search's state numbering
  std::vector<ChoiceIndex> profile;  // per state: Max's and Min's choice, kNoChoice elsewhere
  std::vector<char> outside;         // per state: 1 where the state was never expanded
};

ExploredPolicy policy_on_explored_part(const ExploredGame& game);

}  // namespace sgplan::mdp
