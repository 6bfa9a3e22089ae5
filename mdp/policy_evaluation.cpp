#include "mdp/policy_evaluation.hpp"

#include <stdexcept>

#include "mdp/chain_solve.hpp"
#include "mdp/region_system.hpp"

namespace sgplan::mdp {

std::vector<double> evaluate_profile(const StateGraph& g, const Predecessors& /*predecessors*/,
                                     const std::vector<ChoiceIndex>& profile) {
  const std::size_t n = g.num_states();
  std::vector<double> x(n, 0.0);
  std::vector<StateIndex> region;
  for (StateIndex s = 0; s < n; ++s) {
    if (g.is_terminal(s)) {
      x[s] = g.terminal_value(s);
    } else {
      region.push_back(s);
    }
  }
  if (region.empty()) return x;
  // The whole chain as one region whose exits are the terminals (chain_solve.hpp does the work).
  const RegionSystem system(g, region);
  std::vector<std::uint32_t> local(system.size());
  for (std::uint32_t i = 0; i < system.size(); ++i) {
    const StateIndex s = system.state(i);
    const ChoiceIndex c = g.owner(s) == Owner::Chance ? g.first_choice(s) : profile[s];
    local[i] = system.first_choice(i) + (c - g.first_choice(s));
  }
  const ChainSolution chain = solve_chain(system, local, x.data(), false);
  if (!chain.ok) throw std::runtime_error("policy evaluation: " + chain.failure);
  for (std::uint32_t i = 0; i < system.size(); ++i) x[system.state(i)] = chain.value[i];
  return x;
}

}  // namespace sgplan::mdp
