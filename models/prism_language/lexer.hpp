// The tokens of the PRISM language (PRISM manual, "The PRISM Language"; PRISM-games adds `player`
// blocks and `<< >>` coalitions in properties): identifiers and keywords, integer and real
// literals, quoted label names, and the punctuation of guarded commands and expressions. Comments
// (`// ...` to the end of the line, `/* ... */`) are skipped. Every token keeps the line and column
// where it starts, so every later error names file:line:col.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/errors.hpp"

namespace sgplan::models::prism_language {

enum class TokenKind : std::uint8_t {
  kIdentifier,  // names and keywords alike (the parser tells them apart)
  kInteger,     // 42
  kReal,        // 0.5, 1e-3, .25
  kString,      // "goal" (the text between the quotes)
  kLeftParen,
  kRightParen,
  kLeftBracket,
  kRightBracket,
  kLeftBrace,
  kRightBrace,
  kSemicolon,
  kColon,
  kComma,
  kDotDot,
  kPrime,
  kPlus,
  kMinus,
  kTimes,
  kDivide,
  kEquals,
  kNotEquals,
  kLess,
  kLessEqual,
  kGreater,
  kGreaterEqual,
  kNot,
  kAnd,
  kOr,
  kImplies,
  kIff,
  kQuestion,
  kArrow,
  kCoalitionOpen,   // <<
  kCoalitionClose,  // >>
  kEnd,
};

// "'->'", "an identifier": how an error message names what it expected or found.
std::string describe(TokenKind kind);

struct Token {
  TokenKind kind = TokenKind::kEnd;
  std::string text;  // identifier, literal or string contents; the symbol for punctuation
  int line = 0;
  int column = 0;
};

// The whole text as tokens, ending with one kEnd. InputError (file:line:col) on a character no
// token starts with, an unterminated string or comment, or a malformed number.
std::vector<Token> tokenize(std::string_view text, const std::string& file);

}  // namespace sgplan::models::prism_language
