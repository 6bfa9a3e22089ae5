#include "models/extensive_form/efg_format.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

#include "core/errors.hpp"
#include "models/formats/probability.hpp"

namespace sgplan::models::extensive_form {

namespace {

using sgplan::Rational;

struct Token {
  enum class Kind { Label, Word, LeftBrace, RightBrace, Comma, End };
  Kind kind = Kind::End;
  std::string text;
  int line = 0, column = 0;
};

std::string describe(const Token& t) {
  switch (t.kind) {
    case Token::Kind::Label:
      return "the label \"" + (t.text.size() > 40 ? t.text.substr(0, 40) + "..." : t.text) + "\"";
    case Token::Kind::Word:
      return "'" + (t.text.size() > 40 ? t.text.substr(0, 40) + "..." : t.text) + "'";
    case Token::Kind::LeftBrace:
      return "'{'";
    case Token::Kind::RightBrace:
      return "'}'";
    case Token::Kind::Comma:
      return "','";
    case Token::Kind::End:
      return "the end of the file";
  }
  return "?";
}

class Lexer {
 public:
  Lexer(const std::string& text, std::string file) : text_(text), file_(std::move(file)) {
    if (text_.compare(0, 3, "\xEF\xBB\xBF") == 0) pos_ = 3;  // UTF-8 byte order mark
  }

  const std::string& file() const { return file_; }

  Token next() {
    if (peeked_) {
      peeked_ = false;
      return peek_;
    }
    return scan();
  }
  const Token& peek() {
    if (!peeked_) {
      peek_ = scan();
      peeked_ = true;
    }
    return peek_;
  }

  [[noreturn]] void fail(const Token& at, const std::string& message) const {
    throw InputError(SourceLocation{file_, at.line, at.column}, message);
  }

 private:
  void advance() {
    if (text_[pos_] == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
    ++pos_;
  }

  static bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
  }

  Token scan() {
    while (pos_ < text_.size() && is_space(text_[pos_])) advance();
    Token t;
    t.line = line_;
    t.column = column_;
    if (pos_ >= text_.size()) return t;
    const char c = text_[pos_];
    if (c == '{' || c == '}' || c == ',') {
      t.kind = c == '{' ? Token::Kind::LeftBrace : c == '}' ? Token::Kind::RightBrace : Token::Kind::Comma;
      advance();
      return t;
    }
    if (c == '"') {
      t.kind = Token::Kind::Label;
      advance();
      while (true) {
        if (pos_ >= text_.size()) fail(t, "unterminated label: the file ends inside the quotes opened here");
        const char d = text_[pos_];
        if (d == '"') {
          advance();
          break;
        }
        if (d == '\\' && pos_ + 1 < text_.size() && (text_[pos_ + 1] == '"' || text_[pos_ + 1] == '\\')) {
          advance();
          t.text += text_[pos_];
          advance();
          continue;
        }
        t.text += d;
        advance();
      }
      return t;
    }
    t.kind = Token::Kind::Word;
    while (pos_ < text_.size() && !is_space(text_[pos_]) && text_[pos_] != '{' && text_[pos_] != '}' &&
           text_[pos_] != ',' && text_[pos_] != '"') {
      t.text += text_[pos_];
      advance();
    }
    return t;
  }

  const std::string& text_;
  std::string file_;
  std::size_t pos_ = 0;
  int line_ = 1, column_ = 1;
  Token peek_;
  bool peeked_ = false;
};

std::string location_text(const Token& t) {
  return std::to_string(t.line) + ":" + std::to_string(t.column);
}

class EfgReader {
 public:
  EfgReader(const std::string& text, const std::string& name, const efg::TreeLimits& limits)
      : lex_(text, name), limits_(limits) {}

