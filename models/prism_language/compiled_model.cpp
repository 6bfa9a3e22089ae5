#include "models/prism_language/compiled_model.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>

namespace sgplan::models::prism_language {

// --- --const ---------------------------------------------------------------------------------

ConstantOverrides parse_constant_overrides(const std::string& text) {
  ConstantOverrides out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(',', start);
    if (end == std::string::npos) end = text.size();
    const std::string item = text.substr(start, end - start);
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == item.size()) {
      throw InputError("--const: expected NAME=VALUE[,NAME=VALUE...], found '" + item + "'");
    }
    if (!out.emplace(item.substr(0, eq), item.substr(eq + 1)).second) {
      throw InputError("--const: '" + item.substr(0, eq) + "' is given twice");
    }
    start = end + 1;
  }
  return out;
}

namespace {

Value parse_override(const std::string& name, const std::string& text, Value::Type type) {
  if (type == Value::Type::kBool) {
    if (text == "true") return Value::of_bool(true);
    if (text == "false") return Value::of_bool(false);
    throw InputError("--const " + name + "=" + text + ": the constant is a bool (true or false)");
  }
  char* end = nullptr;
  if (type == Value::Type::kInt) {
    errno = 0;
    const long long v = std::strtoll(text.c_str(), &end, 10);
    if (end == text.c_str() || *end != '\0' || errno == ERANGE)
      throw InputError("--const " + name + "=" + text + ": the constant is an int");
    return Value::of_int(v);
  }
  const double v = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0')
    throw InputError("--const " + name + "=" + text + ": the constant is a double");
  return Value::of_real(v);
}

// A distribution may exceed 1 by rounding this much at one update, and by this much in its sum.
// One within kSumTolerance of 1 is divided by its sum, so the graph's choices sum to 1 as the graph
// builder checks (to 1e-9): QVBS boxworld writes 1/15 as 0.0666667, and 0.0666667 + 0.0666667 +
// 0.866667 = 1.0000004. The answer is then the normalised model's.
constexpr double kProbabilitySlack = 1e-12;
constexpr double kSumTolerance = 1e-6;

// Steps `pick` (one index per list, list i of size size_of(i)) to the next combination, the first
// index fastest; false after the last one, with `pick` back at all zeros.
template <class SizeOf>
bool next_combination(std::vector<std::size_t>& pick, SizeOf size_of) {
  std::size_t i = 0;
  while (i < pick.size() && ++pick[i] == size_of(i)) pick[i++] = 0;
  return i < pick.size();
}

}  // namespace

// --- names in a state ----------------------------------------------------------------------

class CompiledModel::StateEnvironment : public Environment {
 public:
  // words: the state's words, or null where the expression must be constant.
  StateEnvironment(const CompiledModel& m, const std::uint64_t* words) : m_(m), s_(words) {}
  Value name(const Node& node) const override {
    const NodeId id = static_cast<NodeId>(&node - &m_.model_.pool.at(0));
    const Binding b = id < m_.bindings_.size() ? m_.bindings_[id] : Binding{};
    switch (b.kind) {
      case BindingKind::kConstant:
        if (m_.undefined_[b.index]) {
          const ConstantDecl& c = m_.model_.constants[b.index];
          throw InputError(
              SourceLocation{c.file.empty() ? m_.model_.file : c.file, c.where.line, c.where.column},
              "the constant '" + c.name + "' is not defined: give it with --const " + c.name + "=VALUE");
        }
        return m_.constants_[b.index];
      case BindingKind::kVariable:
        if (s_ == nullptr) {
          throw InputError(SourceLocation{m_.model_.file, node.line, node.column},
                           "'" + node.name + "' is a variable, but this expression must be constant");
        }
        return m_.value_in(s_, b.index);
      case BindingKind::kFormula:
        return evaluate(m_.model_.pool, m_.model_.formulas[b.index].value, *this, m_.model_.file);
      case BindingKind::kNone:
        break;
    }
    throw InputError(SourceLocation{m_.model_.file, node.line, node.column},
                     "unknown name '" + node.name + "' (not a constant, variable or formula)");
  }
  bool label(const Node& node) const override {
    const auto it = m_.label_index_.find(node.name);
    if (it == m_.label_index_.end()) {
      throw InputError(SourceLocation{m_.model_.file, node.line, node.column},
                       "unknown label \"" + node.name + "\"");
    }
    if (s_ == nullptr) {
      throw InputError(
          SourceLocation{m_.model_.file, node.line, node.column},
          "the label \"" + node.name + "\" depends on the state, but this expression must be constant");
    }
    const Value v = evaluate(m_.model_.pool, m_.model_.labels[it->second].value, *this, m_.model_.file);
    if (v.type != Value::Type::kBool) {
      const Place w = m_.model_.labels[it->second].where;
      throw InputError(SourceLocation{m_.model_.file, w.line, w.column},
                       "the label \"" + node.name + "\" is not a bool");
    }
    return v.b;
  }

 private:
  const CompiledModel& m_;
  const std::uint64_t* s_;
};

