#include "mdp/retrograde.hpp"

#include "core/errors.hpp"
#include "mdp/predecessors.hpp"

namespace sgplan::mdp {

std::string_view to_string(Verdict verdict) {
  switch (verdict) {
    case Verdict::MaxWins:
      return "max-wins";
    case Verdict::Draw:
      return "draw";
    case Verdict::MinWins:
      return "min-wins";
  }
  return "?";
}

std::string_view to_string(InfinitePlay rule) {
  switch (rule) {
    case InfinitePlay::Draw:
      return "draw";
    case InfinitePlay::MaxWins:
      return "max-wins";
    case InfinitePlay::MinWins:
      return "min-wins";
  }
  return "?";
}

bool is_deterministic_win_loss_draw(const StateGraph& g) {
  for (StateIndex s = 0; s < g.num_states(); ++s) {
    if (g.owner(s) == Owner::Chance) return false;
    if (g.is_terminal(s)) {
      const double v = g.terminal_value(s);
      if (v != 0.0 && v != 0.5 && v != 1.0) return false;
    }
  }
  for (ChoiceIndex c = 0; c < g.num_choices(); ++c) {
    if (g.end_entry(c) - g.first_entry(c) != 1) return false;
  }
  return true;
}

namespace {

// Player `attacker`'s attractor of `target` with breadth-first ranks. via[s]: for the attacker, the
// first choice that reached a state of the previous rank (the fastest); for the defender, the choice
// counted last, whose successor has the largest rank (the slowest).
struct Attractor {
  std::vector<std::uint32_t> rank;
  std::vector<ChoiceIndex> via;
  bool contains(StateIndex s) const { return rank[s] != kNoDistance; }
};

Attractor attract(const StateGraph& g, const mdp::Predecessors& pred, const std::vector<std::uint8_t>& target,
                  Owner attacker) {
  const std::size_t n = g.num_states();
  Attractor a;
  a.rank.assign(n, kNoDistance);
  a.via.assign(n, kNoChoice);
  std::vector<std::uint32_t> pending(n, 0);
  std::vector<StateIndex> queue;
  queue.reserve(n);
  for (StateIndex s = 0; s < n; ++s) {
    pending[s] = static_cast<std::uint32_t>(g.num_choices(s));
    if (target[s]) {
      a.rank[s] = 0;
      queue.push_back(s);
    }
  }
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const StateIndex t = queue[head];
    for (ChoiceIndex c : pred.choices_into(t)) {
      const StateIndex s = pred.state_of(c);
      if (a.contains(s)) continue;
      if (g.owner(s) == attacker || --pending[s] == 0) {
        a.rank[s] = a.rank[t] + 1;
        a.via[s] = c;
        queue.push_back(s);
      }
    }
  }
  return a;
}

}  // namespace

RetrogradeSolution retrograde(const StateGraph& g, const RetrogradeOptions& options) {
  if (!is_deterministic_win_loss_draw(g)) {
    throw MethodError(
        "retrograde analysis needs a deterministic game (no chance, one successor per choice) with "
        "terminal values 1 (Max wins), 0 (Min wins) or 1/2 (draw)");
  }
  const std::size_t n = g.num_states();
  const mdp::Predecessors pred(g);
  auto terminals = [&](bool max_win, bool draw, bool min_win) {
    std::vector<std::uint8_t> set(n, 0);
    for (StateIndex s = 0; s < n; ++s) {
      if (!g.is_terminal(s)) continue;
      const double v = g.terminal_value(s);
      set[s] = (v == 1.0 && max_win) || (v == 0.5 && draw) || (v == 0.0 && min_win);
    }
    return set;
  };
  // 1. Each player's attractor of its own winning terminals: wins by force, with distances.
  const Attractor max_attr = attract(g, pred, terminals(true, false, false), Owner::Max);
  const Attractor min_attr = attract(g, pred, terminals(false, false, true), Owner::Min);
  // 2. Where infinite play wins for a player, that player also wins wherever the opponent cannot
  //    force a terminal that is not the player's win; `safe` is the opponent's attractor of those.
  const InfinitePlay rule = options.infinite_play;
  Attractor safe;
  if (rule == InfinitePlay::MaxWins) safe = attract(g, pred, terminals(false, true, true), Owner::Min);
  if (rule == InfinitePlay::MinWins) safe = attract(g, pred, terminals(true, true, false), Owner::Max);

  RetrogradeSolution out;
  out.verdict.assign(n, Verdict::Draw);
  out.distance.assign(n, kNoDistance);
  out.move.assign(n, kNoChoice);
  for (StateIndex s = 0; s < n; ++s) {
    const bool max_wins = rule == InfinitePlay::MaxWins ? !safe.contains(s) : max_attr.contains(s);
    const bool min_wins = rule == InfinitePlay::MinWins ? !safe.contains(s) : min_attr.contains(s);
    if (max_wins) {
      out.verdict[s] = Verdict::MaxWins;
      out.distance[s] = max_attr.rank[s];
      ++out.max_wins;
    } else if (min_wins) {
      out.verdict[s] = Verdict::MinWins;
      out.distance[s] = min_attr.rank[s];
      ++out.min_wins;
    } else {
      ++out.draws;
    }
  }
  // 3. Moves.
  for (StateIndex s = 0; s < n; ++s) {
    const Owner o = g.owner(s);
    if (o != Owner::Max && o != Owner::Min) continue;
    const Verdict mine = o == Owner::Max ? Verdict::MaxWins : Verdict::MinWins;
    const Verdict theirs = o == Owner::Max ? Verdict::MinWins : Verdict::MaxWins;
    const Attractor& own = o == Owner::Max ? max_attr : min_attr;
    const Attractor& other = o == Owner::Max ? min_attr : max_attr;
    auto first_into = [&](Verdict v) {
      for (ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
        if (out.verdict[g.targets(c)[0]] == v) return c;
      }
      return g.first_choice(s);
    };
    ChoiceIndex pick = g.first_choice(s);
    if (out.verdict[s] == mine) {
      pick = own.contains(s) ? own.via[s] : first_into(mine);
    } else if (out.verdict[s] == theirs) {
      pick = other.contains(s) ? other.via[s] : g.first_choice(s);
    } else {
      // A draw: where infinite play loses for the mover, head for a drawing terminal.
      const bool must_progress = (rule == InfinitePlay::MinWins && o == Owner::Max) ||
                                 (rule == InfinitePlay::MaxWins && o == Owner::Min);
      pick = must_progress && safe.contains(s) ? safe.via[s] : first_into(Verdict::Draw);
    }
    out.move[s] = pick;
  }
  return out;
}

}  // namespace sgplan::mdp
