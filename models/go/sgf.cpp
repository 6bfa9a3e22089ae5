#include "models/go/sgf.hpp"

#include <cctype>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace sgplan::models::go {

namespace {

// A cursor over the text that knows its line and column.
class Reader {
 public:
  Reader(std::string_view text, const std::string& file) : text_(text), file_(file) {}

  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return text_[pos_]; }
  char get() {
    const char c = text_[pos_++];
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
    return c;
  }
  void skip_space() {
    while (!at_end() && std::isspace(static_cast<unsigned char>(peek()))) get();
  }
  SourceLocation here() const { return SourceLocation{file_, line_, column_}; }
  [[noreturn]] void fail(const std::string& what) const { throw InputError(here(), what); }

 private:
  std::string_view text_;
  const std::string& file_;
  std::size_t pos_ = 0;
  int line_ = 1;
  int column_ = 1;
};

std::string describe(char c) {
  if (std::isprint(static_cast<unsigned char>(c))) return std::string("'") + c + "'";
  return "byte " + std::to_string(static_cast<int>(static_cast<unsigned char>(c)));
}

SgfProperty read_property(Reader& in) {
  SgfProperty prop;
  prop.where = in.here();
  while (!in.at_end() && std::isalpha(static_cast<unsigned char>(in.peek()))) {
    const char c = in.get();
    if (std::isupper(static_cast<unsigned char>(c))) prop.name += c;
  }
  if (prop.name.empty()) in.fail("a property identifier has no upper-case letter");
  in.skip_space();
  if (in.at_end() || in.peek() != '[') {
    throw InputError(prop.where, "property " + prop.name + " has no value (expected '[')");
  }
  while (!in.at_end() && in.peek() == '[') {
    in.get();
    std::string value;
    bool closed = false;
    while (!in.at_end()) {
      char c = in.get();
      if (c == '\\') {
        if (in.at_end()) break;
        c = in.get();
        if (c == '\n') continue;  // a soft line break
        value += c;
      } else if (c == ']') {
        closed = true;
        break;
      } else {
        value += c;
      }
    }
    if (!closed) throw InputError(prop.where, "property " + prop.name + ": the value is not closed by ']'");
    prop.values.push_back(std::move(value));
    in.skip_space();
  }
  return prop;
}

SgfNode read_node(Reader& in) {
  in.get();  // ';'
  SgfNode node;
  while (true) {
    in.skip_space();
    if (in.at_end() || !std::isalpha(static_cast<unsigned char>(in.peek()))) break;
    node.properties.push_back(read_property(in));
  }
  return node;
}

// Reads a GameTree ("(" already consumed) and appends its main line to `line`. Iterative, with an
// explicit stack of the open trees, so that the nesting depth costs heap, not call stack: a deep
// (valid) file loads with any stack size. A tree is "(" Node+ then its variations "(" ... ")" and
// ")"; the main line keeps only the first variation of every tree on it.
void read_tree(Reader& in, std::vector<SgfNode>& line) {
  struct Open {
    bool keep;           // this tree is on the main line
    bool in_variations;  // its nodes are read; reading the variations
    bool any_variation;  // a variation was read (the next ones are not on the main line)
  };
  std::vector<Open> open{Open{true, false, false}};
  bool starting = true;  // a "(" was just read: a node must follow
  while (!open.empty()) {
    if (starting) {
      in.skip_space();
      if (in.at_end() || in.peek() != ';') in.fail("a game tree must start with a node (';')");
      starting = false;
    }
    Open& top = open.back();
    in.skip_space();
    if (!top.in_variations) {
      if (in.at_end()) in.fail("the game tree is not closed by ')'");
      const char c = in.peek();
      if (c == ';') {
        SgfNode node = read_node(in);
        if (top.keep) line.push_back(std::move(node));
        continue;
      }
      if (c == ')') {
        in.get();
        open.pop_back();
        continue;
      }
      if (c != '(') in.fail("unexpected " + describe(c) + " (expected ';', '(' or ')')");
      top.in_variations = true;
    }
    if (!in.at_end() && in.peek() == '(') {
      in.get();
      const bool keep = top.keep && !top.any_variation;
      top.any_variation = true;
      open.push_back(Open{keep, false, false});  // `top` is not used after this
      starting = true;
      continue;
    }
    if (in.at_end() || in.peek() != ')') in.fail("expected ')' after the variations");
    in.get();
    open.pop_back();
  }
}

