#include "models/gomoku/position.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

#include "core/errors.hpp"
#include "models/gomoku/coordinates.hpp"

namespace sgplan::models::gomoku {

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return {};
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

[[noreturn]] void fail(const std::string& file, int line, int column, const std::string& message) {
  throw InputError(SourceLocation{file, line, column}, message);
}

int parse_int(const std::string& text, const std::string& what, int min, int max, const std::string& file,
              int line, int column) {
  int value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size()) {
    fail(file, line, column, "expected " + what + " (an integer), found '" + text + "'");
  }
  if (value < min || value > max) {
    fail(file, line, column,
         what + " " + text + " is out of range (expected " + std::to_string(min) + " to " +
             std::to_string(max) + ")");
  }
  return value;
}

}  // namespace

Board GomokuPosition::board() const {
  Board b(size, rule);
  for (std::size_t p = 0; p < stones.size(); ++p) {
    if (stones[p] != Stone::kEmpty) b.place(static_cast<Point>(p), stones[p]);
  }
  return b;
}

bool GomokuPosition::has_tag(const std::string& tag) const {
  return std::find(tags.begin(), tags.end(), tag) != tags.end();
}

void parse_board_rows(const std::vector<BoardRow>& rows, int size, const std::string& file, int block_line,
                      GomokuPosition& position) {
  if (size == 0) {
    if (rows.empty()) fail(file, block_line, 0, "the board has no rows");
    std::istringstream first(rows.front().text);
    int cells = 0;
    for (std::string tok; first >> tok;) ++cells;
    size = cells;
    if (size < kMinSize || size > kMaxSize) {
      fail(file, rows.front().line, rows.front().column,
           "the board's first row has " + std::to_string(size) + " cells (expected a square board of " +
               std::to_string(kMinSize) + " to " + std::to_string(kMaxSize) + " rows of as many cells)");
    }
  }
  if (static_cast<int>(rows.size()) != size) {
    const int line = rows.empty() ? block_line : rows.back().line;
    fail(file, line, rows.empty() ? 0 : rows.back().column,
         "the board has " + std::to_string(rows.size()) + " rows, expected " + std::to_string(size) + " (a " +
             std::to_string(size) + "x" + std::to_string(size) + " board)");
  }
  position.size = size;
  position.stones.assign(static_cast<std::size_t>(size * size), Stone::kEmpty);
  for (int i = 0; i < size; ++i) {
    const BoardRow& row = rows[static_cast<std::size_t>(i)];
    const int board_row = size - 1 - i;  // the first row is the top
    int cell = 0;
    std::size_t pos = 0;
    const std::string& t = row.text;
    while (pos < t.size()) {
      if (t[pos] == ' ') {
        ++pos;
        continue;
      }
      const std::size_t end = t.find(' ', pos);
      const std::string tok = t.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
      const int column = row.column + static_cast<int>(pos);
      if (cell >= size) {
        fail(file, row.line, column,
             "row " + std::to_string(i + 1) + " has more than " + std::to_string(size) + " cells");
      }
      Stone s = Stone::kEmpty;
      if (tok == "o") {
        s = Stone::kBlack;
      } else if (tok == "x") {
        s = Stone::kWhite;
      } else if (tok != ".") {
        fail(file, row.line, column, "unknown cell '" + tok + "' (expected '.', 'x' or 'o')");
      }
      position.stones[static_cast<std::size_t>(board_row * size + cell)] = s;
      ++cell;
      pos = end == std::string::npos ? t.size() : end;
    }
    if (cell < size) {
      fail(file, row.line, row.column + static_cast<int>(t.size()),
           "row " + std::to_string(i + 1) + " has " + std::to_string(cell) + " cells, expected " +
               std::to_string(size));
    }
  }
}

void check_position_open(const GomokuPosition& position, const SourceLocation& where_board) {
  const int n = position.size;
  const auto at = [&](int r, int c) -> Stone {
    if (r < 0 || r >= n || c < 0 || c >= n) return Stone::kWall;
    return position.stones[static_cast<std::size_t>(r * n + c)];
  };
  const int dr[4] = {0, 1, 1, 1}, dc[4] = {1, 0, 1, -1};
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const Stone s = at(r, c);
      if (s != Stone::kBlack && s != Stone::kWhite) continue;
      for (int d = 0; d < 4; ++d) {
        if (at(r - dr[d], c - dc[d]) == s) continue;  // count each run once, from its start
        int len = 0;
        while (at(r + len * dr[d], c + len * dc[d]) == s) ++len;
        const bool exact =
            position.rule == Rule::kStandard || (position.rule == Rule::kRenju && s == Stone::kBlack);
        const std::string where = point_name(static_cast<Point>(r * n + c), n);
        if (len == 5 || (len > 5 && !exact)) {
          throw InputError(where_board, "the game is already over: " + stone_name(s) + " has a five from " +
                                            where + " (expected an open position)");
        }
        if (len > 5 && position.rule == Rule::kRenju && s == Stone::kBlack) {
          throw InputError(where_board, "black has an overline from " + where +
                                            ", which Renju forbids (expected an open position)");
        }
      }
    }
  }
}

