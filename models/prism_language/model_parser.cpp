// The PRISM-language model parser (model.hpp). One pass over the tokens; renamed modules
// (`module M2 = M1 [a=b] endmodule`) are copied out after the pass, so they may name a module
// written further down, as PRISM allows.
#include <algorithm>
#include <map>
#include <set>

#include "models/prism_language/model.hpp"

namespace sgplan::models::prism_language {

std::string_view to_string(ModelType type) {
  switch (type) {
    case ModelType::kDtmc:
      return "dtmc";
    case ModelType::kMdp:
      return "mdp";
    case ModelType::kSmg:
      return "smg";
  }
  return "?";
}

std::string PrismModel::place_text(Place where) const {
  if (!place_names.empty() && where.line > 0 && static_cast<std::size_t>(where.line) <= place_names.size())
    return place_names[static_cast<std::size_t>(where.line) - 1];
  return "line " + std::to_string(where.line);
}

namespace {

Place place_of(const Token& t) {
  return Place{t.line, t.column};
}

struct Renaming {
  std::string name, base;
  std::vector<std::pair<std::string, std::string>> pairs;  // old -> new, in the order written
  Place where;
  std::size_t slot = 0;  // its place among the modules
};

class ModelParser {
 public:
  ModelParser(std::string_view text, const std::string& file)
      : tokens_(tokenize(text, file)), in_(tokens_, file) {
    model_.file = file;
  }

  PrismModel run() {
    bool typed = false;
    while (!in_.at(TokenKind::kEnd)) {
      const Token& t = in_.peek();
      if (t.kind != TokenKind::kIdentifier) in_.fail(t, "expected a declaration, found '" + t.text + "'");
      if (model_type(t.text)) {
        if (typed) in_.fail(t, "the model type is given twice");
        typed = true;
        in_.next();
      } else if (t.text == "ctmc" || t.text == "stochastic" || t.text == "pta" || t.text == "csg") {
        in_.fail(t, "'" + t.text + "' models are not supported (sgplan reads dtmc, mdp and smg models)");
      } else if (t.text == "const") {
        constant();
      } else if (t.text == "global") {
        in_.next();
        model_.globals.push_back(variable(""));
      } else if (t.text == "formula") {
        named(model_.formulas, false);
      } else if (t.text == "label") {
        named(model_.labels, true);
      } else if (t.text == "module") {
        module();
      } else if (t.text == "player") {
        player();
      } else if (t.text == "rewards") {
        rewards();
      } else if (t.text == "init" || t.text == "system") {
        in_.fail(t, "'" + t.text + "' ... 'end" + t.text + "' blocks are not supported yet");
      } else {
        in_.fail(t,
                 "expected a declaration (const, global, formula, label, module, player, rewards), found '" +
                     t.text + "'");
      }
    }
    if (!typed) in_.fail(tokens_.front(), "the model type is missing (expected dtmc, mdp or smg first)");
    apply_renamings();
    check_writes();
    return std::move(model_);
  }

 private:
  bool model_type(const std::string& word) {
    if (word == "dtmc" || word == "probabilistic") {
      model_.type = ModelType::kDtmc;
    } else if (word == "mdp" || word == "nondeterministic") {
      model_.type = ModelType::kMdp;
    } else if (word == "smg") {
      model_.type = ModelType::kSmg;
    } else {
      return false;
    }
    return true;
  }

  NodeId expression() { return parse_expression(in_, model_.pool); }

  const Token& name(const std::string& context) {
    const Token& t = in_.expect(TokenKind::kIdentifier, context);
    return t;
  }

  void declare(const Token& t, const std::string& what) {
    if (!declared_.insert(t.text).second) in_.fail(t, what + " '" + t.text + "' is declared twice");
  }

  void constant() {
    const ConstantDecl c = parse_constant(in_, model_.pool);
    if (!declared_.insert(c.name).second) {
      throw InputError(SourceLocation{model_.file, c.where.line, c.where.column},
                       "the constant '" + c.name + "' is declared twice");
    }
    model_.constants.push_back(c);
  }