// What the names of the model mean to the expression compiler, read off the bindings on demand:
// constants by value (open ones are refused, so the tree walker reports them where they are
// used), variables by slot, formulas and labels by their expressions.
class CompiledModel::NameContext : public CompileContext {
 public:
  explicit NameContext(const CompiledModel& m) : m_(m) {}
  NameMeaning name(NodeId id) const override {
    NameMeaning out;
    const Binding b = id < m_.bindings_.size() ? m_.bindings_[id] : Binding{};
    switch (b.kind) {
      case BindingKind::kConstant:
        if (!m_.undefined_[b.index]) {
          out.kind = NameMeaning::Kind::kConstant;
          out.constant = m_.constants_[b.index];
        }
        break;
      case BindingKind::kVariable: {
        const Variable& v = m_.variables_[b.index];
        out.kind = NameMeaning::Kind::kVariable;
        out.slot = VariableSlot{v.boolean, v.low, v.word, static_cast<std::uint8_t>(v.shift),
                                static_cast<std::uint8_t>(v.bits)};
        break;
      }
      case BindingKind::kFormula:
        out.kind = NameMeaning::Kind::kExpression;
        out.expression = m_.model_.formulas[b.index].value;
        break;
      case BindingKind::kNone:
        break;
    }
    return out;
  }
  NameMeaning label(NodeId id) const override {
    NameMeaning out;
    const auto it = m_.label_index_.find(m_.model_.pool.at(id).name);
    if (it == m_.label_index_.end()) return out;
    out.kind = NameMeaning::Kind::kExpression;
    out.expression = m_.model_.labels[it->second].value;
    return out;
  }

 private:
  const CompiledModel& m_;
};

// --- building -------------------------------------------------------------------------------

void CompiledModel::fail(Place where, const std::string& message) const {
  throw InputError(SourceLocation{model_.file, where.line, where.column}, message);
}

CompiledModel::CompiledModel(PrismModel model, const ConstantOverrides& overrides)
    : model_(std::move(model)) {
  for (std::size_t k = 0; k < model_.constants.size(); ++k)
    constant_index_[model_.constants[k].name] = static_cast<std::uint32_t>(k);
  for (const auto& [name, text] : overrides) {
    if (!constant_index_.count(name))
      throw InputError("--const " + name + ": the model has no constant '" + name + "'");
  }
  bind_names();
  // Constants in order; one may use those before it (and --const values).
  constants_.assign(model_.constants.size(), Value::of_int(0));
  undefined_.assign(model_.constants.size(), false);
  std::vector<int> state(model_.constants.size(), 0);  // 0 unknown, 1 evaluating, 2 known
  std::function<void(std::size_t)> settle = [&](std::size_t k) {
    if (state[k] == 2) return;
    const ConstantDecl& c = model_.constants[k];
    if (state[k] == 1) fail(c.where, "the constant '" + c.name + "' is defined in terms of itself");
    state[k] = 1;
    Value v;
    if (const auto it = overrides.find(c.name); it != overrides.end()) {
      if (c.value)
        fail(c.where, "the constant '" + c.name + "' has a value in the model; --const cannot set it");
      v = parse_override(c.name, it->second, c.type);
    } else if (!c.value) {
      // Open and not given: an error only where something uses it (PRISM asks only for the
      // constants a model or a property needs).
      undefined_[k] = true;
      state[k] = 2;
      return;
    } else {
      // Evaluate with the constants it names settled first.
      std::function<void(NodeId)> needs = [&](NodeId id) {
        const Node& n = model_.pool.at(id);
        if (n.op == Op::kName && bindings_[id].kind == BindingKind::kConstant) settle(bindings_[id].index);
        for (NodeId a : n.args) needs(a);
      };
      needs(*c.value);
      v = evaluate(model_.pool, *c.value, StateEnvironment(*this, nullptr), file_of(*c.value));
    }
    if (c.type == Value::Type::kReal && v.type == Value::Type::kInt)
      v = Value::of_real(static_cast<double>(v.i));
    if (v.type != c.type) {
      fail(c.where, "the constant '" + c.name + "' is declared " + to_string(c.type) + " but its value is " +
                        to_string(v.type));
    }
    constants_[k] = v;
    state[k] = 2;
  };
  for (std::size_t k = 0; k < model_.constants.size(); ++k) settle(k);
  lay_out_variables();

  // Actions and the modules that have them; players.
  std::map<std::string, std::size_t> action_of;
  for (std::size_t m = 0; m < model_.modules.size(); ++m) {
    for (const Command& c : model_.modules[m].commands) {
      if (c.action.empty()) continue;
      auto [it, inserted] = action_of.emplace(c.action, actions_.size());
      if (inserted) {
        actions_.push_back(c.action);
        action_modules_.emplace_back();
      }
      auto& mods = action_modules_[it->second];
      if (mods.empty() || mods.back() != m) mods.push_back(m);
    }
  }
  // An unlabelled command is named by its module and line: two of them in one module differ.
  command_label_.resize(model_.modules.size());
  for (std::size_t m = 0; m < model_.modules.size(); ++m) {
    for (const Command& c : model_.modules[m].commands) {
      command_label_[m].push_back(static_cast<mdp::LabelId>(labels_.size()));
      labels_.push_back(c.action.empty()
                            ? "[] " + model_.modules[m].name + " (" + model_.place_text(c.where) + ")"
                            : "[" + c.action + "]");
    }
  }
  for (const std::string& a : actions_) {
    action_label_.push_back(static_cast<mdp::LabelId>(labels_.size()));
    labels_.push_back("[" + a + "]");
  }
  labels_.push_back("deadlock");
  label_action_.assign(labels_.size(), -1);
  for (std::size_t a = 0; a < actions_.size(); ++a) label_action_[action_label_[a]] = static_cast<int>(a);
  module_player_.assign(model_.modules.size(), -1);
  action_player_.assign(actions_.size(), -1);
  if (model_.type == ModelType::kSmg) {
    if (model_.players.empty())
      throw InputError(SourceLocation{model_.file, 1, 1}, "an smg needs player blocks");
    for (std::size_t p = 0; p < model_.players.size(); ++p) {
      const Player& pl = model_.players[p];
      for (const std::string& name : pl.modules) {
        const auto it = std::find_if(model_.modules.begin(), model_.modules.end(),
                                     [&](const Module& m) { return m.name == name; });
        if (it == model_.modules.end())
          fail(pl.where, "player " + pl.name + " names an unknown module '" + name + "'");
        int& owner = module_player_[static_cast<std::size_t>(it - model_.modules.begin())];
        if (owner >= 0) fail(pl.where, "the module " + name + " belongs to two players");
        owner = static_cast<int>(p);
      }
      for (const std::string& name : pl.actions) {
        const auto it = action_of.find(name);
        if (it == action_of.end())
          fail(pl.where, "player " + pl.name + " names an unknown action [" + name + "]");
        int& owner = action_player_[it->second];
        if (owner >= 0) fail(pl.where, "the action [" + name + "] belongs to two players");
        owner = static_cast<int>(p);
      }
    }
    for (std::size_t m = 0; m < model_.modules.size(); ++m) {
      const bool local = std::any_of(model_.modules[m].commands.begin(), model_.modules[m].commands.end(),
                                     [](const Command& c) { return c.action.empty(); });
      if (local && module_player_[m] < 0)
        fail(model_.modules[m].where, "the module " + model_.modules[m].name + " belongs to no player");
    }
  }
  coalition_.assign(model_.players.size(), false);
  compile_commands();
  for (const NamedExpression& label : model_.labels) label_programs_.push_back(compile(label.value));
}