bool looks_like_renju_case(const std::string& text) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const std::string t = trim(line);
    if (t.empty() || t[0] == '#') continue;
    return t.rfind("mode:", 0) == 0;
  }
  return false;
}

GomokuPosition parse_renju_case(const std::string& text, const std::string& file) {
  GomokuPosition position;
  position.file = file;
  position.rule = Rule::kRenju;
  position.case_file = true;
  std::vector<std::string> lines;
  {
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      lines.push_back(line);
    }
  }
  bool seen_mode = false, seen_attacker = false, seen_limit = false, seen_expect = false;
  int expect_line = 0;
  std::string expect_text;
  int expect_column = 0;
  std::size_t i = 0;
  int board_line = 0;
  for (; i < lines.size(); ++i) {
    const std::string& raw = lines[i];
    const int line_no = static_cast<int>(i) + 1;
    const std::string t = trim(raw);
    if (t.empty() || t[0] == '#') continue;
    const auto colon = raw.find(':');
    if (colon == std::string::npos) {
      fail(file, line_no, 1,
           "expected 'key: value' (mode, attacker, limit, threat_limit, tags, expect or board), "
           "found '" +
               t + "'");
    }
    const std::string key = trim(raw.substr(0, colon));
    const std::string value = trim(raw.substr(colon + 1));
    const int value_column = static_cast<int>(raw.find_first_not_of(' ', colon + 1)) + 1;
    if (key == "board") {
      if (!value.empty())
        fail(file, line_no, value_column, "expected the board rows on the lines after 'board:'");
      board_line = line_no;
      ++i;
      break;
    }
    if (key == "mode") {
      if (value != "vcf" && value.rfind("vct", 0) != 0) {
        fail(file, line_no, value_column, "unknown mode '" + value + "' (expected vcf or vct...)");
      }
      position.mode = value;
      position.order = value == "vcf" ? 1 : 2;
      seen_mode = true;
    } else if (key == "attacker") {
      if (value != "o" && value != "x") {
        fail(file, line_no, value_column,
             "unknown attacker '" + value + "' (expected o (Black) or x (White))");
      }
      position.attacker = value == "o" ? Stone::kBlack : Stone::kWhite;
      seen_attacker = true;
    } else if (key == "limit") {
      position.limit = parse_int(value, "limit", 1, 255, file, line_no, value_column);
      seen_limit = true;
    } else if (key == "threat_limit") {
      position.threat_limit = parse_int(value, "threat_limit", 0, 255, file, line_no, value_column);
    } else if (key == "tags") {
      std::istringstream in(value);
      for (std::string tag; in >> tag;) position.tags.push_back(tag);
    } else if (key == "expect") {
      expect_text = value;
      expect_line = line_no;
      expect_column = value_column;
      seen_expect = true;
    } else {
      fail(file, line_no, 1,
           "unknown key '" + key + "' (expected mode, attacker, limit, threat_limit, tags, expect or board)");
    }
  }
  const int last_line = static_cast<int>(lines.size());
  if (!seen_mode) fail(file, 1, 0, "missing key 'mode' (vcf or vct...)");
  if (!seen_attacker) fail(file, 1, 0, "missing key 'attacker' (o or x)");
  if (!seen_limit) fail(file, 1, 0, "missing key 'limit'");
  if (board_line == 0) fail(file, last_line, 0, "missing 'board:' and its rows");
  std::vector<BoardRow> rows;
  for (; i < lines.size(); ++i) {
    if (trim(lines[i]).empty()) break;
    rows.push_back(BoardRow{lines[i], static_cast<int>(i) + 1, 1});
  }
  for (; i < lines.size(); ++i) {
    if (!trim(lines[i]).empty()) {
      fail(file, static_cast<int>(i) + 1, 1, "unexpected text after the board: '" + trim(lines[i]) + "'");
    }
  }
  parse_board_rows(rows, 0, file, board_line, position);
  position.depth = position.limit + 1;
  if (position.threat_limit >= 0) position.threat_depth = position.threat_limit + 1;
  if (seen_expect) {
    if (expect_text == "disproven") {
      position.expect_disproven = true;
    } else {
      std::size_t pos = 0;
      while (pos <= expect_text.size()) {
        const std::size_t comma = expect_text.find(',', pos);
        const std::string tok =
            trim(expect_text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos));
        const auto p = parse_point(tok, position.size);
        if (!p) {
          fail(file, expect_line, expect_column + static_cast<int>(pos),
               "expected a point such as H8 in the winning line, found '" + tok + "'");
        }
        position.expect.push_back(*p);
        if (comma == std::string::npos) break;
        pos = comma + 1;
      }
    }
  }
  check_position_open(position, SourceLocation{file, board_line, 1});
  return position;
}

GomokuPosition load_renju_case(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(SourceLocation{path, 0, 0}, "cannot open the file");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_renju_case(text.str(), path);
}

}  // namespace sgplan::models::gomoku
