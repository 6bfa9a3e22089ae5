#include "models/go/board.hpp"

#include <cassert>
#include <stdexcept>

#include "core/hash.hpp"

namespace sgplan::models::go {

namespace {

struct ZobristKeys {
  std::array<std::array<std::uint64_t, kMaxPoints>, 2> keys{};
  ZobristKeys() {
    std::uint64_t state = 20260719;
    for (auto& colour : keys) {
      for (auto& k : colour) k = splitmix64_next(state);
    }
  }
};

}  // namespace

std::uint64_t Board::zobrist(Color c, Point p) {
  static const ZobristKeys keys;
  return keys.keys[c == Color::kBlack ? 0 : 1][p];
}

Board::Board(int size) : size_(size), width_(size + 2) {
  if (size < kMinSize || size > kMaxSize) {
    throw std::invalid_argument("board size " + std::to_string(size) + " is outside " +
                                std::to_string(kMinSize) + ".." + std::to_string(kMaxSize));
  }
  dirs_ = {1, -1, width_, -width_};
  const auto cells = static_cast<std::size_t>(width_ * width_);
  cells_.assign(cells, Color::kWall);
  root_.assign(cells, 0);
  next_.assign(cells, 0);
  strings_.assign(cells, StringRecord{});
  stamp_.assign(cells, 0);
  point_of_.assign(cells, kNoPoint);
  padded_.assign(static_cast<std::size_t>(points()), 0);
  for (int p = 0; p < points(); ++p) {
    const int q = (p / size_ + 1) * width_ + p % size_ + 1;
    padded_[static_cast<std::size_t>(p)] = q;
    point_of_[static_cast<std::size_t>(q)] = static_cast<Point>(p);
    cells_[static_cast<std::size_t>(q)] = Color::kEmpty;
  }
  changes_.reserve(1024);
  saved_records_.reserve(256);
  frames_.reserve(256);
}

bool Board::is_legal(Point p, Color c, bool ignore_ko) const {
  if (p >= points() || !empty_at(p)) return false;
  if (!ignore_ko && p == ko_point_ && c == ko_banned_) return false;
  const int pp = padded_[p];
  for (int d : dirs_) {
    const auto q = static_cast<std::size_t>(pp + d);
    const Color x = cells_[q];
    if (x == Color::kEmpty) return true;
    if (x == Color::kWall) continue;
    const int libs = strings_[root_[q]].lib_count;
    if (x == c ? libs > 1 : libs == 1) return true;
  }
  return false;
}

bool Board::captures_at(Point p, Color c) const {
  const int pp = padded_[p];
  const Color enemy = opponent(c);
  for (int d : dirs_) {
    const auto q = static_cast<std::size_t>(pp + d);
    if (cells_[q] == enemy && strings_[root_[q]].lib_count == 1) return true;
  }
  return false;
}

void Board::set_cell(int q, Color c) {
  const auto i = static_cast<std::size_t>(q);
  changes_.push_back(
      Change{Kind::kCell, static_cast<std::uint16_t>(q), static_cast<std::uint16_t>(cells_[i])});
  cells_[i] = c;
}

void Board::set_root(int q, int r) {
  const auto i = static_cast<std::size_t>(q);
  changes_.push_back(Change{Kind::kRoot, static_cast<std::uint16_t>(q), root_[i]});
  root_[i] = static_cast<std::uint16_t>(r);
}

void Board::set_next(int q, int n) {
  const auto i = static_cast<std::size_t>(q);
  changes_.push_back(Change{Kind::kNext, static_cast<std::uint16_t>(q), next_[i]});
  next_[i] = static_cast<std::uint16_t>(n);
}

Board::StringRecord& Board::touch(int r) {
  const auto i = static_cast<std::size_t>(r);
  if (stamp_[i] != serial_) {
    saved_records_.emplace_back(static_cast<std::uint16_t>(r), strings_[i]);
    stamp_[i] = serial_;
  }
  return strings_[i];
}

void Board::add_liberty(int r, Point lib) {
  StringRecord& s = touch(r);
  if (!s.libs.contains(lib)) {
    s.libs.insert(lib);
    ++s.lib_count;
  }
}

void Board::remove_liberty(int r, Point lib) {
  StringRecord& s = touch(r);
  if (s.libs.contains(lib)) {
    s.libs.erase(lib);
    --s.lib_count;
  }
}

void Board::begin_frame() {
  ++serial_;
  Frame f;
  f.changes = changes_.size();
  f.records = saved_records_.size();
  f.hash = hash_;
  f.ko_point = ko_point_;
  f.ko_banned = ko_banned_;
  f.captures = 0;
  f.black_stones = black_stones_;
  f.white_stones = white_stones_;
  frames_.push_back(f);
}

void Board::capture(int r, Color capturer) {
  const Color victim = opponent(capturer);
  int s = r;
  do {
    const Point sp = point_of_[static_cast<std::size_t>(s)];
    set_cell(s, Color::kEmpty);
    hash_ ^= zobrist(victim, sp);
    for (int d : dirs_) {
      const auto q = static_cast<std::size_t>(s + d);
      if (cells_[q] == capturer) add_liberty(root_[q], sp);
    }
    s = next_[static_cast<std::size_t>(s)];
  } while (s != r);
}

bool Board::play(Point p, Color c, bool ignore_ko) {
  if (!is_legal(p, c, ignore_ko)) return false;
  begin_frame();
  const Color enemy = opponent(c);
  const int pp = padded_[p];
  // 1. The stone as a string of its own.
  set_cell(pp, c);
  hash_ ^= zobrist(c, p);
  set_root(pp, pp);
  set_next(pp, pp);
  {
    StringRecord& rec = touch(pp);
    rec = StringRecord{c, 1, 0, PointSet{}};
    for (int d : dirs_) {
      const auto q = static_cast<std::size_t>(pp + d);
      if (cells_[q] == Color::kEmpty) {
        rec.libs.insert(point_of_[q]);
        ++rec.lib_count;
      }
    }
  }
  // 2. Merge with the friendly strings it touches; enemy strings lose the liberty.
  int mine = pp;
  for (int d : dirs_) {
    const auto q = static_cast<std::size_t>(pp + d);
    if (cells_[q] == enemy) {
      remove_liberty(root_[q], p);
    } else if (cells_[q] == c && root_[q] != mine) {
      int big = root_[q], small = mine;
      if (strings_[static_cast<std::size_t>(big)].size < strings_[static_cast<std::size_t>(small)].size) {
        std::swap(big, small);
      }
      int s = small;
      do {
        set_root(s, big);
        s = next_[static_cast<std::size_t>(s)];
      } while (s != small);
      const int big_next = next_[static_cast<std::size_t>(big)];
      set_next(big, next_[static_cast<std::size_t>(small)]);
      set_next(small, big_next);
      const StringRecord absorbed = strings_[static_cast<std::size_t>(small)];
      StringRecord& rec = touch(big);
      rec.size = static_cast<std::uint16_t>(rec.size + absorbed.size);
      rec.libs |= absorbed.libs;
      rec.libs.erase(p);
      rec.lib_count = static_cast<std::uint16_t>(rec.libs.size());
      mine = big;
    }
  }
  // 3. Captures.
  int captured = 0;
  Point captured_at = kNoPoint;
  for (int d : dirs_) {
    const auto q = static_cast<std::size_t>(pp + d);
    if (cells_[q] != enemy) continue;
    const int r = root_[q];
    if (strings_[static_cast<std::size_t>(r)].lib_count != 0) continue;
    captured += strings_[static_cast<std::size_t>(r)].size;
    captured_at = point_of_[q];
    capture(r, c);
  }
  if (c == Color::kBlack) {
    ++black_stones_;
    white_stones_ -= captured;
  } else {
    ++white_stones_;
    black_stones_ -= captured;
  }
  frames_.back().captures = static_cast<std::int16_t>(captured);
  // 4. Simple ko: one stone captured by a lone stone now in atari on that very point.
  const StringRecord& now = strings_[static_cast<std::size_t>(mine)];
  assert(now.lib_count > 0);
  if (captured == 1 && now.size == 1 && now.lib_count == 1) {
    ko_point_ = captured_at;
    ko_banned_ = enemy;
  } else {
    ko_point_ = kNoPoint;
    ko_banned_ = Color::kEmpty;
  }
  return true;
}

void Board::pass() {
  begin_frame();
  ko_point_ = kNoPoint;
  ko_banned_ = Color::kEmpty;
}

void Board::undo() {
  assert(!frames_.empty());
  const Frame f = frames_.back();
  frames_.pop_back();
  while (changes_.size() > f.changes) {
    const Change ch = changes_.back();
    changes_.pop_back();
    switch (ch.kind) {
      case Kind::kCell:
        cells_[ch.where] = static_cast<Color>(ch.value);
        break;
      case Kind::kRoot:
        root_[ch.where] = ch.value;
        break;
      case Kind::kNext:
        next_[ch.where] = ch.value;
        break;
    }
  }
  while (saved_records_.size() > f.records) {
    strings_[saved_records_.back().first] = saved_records_.back().second;
    saved_records_.pop_back();
  }
  hash_ = f.hash;
  ko_point_ = f.ko_point;
  ko_banned_ = f.ko_banned;
  black_stones_ = f.black_stones;
  white_stones_ = f.white_stones;
  // A record saved in this move may be changed again by the next move under the same serial.
  ++serial_;
}

void Board::rebuild_strings() {
  std::vector<char> seen(cells_.size(), 0);
  black_stones_ = white_stones_ = 0;
  hash_ = 0;
  for (int p = 0; p < points(); ++p) {
    const int start = padded_[static_cast<std::size_t>(p)];
    const Color c = cells_[static_cast<std::size_t>(start)];
    if (c == Color::kEmpty) continue;
    (c == Color::kBlack ? black_stones_ : white_stones_) += 1;
    hash_ ^= zobrist(c, static_cast<Point>(p));
    if (seen[static_cast<std::size_t>(start)] != 0) continue;
    StringRecord rec{c, 0, 0, PointSet{}};
    std::vector<int> stack{start};
    std::vector<int> members;
    seen[static_cast<std::size_t>(start)] = 1;
    while (!stack.empty()) {
      const int s = stack.back();
      stack.pop_back();
      members.push_back(s);
      for (int d : dirs_) {
        const auto q = static_cast<std::size_t>(s + d);
        if (cells_[q] == Color::kEmpty) {
          rec.libs.insert(point_of_[q]);
        } else if (cells_[q] == c && seen[q] == 0) {
          seen[q] = 1;
          stack.push_back(static_cast<int>(q));
        }
      }
    }
    rec.size = static_cast<std::uint16_t>(members.size());
    rec.lib_count = static_cast<std::uint16_t>(rec.libs.size());
    for (std::size_t i = 0; i < members.size(); ++i) {
      const auto m = static_cast<std::size_t>(members[i]);
      root_[m] = static_cast<std::uint16_t>(start);
      next_[m] = static_cast<std::uint16_t>(members[(i + 1) % members.size()]);
    }
    strings_[static_cast<std::size_t>(start)] = rec;
  }
  ko_point_ = kNoPoint;
  ko_banned_ = Color::kEmpty;
  changes_.clear();
  saved_records_.clear();
  frames_.clear();
}

void Board::setup(Point p, Color c) {
  if (p >= points() || !empty_at(p)) throw std::invalid_argument("the point is not empty");
  const std::vector<Color> before = cells_;
  cells_[pad(p)] = c;
  rebuild_strings();
  bool alive = true;
  for (int q = 0; q < points() && alive; ++q) {
    if (!empty_at(static_cast<Point>(q)) && liberties(static_cast<Point>(q)) == 0) alive = false;
  }
  if (!alive) {
    cells_ = before;
    rebuild_strings();
    throw std::invalid_argument("the stone leaves a string without liberties");
  }
}

void Board::setup_remove(Point p) {
  if (p >= points()) throw std::invalid_argument("off the board");
  cells_[pad(p)] = Color::kEmpty;
  rebuild_strings();
}

std::string Board::text() const {
  std::string letters = "   ";
  for (int c = 0; c < size_; ++c) {
    letters += vertex_name(static_cast<Point>(c), size_).substr(0, 1);
    letters += ' ';
  }
  letters.pop_back();
  std::string out = letters + "\n";
  for (int row = size_ - 1; row >= 0; --row) {
    const std::string n = std::to_string(row + 1);
    std::string line = (n.size() < 2 ? " " : "") + n;
    for (int col = 0; col < size_; ++col) {
      const Color x = at(static_cast<Point>(row * size_ + col));
      line += ' ';
      line += x == Color::kBlack ? 'X' : x == Color::kWhite ? 'O' : '.';
    }
    out += line + ' ' + n + "\n";
  }
  return out + letters + "\n";
}

bool Board::consistent() const {
  Board fresh(size_);
  fresh.cells_ = cells_;
  fresh.rebuild_strings();
  if (fresh.hash_ != hash_ || fresh.black_stones_ != black_stones_ || fresh.white_stones_ != white_stones_) {
    return false;
  }
  // The partition into strings must be the same: string ids map one to one.
  std::vector<Point> mine_of(static_cast<std::size_t>(points()), kNoPoint);
  std::vector<Point> fresh_of(static_cast<std::size_t>(points()), kNoPoint);
  for (int p = 0; p < points(); ++p) {
    const auto pt = static_cast<Point>(p);
    if (empty_at(pt)) continue;
    if (liberties(pt) == 0 || liberties(pt) != fresh.liberties(pt)) return false;
    if (!(liberty_set(pt) == fresh.liberty_set(pt))) return false;
    if (string_size(pt) != fresh.string_size(pt)) return false;
    const Point a = string_id(pt), b = fresh.string_id(pt);
    if (mine_of[b] == kNoPoint) mine_of[b] = a;
    if (fresh_of[a] == kNoPoint) fresh_of[a] = b;
    if (mine_of[b] != a || fresh_of[a] != b) return false;
    if (at(a) != at(pt)) return false;
  }
  // Every string's stone list is a cycle through exactly its stones.
  for (int p = 0; p < points(); ++p) {
    const auto pt = static_cast<Point>(p);
    if (empty_at(pt) || string_id(pt) != pt) continue;
    int count = 0;
    bool same = true;
    for_each_stone(pt, [&](Point s) {
      ++count;
      same = same && string_id(s) == pt;
    });
    if (!same || count != string_size(pt)) return false;
  }
  return true;
}

}  // namespace sgplan::models::go