std::optional<ExpressionProgram::Ref> CompiledModel::compile(NodeId id) {
  return program_.compile(model_.pool, id, NameContext(*this));
}

// Every guard must compile to a bool, every probability to a number and every assignment to the
// variable's type; otherwise the model keeps the tree walker (which reports what is wrong).
void CompiledModel::compile_commands() {
  fast_commands_.assign(model_.modules.size(), {});
  compiled_ = true;
  for (std::size_t m = 0; m < model_.modules.size() && compiled_; ++m) {
    for (const Command& c : model_.modules[m].commands) {
      FastCommand fc{};
      const auto guard = compile(c.guard);
      if (!guard || program_.type(*guard) != Value::Type::kBool) {
        compiled_ = false;
        break;
      }
      fc.guard = *guard;
      for (const Update& u : c.updates) {
        FastUpdate fu;
        if (u.probability) {
          fu.probability = compile(*u.probability);
          if (!fu.probability || program_.type(*fu.probability) == Value::Type::kBool) compiled_ = false;
        }
        for (const Assignment& a : u.assignments) {
          const auto it = variable_index_.find(a.variable);
          const auto value = compile(a.value);
          if (it == variable_index_.end() || !value) {
            compiled_ = false;
            break;
          }
          const Variable& var = variables_[it->second];
          if (program_.type(*value) != (var.boolean ? Value::Type::kBool : Value::Type::kInt))
            compiled_ = false;
          fu.assignments.push_back({it->second, *value});
        }
        fc.updates.push_back(std::move(fu));
      }
      fast_commands_[m].push_back(std::move(fc));
    }
  }
  unlabelled_.clear();
  for (std::size_t m = 0; m < model_.modules.size(); ++m) {
    const auto& cmds = model_.modules[m].commands;
    for (std::size_t k = 0; k < cmds.size(); ++k)
      if (cmds[k].action.empty()) unlabelled_.emplace_back(m, k);
  }
  // In one pass over the commands: a model with many actions (a grounded PPDDL problem has one per
  // ground action) would otherwise scan every command once per action.
  std::map<std::string, std::size_t> action_index;
  action_commands_.assign(actions_.size(), {});
  for (std::size_t a = 0; a < actions_.size(); ++a) {
    action_index.emplace(actions_[a], a);
    action_commands_[a].resize(action_modules_[a].size());
  }
  for (std::size_t m = 0; m < model_.modules.size(); ++m) {
    const auto& cmds = model_.modules[m].commands;
    for (std::size_t k = 0; k < cmds.size(); ++k) {
      if (cmds[k].action.empty()) continue;
      const std::size_t a = action_index.at(cmds[k].action);
      const auto& mods = action_modules_[a];
      const auto i = static_cast<std::size_t>(std::find(mods.begin(), mods.end(), m) - mods.begin());
      action_commands_[a][i].push_back(k);
    }
  }
  if (compiled_) {
    const auto leading_of = [&](std::size_t m, const std::vector<std::size_t>& ks) {
      std::vector<std::optional<ExpressionProgram::LeadingEquality>> out;
      for (std::size_t k : ks) out.push_back(program_.leading_equality(fast_commands_[m][k].guard));
      return out;
    };
    std::vector<std::vector<std::size_t>> unlabelled_of(model_.modules.size());
    for (const auto& [m, k] : unlabelled_) unlabelled_of[m].push_back(k);
    unlabelled_index_.clear();
    for (std::size_t m = 0; m < model_.modules.size(); ++m)
      unlabelled_index_.emplace_back(unlabelled_of[m], leading_of(m, unlabelled_of[m]));
    action_index_.assign(actions_.size(), {});
    for (std::size_t a = 0; a < actions_.size(); ++a)
      for (std::size_t i = 0; i < action_modules_[a].size(); ++i)
        action_index_[a].emplace_back(action_commands_[a][i],
                                      leading_of(action_modules_[a][i], action_commands_[a][i]));
  }
  written_.assign(variables_.size(), 0);
  fast_ = compiled_;
  scratch_valid_ = false;
}

