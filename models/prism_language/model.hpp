// A PRISM-language model as written (PRISM manual, "The PRISM Language"; PRISM-games, "Stochastic
// multi-player games"): its type, constants, global and module variables, modules of guarded
// commands with probabilistic updates, formulas, labels, players and reward structures. The
// parser (parse_prism_model) fills it, renamed modules already copied out; nothing is evaluated
// yet (constants may be open until --const gives them).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "models/prism_language/expression.hpp"

namespace sgplan::models::prism_language {

enum class ModelType : std::uint8_t { kDtmc, kMdp, kSmg };
std::string_view to_string(ModelType type);

// Where a declaration starts in its file.
struct Place {
  int line = 0;
  int column = 0;
};

struct ConstantDecl {
  std::string name;
  Value::Type type = Value::Type::kInt;  // `const int`, `const double`, `const bool` (`const N` is int)
  std::optional<NodeId> value;           // none: open, to be given with --const
  Place where;
  std::string file;  // where it is declared, when not in the model file (a props file)
};

struct VariableDecl {
  std::string name;
  bool boolean = false;
  NodeId low = 0, high = 0;    // [low..high] for an int variable
  std::optional<NodeId> init;  // none: the lowest value (false for a bool)
  std::string module;          // "" for a global variable
  Place where;
};

struct Assignment {
  std::string variable;
  NodeId value = 0;
  Place where;
};

// p : (x'=e) & (y'=f); a missing probability is 1; `true` assigns nothing.
struct Update {
  std::optional<NodeId> probability;
  std::vector<Assignment> assignments;
  Place where;
};

struct Command {
  std::string action;  // "" for an unlabelled (local) command
  NodeId guard = 0;
  std::vector<Update> updates;
  Place where;
};

struct Module {
  std::string name;
  std::vector<VariableDecl> variables;
  std::vector<Command> commands;
  Place where;
};

struct NamedExpression {  // formula NAME = e;  label "NAME" = e;
  std::string name;
  NodeId value = 0;
  Place where;
};

// PRISM-games: the modules and the actions a player controls.
struct Player {
  std::string name;
  std::vector<std::string> modules;
  std::vector<std::string> actions;
  Place where;
};

// rewards "NAME" ... endrewards: parsed and kept for later objectives.
struct RewardItem {
  std::optional<std::string> action;  // [a] guard : value (transition reward); none: state reward
  NodeId guard = 0;
  NodeId value = 0;
  Place where;
};
struct RewardStructure {
  std::string name;
  std::vector<RewardItem> items;
  Place where;
};

struct PrismModel {
  std::string file;
  ModelType type = ModelType::kMdp;
  ExpressionPool pool;
  std::vector<ConstantDecl> constants;
  std::vector<VariableDecl> globals;
  std::vector<Module> modules;
  std::vector<NamedExpression> formulas;
  std::vector<NamedExpression> labels;
  std::vector<Player> players;
  std::vector<RewardStructure> rewards;
  // Expressions read from other files (a props file, a target given on the command line): the
  // first node of each and its file, in the order they were added (nodes before the first are the
  // model file's).
  std::vector<std::pair<NodeId, std::string>> sources;
  // A model translated from a JSON language (JANI, models/jani/) has no lines: there a Place's line
  // is 1 + an index into these JSON pointers (column 0). Empty for a PRISM file.
  std::vector<std::string> place_names;

  // How messages and choice labels name a place: "line 12", or the JSON pointer.
  std::string place_text(Place where) const;
};

// Reads `const [int|double|bool] NAME [= e];` at the cursor (at `const`), for models and props
// files alike; the caller checks the name is new.
ConstantDecl parse_constant(TokenCursor& in, ExpressionPool& pool);

// Reads a whole model; InputError (file:line:col) on any syntax error, a module renaming an
// unknown module or naming a variable twice, or a declaration given twice.
PrismModel parse_prism_model(std::string_view text, const std::string& file);

}  // namespace sgplan::models::prism_language