  // NAME : [lo..hi] [init e];   NAME : bool [init e];
  VariableDecl variable(const std::string& module) {
    const Token& n = name(module.empty() ? "after 'global'" : "for a variable of module " + module);
    declare(n, "the variable");
    VariableDecl v;
    v.name = n.text;
    v.module = module;
    v.where = place_of(n);
    in_.expect(TokenKind::kColon, "after the variable '" + v.name + "'");
    if (in_.at_word("bool")) {
      in_.next();
      v.boolean = true;
    } else {
      in_.expect(TokenKind::kLeftBracket, "to open the range of '" + v.name + "' ([low..high], or bool)");
      v.low = expression();
      in_.expect(TokenKind::kDotDot, "in the range of '" + v.name + "'");
      v.high = expression();
      in_.expect(TokenKind::kRightBracket, "to close the range of '" + v.name + "'");
    }
    if (in_.at_word("init")) {
      in_.next();
      v.init = expression();
    }
    in_.expect(TokenKind::kSemicolon, "after the variable '" + v.name + "'");
    return v;
  }

  void named(std::vector<NamedExpression>& into, bool quoted) {
    in_.next();
    NamedExpression e;
    const Token& n =
        quoted ? in_.expect(TokenKind::kString, "after 'label' (a quoted name)") : name("after 'formula'");
    if (!quoted) declare(n, "the formula");
    for (const NamedExpression& other : into) {
      if (other.name == n.text)
        in_.fail(n,
                 std::string(quoted ? "the label" : "the formula") + " '" + n.text + "' is declared twice");
    }
    e.name = n.text;
    e.where = place_of(n);
    in_.expect(TokenKind::kEquals, "after the name '" + e.name + "'");
    e.value = expression();
    in_.expect(TokenKind::kSemicolon, "after the definition of '" + e.name + "'");
    into.push_back(e);
  }

  void module() {
    in_.next();
    const Token& n = name("after 'module'");
    if (!modules_.insert(n.text).second) in_.fail(n, "the module '" + n.text + "' is declared twice");
    if (in_.accept(TokenKind::kEquals)) {
      Renaming r;
      r.name = n.text;
      r.where = place_of(n);
      r.base = name("after '=' (the module to copy)").text;
      in_.expect(TokenKind::kLeftBracket, "to open the renaming of module " + r.name);
      do {
        const Token& from = name("in the renaming of module " + r.name);
        in_.expect(TokenKind::kEquals, "in the renaming of module " + r.name);
        const Token& to = name("in the renaming of module " + r.name);
        r.pairs.emplace_back(from.text, to.text);
      } while (in_.accept(TokenKind::kComma));
      in_.expect(TokenKind::kRightBracket, "to close the renaming of module " + r.name);
      in_.expect_word("endmodule", "after the renaming of module " + r.name);
      r.slot = model_.modules.size();
      Module placeholder;
      placeholder.name = r.name;
      placeholder.where = r.where;
      model_.modules.push_back(placeholder);
      renamings_.push_back(r);
      return;
    }
    Module m;
    m.name = n.text;
    m.where = place_of(n);
    while (!in_.at_word("endmodule")) {
      if (in_.at(TokenKind::kEnd))
        in_.fail(in_.peek(), "module " + m.name + " is not closed (expected endmodule)");
      if (in_.at(TokenKind::kLeftBracket)) {
        m.commands.push_back(command(m.name));
      } else {
        m.variables.push_back(variable(m.name));
      }
    }
    in_.next();
    model_.modules.push_back(std::move(m));
  }

  // [action] guard -> update + update + ... ;
  Command command(const std::string& module) {
    Command c;
    const Token& open = in_.next();
    c.where = place_of(open);
    if (in_.at(TokenKind::kIdentifier)) c.action = in_.next().text;
    in_.expect(TokenKind::kRightBracket, "to close the action of a command in module " + module);
    c.guard = expression();
    in_.expect(TokenKind::kArrow, "after the guard of a command in module " + module);
    do {
      c.updates.push_back(update(module));
    } while (in_.accept(TokenKind::kPlus));
    in_.expect(TokenKind::kSemicolon, "after a command in module " + module);
    return c;
  }

  // Whether the cursor is at an assignment list: `(x' = ...` or `true` ending the update.
  bool at_assignments() const {
    if (in_.at(TokenKind::kLeftParen) && in_.peek(1).kind == TokenKind::kIdentifier &&
        in_.peek(2).kind == TokenKind::kPrime)
      return true;
    return in_.at_word("true") &&
           (in_.peek(1).kind == TokenKind::kSemicolon || in_.peek(1).kind == TokenKind::kPlus);
  }

