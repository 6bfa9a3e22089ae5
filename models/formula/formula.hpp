// Propositional formulas over variables x1..xn in the small syntax of the formula game:
//   formula := term { '|' term }          disjunction, lowest precedence
//   term    := factor { '&' factor }      conjunction
//   factor  := '!' factor | '(' formula ')' | 'x' digits | 'true' | 'false'
// Spaces and tabs anywhere between tokens. The parser is a recursive descent over that grammar
// (one function per rule); a syntax error names the character offset in the text, what was found
// and what was expected, and the YAML loader turns the offset into file:line:col.
// A parsed formula is a node array in postfix order (children before parents), evaluated on a
// complete assignment (bit i = the value of x{i+1}) by one pass over the array.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace sgplan::models::formula {

class FormulaSyntaxError : public std::runtime_error {
 public:
  FormulaSyntaxError(std::size_t offset, const std::string& message)
      : std::runtime_error(message), offset_(offset) {}
  std::size_t offset() const { return offset_; }

 private:
  std::size_t offset_;
};

class Formula {
 public:
  static constexpr std::uint32_t kMaxVariables = 32;

  // Parses `text` with variables x1..x{variables}; FormulaSyntaxError on any mistake.
  static Formula parse(std::string_view text, std::uint32_t variables);

  bool evaluate(std::uint32_t assignment) const;
  // Fully parenthesized, canonical text (x1 & (x2 | !x3)).
  std::string to_string() const;
  std::uint32_t variables() const { return variables_; }

 private:
  enum class Kind : std::uint8_t { Variable, Not, And, Or, True, False };
  struct Node {
    Kind kind;
    std::uint32_t a = 0;  // variable index, or the first operand's node
    std::uint32_t b = 0;  // the second operand's node
  };
  class Parser;
  std::string text_of(std::uint32_t node) const;

  std::vector<Node> nodes_;
  std::uint32_t variables_ = 0;
};

}  // namespace sgplan::models::formula
