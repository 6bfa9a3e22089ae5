// Retrograde analysis of a deterministic two-player game on its state graph, cycles included: every
// state is a win for Max, a win for Min, or a draw, with the distance to the win, by backward
// induction from the terminals (a state-graph algorithm, so it sits beside mdp/attractor.hpp).
// Plays may be infinite; who wins them is declared (a draw by default, or a win for one player).
// Linear time, no recursion, no unfolding of cycles: each state and edge is touched a constant
// number of times per pass (the classical endgame-database method, Ströhlein 1970 and Thompson
// 1986, in its attractor form, as in Zielonka's treatment of reachability games).
//
// Input: a StateGraph (mdp/state_graph.hpp) whose choices each have one successor, without chance
// states, and whose terminal values are 1 (Max wins), 0 (Min wins) or 1/2 (a draw).
// With T_max, T_min, T_draw the terminal sets and Attr_P(X) the states from which player P can force
// the play into X (P needs one choice into the set, the opponent is pulled in when all of its
// choices lead there), computed breadth-first with counters over the predecessor lists
// (mdp/predecessors.hpp):
//   infinite plays a draw       Max wins on Attr_Max(T_max),        Min wins on Attr_Min(T_min)
//   infinite plays win for Max  Max wins off Attr_Min(T_min+T_draw), Min wins on Attr_Min(T_min)
//   infinite plays win for Min  Max wins on Attr_Max(T_max),         Min wins off Attr_Max(T_max+T_draw)
// and the rest are draws. Distance: the breadth-first rank in the winner's attractor of its winning
// terminals, the number of plies to the win when the winner hurries and the loser delays; none
// (kNoDistance) for draws and for wins that rest on infinite play.
// Moves: the winner's fastest move; the loser's slowest; in a draw a move that keeps the draw (and,
// where infinite play would lose, one that makes progress toward a drawing terminal).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "mdp/state_graph.hpp"

namespace sgplan::mdp {

enum class Verdict : std::uint8_t { MaxWins, Draw, MinWins };
enum class InfinitePlay : std::uint8_t { Draw, MaxWins, MinWins };

std::string_view to_string(Verdict verdict);
std::string_view to_string(InfinitePlay rule);

inline constexpr std::uint32_t kNoDistance = 0xffffffffu;

struct RetrogradeOptions {
  InfinitePlay infinite_play = InfinitePlay::Draw;
};

struct RetrogradeSolution {
  std::vector<Verdict> verdict;         // per state
  std::vector<std::uint32_t> distance;  // plies to the win, or kNoDistance
  std::vector<mdp::ChoiceIndex> move;   // at Max and Min states; kNoChoice elsewhere
  std::size_t max_wins = 0;
  std::size_t min_wins = 0;
  std::size_t draws = 0;

  // 1 for a Max win, 1/2 for a draw, 0 for a Min win.
  double value(mdp::StateIndex s) const {
    return verdict[s] == Verdict::MaxWins ? 1.0 : verdict[s] == Verdict::Draw ? 0.5 : 0.0;
  }
};

// True when every choice has one successor, no state is a chance state, and every terminal value is
// 0, 1/2 or 1.
bool is_deterministic_win_loss_draw(const mdp::StateGraph& graph);

// Throws sgplan::InputError (before any work) when the graph is not such a game.
RetrogradeSolution retrograde(const mdp::StateGraph& graph, const RetrogradeOptions& options);

}  // namespace sgplan::mdp
