// The --method names of the commands that take one, composed from the families' method tables
// (mdp/methods.hpp, search/tree_methods.hpp; core/method_info.hpp), and the refusal of a method a
// model cannot use, which names the model kind and the methods that do work on it.
//   solve      every method: the graph solvers, retrograde analysis, the tree searches
//   simulate   the graph solvers only. It plays the solver's policy, a choice at every state a play
//              may reach, many times with chance sampled. A tree search answers for the initial
//              state only (one move, to a horizon), so it has no policy to play, and a search at
//              every step of every run would estimate a different quantity (a horizon value);
//              retrograde analysis classifies games without chance, where every run is the same.
// Which method works on which model (usable_on) follows the solvers' own conditions: attractor and
// retrograde need a game without chance (terminal values 0 or 1; 0, 1/2 or 1 for retrograde),
// alphabeta and minimax a model without chance, tree search on a cyclic model a horizon, and the graph
// solvers on a game whose infinite plays are not losses for Max (a draw rule) a horizon.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/errors.hpp"
#include "core/method_info.hpp"
#include "mdp/state_graph.hpp"
#include "models/graph_model.hpp"

namespace sgplan::cli {

enum class MethodCommand { Solve, Simulate };

// The rows a command accepts, in the order its help lists them: solve takes the graph methods,
// retrograde analysis and the tree searches; simulate the graph methods only.
std::vector<const MethodInfo*> method_rows(MethodCommand command);
// The row of a name that some command accepts, or nullptr.
const MethodInfo* find_cli_method(std::string_view method);
// The method's family, whichever command it belongs to; nullopt for an unknown name.
std::optional<MethodFamily> method_family(std::string_view method);
// The names a command accepts, in the order its help lists them.
std::vector<std::string_view> method_names(MethodCommand command);
// "a, b, c or d": the command's names.
std::string method_list(MethodCommand command);

// InputError unless the command accepts the name (unknown, or of another command).
void check_method_name(MethodCommand command, const std::string& method);

// What decides whether a method works on a model. Unknown facts (nullopt) count against a method.
struct ModelFacts {
  bool has_horizon = false;
  bool acyclic = false;
  std::optional<mdp::InfinitePlay> infinite_play;
  std::optional<bool> chance;         // a chance state, or a choice with several outcomes
  std::optional<bool> win_lose;       // every terminal value 0 or 1
  std::optional<bool> win_loss_draw;  // every terminal value 0, 1/2 or 1
};
ModelFacts facts_of(const models::GraphModel& model, bool has_horizon);
void add_graph_facts(ModelFacts& facts, const mdp::StateGraph& graph);

bool usable_on(MethodCommand command, std::string_view method, const ModelFacts& facts);

// The refusal: "model kind 'K' cannot use --method M (reason); methods that work on it: ...", and
// the tree searches that would work with --horizon K.
InputError method_refusal(MethodCommand command, const std::string& kind, const std::string& method,
                          const std::string& reason, const ModelFacts& facts);

}  // namespace sgplan::cli