void CompiledModel::bind_names() {
  for (std::size_t k = 0; k < model_.labels.size(); ++k)
    label_index_[model_.labels[k].name] = static_cast<std::uint32_t>(k);
  std::map<std::string, Binding> names;
  for (std::size_t k = 0; k < model_.constants.size(); ++k)
    names[model_.constants[k].name] = {BindingKind::kConstant, static_cast<std::uint32_t>(k)};
  std::uint32_t v = 0;
  for (const VariableDecl& g : model_.globals) names[g.name] = {BindingKind::kVariable, v++};
  for (const Module& m : model_.modules)
    for (const VariableDecl& d : m.variables) names[d.name] = {BindingKind::kVariable, v++};
  for (std::size_t k = 0; k < model_.formulas.size(); ++k)
    names[model_.formulas[k].name] = {BindingKind::kFormula, static_cast<std::uint32_t>(k)};
  bindings_.assign(model_.pool.size(), Binding{});
  for (NodeId id = 0; id < model_.pool.size(); ++id) {
    const Node& n = model_.pool.at(id);
    if (n.op != Op::kName) continue;
    if (const auto it = names.find(n.name); it != names.end()) bindings_[id] = it->second;
  }
}

void CompiledModel::lay_out_variables() {
  std::vector<const VariableDecl*> all;
  for (const VariableDecl& g : model_.globals) all.push_back(&g);
  for (const Module& m : model_.modules)
    for (const VariableDecl& d : m.variables) all.push_back(&d);
  const StateEnvironment constant_env(*this, nullptr);
  auto constant_int = [&](NodeId id, const std::string& what) {
    const Value v = evaluate(model_.pool, id, constant_env, model_.file);
    if (v.type != Value::Type::kInt) {
      const Node& n = model_.pool.at(id);
      fail(Place{n.line, n.column},
           what + " must be an int, found the " + to_string(v.type) + " " + model_.pool.text(id));
    }
    return v.i;
  };
  int offset = 0;  // in bits, from the start of word 0
  std::vector<std::int64_t> init_values;
  for (const VariableDecl* d : all) {
    Variable var;
    var.name = d->name;
    var.boolean = d->boolean;
    var.where = d->where;
    if (!d->boolean) {
      var.low = constant_int(d->low, "the lower bound of " + d->name);
      var.high = constant_int(d->high, "the upper bound of " + d->name);
      if (var.high < var.low) {
        fail(d->where, "the range of '" + d->name + "' is empty ([" + std::to_string(var.low) + ".." +
                           std::to_string(var.high) + "])");
      }
    }
    std::int64_t width = 0;
    if (__builtin_sub_overflow(var.high, var.low, &width))
      fail(d->where, "the range of '" + d->name + "' is too wide");
    const auto span = static_cast<std::uint64_t>(width);
    var.bits = span == 0 ? 0 : 64 - __builtin_clzll(span);
    if (offset % 64 + var.bits > 64) offset += 64 - offset % 64;  // no variable straddles two words
    var.word = static_cast<std::uint32_t>(offset / 64);
    var.shift = offset % 64;
    offset += var.bits;
    if (static_cast<std::uint64_t>(offset) > std::uint64_t{kMaxStateWords} * 64) {
      fail(d->where, "the variables need more than " + std::to_string(kMaxStateWords) +
                         " words of 64 bits of state by '" + d->name + "'");
    }
    std::int64_t init = var.low;
    if (d->init) {
      const Value v = evaluate(model_.pool, *d->init, constant_env, model_.file);
      const Node& n = model_.pool.at(*d->init);
      if (d->boolean) {
        if (v.type != Value::Type::kBool)
          fail(Place{n.line, n.column}, "the initial value of " + d->name + " must be a bool");
        init = v.b ? 1 : 0;
      } else {
        if (v.type != Value::Type::kInt)
          fail(Place{n.line, n.column}, "the initial value of " + d->name + " must be an int");
        init = v.i;
        if (init < var.low || init > var.high) {
          fail(Place{n.line, n.column}, "the initial value " + std::to_string(init) + " of " + d->name +
                                            " lies outside its range [" + std::to_string(var.low) + ".." +
                                            std::to_string(var.high) + "]");
        }
      }
    }
    variable_index_[var.name] = static_cast<std::uint32_t>(variables_.size());
    variables_.push_back(var);
    init_values.push_back(init);
  }
  bits_ = offset;
  int key_bits = 0;
  for (const Variable& var : variables_) key_bits += var.bits;
  key_words_ = std::max<std::uint32_t>(1, static_cast<std::uint32_t>((key_bits + 63) / 64));
  words_ = std::max<std::uint32_t>(1, static_cast<std::uint32_t>((offset + 63) / 64));
  wide_ = words_ > 1;
  table_ = WideStateTable(words_);
  std::vector<std::uint64_t> initial(words_, 0);
  for (std::size_t k = 0; k < variables_.size(); ++k) {
    const Variable& var = variables_[k];
    if (var.bits > 0) initial[var.word] |= static_cast<std::uint64_t>(init_values[k] - var.low) << var.shift;
  }
  initial_ = state_of(initial.data());
}

