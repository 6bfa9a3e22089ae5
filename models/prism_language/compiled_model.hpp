// A PRISM-language model made executable (PRISM manual, "The PRISM Language" and "Parallel
// composition"; PRISM-games for smg): constants evaluated (open ones from --const), variables
// laid out in a 64-bit state key, and the successors of a state generated from the commands:
// each enabled unlabelled command is a choice; for each action, every combination of one enabled
// command from each module that has the action is a choice, whose distribution is the product of
// the commands' updates (a module with the action and no enabled command for it blocks it). In a
// dtmc the choices of a state are mixed uniformly, as PRISM does. A state with no choice (a
// deadlock) gets a self-loop, as PRISM's default does, and is counted.
//
// States: the variables are laid out in 64-bit words (none straddles two). A model of one word is
// its state; a wider one is interned (wide_state_table.hpp) and its state is the id. Guards,
// probabilities and assignments are compiled (expression_program.hpp); where a model's expression
// does not compile, or a state meets an error (a value out of range, probabilities that do not
// sum to 1), that state is expanded again by the tree walker, which reports the error with its
// place.
//
// The objective (set_objective) makes the target states terminal successes and says who
// maximizes: the mdp's one player for Pmax, or the coalition of an smg (the others minimize);
// an smg state's owner is the player whose module or action moves there, and a state where two
// players could move is an InputError naming both.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "mdp/implicit_model.hpp"
#include "models/prism_language/expression_program.hpp"
#include "models/prism_language/guard_index.hpp"
#include "models/prism_language/model.hpp"
#include "models/prism_language/wide_state_table.hpp"

namespace sgplan::models::prism_language {

// --const N=3,K=2 (each value an int, a double or true/false, checked against the constant's type).
using ConstantOverrides = std::map<std::string, std::string>;
// Reads "N=3,K=2" (InputError on a malformed list).
ConstantOverrides parse_constant_overrides(const std::string& text);

class CompiledModel {
 public:
  using State = std::uint64_t;
  static constexpr std::uint32_t kMaxStateWords = 1024;

  // InputError (file:line:col) on an open constant without --const, a constant of the wrong type,
  // a range that is empty, or a model wider than kMaxStateWords words of state.
  CompiledModel(PrismModel model, const ConstantOverrides& constants);

  // Adds a node (its arguments already in the model) and binds its names.
  NodeId add_node(Node node);
  // The value of a constant expression (a step bound, a P bound).
  Value constant_value_of(NodeId id) const;
  // Parses `text` (a state expression: labels in quotes, formulas, variables) into the model.
  NodeId add_expression(const std::string& text, const std::string& where);
  // Success is reaching a state where `target` holds. maximize: the coalition (mdp: the one
  // player; dtmc: none) maximizes, the others minimize. `coalition` names smg players.
  // `avoid` (phi U psi: the states where phi fails) makes those states terminal failures.
  void set_objective(NodeId target, bool maximize, const std::vector<std::string>& coalition = {},
                     std::optional<NodeId> avoid = std::nullopt);

