#include "models/ppddl/sexpr.hpp"

#include <cctype>

#include "core/errors.hpp"

namespace sgplan::models::ppddl {

std::vector<SExpr> read_sexprs(std::string_view text, const std::string& file) {
  std::vector<SExpr> top;
  std::vector<SExpr> open;  // the lists being read, outermost first
  int line = 1, column = 1;
  std::size_t i = 0;
  auto advance = [&] {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
    ++i;
  };
  auto finish = [&](SExpr e) {
    if (open.empty()) {
      top.push_back(std::move(e));
    } else {
      open.back().items.push_back(std::move(e));
    }
  };
  while (i < text.size()) {
    const char c = text[i];
    if (c == ';') {
      while (i < text.size() && text[i] != '\n') advance();
    } else if (std::isspace(static_cast<unsigned char>(c)) != 0) {
      advance();
    } else if (c == '(') {
      SExpr e;
      e.list = true;
      e.line = line;
      e.column = column;
      open.push_back(std::move(e));
      advance();
    } else if (c == ')') {
      if (open.empty())
        throw InputError(SourceLocation{file, line, column}, "unexpected ')': no '(' is open");
      SExpr e = std::move(open.back());
      open.pop_back();
      advance();
      finish(std::move(e));
    } else {
      SExpr e;
      e.line = line;
      e.column = column;
      while (i < text.size() && text[i] != '(' && text[i] != ')' && text[i] != ';' &&
             std::isspace(static_cast<unsigned char>(text[i])) == 0) {
        e.text += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
        advance();
      }
      finish(std::move(e));
    }
  }
  if (!open.empty()) {
    const SExpr& outer = open.front();
    throw InputError(SourceLocation{file, outer.line, outer.column},
                     "this '(' is never closed: a ')' is missing before the end of the file");
  }
  return top;
}

std::string to_text(const SExpr& e, std::size_t max_chars) {
  std::string out;
  if (!e.list) {
    out = e.text;
  } else {
    out = "(";
    for (std::size_t k = 0; k < e.items.size() && out.size() <= max_chars; ++k)
      out += (k == 0 ? "" : " ") + to_text(e.items[k], max_chars);
    out += ")";
  }
  if (out.size() > max_chars) out = out.substr(0, max_chars) + "...";
  return out;
}

}  // namespace sgplan::models::ppddl