NodeId CompiledModel::add_node(Node node) {
  const NodeId id = model_.pool.add(std::move(node));
  bind_names();
  return id;
}

Value CompiledModel::constant_value_of(NodeId id) const {
  return evaluate(model_.pool, id, StateEnvironment(*this, nullptr), file_of(id));
}

NodeId CompiledModel::add_expression(const std::string& text, const std::string& where) {
  const std::vector<Token> tokens = tokenize(text, where);
  TokenCursor cursor(tokens, where);
  const NodeId first = static_cast<NodeId>(model_.pool.size());
  const NodeId id = parse_expression(cursor, model_.pool);
  model_.sources.emplace_back(first, where);
  if (!cursor.at(TokenKind::kEnd))
    cursor.fail(cursor.peek(), "unexpected '" + cursor.peek().text + "' after the expression");
  bind_names();
  return id;
}

void CompiledModel::set_objective(NodeId target, bool maximize, const std::vector<std::string>& coalition,
                                  std::optional<NodeId> avoid) {
  target_ = target;
  has_target_ = true;
  avoid_ = avoid;
  maximize_ = maximize;
  coalition_.assign(model_.players.size(), false);
  for (const std::string& name : coalition) {
    bool found = false;
    for (std::size_t p = 0; p < model_.players.size(); ++p) {
      if (model_.players[p].name == name || std::to_string(p + 1) == name) {
        coalition_[p] = true;
        found = true;
      }
    }
    if (name == "*") {
      coalition_.assign(model_.players.size(), true);
      found = true;
    }
    if (!found) throw InputError("the coalition names an unknown player '" + name + "'");
  }
  target_program_ = compile(target_);
  avoid_program_ = avoid_ ? compile(*avoid_) : std::nullopt;
  (void)holds(target_, initial_);  // type-checks the target on the initial state now
}

// --- states ---------------------------------------------------------------------------------

Value CompiledModel::variable_value(const State& s, std::size_t k) const {
  return value_in(words_of(s), k);
}

Value CompiledModel::value_in(const std::uint64_t* words, std::size_t k) const {
  const Variable& v = variables_[k];
  if (v.bits == 0) return v.boolean ? Value::of_bool(false) : Value::of_int(v.low);
  const std::uint64_t mask = v.bits == 64 ? ~0ULL : ((1ULL << v.bits) - 1);
  const std::int64_t raw = static_cast<std::int64_t>((words[v.word] >> v.shift) & mask);
  return v.boolean ? Value::of_bool(raw != 0) : Value::of_int(v.low + raw);
}

std::string CompiledModel::describe(const State& s) const {
  std::string out = "(";
  for (std::size_t k = 0; k < variables_.size(); ++k) {
    const Value v = variable_value(s, k);
    out += (k == 0 ? "" : ",") + variables_[k].name + "=" +
           (v.type == Value::Type::kBool ? (v.b ? "true" : "false") : std::to_string(v.i));
  }
  return out + ")";
}

const std::string& CompiledModel::file_of(NodeId id) const {
  const std::string* file = &model_.file;
  for (const auto& [first, where] : model_.sources) {
    if (id >= first) file = &where;
  }
  return *file;
}

Value CompiledModel::eval(NodeId id, const State& s) const {
  return evaluate(model_.pool, id, StateEnvironment(*this, words_of(s)), file_of(id));
}

bool CompiledModel::holds_in(NodeId id, std::optional<ExpressionProgram::Ref> program, const State& s) const {
  if (program && use_programs_) {
    bool trouble = false;
    const bool b = program_.truth(*program, words_of(s), trouble);
    if (!trouble) return b;
  }
  return holds(id, s);
}

bool CompiledModel::holds(NodeId id, const State& s) const {
  const Value v = eval(id, s);
  if (v.type != Value::Type::kBool) {
    const Node& n = model_.pool.at(id);
    throw InputError(SourceLocation{file_of(id), n.line, n.column},
                     "expected a bool, found the " + to_string(v.type) + " " + model_.pool.text(id));
  }
  return v.b;
}

bool CompiledModel::is_target(const State& s) const {
  return has_target_ && holds_in(target_, target_program_, s);
}

bool CompiledModel::is_avoided(const State& s) const {
  return avoid_ && !is_target(s) && holds_in(*avoid_, avoid_program_, s);
}