  Update update(const std::string& module) {
    Update u;
    u.where = place_of(in_.peek());
    if (!at_assignments()) {
      u.probability = expression();
      in_.expect(TokenKind::kColon, "after the probability of an update in module " + module);
    }
    if (in_.at_word("true")) {
      in_.next();
      return u;
    }
    do {
      in_.expect(TokenKind::kLeftParen, "to open an assignment (x'=...) in module " + module);
      const Token& v = name("in an assignment");
      in_.expect(TokenKind::kPrime, "after '" + v.text + "' in an assignment (x'=...)");
      in_.expect(TokenKind::kEquals, "in the assignment to " + v.text);
      Assignment a;
      a.variable = v.text;
      a.where = place_of(v);
      a.value = expression();
      in_.expect(TokenKind::kRightParen, "to close the assignment to " + v.text);
      for (const Assignment& other : u.assignments) {
        if (other.variable == a.variable) in_.fail(v, "the update assigns '" + a.variable + "' twice");
      }
      u.assignments.push_back(a);
    } while (in_.accept(TokenKind::kAnd));
    return u;
  }

  // player NAME module, [action], ... endplayer
  void player() {
    in_.next();
    Player p;
    const Token& n = name("after 'player'");
    p.name = n.text;
    p.where = place_of(n);
    for (const Player& other : model_.players) {
      if (other.name == p.name) in_.fail(n, "the player '" + p.name + "' is declared twice");
    }
    if (!in_.at_word("endplayer")) {
      do {
        if (in_.accept(TokenKind::kLeftBracket)) {
          p.actions.push_back(name("in a player's [action]").text);
          in_.expect(TokenKind::kRightBracket, "to close a player's [action]");
        } else {
          p.modules.push_back(name("in player " + p.name + " (a module or an [action])").text);
        }
      } while (in_.accept(TokenKind::kComma));
    }
    in_.expect_word("endplayer", "to close player " + p.name);
    model_.players.push_back(p);
  }

  // rewards ["NAME"] [a] guard : value; guard : value; ... endrewards
  void rewards() {
    const Token& start = in_.next();
    RewardStructure r;
    r.where = place_of(start);
    if (in_.at(TokenKind::kString)) r.name = in_.next().text;
    while (!in_.at_word("endrewards")) {
      if (in_.at(TokenKind::kEnd))
        in_.fail(in_.peek(), "a reward structure is not closed (expected endrewards)");
      RewardItem item;
      item.where = place_of(in_.peek());
      if (in_.accept(TokenKind::kLeftBracket)) {
        item.action = in_.at(TokenKind::kIdentifier) ? in_.next().text : std::string();
        in_.expect(TokenKind::kRightBracket, "to close the action of a reward");
      }
      item.guard = expression();
      in_.expect(TokenKind::kColon, "after the guard of a reward");
      item.value = expression();
      in_.expect(TokenKind::kSemicolon, "after a reward");
      r.items.push_back(item);
    }
    in_.next();
    model_.rewards.push_back(r);
  }

  // A copy of the expression with the renaming applied. A formula it uses is expanded first and
  // then renamed, as PRISM does: a formula over p2 and p3 in phil1 reads p3 and p1 in a copy that
  // renames p2=p3, p3=p1 (QVBS philosophers-mdp). `depth` stops a formula that uses itself.
  NodeId renamed(NodeId id, const std::map<std::string, std::string>& map, int depth = 0) {
    Node copy = model_.pool.at(id);
    if (copy.op == Op::kName) {
      if (const auto it = map.find(copy.name); it != map.end()) {
        copy.name = it->second;
      } else {
        for (const NamedExpression& f : model_.formulas) {
          if (f.name != copy.name) continue;
          if (depth > 64) {
            throw InputError(SourceLocation{model_.file, f.where.line, f.where.column},
                             "the formula '" + f.name + "' is defined in terms of itself");
          }
          return renamed(f.value, map, depth + 1);
        }
      }
    }
    for (NodeId& a : copy.args) a = renamed(a, map, depth);
    return model_.pool.add(std::move(copy));
  }

