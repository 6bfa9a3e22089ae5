// The `attractor` method: in a game without randomness whose terminals are wins (1) and losses
// (0), Max wins exactly from the attractor of the winning terminals (Max needs one choice into it,
// Min is pulled in when all of its choices lead there); plays that never end are losses for Max.
// Backward induction over the predecessor lists: linear time, exact, no iteration. The rank is the
// number of moves to the win under best play (Max hurries, Min delays).
#include "core/errors.hpp"
#include "mdp/predecessors.hpp"
#include "mdp/qualitative.hpp"
#include "mdp/reachability.hpp"

namespace sgplan::mdp {

bool is_deterministic_win_lose(const StateGraph& g) {
  for (StateIndex s = 0; s < g.num_states(); ++s) {
    if (g.owner(s) == Owner::Chance) return false;
    if (g.is_terminal(s) && g.terminal_value(s) != 0.0 && g.terminal_value(s) != 1.0) return false;
  }
  for (ChoiceIndex c = 0; c < g.num_choices(); ++c) {
    if (g.end_entry(c) - g.first_entry(c) != 1) return false;
  }
  return true;
}

Solution solve_attractor(const StateGraph& g, const SolveOptions&) {
  if (!is_deterministic_win_lose(g)) {
    throw MethodError(
        "the attractor method needs a game without chance (every choice with one successor) and "
        "terminal values 0 or 1");
  }
  Predecessors pred(g);
  const std::size_t n = g.num_states();
  std::vector<std::uint8_t> goal(n, 0);
  for (StateIndex s = 0; s < n; ++s) goal[s] = g.is_terminal(s) && g.terminal_value(s) == 1.0;
  Ranking ranking = rank_toward(g, pred, goal, nullptr);
  Solution out;
  out.method = Method::Attractor;
  out.exact = true;
  out.lower.assign(n, 0.0);
  out.policy.assign(n, kNoChoice);
  for (StateIndex s = 0; s < n; ++s) {
    const bool wins = ranking.rank[s] != kUnranked;
    out.lower[s] = wins ? 1.0 : 0.0;
    out.one_states += wins;
    out.zero_states += !wins;
    if (g.owner(s) == Owner::Max) {
      out.policy[s] = wins ? ranking.via[s] : g.first_choice(s);
    } else if (g.owner(s) == Owner::Min) {
      // Losing for Max: stay outside the attractor. Winning: delay as long as possible.
      ChoiceIndex pick = g.first_choice(s);
      std::uint32_t best_rank = 0;
      for (ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
        const std::uint32_t r = ranking.rank[g.targets(c)[0]];
        if (!wins && r == kUnranked) {
          pick = c;
          break;
        }
        if (wins && r > best_rank) {
          best_rank = r;
          pick = c;
        }
      }
      out.policy[s] = pick;
    }
  }
  out.upper = out.lower;
  return out;
}

}  // namespace sgplan::mdp