  // The implicit model (mdp/implicit_model.hpp).
  State initial() const { return initial_; }
  mdp::Owner owner(const State& s) const;
  double terminal_value(const State& s) const { return is_target(s) ? 1.0 : 0.0; }
  bool is_avoided(const State& s) const;
  template <class F>
  void for_each_choice(const State& s, F f) const {
    choices(s);
    deadlocks_ += scratch_deadlock_ ? 1 : 0;
    // Copies: a tree search asks for a successor's choices from inside f, which refills the scratch.
    const std::vector<Choice> cs = scratch_choices_;
    const std::vector<mdp::Outcome<State>> os = scratch_outcomes_;
    for (const Choice& c : cs) f(c.label, std::span<const mdp::Outcome<State>>(os.data() + c.first, c.count));
  }
  // PRISM's view of a state's choices, for export (explicit_export.hpp): each choice as the commands
  // give it, before the rules PRISM applies to a whole state (a dtmc's choices mixed, a deadlock
  // given a self-loop), in PRISM's order of generation (simulator/Updater.java,
  // calculateTransitions): the enabled unlabelled commands by module and command, then each action
  // in the order of its first appearance with every combination of its modules' enabled commands,
  // the first module's command changing fastest; the outcomes of a combination likewise. `action`
  // indexes actions() (-1: an unlabelled command), `player` is the smg player moving (-1
  // otherwise). No choice: a deadlock. f must not ask this model for other choices.
  struct CommandChoice {
    int action;
    int player;
    std::span<const mdp::Outcome<State>> outcomes;
  };
  template <class F>
  void for_each_command_choice(const State& s, F f) const {
    raw_choices(s);
    for (const Choice& c : scratch_choices_) {
      f(CommandChoice{label_action_[c.label], c.player,
                      std::span<const mdp::Outcome<State>>(scratch_outcomes_.data() + c.first, c.count)});
    }
  }
  // The synchronising actions, in the order of their first appearance in the modules.
  const std::vector<std::string>& actions() const { return actions_; }
  // The 0-based player who moves in `s` in an smg, -1 where no choice names one (a deadlock);
  // InputError where two players could move.
  int moving_player(const State& s) const;
  // Whether the model's label k (model().labels[k]) holds in `s`.
  bool label_holds(std::size_t k, const State& s) const;
  std::size_t num_variables() const { return variables_.size(); }
  const std::string& variable_name(std::size_t k) const { return variables_[k].name; }
  // A key whose order is PRISM's order of states (parser/State.java, compareTo): by the values of
  // the variables in declaration order (globals first), false before true. The key is
  // order_key_words() words, compared as unsigned numbers, word 0 first.
  std::uint32_t order_key_words() const { return key_words_; }
  void order_key(const State& s, std::uint64_t* key) const;

  std::uint64_t pack(const State& s) const { return s; }
  State unpack(std::uint64_t key) const { return key; }
  std::string label_name(mdp::LabelId id) const { return labels_[id]; }

  const PrismModel& model() const { return model_; }
  int state_bits() const { return bits_; }
  std::uint32_t state_words() const { return words_; }
  // Off: every state is expanded by the tree walker (tests compare the two).
  void set_fast_path(bool on) {
    use_programs_ = on;
    fast_ = on && compiled_;
    scratch_valid_ = false;
  }
  // The value of a variable in a state, and the state as PRISM writes it: (x=1, b=true, ...).
  Value variable_value(const State& s, std::size_t variable) const;
  std::string describe(const State& s) const;
  bool is_target(const State& s) const;
  // Deadlocks met so far: states whose choices were asked and had none (the builder asks once).
  std::uint64_t deadlocks() const { return deadlocks_; }

 private:
  struct Variable {
    std::string name;
    bool boolean = false;
    std::int64_t low = 0, high = 1;
    std::uint32_t word = 0;
    int shift = 0, bits = 0;
    Place where;
  };
  // The compiled commands (fast path).
  struct FastAssignment {
    std::uint32_t variable;
    ExpressionProgram::Ref value;
  };
  struct FastUpdate {
    std::optional<ExpressionProgram::Ref> probability;  // none: 1
    std::vector<FastAssignment> assignments;
  };
  struct FastCommand {
    ExpressionProgram::Ref guard;
    std::vector<FastUpdate> updates;
  };
  enum class BindingKind : std::uint8_t { kNone, kConstant, kVariable, kFormula };
  struct Binding {
    BindingKind kind = BindingKind::kNone;
    std::uint32_t index = 0;
  };
  struct Choice {
    mdp::LabelId label;
    std::uint32_t first, count;
    int player;  // smg: the moving player; -1 otherwise
  };
  class StateEnvironment;
  class NameContext;