  efg::GameTree read() {
    read_prologue();
    while (!builder_->complete()) read_node();
    const Token end = lex_.next();
    if (end.kind != Token::Kind::End) {
      lex_.fail(end, "expected the end of the file (the tree is already complete), found " + describe(end));
    }
    efg::GameTree tree = builder_->finalize();
    if (const efg::NodeId n = efg::first_payoff_beyond_double(tree); n != efg::kNone) {
      const NodeStart& at = node_start_[n];
      throw InputError(SourceLocation{lex_.file(), at.line, at.column},
                       "the payoff of this terminal node (the sum of the outcomes on its path) is beyond the "
                       "range of a double (about 1.8e308): a payoff must be finite");
    }
    return tree;
  }

 private:
  Token expect(Token::Kind kind, const std::string& what) {
    Token t = lex_.next();
    if (t.kind != kind) lex_.fail(t, "expected " + what + ", found " + describe(t));
    return t;
  }

  // A non-negative integer in [min, max].
  std::uint32_t integer(const std::string& what, std::uint32_t min, std::uint32_t max) {
    const Token t = lex_.next();
    if (t.kind != Token::Kind::Word) lex_.fail(t, "expected " + what + ", found " + describe(t));
    std::uint64_t v = 0;
    bool ok = !t.text.empty() && t.text.size() <= 10;
    for (char c : t.text) {
      ok = ok && c >= '0' && c <= '9';
      if (ok) v = v * 10 + static_cast<std::uint64_t>(c - '0');
    }
    if (!ok || v < min || v > max) {
      lex_.fail(t, "expected " + what + " (an integer from " + std::to_string(min) + " to " +
                       std::to_string(max) + "), found " + describe(t));
    }
    return static_cast<std::uint32_t>(v);
  }

  Rational number(const Token& t, const std::string& what) {
    if (t.kind != Token::Kind::Word) lex_.fail(t, "expected " + what + ", found " + describe(t));
    auto p = formats::parse_probability(t.text);
    if (!p)
      lex_.fail(t, "expected " + what + " (an integer, a decimal or a fraction p/q), found " + describe(t));
    return p->exact;
  }

  void read_prologue() {
    const Token magic = lex_.next();
    if (magic.kind == Token::Kind::Word && magic.text == "NFG") {
      lex_.fail(magic,
                "this is a normal-form game (NFG): normal form is not supported; sgplan reads extensive-form "
                "games (files starting with 'EFG 2 R')");
    }
    if (magic.kind != Token::Kind::Word || magic.text != "EFG") {
      lex_.fail(magic, "expected 'EFG' (a Gambit extensive-form file starts with 'EFG 2 R'), found " +
                           describe(magic));
    }
    const Token version = lex_.next();
    if (version.kind != Token::Kind::Word || version.text != "2") {
      lex_.fail(version, "expected the format version 2, found " + describe(version));
    }
    const Token type = lex_.next();
    if (type.kind != Token::Kind::Word || (type.text != "R" && type.text != "D")) {
      lex_.fail(type, "expected the number type R (or the obsolete D), found " + describe(type));
    }
    const std::string title = expect(Token::Kind::Label, "the game's title in quotes").text;
    expect(Token::Kind::LeftBrace, "'{' opening the list of players");
    std::vector<std::string> players;
    while (true) {
      const Token t = lex_.next();
      if (t.kind == Token::Kind::RightBrace) break;
      if (t.kind != Token::Kind::Label)
        lex_.fail(t, "expected a player's name in quotes or '}', found " + describe(t));
      players.push_back(t.text);
    }
    players_ = players.size();
    builder_.emplace(std::move(players), limits_);
    builder_->set_title(title);
    if (lex_.peek().kind == Token::Kind::Label) builder_->set_comment(lex_.next().text);
    infosets_.resize(players_);
  }

  struct Declared {
    std::uint32_t id;
    Token where;
  };

