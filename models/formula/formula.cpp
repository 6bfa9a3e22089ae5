#include "models/formula/formula.hpp"

#include <cctype>

namespace sgplan::models::formula {

class Formula::Parser {
 public:
  Parser(std::string_view text, std::uint32_t variables, Formula& out)
      : text_(text), variables_(variables), out_(out) {}

  void run() {
    skip_spaces();
    if (pos_ == text_.size())
      fail(pos_, "the formula is empty (expected a variable x1..x" + max_name() + ", '!' or '(')");
    formula();
    skip_spaces();
    if (pos_ < text_.size()) {
      if (text_[pos_] == ')') fail(pos_, "unmatched ')'");
      fail(pos_, "unexpected " + found() + " after a complete formula (expected '&', '|' or the end)");
    }
  }

 private:
  std::string max_name() const { return std::to_string(variables_); }

  [[noreturn]] void fail(std::size_t at, const std::string& message) const {
    throw FormulaSyntaxError(at, message);
  }

  std::string found() const {
    if (pos_ >= text_.size()) return "the end of the formula";
    std::string quoted(1, '\'');
    quoted += text_[pos_];
    quoted += '\'';
    return quoted;
  }

  void skip_spaces() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
  }

  std::uint32_t add(Kind kind, std::uint32_t a = 0, std::uint32_t b = 0) {
    out_.nodes_.push_back(Node{kind, a, b});
    return static_cast<std::uint32_t>(out_.nodes_.size() - 1);
  }

  // formula := term { '|' term }
  std::uint32_t formula() {
    std::uint32_t left = term();
    for (skip_spaces(); pos_ < text_.size() && text_[pos_] == '|'; skip_spaces()) {
      ++pos_;
      const std::uint32_t right = term();
      left = add(Kind::Or, left, right);
    }
    return left;
  }

  // term := factor { '&' factor }
  std::uint32_t term() {
    std::uint32_t left = factor();
    for (skip_spaces(); pos_ < text_.size() && text_[pos_] == '&'; skip_spaces()) {
      ++pos_;
      const std::uint32_t right = factor();
      left = add(Kind::And, left, right);
    }
    return left;
  }

  // factor := '!' factor | '(' formula ')' | variable | true | false
  std::uint32_t factor() {
    skip_spaces();
    if (++nesting_ > kMaxNesting)
      fail(pos_, "the formula nests deeper than " + std::to_string(kMaxNesting) + " levels");
    struct Leave {
      int& n;
      ~Leave() { --n; }
    } leave{nesting_};
    if (pos_ >= text_.size()) {
      fail(pos_, "the formula ends too early (expected a variable x1..x" + max_name() + ", '!' or '(')");
    }
    const char c = text_[pos_];
    if (c == '!') {
      ++pos_;
      return add(Kind::Not, factor());
    }
    if (c == '(') {
      const std::size_t open = pos_++;
      const std::uint32_t inner = formula();
      skip_spaces();
      if (pos_ >= text_.size() || text_[pos_] != ')') {
        fail(pos_,
             "expected ')' to close the '(' at character " + std::to_string(open + 1) + ", found " + found());
      }
      ++pos_;
      return inner;
    }
    if (std::isalpha(static_cast<unsigned char>(c))) {
      const std::size_t start = pos_;
      while (pos_ < text_.size() && std::isalnum(static_cast<unsigned char>(text_[pos_]))) ++pos_;
      const std::string_view word = text_.substr(start, pos_ - start);
      if (word == "true") return add(Kind::True);
      if (word == "false") return add(Kind::False);
      if (word.size() >= 2 && word[0] == 'x' && word[1] != '0' &&
          word.find_first_not_of("0123456789", 1) == std::string_view::npos && word.size() <= 4) {
        const auto index = static_cast<std::uint32_t>(std::stoul(std::string(word.substr(1))));
        if (index >= 1 && index <= variables_) return add(Kind::Variable, index - 1);
        fail(start, "'" + std::string(word) + "' is not a variable of this game (variables: x1..x" +
                        max_name() + ")");
      }
      fail(start, "unknown name '" + std::string(word) + "' (expected a variable x1..x" + max_name() +
                      ", true or false)");
    }
    if (c == ')') fail(pos_, "unexpected ')' (expected a variable x1..x" + max_name() + ", '!' or '(')");
    fail(pos_, "unexpected " + found() + " (expected a variable x1..x" + max_name() + ", '!' or '(')");
  }

  std::string_view text_;
  std::uint32_t variables_;
  Formula& out_;
  std::size_t pos_ = 0;
  int nesting_ = 0;
  static constexpr int kMaxNesting = 500;
};

Formula Formula::parse(std::string_view text, std::uint32_t variables) {
  if (variables > kMaxVariables)
    throw FormulaSyntaxError(0, "at most " + std::to_string(kMaxVariables) + " variables");
  Formula f;
  f.variables_ = variables;
  Parser(text, variables, f).run();
  return f;
}

bool Formula::evaluate(std::uint32_t assignment) const {
  // Postfix order: every operand precedes its operator. 64 nodes on the stack cover most formulas;
  // longer ones fall back to the heap.
  char small[64] = {};
  std::vector<char> large;
  char* v = small;
  if (nodes_.size() > 64) {
    large.resize(nodes_.size());
    v = large.data();
  }
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    const Node& n = nodes_[i];
    switch (n.kind) {
      case Kind::Variable:
        v[i] = ((assignment >> n.a) & 1u) != 0;
        break;
      case Kind::Not:
        v[i] = !v[n.a];
        break;
      case Kind::And:
        v[i] = v[n.a] && v[n.b];
        break;
      case Kind::Or:
        v[i] = v[n.a] || v[n.b];
        break;
      case Kind::True:
        v[i] = true;
        break;
      case Kind::False:
        v[i] = false;
        break;
    }
  }
  return v[nodes_.size() - 1] != 0;
}

std::string Formula::text_of(std::uint32_t i) const {
  const Node& n = nodes_[i];
  switch (n.kind) {
    case Kind::Variable:
      return std::string(1, 'x').append(std::to_string(n.a + 1));
    case Kind::Not:
      return std::string(1, '!').append(text_of(n.a));
    case Kind::And:
    case Kind::Or:
      return std::string(1, '(')
          .append(text_of(n.a))
          .append(n.kind == Kind::And ? " & " : " | ")
          .append(text_of(n.b))
          .append(1, ')');
    case Kind::True:
      return "true";
    case Kind::False:
      return "false";
  }
  return "?";
}

std::string Formula::to_string() const {
  return text_of(static_cast<std::uint32_t>(nodes_.size() - 1));
}

}  // namespace sgplan::models::formula