  Value eval(NodeId id, const State& s) const;
  // The file a node was read from: the model's, or the `where` of add_expression.
  const std::string& file_of(NodeId id) const;
  bool holds(NodeId id, const State& s) const;
  void bind_names();
  void lay_out_variables();
  void choices(const State& s) const;      // fills scratch_choices_ and scratch_outcomes_
  void raw_choices(const State& s) const;  // the same before finish_choices
  int player_in_scratch(const State& s) const;
  void slow_choices(const State& s) const;
  void finish_choices(const State& s) const;
  bool fast_choices(const State& s) const;  // false: trouble (the tree walker must expand s)
  bool fast_products(mdp::LabelId label, int player) const;
  void compile_commands();
  std::optional<ExpressionProgram::Ref> compile(NodeId id);
  const std::uint64_t* words_of(const State& s) const { return wide_ ? table_.words(s) : &s; }
  State state_of(const std::uint64_t* words) const { return wide_ ? table_.intern(words) : words[0]; }
  Value value_in(const std::uint64_t* words, std::size_t variable) const;
  bool holds_in(NodeId id, std::optional<ExpressionProgram::Ref> program, const State& s) const;
  void add_update_products(const State& s, const std::vector<std::pair<std::size_t, std::size_t>>& commands,
                           mdp::LabelId label, int player) const;
  void apply(const State& s, const Update& u, std::vector<std::uint64_t>& into, std::vector<int>& written,
             const Command& c) const;
  [[noreturn]] void fail(Place where, const std::string& message) const;

  PrismModel model_;
  std::vector<Value> constants_;  // by declaration order
  std::vector<bool> undefined_;   // open constants --const did not give (an error where used)
  std::map<std::string, std::uint32_t> constant_index_;
  std::vector<Variable> variables_;
  std::map<std::string, std::uint32_t> variable_index_;
  std::vector<Binding> bindings_;  // per node id (kName nodes)
  std::map<std::string, std::uint32_t> label_index_;
  int bits_ = 0;
  std::uint32_t words_ = 1;
  bool wide_ = false;
  mutable WideStateTable table_;
  State initial_ = 0;
  // The compiled form of the commands and the objective; fast_ when every command compiled.
  ExpressionProgram program_;
  std::vector<std::vector<FastCommand>> fast_commands_;                 // per module and command
  std::vector<std::pair<std::size_t, std::size_t>> unlabelled_;         // (module, command)
  std::vector<std::vector<std::vector<std::size_t>>> action_commands_;  // per action and module
  // The same lists indexed by their guards' leading `variable = constant` (guard_index.hpp).
  std::vector<GuardIndex> unlabelled_index_;           // per module
  std::vector<std::vector<GuardIndex>> action_index_;  // per action and module
  bool compiled_ = false, fast_ = false, use_programs_ = true;
  std::optional<ExpressionProgram::Ref> target_program_, avoid_program_;
  // Actions: per action, the modules that have it; labels of choices.
  std::vector<std::string> actions_;
  std::vector<std::vector<std::size_t>> action_modules_;
  std::vector<int> module_player_, action_player_;
  std::vector<std::string> labels_;
  std::vector<std::vector<mdp::LabelId>> command_label_;  // per module and command
  std::vector<mdp::LabelId> action_label_;
  std::vector<int> label_action_;  // per choice label: its action, -1 for the others
  std::vector<std::optional<ExpressionProgram::Ref>> label_programs_;  // per model label
  std::uint32_t key_words_ = 1;
  // The objective.
  NodeId target_ = 0;
  bool has_target_ = false;
  std::optional<NodeId> avoid_;
  bool maximize_ = true;
  std::vector<bool> coalition_;  // per player
  // Scratch of the last expansion (the builder asks for one state at a time).
  mutable std::vector<Choice> scratch_choices_;
  mutable std::vector<mdp::Outcome<State>> scratch_outcomes_;
  mutable bool scratch_deadlock_ = false;
  mutable bool scratch_valid_ = false;     // the scratch holds the choices of scratch_state_
  mutable bool scratch_finished_ = false;  // ... after finish_choices
  mutable State scratch_state_ = 0;
  // Fast-path scratch: the expanded state's words, a successor's, the chosen commands and their
  // distributions, and which variables an outcome has written (stamped, never cleared).
  mutable std::vector<std::uint64_t> current_, next_;
  mutable std::vector<std::pair<std::size_t, std::size_t>> chosen_;
  mutable std::vector<std::vector<std::pair<double, const FastUpdate*>>> dists_;
  mutable std::vector<std::vector<std::size_t>> enabled_;
  mutable std::vector<std::uint32_t> written_;
  mutable std::vector<std::size_t> pick_, pick2_;
  mutable std::uint32_t stamp_ = 0;
  mutable std::uint64_t deadlocks_ = 0;
};

static_assert(mdp::ImplicitModel<CompiledModel>);

}  // namespace sgplan::models::prism_language
