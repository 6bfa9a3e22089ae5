#include "models/prism_language/properties.hpp"

namespace sgplan::models::prism_language {

namespace {

class PropertyParser {
 public:
  PropertyParser(std::string_view text, const std::string& file, PrismModel& model)
      : tokens_(tokenize(text, file)), in_(tokens_, file), file_(file), model_(model) {}

  std::vector<Property> run() {
    model_.sources.emplace_back(static_cast<NodeId>(model_.pool.size()), file_);
    std::vector<Property> out;
    while (!in_.at(TokenKind::kEnd)) {
      if (in_.accept(TokenKind::kSemicolon)) continue;
      if (in_.at_word("const")) {
        constant();
      } else if (in_.at_word("label")) {
        label();
      } else {
        out.push_back(property());
      }
    }
    return out;
  }

 private:
  NodeId expression() { return parse_expression(in_, model_.pool); }

  void constant() {
    ConstantDecl c = parse_constant(in_, model_.pool);
    for (const ConstantDecl& other : model_.constants) {
      if (other.name == c.name) {
        throw InputError(SourceLocation{file_, c.where.line, c.where.column},
                         "the constant '" + c.name + "' is declared twice (in the model and here)");
      }
    }
    c.file = file_;
    model_.constants.push_back(c);
  }

  void label() {
    in_.next();
    const Token& n = in_.expect(TokenKind::kString, "after 'label' (a quoted name)");
    in_.expect(TokenKind::kEquals, "after the label's name");
    NamedExpression e{n.text, expression(), Place{n.line, n.column}};
    model_.labels.push_back(e);
    in_.accept(TokenKind::kSemicolon);
  }

  // Skips the rest of a property sgplan does not answer: to a ';' outside brackets, or to the
  // first token outside brackets on a later line (props files may leave out the ';').
  void skip_rest(Property& p, const std::string& why) {
    p.supported = false;
    p.unsupported = why;
    int depth = 0;
    int line = in_.peek().line;
    while (!in_.at(TokenKind::kEnd)) {
      const Token& t = in_.peek();
      if (depth == 0 && t.kind == TokenKind::kSemicolon) {
        in_.next();
        return;
      }
      if (depth == 0 && t.line > line) return;
      if (t.kind == TokenKind::kLeftBracket || t.kind == TokenKind::kLeftParen ||
          t.kind == TokenKind::kLeftBrace)
        ++depth;
      if (t.kind == TokenKind::kRightBracket || t.kind == TokenKind::kRightParen ||
          t.kind == TokenKind::kRightBrace)
        --depth;
      line = t.line;
      in_.next();
    }
  }

  Property property() {
    Property p;
    p.file = file_;
    const Token& start = in_.peek();
    p.where = Place{start.line, start.column};
    if (in_.at(TokenKind::kString) && in_.peek(1).kind == TokenKind::kColon) {
      p.name = in_.next().text;
      in_.next();
    }
    if (in_.accept(TokenKind::kCoalitionOpen)) {
      p.has_coalition = true;
      do {
        const Token& t = in_.next();
        if (t.kind != TokenKind::kIdentifier && t.kind != TokenKind::kInteger && t.kind != TokenKind::kTimes)
          in_.fail(t, "expected a player (a name, a number or *) in << >>");
        p.coalition.push_back(t.text);
      } while (in_.accept(TokenKind::kComma));
      in_.expect(TokenKind::kCoalitionClose, "to close the coalition");
    }
    if (!in_.at(TokenKind::kIdentifier)) {
      skip_rest(p, "not a P operator");
      return p;
    }
    const std::string op = in_.peek().text;
    if (op != "P" && op != "Pmax" && op != "Pmin") {
      skip_rest(p, op == "filter"          ? "filters are not supported yet"
                   : op.rfind('R', 0) == 0 ? "reward properties are not supported yet"
                   : op.rfind('S', 0) == 0 ? "steady-state properties are not supported"
                                           : "'" + op + "' is not a P operator");
      return p;
    }
    in_.next();
    if (op == "Pmax" || op == "Pmin") {
      p.query = op == "Pmax" ? Query::kMax : Query::kMin;
      in_.expect(TokenKind::kEquals, "after " + op);
      in_.expect(TokenKind::kQuestion, "after " + op + "=");
    } else if (in_.accept(TokenKind::kEquals)) {
      p.query = Query::kValue;
      in_.expect(TokenKind::kQuestion, "after P=");
    } else {
      const Token& c = in_.next();
      if (c.kind != TokenKind::kGreaterEqual && c.kind != TokenKind::kGreater &&
          c.kind != TokenKind::kLessEqual && c.kind != TokenKind::kLess)
        in_.fail(c, "expected =?, max=?, min=? or a bound (>=, >, <=, <) after P");
      p.query = Query::kBound;
      p.comparison = c.text;
      p.bound = basic_number();
    }
    in_.expect(TokenKind::kLeftBracket, "to open the path of the P operator");
    if (!path(p)) return p;
    if (!in_.at(TokenKind::kRightBracket)) {
      skip_rest(p,
                "a path sgplan does not answer (only F, U and G of state formulas, optionally step-bounded)");
      return p;
    }
    in_.next();
    if (in_.at(TokenKind::kIff) || in_.at(TokenKind::kAnd) || in_.at(TokenKind::kOr) ||
        in_.at(TokenKind::kImplies)) {
      skip_rest(p, "a P operator inside a larger formula is not supported");
      return p;
    }
    in_.accept(TokenKind::kSemicolon);
    p.text = text_of(p);
    return p;
  }