  void apply_renamings() {
    for (const Renaming& r : renamings_) {
      const bool is_renamed = std::any_of(renamings_.begin(), renamings_.end(),
                                          [&](const Renaming& o) { return o.name == r.base; });
      const Module* base = nullptr;
      for (const Module& m : model_.modules) {
        if (m.name == r.base && !is_renamed) base = &m;
      }
      if (base == nullptr || is_renamed) {
        throw InputError(SourceLocation{model_.file, r.where.line, r.where.column},
                         "module " + r.name + " copies '" + r.base + "', which is not a module written out" +
                             (is_renamed ? " (it is itself a renamed copy)" : ""));
      }
      std::map<std::string, std::string> map;
      for (const auto& [from, to] : r.pairs) {
        if (!map.emplace(from, to).second) {
          throw InputError(SourceLocation{model_.file, r.where.line, r.where.column},
                           "module " + r.name + " renames '" + from + "' twice");
        }
      }
      Module copy;
      copy.name = r.name;
      copy.where = r.where;
      for (const VariableDecl& v : base->variables) {
        const auto it = map.find(v.name);
        if (it == map.end()) {
          throw InputError(SourceLocation{model_.file, r.where.line, r.where.column},
                           "module " + r.name + " must rename the variable '" + v.name + "' of " + r.base +
                               " (each module has its own variables)");
        }
        if (!declared_.insert(it->second).second) {
          throw InputError(SourceLocation{model_.file, r.where.line, r.where.column},
                           "module " + r.name + " renames '" + v.name + "' to '" + it->second +
                               "', which is already declared");
        }
        VariableDecl nv = v;
        nv.name = it->second;
        nv.module = r.name;
        nv.low = renamed(v.low, map);
        nv.high = renamed(v.high, map);
        if (v.init) nv.init = renamed(*v.init, map);
        copy.variables.push_back(nv);
      }
      for (const Command& c : base->commands) {
        Command nc = c;
        if (const auto it = map.find(c.action); !c.action.empty() && it != map.end()) nc.action = it->second;
        nc.guard = renamed(c.guard, map);
        for (Update& u : nc.updates) {
          if (u.probability) u.probability = renamed(*u.probability, map);
          for (Assignment& a : u.assignments) {
            if (const auto it = map.find(a.variable); it != map.end()) a.variable = it->second;
            a.value = renamed(a.value, map);
          }
        }
        copy.commands.push_back(nc);
      }
      model_.modules[r.slot] = std::move(copy);
    }
  }

  // PRISM's semantic check of updates (parser/visitor/ModulesFileSemanticCheck.java in PRISM 4): a
  // module assigns only its own variables and the globals, and a command with an action never
  // assigns a global (when it synchronises, which module's update would win is not defined).
  void check_writes() const {
    std::set<std::string> globals;
    for (const VariableDecl& g : model_.globals) globals.insert(g.name);
    for (const Module& m : model_.modules) {
      std::set<std::string> own;
      for (const VariableDecl& v : m.variables) own.insert(v.name);
      for (const Command& c : m.commands) {
        for (const Update& u : c.updates) {
          for (const Assignment& a : u.assignments) {
            const SourceLocation at{model_.file, a.where.line, a.where.column};
            if (own.count(a.variable) != 0) continue;
            if (globals.count(a.variable) == 0) {
              throw InputError(at, "module " + m.name + " assigns '" + a.variable +
                                       "', which is neither one of its variables nor a global variable");
            }
            if (!c.action.empty()) {
              throw InputError(at,
                               "the command [" + c.action + "] of module " + m.name +
                                   " assigns the global variable '" + a.variable +
                                   "' (PRISM: a command with an action may not modify a global variable)");
            }
          }
        }
      }
    }
  }

  std::vector<Token> tokens_;
  TokenCursor in_;
  PrismModel model_;
  std::set<std::string> declared_;  // constants, variables and formulas share one name space
  std::set<std::string> modules_;
  std::vector<Renaming> renamings_;
};

}  // namespace

ConstantDecl parse_constant(TokenCursor& in, ExpressionPool& pool) {
  in.expect_word("const", "to start a constant");
  ConstantDecl c;
  if (in.at_word("int")) {
    in.next();
  } else if (in.at_word("double")) {
    in.next();
    c.type = Value::Type::kReal;
  } else if (in.at_word("bool")) {
    in.next();
    c.type = Value::Type::kBool;
  }
  const Token& n = in.expect(TokenKind::kIdentifier, "after 'const'");
  c.name = n.text;
  c.where = place_of(n);
  if (in.accept(TokenKind::kEquals)) c.value = parse_expression(in, pool);
  in.expect(TokenKind::kSemicolon, "after the constant '" + c.name + "'");
  return c;
}

PrismModel parse_prism_model(std::string_view text, const std::string& file) {
  return ModelParser(text, file).run();
}

}  // namespace sgplan::models::prism_language
