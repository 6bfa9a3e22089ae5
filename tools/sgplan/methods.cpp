#include "tools/sgplan/methods.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "mdp/methods.hpp"
#include "search/tree_methods.hpp"

namespace sgplan::cli {

namespace {

bool is_attractor(const MethodInfo& row) {
  return row.id == static_cast<int>(mdp::Method::Attractor);
}

}  // namespace

std::vector<const MethodInfo*> method_rows(MethodCommand command) {
  std::vector<const MethodInfo*> out;
  for (const MethodInfo& row : mdp::kGraphMethods) {
    if (!mdp::named_by_user(row)) continue;  // a horizon chooses backward induction
    if (command == MethodCommand::Solve || row.family == MethodFamily::Graph) out.push_back(&row);
  }
  if (command == MethodCommand::Solve) {
    for (const MethodInfo& row : search::kTreeMethods) out.push_back(&row);
  }
  for (const MethodInfo& row : mdp::kPartialMethods) out.push_back(&row);  // simulate plays their policies
  return out;
}

const MethodInfo* find_cli_method(std::string_view method) {
  for (const MethodInfo* row : method_rows(MethodCommand::Solve)) {
    if (row->name == method) return row;
  }
  return nullptr;
}

std::optional<MethodFamily> method_family(std::string_view method) {
  const MethodInfo* row = find_cli_method(method);
  if (row == nullptr) return std::nullopt;
  return row->family;
}

std::vector<std::string_view> method_names(MethodCommand command) {
  std::vector<std::string_view> out;
  for (const MethodInfo* row : method_rows(command)) out.push_back(row->name);
  return out;
}

std::string method_list(MethodCommand command) {
  return join_names(method_names(command));
}

void check_method_name(MethodCommand command, const std::string& method) {
  const std::vector<std::string_view> names = method_names(command);
  if (std::find(names.begin(), names.end(), method) != names.end()) return;
  const std::optional<MethodFamily> family = method_family(method);
  if (command == MethodCommand::Simulate && family) {
    throw InputError(
        "simulate plays the policy a graph solver or a search from the initial state computes (--method " +
        method_list(command) + "); --method " + method + " is " +
        (*family == MethodFamily::Tree ? "a tree search" : "retrograde analysis") +
        ", which has no such policy: use it with sgplan solve");
  }
  throw InputError("unknown --method '" + method + "' (expected " + method_list(command) + ")");
}

ModelFacts facts_of(const models::GraphModel& model, bool has_horizon) {
  ModelFacts facts;
  facts.has_horizon = has_horizon;
  facts.acyclic = model.acyclic();
  facts.infinite_play = model.infinite_play();
  return facts;
}

void add_graph_facts(ModelFacts& facts, const mdp::StateGraph& g) {
  bool chance = g.has_owner(mdp::Owner::Chance);
  for (mdp::ChoiceIndex c = 0; c < g.num_choices() && !chance; ++c) {
    chance = g.end_entry(c) - g.first_entry(c) > 1;
  }
  bool win_lose = true, win_loss_draw = true;
  for (mdp::StateIndex s = 0; s < g.num_states(); ++s) {
    if (!g.is_terminal(s)) continue;
    const double v = g.terminal_value(s);
    win_lose = win_lose && (v == 0.0 || v == 1.0);
    win_loss_draw = win_loss_draw && (v == 0.0 || v == 0.5 || v == 1.0);
  }
  facts.chance = chance;
  facts.win_lose = win_lose;
  facts.win_loss_draw = win_loss_draw;
}

bool usable_on(MethodCommand command, std::string_view method, const ModelFacts& facts) {
  const MethodInfo* row = find_cli_method(method);
  if (row == nullptr) return false;
  const bool no_chance = facts.chance.has_value() && !*facts.chance;
  switch (row->family) {
    case MethodFamily::Graph: {
      // (With --horizon, solve runs backward induction whichever graph solver is named; attractor is
      // listed only where it is the solver it names.)
      if (is_attractor(*row) && !(no_chance && facts.win_lose.value_or(false))) return false;
      const bool draw_rule = facts.infinite_play && *facts.infinite_play != mdp::InfinitePlay::MinWins;
      return command != MethodCommand::Solve || facts.has_horizon || facts.acyclic || !draw_rule;
    }
    case MethodFamily::Retrograde:
      return command == MethodCommand::Solve && !facts.has_horizon && no_chance &&
             facts.win_loss_draw.value_or(false);
    case MethodFamily::Tree:
      return command == MethodCommand::Solve && (!row->needs_horizon || facts.acyclic || facts.has_horizon) &&
             (!search::refuses_chance(static_cast<search::TreeMethod>(row->id)) || no_chance);
    case MethodFamily::Partial: {
      // Eventual success only, with endless plays lost by Max (as the graph solvers read them).
      const bool draw_rule = facts.infinite_play && *facts.infinite_play != mdp::InfinitePlay::MinWins;
      return command == MethodCommand::Solve && !facts.has_horizon && (facts.acyclic || !draw_rule);
    }
    case MethodFamily::Lambda:
      return false;  // threat positions go to sgplan lambda, not to --method
  }
  return false;
}

InputError method_refusal(MethodCommand command, const std::string& kind, const std::string& method,
                          const std::string& reason, const ModelFacts& facts) {
  std::vector<std::string_view> usable, with_horizon;
  ModelFacts given_horizon = facts;
  given_horizon.has_horizon = true;
  for (std::string_view name : method_names(command)) {
    if (usable_on(command, name, facts)) {
      usable.push_back(name);
    } else if (method_family(name) == MethodFamily::Tree && usable_on(command, name, given_horizon)) {
      with_horizon.push_back(name);
    }
  }
  std::string message = "model kind '" + kind + "' cannot use --method " + method + " (" + reason + "); ";
  message += usable.empty() ? std::string("no method works on it as asked")
                            : "methods that work on it: " + join_names(usable);
  if (!with_horizon.empty()) message += "; with --horizon K also " + join_names(with_horizon);
  return InputError(message);
}

}  // namespace sgplan::cli