std::optional<int> parse_int(const std::string& s) {
  if (s.empty() || s.size() > 6) return std::nullopt;
  int v = 0;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

std::string trim(const std::string& s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return s.substr(a, b - a);
}

[[noreturn]] void bad_property(const SgfProperty& p, const std::string& value, const std::string& what) {
  throw InputError(p.where, "property " + p.name + "[" + value + "]: " + what);
}

// The points of a setup property value: "dd" or a rectangle "aa:cc".
std::vector<Point> setup_points(const SgfProperty& p, const std::string& value, int size) {
  std::vector<Point> out;
  const std::size_t colon = value.find(':');
  if (colon == std::string::npos) {
    const auto q = parse_sgf_point(value, size);
    if (!q || *q == kPassPoint) {
      bad_property(p, value,
                   "not a point of the " + std::to_string(size) + "x" + std::to_string(size) + " board");
    }
    out.push_back(*q);
    return out;
  }
  const auto a = parse_sgf_point(value.substr(0, colon), size);
  const auto b = parse_sgf_point(value.substr(colon + 1), size);
  if (!a || !b || *a == kPassPoint || *b == kPassPoint) {
    bad_property(
        p, value,
        "not a rectangle of points of the " + std::to_string(size) + "x" + std::to_string(size) + " board");
  }
  const int c0 = std::min(*a % size, *b % size), c1 = std::max(*a % size, *b % size);
  const int r0 = std::min(*a / size, *b / size), r1 = std::max(*a / size, *b / size);
  for (int r = r0; r <= r1; ++r) {
    for (int c = c0; c <= c1; ++c) out.push_back(static_cast<Point>(r * size + c));
  }
  return out;
}

// Plays the main line up to (not including) the move selected by `stop`.
template <class Stop>
SgfPosition replay(const SgfGame& game, Stop stop) {
  SgfPosition pos{Board(game.size), Color::kBlack, 0};
  Color last_move = Color::kEmpty;  // kEmpty: no move yet
  Color player = Color::kEmpty;     // PL seen since the last move, or kEmpty
  bool any_black_setup = false, any_white_setup = false;
  int number = 0;
  for (const SgfNode& node : game.main_line) {
    for (const SgfProperty& p : node.properties) {
      if (p.name != "AB" && p.name != "AW" && p.name != "AE") continue;
      for (const std::string& v : p.values) {
        for (Point q : setup_points(p, v, game.size)) {
          if (p.name == "AE") {
            pos.board.setup_remove(q);
            continue;
          }
          const Color c = p.name == "AB" ? Color::kBlack : Color::kWhite;
          (c == Color::kBlack ? any_black_setup : any_white_setup) = true;
          if (pos.board.at(q) == c) continue;
          if (!pos.board.empty_at(q)) pos.board.setup_remove(q);
          try {
            pos.board.setup(q, c);
          } catch (const std::invalid_argument& e) {
            bad_property(p, v, e.what());
          }
        }
      }
    }
    for (const SgfProperty& p : node.properties) {
      if (p.name != "PL") continue;
      const auto c = parse_color(trim(p.values.front()));
      if (!c) bad_property(p, p.values.front(), "expected B or W");
      player = *c;
    }
    for (const SgfProperty& p : node.properties) {
      if (p.name != "B" && p.name != "W") continue;
      const Color c = p.name == "B" ? Color::kBlack : Color::kWhite;
      if (p.values.size() != 1) bad_property(p, p.values.front(), "a move has exactly one value");
      const auto q = parse_sgf_point(trim(p.values.front()), game.size);
      if (!q) {
        bad_property(p, p.values.front(),
                     "move " + std::to_string(number + 1) + " is not a point of the " +
                         std::to_string(game.size) + "x" + std::to_string(game.size) + " board");
      }
      ++number;
      if (stop(number, *q)) {
        pos.to_move = c;
        pos.moves_played = number - 1;
        return pos;
      }
      if (*q == kPassPoint) {
        pos.board.pass();
      } else if (!pos.board.play(*q, c, false)) {
        const std::string why = !pos.board.empty_at(*q)      ? "the point is occupied"
                                : *q == pos.board.ko_point() ? "it retakes a ko at once"
                                                             : "it is suicide";
        bad_property(p, p.values.front(), "move " + std::to_string(number) + " is illegal: " + why);
      }
      last_move = c;
      player = Color::kEmpty;
    }
  }
  pos.moves_played = number;
  if (player != Color::kEmpty) {
    pos.to_move = player;
  } else if (last_move != Color::kEmpty) {
    pos.to_move = opponent(last_move);
  } else {
    pos.to_move = any_black_setup && !any_white_setup ? Color::kWhite : Color::kBlack;
  }
  return pos;
}

}  // namespace

int SgfGame::moves() const {
  int n = 0;
  for (const SgfNode& node : main_line) {
    for (const SgfProperty& p : node.properties) n += p.name == "B" || p.name == "W" ? 1 : 0;
  }
  return n;
}

SgfGame parse_sgf(std::string_view text, const std::string& file) {
  Reader in(text, file);
  in.skip_space();
  if (in.at_end()) throw InputError(in.here(), "empty SGF file (expected '(;')");
  if (in.peek() != '(') in.fail("unexpected " + describe(in.peek()) + " (an SGF file starts with '(;')");
  in.get();
  SgfGame game;
  game.file = file;
  read_tree(in, game.main_line);
  if (game.main_line.empty()) throw InputError(SourceLocation{file, 1, 1}, "the game has no node");
  for (const SgfProperty& p : game.main_line.front().properties) {
    if (p.name == "GM") {
      const auto gm = parse_int(trim(p.values.front()));
      if (!gm || *gm != 1) bad_property(p, p.values.front(), "not a game of Go (GM[1])");
    } else if (p.name == "SZ") {
      const std::string v = trim(p.values.front());
      const auto size = parse_int(v);
      if (!size) bad_property(p, v, "expected a board size (only square boards are supported)");
      if (*size < kMinSize || *size > kMaxSize) {
        bad_property(p, v,
                     "board size outside " + std::to_string(kMinSize) + ".." + std::to_string(kMaxSize));
      }
      game.size = *size;
    }
  }
  return game;
}

SgfGame read_sgf(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(SourceLocation{path, 0, 0}, "cannot open the SGF file");
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_sgf(ss.str(), path);
}

SgfPosition position_at(const SgfGame& game, int move_number) {
  return replay(game, [move_number](int n, Point) { return move_number > 0 && n >= move_number; });
}

SgfPosition position_before(const SgfGame& game, Point vertex) {
  return replay(game, [vertex](int, Point q) { return q == vertex; });
}

}  // namespace sgplan::models::go