mdp::Owner CompiledModel::owner(const State& s) const {
  if (is_target(s) || is_avoided(s)) return mdp::Owner::Terminal;
  switch (model_.type) {
    case ModelType::kDtmc:
      return mdp::Owner::Chance;
    case ModelType::kMdp:
      return maximize_ ? mdp::Owner::Max : mdp::Owner::Min;
    case ModelType::kSmg:
      break;
  }
  choices(s);
  const int player = player_in_scratch(s);
  if (player < 0) return maximize_ ? mdp::Owner::Max : mdp::Owner::Min;  // a deadlock: its self-loop
  return coalition_[static_cast<std::size_t>(player)] == maximize_ ? mdp::Owner::Max : mdp::Owner::Min;
}

int CompiledModel::moving_player(const State& s) const {
  raw_choices(s);
  return player_in_scratch(s);
}

// The one player whose choices the scratch holds (the choices of `s`), or -1 for none.
int CompiledModel::player_in_scratch(const State& s) const {
  int player = -1;
  for (const Choice& c : scratch_choices_) {
    if (c.player < 0) continue;
    if (player >= 0 && c.player != player) {
      throw InputError(model_.file + ": in state " + describe(s) + " both player " +
                       model_.players[static_cast<std::size_t>(player)].name + " and player " +
                       model_.players[static_cast<std::size_t>(c.player)].name +
                       " could move (PRISM-games needs one player per state)");
    }
    player = c.player;
  }
  return player;
}

bool CompiledModel::label_holds(std::size_t k, const State& s) const {
  return holds_in(model_.labels[k].value, label_programs_[k], s);
}

// The variables' raw values (value - low; false 0, true 1) written one after the other, the first
// variable in the highest bits of word 0: comparing keys compares the variables in order.
void CompiledModel::order_key(const State& s, std::uint64_t* key) const {
  std::fill(key, key + key_words_, 0);
  const std::uint64_t* words = words_of(s);
  int at = 0;  // bits of the key written so far
  for (const Variable& var : variables_) {
    if (var.bits == 0) continue;
    const std::uint64_t mask = var.bits == 64 ? ~0ULL : ((1ULL << var.bits) - 1);
    const std::uint64_t raw = (words[var.word] >> var.shift) & mask;
    int left = var.bits;  // of raw, still to write (its low `left` bits)
    while (left > 0) {
      const int room = 64 - at % 64;
      const int take = std::min(left, room);
      const std::uint64_t part = (take == 64 ? raw : (raw >> (left - take)) & ((1ULL << take) - 1));
      key[at / 64] |= take == 64 ? part : part << (room - take);
      at += take;
      left -= take;
    }
  }
}

// Applies an update's assignments (each evaluated in `s`, PRISM's simultaneous assignment) to
// `into`; `written` marks the variables already assigned by another module's update.
void CompiledModel::apply(const State& s, const Update& u, std::vector<std::uint64_t>& into,
                          std::vector<int>& written, const Command& c) const {
  for (const Assignment& a : u.assignments) {
    const auto it = variable_index_.find(a.variable);
    if (it == variable_index_.end())
      fail(a.where, "the update assigns '" + a.variable + "', which is not a variable");
    const std::uint32_t k = it->second;
    if (written[k]) {
      fail(a.where, "two synchronising commands assign '" + a.variable + "' in state " + describe(s) +
                        " (the command at " + model_.place_text(c.where) + " is one)");
    }
    written[k] = 1;
    const Variable& var = variables_[k];
    const Value v = eval(a.value, s);
    std::int64_t raw;
    if (var.boolean) {
      if (v.type != Value::Type::kBool)
        fail(a.where, "'" + a.variable + "' is a bool, assigned the " + to_string(v.type) + " " +
                          model_.pool.text(a.value));
      raw = v.b ? 1 : 0;
    } else {
      if (v.type != Value::Type::kInt)
        fail(a.where, "'" + a.variable + "' is an int, assigned the " + to_string(v.type) + " " +
                          model_.pool.text(a.value));
      if (v.i < var.low || v.i > var.high) {
        fail(a.where, "the update sets '" + a.variable + "' to " + std::to_string(v.i) +
                          ", outside its range [" + std::to_string(var.low) + ".." +
                          std::to_string(var.high) + "], in state " + describe(s));
      }
      raw = v.i - var.low;
    }
    if (var.bits == 0) continue;  // one value, already checked
    const std::uint64_t mask = (var.bits == 64 ? ~0ULL : ((1ULL << var.bits) - 1)) << var.shift;
    into[var.word] = (into[var.word] & ~mask) | ((static_cast<std::uint64_t>(raw) << var.shift) & mask);
  }
}

