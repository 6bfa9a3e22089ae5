#include "models/prism_language/lexer.hpp"

#include <array>
#include <cctype>
#include <utility>

namespace sgplan::models::prism_language {

namespace {

struct Symbol {
  std::string_view text;
  TokenKind kind;
};

// Longest first, so "<=>" wins over "<=" and "<", "->" over "-", ".." over a number's dot.
constexpr std::array<Symbol, 30> kSymbols{{
    {"<=>", TokenKind::kIff},
    {"<<", TokenKind::kCoalitionOpen},
    {">>", TokenKind::kCoalitionClose},
    {"=>", TokenKind::kImplies},
    {"->", TokenKind::kArrow},
    {"<=", TokenKind::kLessEqual},
    {">=", TokenKind::kGreaterEqual},
    {"!=", TokenKind::kNotEquals},
    {"..", TokenKind::kDotDot},
    {"(", TokenKind::kLeftParen},
    {")", TokenKind::kRightParen},
    {"[", TokenKind::kLeftBracket},
    {"]", TokenKind::kRightBracket},
    {"{", TokenKind::kLeftBrace},
    {"}", TokenKind::kRightBrace},
    {";", TokenKind::kSemicolon},
    {":", TokenKind::kColon},
    {",", TokenKind::kComma},
    {"'", TokenKind::kPrime},
    {"+", TokenKind::kPlus},
    {"-", TokenKind::kMinus},
    {"*", TokenKind::kTimes},
    {"/", TokenKind::kDivide},
    {"=", TokenKind::kEquals},
    {"<", TokenKind::kLess},
    {">", TokenKind::kGreater},
    {"!", TokenKind::kNot},
    {"&", TokenKind::kAnd},
    {"|", TokenKind::kOr},
    {"?", TokenKind::kQuestion},
}};

bool identifier_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_';
}
bool identifier_part(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}
bool digit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

class Lexer {
 public:
  Lexer(std::string_view text, const std::string& file) : text_(text), file_(file) {}

  std::vector<Token> run() {
    std::vector<Token> out;
    while (true) {
      skip_space_and_comments();
      Token t;
      t.line = line_;
      t.column = column_;
      if (at_end()) {
        out.push_back(t);
        return out;
      }
      const char c = text_[pos_];
      if (identifier_start(c)) {
        t.kind = TokenKind::kIdentifier;
        while (!at_end() && identifier_part(text_[pos_])) t.text += take();
      } else if (digit(c) || (c == '.' && pos_ + 1 < text_.size() && digit(text_[pos_ + 1]))) {
        number(t);
      } else if (c == '"') {
        string(t);
      } else {
        symbol(t);
      }
      out.push_back(std::move(t));
    }
  }

 private:
  bool at_end() const { return pos_ >= text_.size(); }

  char take() {
    const char c = text_[pos_++];
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
    return c;
  }

  [[noreturn]] void fail(int line, int column, const std::string& message) const {
    throw InputError(SourceLocation{file_, line, column}, message);
  }

  void skip_space_and_comments() {
    while (!at_end()) {
      const char c = text_[pos_];
      if (std::isspace(static_cast<unsigned char>(c)) != 0) {
        take();
      } else if (text_.substr(pos_, 2) == "//") {
        while (!at_end() && text_[pos_] != '\n') take();
      } else if (text_.substr(pos_, 2) == "/*") {
        const int line = line_, column = column_;
        take();
        take();
        while (!at_end() && text_.substr(pos_, 2) != "*/") take();
        if (at_end()) fail(line, column, "a comment opened here is never closed (expected */)");
        take();
        take();
      } else {
        return;
      }
    }
  }

  // Digits, an optional fraction (not "..", which is a range), an optional exponent.
  void number(Token& t) {
    bool real = false;
    while (!at_end() && digit(text_[pos_])) t.text += take();
    if (!at_end() && text_[pos_] == '.' && text_.substr(pos_, 2) != "..") {
      real = true;
      t.text += take();
      while (!at_end() && digit(text_[pos_])) t.text += take();
    }
    if (!at_end() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      real = true;
      t.text += take();
      if (!at_end() && (text_[pos_] == '+' || text_[pos_] == '-')) t.text += take();
      if (at_end() || !digit(text_[pos_])) {
        fail(t.line, t.column, "the number '" + t.text + "' has an exponent without digits");
      }
      while (!at_end() && digit(text_[pos_])) t.text += take();
    }
    if (!at_end() && identifier_start(text_[pos_])) {
      fail(t.line, t.column, "a number runs into a name ('" + t.text + text_[pos_] + "...')");
    }
    t.kind = real ? TokenKind::kReal : TokenKind::kInteger;
  }

  void string(Token& t) {
    take();  // the opening quote
    while (!at_end() && text_[pos_] != '"' && text_[pos_] != '\n') t.text += take();
    if (at_end() || text_[pos_] != '"') fail(t.line, t.column, "a quoted name is not closed on its line");
    take();
    t.kind = TokenKind::kString;
  }

  void symbol(Token& t) {
    for (const Symbol& s : kSymbols) {
      if (text_.substr(pos_, s.text.size()) == s.text) {
        for (std::size_t i = 0; i < s.text.size(); ++i) take();
        t.kind = s.kind;
        t.text = s.text;
        return;
      }
    }
    fail(t.line, t.column, std::string("unexpected character '") + text_[pos_] + "'");
  }

  std::string_view text_;
  const std::string& file_;
  std::size_t pos_ = 0;
  int line_ = 1;
  int column_ = 1;
};

}  // namespace

std::string describe(TokenKind kind) {
  switch (kind) {
    case TokenKind::kIdentifier:
      return "a name";
    case TokenKind::kInteger:
      return "an integer";
    case TokenKind::kReal:
      return "a number";
    case TokenKind::kString:
      return "a quoted name";
    case TokenKind::kEnd:
      return "the end of the file";
    default:
      break;
  }
  for (const Symbol& s : kSymbols) {
    if (s.kind == kind) return "'" + std::string(s.text) + "'";
  }
  return "?";
}

std::vector<Token> tokenize(std::string_view text, const std::string& file) {
  return Lexer(text, file).run();
}

}  // namespace sgplan::models::prism_language
