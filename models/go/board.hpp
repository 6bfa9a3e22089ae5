// The Go board, 5x5 to 19x19: stones, strings with incrementally kept liberties, captures, the
// simple ko rule, suicide forbidden, play and undo, and a Zobrist hash.
//
// Rules (the Japanese/Chinese common core; GTP 2 "play" semantics):
//   - a stone joins the strings of its colour it touches; enemy strings left without a liberty are
//     removed; a move that leaves its own string without a liberty is suicide and illegal;
//   - simple ko: right after a move that captured exactly one stone with a single stone that then
//     has exactly one liberty, the opponent may not play at once on the captured point (the ko
//     point). Any other move or a pass lifts the ban. Callers may waive the ban (ignore_ko), which
//     the capture search uses to model a side that wins every ko (it always has a ko threat).
// Representation: cells in a grid padded by one wall on every side; every stone belongs to a
// string (a circular list of its stones and a record at the string's root: colour, stone count and
// the set of liberties as a bitset of points). Each play logs what it changes (cells, string
// links, string records before their first change in this move, the ko point and the hash); undo
// replays the log backwards, so play/undo round trips restore every bit of the state.
// Invariants (checked by consistent() in the tests): every stone's string record holds exactly the
// empty neighbours of the string's stones; no string has zero liberties; the hash is the XOR of
// the Zobrist keys of the stones. The ko point is not in the hash (CaptureGame adds it).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/move_set.hpp"
#include "models/go/vertex.hpp"

namespace sgplan::models::go {

using PointSet = sgplan::MoveSet;

class Board {
 public:
  explicit Board(int size);

  int size() const { return size_; }
  int points() const { return size_ * size_; }
  Color at(Point p) const { return cells_[pad(p)]; }
  bool empty_at(Point p) const { return at(p) == Color::kEmpty; }
  // How many points are empty (a ladder, each attacker move filling one, is never longer).
  int empty_points() const {
    int n = 0;
    for (Point p = 0; p < points(); ++p) n += empty_at(p) ? 1 : 0;
    return n;
  }
  std::uint64_t hash() const { return hash_; }
  static std::uint64_t zobrist(Color c, Point p);
  // The point a simple ko forbids to `banned` (the side that did not capture), or kNoPoint.
  Point ko_point() const { return ko_point_; }
  Color ko_banned() const { return ko_banned_; }
  int stones(Color c) const { return c == Color::kBlack ? black_stones_ : white_stones_; }
  // Stones captured by the last play (0 after a pass or undo of everything).
  int last_captures() const { return frames_.empty() ? 0 : frames_.back().captures; }
  std::size_t moves_played() const { return frames_.size(); }

  // Strings, by any of their stones (p must hold a stone).
  int liberties(Point p) const { return strings_[root(p)].lib_count; }
  const PointSet& liberty_set(Point p) const { return strings_[root(p)].libs; }
  int string_size(Point p) const { return strings_[root(p)].size; }
  // A representative stone of the string at p: equal for two stones iff they share a string.
  Point string_id(Point p) const { return point_of_[root(p)]; }
  template <class F>
  void for_each_stone(Point p, F&& f) const {
    const int r = root(p);
    int s = r;
    do {
      f(point_of_[static_cast<std::size_t>(s)]);
      s = next_[static_cast<std::size_t>(s)];
    } while (s != r);
  }
  // The distinct strings touching the string at p (of either colour), each by its string_id.
  template <class F>
  void for_each_adjacent_string(Point p, F&& f) const;
  // The four (or fewer, at the edge) on-board neighbours of p.
  template <class F>
  void for_each_neighbour(Point p, F&& f) const {
    const int pp = pad(p);
    for (int d : dirs_) {
      const int q = pp + d;
      if (cells_[static_cast<std::size_t>(q)] != Color::kWall) f(point_of_[static_cast<std::size_t>(q)]);
    }
  }