// The product of the updates of the chosen commands (module, command index pairs): one choice.
void CompiledModel::add_update_products(const State& s,
                                        const std::vector<std::pair<std::size_t, std::size_t>>& commands,
                                        mdp::LabelId label, int player) const {
  // Each command's distribution, checked: probabilities in [0, 1] summing to 1.
  std::vector<std::vector<std::pair<double, const Update*>>> dists;
  for (const auto& [m, k] : commands) {
    const Command& c = model_.modules[m].commands[k];
    std::vector<std::pair<double, const Update*>> d;
    double sum = 0.0;
    for (const Update& u : c.updates) {
      double p = 1.0;
      if (u.probability) {
        const Value v = eval(*u.probability, s);
        if (!v.numeric())
          fail(u.where, "a probability must be a number, found the bool " + model_.pool.text(*u.probability));
        p = v.as_real();
      }
      if (!(p >= 0.0 && p <= 1.0 + kProbabilitySlack)) {
        fail(u.where, "the probability " + model_.pool.text(*u.probability) + " is " + std::to_string(p) +
                          " in state " + describe(s) + " (not in [0, 1])");
      }
      sum += p;
      if (p > 0.0) d.emplace_back(p, &u);
    }
    if (std::abs(sum - 1.0) > kSumTolerance) {
      fail(c.where, "the probabilities of this command sum to " + std::to_string(sum) + " in state " +
                        describe(s) + ", not 1");
    }
    if (sum != 1.0)
      for (auto& entry : d) entry.first /= sum;
    dists.push_back(std::move(d));
  }
  Choice choice{label, static_cast<std::uint32_t>(scratch_outcomes_.size()), 0, player};
  std::vector<std::size_t> pick(dists.size(), 0);
  std::vector<int> written(variables_.size(), 0);
  std::vector<std::uint64_t> next(words_);
  while (true) {
    double p = 1.0;
    const std::uint64_t* from = words_of(s);  // (fetched again: interning may move the table)
    next.assign(from, from + words_);
    std::fill(written.begin(), written.end(), 0);
    for (std::size_t i = 0; i < dists.size(); ++i) {
      const auto& [q, u] = dists[i][pick[i]];
      p *= q;
      apply(s, *u, next, written, model_.modules[commands[i].first].commands[commands[i].second]);
    }
    scratch_outcomes_.push_back({p, state_of(next.data())});
    if (!next_combination(pick, [&](std::size_t i) { return dists[i].size(); })) break;
  }
  choice.count = static_cast<std::uint32_t>(scratch_outcomes_.size() - choice.first);
  scratch_choices_.push_back(choice);
}

void CompiledModel::choices(const State& s) const {
  if (scratch_valid_ && scratch_state_ == s && scratch_finished_) return;  // an smg's owner asked first
  raw_choices(s);
  finish_choices(s);
  scratch_finished_ = true;
}

void CompiledModel::raw_choices(const State& s) const {
  if (scratch_valid_ && scratch_state_ == s && !scratch_finished_) return;
  scratch_valid_ = false;
  if (!fast_ || !fast_choices(s)) slow_choices(s);
  scratch_state_ = s;
  scratch_valid_ = true;
  scratch_finished_ = false;
}

void CompiledModel::slow_choices(const State& s) const {
  scratch_choices_.clear();
  scratch_outcomes_.clear();
  // Unlabelled commands: each enabled one is a choice of its own.
  for (std::size_t m = 0; m < model_.modules.size(); ++m) {
    const auto& cmds = model_.modules[m].commands;
    for (std::size_t k = 0; k < cmds.size(); ++k) {
      if (cmds[k].action.empty() && holds(cmds[k].guard, s))
        add_update_products(s, {{m, k}}, command_label_[m][k], module_player_[m]);
    }
  }
  // Actions: one enabled command from every module that has the action, in every combination.
  for (std::size_t a = 0; a < actions_.size(); ++a) {
    std::vector<std::vector<std::size_t>> enabled;
    bool blocked = false;
    for (std::size_t i = 0; i < action_modules_[a].size(); ++i) {
      const std::size_t m = action_modules_[a][i];
      std::vector<std::size_t> ks;
      const auto& cmds = model_.modules[m].commands;
      for (std::size_t k : action_commands_[a][i])
        if (holds(cmds[k].guard, s)) ks.push_back(k);
      if (ks.empty()) {
        blocked = true;
        break;
      }
      enabled.push_back(std::move(ks));
    }
    if (blocked) continue;
    int player = action_player_[a];
    if (model_.type == ModelType::kSmg && player < 0) {
      for (std::size_t m : action_modules_[a]) {
        if (player >= 0 && module_player_[m] != player) {
          throw InputError(model_.file + ": the action [" + actions_[a] +
                           "] belongs to no player and its modules belong to different players");
        }
        player = module_player_[m];
      }
    }
    std::vector<std::size_t> pick(enabled.size(), 0);
    while (true) {
      std::vector<std::pair<std::size_t, std::size_t>> commands;
      for (std::size_t i = 0; i < enabled.size(); ++i)
        commands.emplace_back(action_modules_[a][i], enabled[i][pick[i]]);
      add_update_products(s, commands, action_label_[a], player);
      if (!next_combination(pick, [&](std::size_t i) { return enabled[i].size(); })) break;
    }
  }
}