  // The optional outcome after a node's other fields.
  std::uint32_t read_outcome() {
    const Token at = lex_.peek();
    const std::uint32_t number = integer("an outcome number (0 for none)", 0, 2'000'000'000);
    if (lex_.peek().kind != Token::Kind::Label) {
      if (number == 0) return efg::kNone;
      auto it = outcomes_.find(number);
      if (it == outcomes_.end()) {
        lex_.fail(at, "outcome " + std::to_string(number) +
                          " is used before it is described (expected its name and payoffs after the number)");
      }
      return it->second.id;
    }
    const Token name = lex_.next();
    if (number == 0) lex_.fail(name, "outcome 0 means 'no outcome' and cannot have a name or payoffs");
    const Token open =
        expect(Token::Kind::LeftBrace, "'{' opening the payoffs of outcome " + std::to_string(number));
    std::vector<Rational> payoffs;
    while (true) {
      Token t = lex_.next();
      if (t.kind == Token::Kind::RightBrace) break;
      if (t.kind == Token::Kind::Comma) {
        if (payoffs.empty()) lex_.fail(t, "expected a payoff, found " + describe(t));
        t = lex_.next();
      }
      if (t.kind == Token::Kind::RightBrace)
        lex_.fail(t, "expected a payoff after ',', found " + describe(t));
      if (payoffs.size() == players_) {
        lex_.fail(t, "outcome " + std::to_string(number) + " has more payoffs than the " +
                         std::to_string(players_) + " players (expected '}'), found " + describe(t));
      }
      payoffs.push_back(number_of(t, "a payoff"));
      if (!efg::fits_double(payoffs.back())) {
        lex_.fail(t, "payoff " + t.text +
                         " is beyond the range of a double (about 1.8e308): a payoff must be finite");
      }
    }
    if (payoffs.size() != players_) {
      lex_.fail(open, "outcome " + std::to_string(number) + " gives " + std::to_string(payoffs.size()) +
                          " payoff(s), expected one per player (" + std::to_string(players_) + ")");
    }
    auto it = outcomes_.find(number);
    if (it != outcomes_.end()) {
      const efg::Outcome& first = builder_->outcome(it->second.id);
      if (first.name != name.text || first.payoffs != payoffs) {
        lex_.fail(name, "outcome " + std::to_string(number) + " does not match its first description at " +
                            location_text(it->second.where) + " (a repeated description must be identical)");
      }
      return it->second.id;
    }
    const std::uint32_t id = builder_->add_outcome(number, name.text, payoffs);
    outcomes_.emplace(number, Declared{id, name});
    return id;
  }

  Rational number_of(const Token& t, const std::string& what) { return number(t, what); }

  void read_node() {
    const Token t = lex_.next();
    if (t.kind == Token::Kind::End) {
      if (builder_->num_nodes() == 0) {
        lex_.fail(t,
                  "the file ends after the prologue: expected the root node ('c' chance, 'p' player or "
                  "'t' terminal)");
      }
      const efg::NodeId open = builder_->open_node();
      lex_.fail(t, "the file ends before the tree is complete: the node " + node_text(open) +
                       " still needs " + std::to_string(builder_->missing_children()) +
                       " more child node(s)");
    }
    if (t.kind != Token::Kind::Word || (t.text != "c" && t.text != "p" && t.text != "t")) {
      lex_.fail(t, "expected a node ('c' chance, 'p' player or 't' terminal), found " + describe(t));
    }
    const std::string name = expect(Token::Kind::Label, "the node's name in quotes (\"\" for none)").text;
    efg::NodeId n = 0;
    if (t.text == "t") {
      const std::uint32_t outcome = read_outcome();
      n = builder_->add_terminal(outcome, name);
    } else if (t.text == "c") {
      const std::uint32_t event = read_chance_event();
      const std::uint32_t outcome = read_outcome();
      n = builder_->add_chance(event, outcome, name);
    } else {
      const std::uint32_t set = read_infoset();
      const std::uint32_t outcome = read_outcome();
      n = builder_->add_decision(set, outcome, name);
    }
    if (n == node_start_.size()) node_start_.push_back(NodeStart{t.text[0], t.line, t.column});
  }

  std::string node_text(efg::NodeId n) const {
    const NodeStart& s = node_start_[n];
    return std::string("'") + s.kind + "' at " + std::to_string(s.line) + ":" + std::to_string(s.column);
  }

  std::vector<std::string> read_action_labels(const std::string& what) {
    expect(Token::Kind::LeftBrace, "'{' opening the actions of " + what);
    std::vector<std::string> actions;
    while (true) {
      const Token a = lex_.next();
      if (a.kind == Token::Kind::RightBrace) {
        if (actions.empty())
          lex_.fail(a, what + " has no actions (expected at least one action name in quotes)");
        return actions;
      }
      if (a.kind != Token::Kind::Label)
        lex_.fail(a, "expected an action name in quotes or '}', found " + describe(a));
      actions.push_back(a.text);
    }
  }

  std::uint32_t read_infoset() {
    if (players_ == 0)
      lex_.fail(lex_.peek(), "a player node in a game without players (the prologue lists none)");
    const efg::PlayerId player = integer("a player number", 1, static_cast<std::uint32_t>(players_)) - 1;
    const Token at = lex_.peek();
    const std::uint32_t number = integer("an information set number", 1, 2'000'000'000);
    const std::string what =
        "information set " + std::to_string(number) + " of player " + std::to_string(player + 1);
    auto& known = infosets_[player];
    auto it = known.find(number);
    if (lex_.peek().kind != Token::Kind::Label) {
      if (it == known.end()) {
        lex_.fail(at,
                  what + " is used before it is described (expected its name and actions after the number)");
      }
      return it->second.id;
    }
    const Token name = lex_.next();
    std::vector<std::string> actions = read_action_labels(what);
    if (it != known.end()) {
      const efg::Infoset& first = builder_->infoset(it->second.id);
      if (first.name != name.text || first.actions != actions) {
        lex_.fail(name, what + " does not match its first description at " + location_text(it->second.where) +
                            " (a repeated description must be identical)");
      }
      return it->second.id;
    }
    const efg::InfosetId id = builder_->add_infoset(player, number, name.text, std::move(actions));
    known.emplace(number, Declared{id, name});
    return id;
  }

  std::uint32_t read_chance_event() {
    const Token at = lex_.peek();
    const std::uint32_t number = integer("a chance event number", 1, 2'000'000'000);
    const std::string what = "chance event " + std::to_string(number);
    auto it = events_.find(number);
    if (lex_.peek().kind != Token::Kind::Label) {
      if (it == events_.end()) {
        lex_.fail(at,
                  what + " is used before it is described (expected its name and actions after the number)");
      }
      return it->second.id;
    }
    const Token name = lex_.next();
    const Token open = expect(Token::Kind::LeftBrace, "'{' opening the actions of " + what);
    std::vector<std::string> actions;
    std::vector<Rational> probabilities;
    Rational sum = 0;
    while (true) {
      const Token a = lex_.next();
      if (a.kind == Token::Kind::RightBrace) break;
      if (a.kind != Token::Kind::Label) {
        lex_.fail(a, "expected an action name in quotes or '}' in " + what + ", found " + describe(a));
      }
      const Token p = lex_.next();
      const Rational prob = number_of(p, "the probability of chance action \"" + a.text + "\"");
      if (prob < 0)
        lex_.fail(p, "the probability of chance action \"" + a.text + "\" is negative: " + p.text);
      actions.push_back(a.text);
      probabilities.push_back(prob);
      sum += prob;
    }
    if (actions.empty()) lex_.fail(open, what + " has no actions (expected \"name\" probability pairs)");
    if (!formats::sums_to_one(sum)) {
      lex_.fail(open, "the probabilities of " + what + " sum to " + to_string(sum) + " (" +
                          std::to_string(static_cast<double>(sum)) + "), expected 1");
    }
    if (it != events_.end()) {
      const efg::ChanceEvent& first = builder_->chance_event(it->second.id);
      if (first.name != name.text || first.actions != actions || first.probabilities != probabilities) {
        lex_.fail(name, what + " does not match its first description at " + location_text(it->second.where) +
                            " (a repeated description must be identical)");
      }
      return it->second.id;
    }
    const std::uint32_t id =
        builder_->add_chance_event(number, name.text, std::move(actions), std::move(probabilities));
    events_.emplace(number, Declared{id, name});
    return id;
  }

  Lexer lex_;
  efg::TreeLimits limits_;
  std::size_t players_ = 0;
  std::optional<efg::GameTreeBuilder> builder_;
  std::vector<std::map<std::uint32_t, Declared>> infosets_;
  std::map<std::uint32_t, Declared> events_, outcomes_;
  struct NodeStart {
    char kind;
    int line, column;
  };
  std::vector<NodeStart> node_start_;
};

void write_outcome(const efg::GameTree& tree, std::uint32_t outcome, std::ostream& out) {
  if (outcome == efg::kNone) {
    out << " 0";
    return;
  }
  const efg::Outcome& o = tree.outcomes()[outcome];
  out << ' ' << o.number << ' ' << quote_efg_label(o.name) << " { ";
  for (std::size_t p = 0; p < o.payoffs.size(); ++p) {
    if (p > 0) out << ", ";
    out << efg::to_string(o.payoffs[p]);
  }
  out << " }";
}

}  // namespace

efg::GameTree read_efg_string(const std::string& text, const std::string& name,
                              const efg::TreeLimits& limits) {
  return EfgReader(text, name, limits).read();
}

efg::GameTree read_efg_file(const std::string& path, const efg::TreeLimits& limits) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(SourceLocation{path, 0, 0}, "cannot open the file");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return read_efg_string(buffer.str(), path, limits);
}

std::string quote_efg_label(const std::string& label) {
  std::string out = "\"";
  for (std::size_t i = 0; i < label.size(); ++i) {
    const char c = label[i];
    if (c == '"') {
      out += "\\\"";
    } else if (c == '\\') {
      // Doubled only where a reader would otherwise take it as an escape (or at the end).
      const bool escape = i + 1 == label.size() || label[i + 1] == '"' || label[i + 1] == '\\';
      out += escape ? "\\\\" : "\\";
    } else {
      out += c;
    }
  }
  return out + "\"";
}

void write_efg(const efg::GameTree& tree, std::ostream& out) {
  out << "EFG 2 R " << quote_efg_label(tree.title()) << " {";
  for (const efg::Player& p : tree.players()) out << ' ' << quote_efg_label(p.name);
  out << " }\n" << quote_efg_label(tree.comment()) << "\n\n";
  for (efg::NodeId n = 0; n < tree.num_nodes(); ++n) {
    switch (tree.kind(n)) {
      case efg::NodeKind::Terminal:
        out << "t " << quote_efg_label(tree.node_name(n));
        break;
      case efg::NodeKind::Chance: {
        const efg::ChanceEvent& e = tree.chance_events()[tree.chance_event(n)];
        out << "c " << quote_efg_label(tree.node_name(n)) << ' ' << e.number << ' ' << quote_efg_label(e.name)
            << " {";
        for (std::size_t a = 0; a < e.actions.size(); ++a) {
          out << ' ' << quote_efg_label(e.actions[a]) << ' ' << efg::to_string(e.probabilities[a]);
        }
        out << " }";
        break;
      }
      case efg::NodeKind::Decision: {
        const efg::Infoset& h = tree.infoset_data(tree.infoset(n));
        out << "p " << quote_efg_label(tree.node_name(n)) << ' ' << h.player + 1 << ' ' << h.number << ' '
            << quote_efg_label(h.name) << " {";
        for (const std::string& a : h.actions) out << ' ' << quote_efg_label(a);
        out << " }";
        break;
      }
    }
    write_outcome(tree, tree.outcome(n), out);
    out << '\n';
  }
}

std::string to_efg_string(const efg::GameTree& tree) {
  std::ostringstream out;
  write_efg(tree, out);
  return out.str();
}

}  // namespace sgplan::models::extensive_form