  // Is playing c at p legal (on the board, empty, not suicide, not a forbidden ko retake)?
  bool is_legal(Point p, Color c, bool ignore_ko = false) const;
  // Would playing c at p capture something? (p empty; legality not checked.)
  bool captures_at(Point p, Color c) const;
  // Plays c at p; false (and nothing changes) when illegal.
  bool play(Point p, Color c, bool ignore_ko = false);
  // A pass: lifts the ko ban; undone by undo() like a move.
  void pass();
  // Takes back the last play or pass (there must be one).
  void undo();
  // Sets up a stone without capturing or ko (SGF AB/AW): p must be empty; clears the undo log.
  // Throws std::invalid_argument when a string would be left without liberties.
  void setup(Point p, Color c);
  // Removes a stone (SGF AE); clears the undo log.
  void setup_remove(Point p);

  // The board as text, top row first: X black, O white, '.' empty, with GTP coordinates.
  std::string text() const;
  // Recomputes every string and liberty set from the cells and compares (for the tests).
  bool consistent() const;

 private:
  struct StringRecord {
    Color color = Color::kEmpty;
    std::uint16_t size = 0;
    std::uint16_t lib_count = 0;
    PointSet libs;
  };
  enum class Kind : std::uint8_t { kCell, kRoot, kNext };
  struct Change {
    Kind kind;
    std::uint16_t where;  // padded index
    std::uint16_t value;  // old cell colour, root or next
  };
  struct Frame {
    std::size_t changes;  // size of changes_ before the move
    std::size_t records;  // size of saved_records_ before the move
    std::uint64_t hash;
    Point ko_point;
    Color ko_banned;
    std::int16_t captures;
    int black_stones, white_stones;
  };

  std::size_t pad(Point p) const { return static_cast<std::size_t>(padded_[p]); }
  int root(Point p) const { return root_[pad(p)]; }
  void set_cell(int q, Color c);
  void set_root(int q, int r);
  void set_next(int q, int n);
  StringRecord& touch(int r);  // saves the record before its first change in this move
  void add_liberty(int r, Point lib);
  void remove_liberty(int r, Point lib);
  void capture(int r, Color capturer);
  void begin_frame();
  void rebuild_strings();

  int size_;
  int width_;
  std::array<int, 4> dirs_{};
  std::vector<Color> cells_;
  std::vector<std::uint16_t> root_;    // padded index -> padded index of its string's root
  std::vector<std::uint16_t> next_;    // padded index -> next stone of the string (circular)
  std::vector<StringRecord> strings_;  // by padded root index
  std::vector<std::uint64_t> stamp_;   // by padded root index: the move that last saved it
  std::vector<int> padded_;            // point -> padded index
  std::vector<Point> point_of_;        // padded index -> point (kNoPoint on walls)
  std::uint64_t hash_ = 0;
  Point ko_point_ = kNoPoint;
  Color ko_banned_ = Color::kEmpty;
  int black_stones_ = 0, white_stones_ = 0;
  std::uint64_t serial_ = 1;
  std::vector<Change> changes_;
  std::vector<std::pair<std::uint16_t, StringRecord>> saved_records_;
  std::vector<Frame> frames_;
};

template <class F>
void Board::for_each_adjacent_string(Point p, F&& f) const {
  PointSet seen;
  const int r = root(p);
  int s = r;
  do {
    for (int d : dirs_) {
      const auto q = static_cast<std::size_t>(s + d);
      const Color c = cells_[q];
      if (c != Color::kBlack && c != Color::kWhite) continue;
      const int qr = root_[q];
      if (qr == r) continue;
      const Point id = point_of_[static_cast<std::size_t>(qr)];
      if (seen.contains(id)) continue;
      seen.insert(id);
      f(id);
    }
    s = next_[static_cast<std::size_t>(s)];
  } while (s != r);
}

}  // namespace sgplan::models::go
