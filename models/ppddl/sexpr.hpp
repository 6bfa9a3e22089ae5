// The s-expressions PDDL files are written in (McDermott et al., "PDDL - The Planning Domain
// Definition Language", 1998, section 2; PPDDL1.0 keeps the syntax, Younes & Littman 2004):
// parentheses, and atoms separated by white space or parentheses. A `;` starts a comment that runs
// to the end of the line. Names are case-insensitive in PDDL, so every atom is kept in lower case.
// Every atom and list keeps the line and column where it starts, so later errors name
// file:line:col.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sgplan::models::ppddl {

struct SExpr {
  bool list = false;
  std::string text;  // an atom's text, lower case (empty for a list)
  int line = 0;
  int column = 0;
  std::vector<SExpr> items;  // a list's items

  bool is(std::string_view atom) const { return !list && text == atom; }
  // A list whose first item is the atom `head`: (and ...), (:action ...).
  bool headed(std::string_view head) const { return list && !items.empty() && items[0].is(head); }
};

// Every top-level expression of the text, in order. InputError at the place: a ')' with no '('
// open, or a '(' never closed (the outermost one still open at the end of the file).
std::vector<SExpr> read_sexprs(std::string_view text, const std::string& file);

// The expression as text, shortened past `max_chars` (for messages).
std::string to_text(const SExpr& e, std::size_t max_chars = 60);

}  // namespace sgplan::models::ppddl