  // The bound of P ~ b: a number or a constant's name.
  NodeId basic_number() {
    const Token& t = in_.peek();
    if (t.kind != TokenKind::kInteger && t.kind != TokenKind::kReal && t.kind != TokenKind::kIdentifier)
      in_.fail(t, "expected the bound of the P operator (a number)");
    Node n;
    n.line = t.line;
    n.column = t.column;
    if (t.kind == TokenKind::kIdentifier) {
      n.op = Op::kName;
      n.name = t.text;
    } else if (t.kind == TokenKind::kInteger) {
      n.op = Op::kInt;
      n.int_value = std::stoll(t.text);
    } else {
      n.op = Op::kReal;
      n.real_value = std::stod(t.text);
    }
    in_.next();
    return model_.pool.add(std::move(n));
  }

  std::optional<NodeId> step_bound() {
    if (!in_.accept(TokenKind::kLessEqual)) return std::nullopt;
    return basic_number();
  }

  // F phi | G phi | phi U psi, each with an optional <=k; false (and skipped) for other paths.
  bool path(Property& p) {
    const bool f = in_.at_word("F"), g = in_.at_word("G");
    if (f || g) {
      in_.next();
      p.path = f ? PathOp::kEventually : PathOp::kGlobally;
      if (in_.at(TokenKind::kLessEqual)) {
        p.steps = step_bound();
      } else if (in_.at(TokenKind::kGreaterEqual) || in_.at(TokenKind::kGreater) ||
                 in_.at(TokenKind::kLess) || in_.at(TokenKind::kLeftBracket)) {
        skip_rest(p, "time-interval bounds other than <=k are not supported");
        return false;
      }
      if (in_.at_word("F") || in_.at_word("G") || in_.at_word("X")) {
        skip_rest(p, "nested temporal operators (LTL) are not supported");
        return false;
      }
      p.right = expression();
      return true;
    }
    if (in_.at_word("X")) {
      skip_rest(p, "X (next) is not supported");
      return false;
    }
    const NodeId left = expression();
    if (!in_.at_word("U")) {
      skip_rest(p, "expected F, G or U in the path");
      return false;
    }
    in_.next();
    p.path = PathOp::kUntil;
    p.left = left;
    p.steps = step_bound();
    p.right = expression();
    return true;
  }

  std::string text_of(const Property& p) const {
    std::string s;
    if (p.has_coalition) {
      s += "<<";
      for (std::size_t k = 0; k < p.coalition.size(); ++k) s += (k == 0 ? "" : ",") + p.coalition[k];
      s += ">> ";
    }
    s += p.query == Query::kMax     ? "Pmax=?"
         : p.query == Query::kMin   ? "Pmin=?"
         : p.query == Query::kValue ? "P=?"
                                    : "P" + p.comparison + model_.pool.text(p.bound);
    s += " [ ";
    const std::string steps = p.steps ? "<=" + model_.pool.text(*p.steps) : "";
    if (p.path == PathOp::kUntil) {
      s += model_.pool.text(*p.left) + " U" + steps + " " + model_.pool.text(p.right);
    } else {
      s += std::string(p.path == PathOp::kEventually ? "F" : "G") + steps + " " + model_.pool.text(p.right);
    }
    return s + " ]";
  }

  std::vector<Token> tokens_;
  TokenCursor in_;
  std::string file_;
  PrismModel& model_;
};

}  // namespace

std::vector<Property> parse_properties(std::string_view text, const std::string& file, PrismModel& model) {
  return PropertyParser(text, file, model).run();
}

}  // namespace sgplan::models::prism_language