// The fast path: the same choices in the same order as slow_choices, from the compiled commands.
bool CompiledModel::fast_choices(const State& s) const {
  scratch_choices_.clear();
  scratch_outcomes_.clear();
  const std::uint64_t* from = words_of(s);
  current_.assign(from, from + words_);  // a copy: interning successors may move the table
  const std::uint64_t* w = current_.data();
  bool trouble = false;
  // Module by module in file order: the order of unlabelled_, through each module's guard index.
  for (std::size_t m = 0; m < unlabelled_index_.size(); ++m) {
    for (std::size_t k : unlabelled_index_[m].candidates(w)) {
      const bool on = program_.truth(fast_commands_[m][k].guard, w, trouble);
      if (trouble) return false;
      if (!on) continue;
      chosen_.clear();
      chosen_.emplace_back(m, k);
      if (!fast_products(command_label_[m][k], module_player_[m])) return false;
    }
  }
  for (std::size_t a = 0; a < actions_.size(); ++a) {
    const std::vector<std::size_t>& mods = action_modules_[a];
    while (enabled_.size() < mods.size()) enabled_.emplace_back();
    bool blocked = false;
    for (std::size_t i = 0; i < mods.size() && !blocked; ++i) {
      enabled_[i].clear();
      for (std::size_t k : action_index_[a][i].candidates(w)) {
        const bool on = program_.truth(fast_commands_[mods[i]][k].guard, w, trouble);
        if (trouble) return false;
        if (on) enabled_[i].push_back(k);
      }
      blocked = enabled_[i].empty();
    }
    if (blocked) continue;
    int player = action_player_[a];
    if (model_.type == ModelType::kSmg && player < 0) {
      for (std::size_t m : mods) {
        if (player >= 0 && module_player_[m] != player) return false;  // slow_choices reports it
        player = module_player_[m];
      }
    }
    pick_.assign(mods.size(), 0);
    while (true) {
      chosen_.clear();
      for (std::size_t i = 0; i < mods.size(); ++i) chosen_.emplace_back(mods[i], enabled_[i][pick_[i]]);
      if (!fast_products(action_label_[a], player)) return false;
      if (!next_combination(pick_, [&](std::size_t i) { return enabled_[i].size(); })) break;
    }
  }
  return true;
}

// The product of the chosen commands' updates (chosen_), as add_update_products; false where the
// tree walker must report an error.
bool CompiledModel::fast_products(mdp::LabelId label, int player) const {
  const std::uint64_t* w = current_.data();
  bool trouble = false;
  const std::size_t n = chosen_.size();
  while (dists_.size() < n) dists_.emplace_back();
  for (std::size_t i = 0; i < n; ++i) {
    auto& d = dists_[i];
    d.clear();
    double sum = 0.0;
    for (const FastUpdate& u : fast_commands_[chosen_[i].first][chosen_[i].second].updates) {
      const double p = u.probability ? program_.real(*u.probability, w, trouble) : 1.0;
      if (trouble || !(p >= 0.0 && p <= 1.0 + kProbabilitySlack)) return false;
      sum += p;
      if (p > 0.0) d.emplace_back(p, &u);
    }
    if (std::abs(sum - 1.0) > kSumTolerance) return false;
    if (sum != 1.0)
      for (auto& entry : d) entry.first /= sum;
  }
  const std::size_t first_outcome = scratch_outcomes_.size();
  pick2_.assign(n, 0);
  while (true) {
    double p = 1.0;
    next_.assign(w, w + words_);
    if (++stamp_ == 0) {
      std::fill(written_.begin(), written_.end(), 0);
      stamp_ = 1;
    }
    for (std::size_t i = 0; i < n; ++i) {
      const auto& [q, u] = dists_[i][pick2_[i]];
      p *= q;
      for (const FastAssignment& a : u->assignments) {
        if (written_[a.variable] == stamp_) return false;
        written_[a.variable] = stamp_;
        const Variable& var = variables_[a.variable];
        std::uint64_t raw;
        if (var.boolean) {
          raw = program_.truth(a.value, w, trouble) ? 1 : 0;
        } else {
          const std::int64_t v = program_.integer(a.value, w, trouble);
          if (v < var.low || v > var.high) return false;
          raw = static_cast<std::uint64_t>(v - var.low);
        }
        if (trouble) return false;
        if (var.bits == 0) continue;
        const std::uint64_t mask = var.bits == 64 ? ~0ULL : ((1ULL << var.bits) - 1);
        std::uint64_t& word = next_[var.word];
        word = (word & ~(mask << var.shift)) | ((raw & mask) << var.shift);
      }
    }
    scratch_outcomes_.push_back({p, state_of(next_.data())});
    if (!next_combination(pick2_, [&](std::size_t i) { return dists_[i].size(); })) break;
  }
  const auto first = static_cast<std::uint32_t>(first_outcome);
  scratch_choices_.push_back(
      {label, first, static_cast<std::uint32_t>(scratch_outcomes_.size()) - first, player});
  return true;
}

// PRISM's rules on a state's choices: a deadlock gets a self-loop; a dtmc mixes its choices.
void CompiledModel::finish_choices(const State& s) const {
  scratch_deadlock_ = scratch_choices_.empty();
  if (scratch_deadlock_) {  // PRISM adds a self-loop
    scratch_choices_.push_back({static_cast<mdp::LabelId>(labels_.size() - 1), 0, 1, -1});
    scratch_outcomes_.push_back({1.0, s});
    return;
  }
  if (model_.type == ModelType::kDtmc && scratch_choices_.size() > 1) {
    // PRISM mixes a dtmc's enabled choices uniformly.
    const double share = 1.0 / static_cast<double>(scratch_choices_.size());
    for (auto& o : scratch_outcomes_) o.probability *= share;
    const Choice merged{scratch_choices_.front().label, 0,
                        static_cast<std::uint32_t>(scratch_outcomes_.size()), -1};
    scratch_choices_.clear();
    scratch_choices_.push_back(merged);
  }
}

}  // namespace sgplan::models::prism_language
