#include "models/gomoku/board.hpp"

#include <algorithm>
#include <cassert>

#include "core/hash.hpp"

namespace sgplan::models::gomoku {

namespace {

struct ZobristKeys {
  std::array<std::array<std::uint64_t, kMaxSize * kMaxSize>, 2> keys{};
  ZobristKeys() {
    std::uint64_t state = 20260601;
    for (auto& colour : keys) {
      for (auto& k : colour) k = splitmix64_next(state);
    }
  }
};

}  // namespace

std::string rule_name(Rule r) {
  switch (r) {
    case Rule::kFreestyle:
      return "freestyle";
    case Rule::kStandard:
      return "standard";
    case Rule::kRenju:
      return "renju";
  }
  return "?";
}

std::string stone_name(Stone s) {
  return s == Stone::kBlack ? "black" : s == Stone::kWhite ? "white" : "none";
}

std::uint64_t Board::zobrist(Stone s, Point p) {
  static const ZobristKeys keys;
  return keys.keys[index(s)][p];
}

Board::Board(int size, Rule rule) : size_(size), rule_(rule) {
  assert(size >= kMinSize && size <= kMaxSize);
  cells_.assign(static_cast<std::size_t>(width() * width()), Stone::kWall);
  padded_.assign(static_cast<std::size_t>(points()), 0);
  point_.assign(cells_.size(), 0);
  for (Point p = 0; p < points(); ++p) {
    const int pp = (p / size_ + kPad) * width() + p % size_ + kPad;
    padded_[p] = static_cast<std::uint16_t>(pp);
    point_[static_cast<std::size_t>(pp)] = p;
    cells_[static_cast<std::size_t>(pp)] = Stone::kEmpty;
  }
  tables_[0] = &LinePatternTable::get(exact_five(Stone::kBlack));
  tables_[1] = &LinePatternTable::get(exact_five(Stone::kWhite));
  for (std::size_t c = 0; c < 2; ++c) {
    for (std::size_t d = 0; d < 4; ++d) {
      codes_[c][d].assign(static_cast<std::size_t>(points()), 0);
      for (Point p = 0; p < points(); ++p) {
        codes_[c][d][p] = static_cast<std::uint16_t>(
            compute_code(p, c == 0 ? Stone::kBlack : Stone::kWhite, static_cast<int>(d)));
      }
    }
  }
  for (std::size_t c = 0; c < 2; ++c) {
    summaries_[c].assign(static_cast<std::size_t>(points()), 0);
    flags_[c].assign(static_cast<std::size_t>(points()), 0);
    for (Point p = 0; p < points(); ++p) {
      for (std::size_t d = 0; d < 4; ++d) {
        summaries_[c][p] |= static_cast<std::uint32_t>(tables_[c]->summary(codes_[c][d][p])) << (8 * d);
      }
      refresh_flags(p, c);
    }
  }
}

int Board::compute_code(Point p, Stone c, int dir) const {
  const int pp = padded(p);
  const int s = stride(dir);
  int code = 0;
  int i = 0;
  for (int k = -5; k <= 5; ++k) {
    if (k == 0) continue;
    const Stone x = cells_[static_cast<std::size_t>(pp + k * s)];
    const int cell = x == Stone::kEmpty ? 0 : x == c ? 1 : 2;
    code += cell * kPow3[static_cast<std::size_t>(i++)];
  }
  return code;
}

LinePattern Board::compute_pattern(Point p, Stone c, int dir) const {
  return tables_[index(c)]->at(compute_code(p, c, dir));
}

void Board::refresh_flags(Point p, std::size_t ci) {
  std::uint8_t f = 0;
  if (empty_at(p)) {
    const std::uint32_t x = summaries_[ci][p];
    const bool five = (x & 0x01010101u) != 0;
    const bool overline = (x & 0x02020202u) != 0;
    const std::uint32_t four_fields = (x >> 2) & 0x03030303u;
    const int fours = static_cast<int>((four_fields * 0x01010101u) >> 24);
    const int threes = static_cast<int>((((x >> 4) & 0x01010101u) * 0x01010101u) >> 24);
    // The best window of a direction sits in the top three bits of its byte: the largest byte wins.
    const std::uint32_t top = x & 0xE0E0E0E0u;
    const std::uint32_t hi = std::max(top >> 24, (top >> 16) & 0xFFu);
    const std::uint32_t lo = std::max((top >> 8) & 0xFFu, top & 0xFFu);
    const int best = static_cast<int>(std::max(hi, lo) >> 5);
    f = static_cast<std::uint8_t>((five ? 1 : 0) | (fours > 0 ? 2 : 0) | (best >= 3 ? 4 : 0) |
                                  (best >= 2 ? 8 : 0));
    if (ci == 0 && rule_ == Rule::kRenju && !five && (overline || fours >= 2 || threes >= 2)) f |= 16;
  }
  const std::uint8_t old = flags_[ci][p];
  if (f == old) return;
  flags_[ci][p] = f;
  const std::uint8_t changed = f ^ old;
  auto apply = [&](MoveSet& set, std::uint8_t bit) {
    if ((changed & bit) == 0) return;
    if ((f & bit) != 0) {
      set.insert(p);
    } else {
      set.erase(p);
    }
  };
  apply(fives_[ci], 1);
  apply(fours_[ci], 2);
  apply(swords_[ci], 4);
  apply(twos_[ci], 8);
  apply(suspects_, 16);
}

void Board::update_codes(int pp, Stone s, int sign) {
  const Point p = point_of(pp);
  const int point_stride[4] = {1, size_, size_ + 1, size_ - 1};
  const int black_digit = s == Stone::kBlack ? 1 : 2, white_digit = s == Stone::kWhite ? 1 : 2;
  for (std::size_t d = 0; d < 4; ++d) {
    const int step = stride(static_cast<int>(d));
    const unsigned shift = static_cast<unsigned>(8 * d);
    for (int k = -5; k <= 5; ++k) {
      if (k == 0) continue;
      const int q = pp + k * step;
      if (cells_[static_cast<std::size_t>(q)] == Stone::kWall) continue;
      // pp lies at offset -k from q: digit index 0..4 for offsets -5..-1, 5..9 for 1..5.
      const int offset = -k;
      const int digit = kPow3[static_cast<std::size_t>(offset < 0 ? offset + 5 : offset + 4)];
      const Point qp = static_cast<Point>(p + k * point_stride[d]);  // on the board: same line
      auto& b = codes_[0][d][qp];
      auto& wc = codes_[1][d][qp];
      b = static_cast<std::uint16_t>(b + sign * digit * black_digit);
      wc = static_cast<std::uint16_t>(wc + sign * digit * white_digit);
      // The sets change only where a summary byte does (most distant stones change nothing).
      const std::uint32_t mask = ~(0xFFu << shift);
      const std::uint32_t black =
          (summaries_[0][qp] & mask) | static_cast<std::uint32_t>(tables_[0]->summary(b)) << shift;
      const std::uint32_t white =
          (summaries_[1][qp] & mask) | static_cast<std::uint32_t>(tables_[1]->summary(wc)) << shift;
      if (black != summaries_[0][qp]) {
        summaries_[0][qp] = black;
        refresh_flags(qp, 0);
      }
      if (white != summaries_[1][qp]) {
        summaries_[1][qp] = white;
        refresh_flags(qp, 1);
      }
    }
  }
  refresh_flags(p, 0);
  refresh_flags(p, 1);
}

void Board::place(Point p, Stone s) {
  assert(empty_at(p) && (s == Stone::kBlack || s == Stone::kWhite));
  const int pp = padded(p);
  cells_[static_cast<std::size_t>(pp)] = s;
  hash_ ^= zobrist(s, p);
  ++stones_;
  update_codes(pp, s, +1);
}

void Board::remove(Point p) {
  const Stone s = at(p);
  assert(s == Stone::kBlack || s == Stone::kWhite);
  const int pp = padded(p);
  cells_[static_cast<std::size_t>(pp)] = Stone::kEmpty;
  hash_ ^= zobrist(s, p);
  --stones_;
  update_codes(pp, s, -1);
}

void Board::add_lines(Point p, int radius, MoveSet& out) const {
  const int pp = padded(p);
  out.insert(p);
  for (int d = 0; d < 4; ++d) {
    const int s = stride(d);
    for (int k = -radius; k <= radius; ++k) {
      const int q = pp + k * s;
      if (k != 0 && cells_[static_cast<std::size_t>(q)] != Stone::kWall) out.insert(point_of(q));
    }
  }
}

void Board::add_live_windows(Point p, Stone owner, int min_own, MoveSet& out) const {
  const int pp = padded(p);
  for (int d = 0; d < 4; ++d) {
    const int s = stride(d);
    for (int start = -4; start <= 0; ++start) {
      int own = 1;
      bool dead = false;
      for (int k = start; k < start + 5 && !dead; ++k) {
        if (k == 0) continue;
        const Stone x = cells_[static_cast<std::size_t>(pp + k * s)];
        dead = x == Stone::kWall || x == opponent(owner);
        own += x == owner ? 1 : 0;
      }
      if (dead || own < min_own) continue;
      for (int k = start; k < start + 5; ++k) {
        const int q = pp + k * s;
        if (cells_[static_cast<std::size_t>(q)] == Stone::kEmpty) out.insert(point_of(q));
      }
    }
  }
}

bool Board::cache_consistent() const {
  Board fresh(size_, rule_);
  for (Point p = 0; p < points(); ++p) {
    if (!empty_at(p)) fresh.place(p, at(p));
  }
  for (std::size_t c = 0; c < 2; ++c) {
    for (std::size_t d = 0; d < 4; ++d) {
      for (Point p = 0; p < points(); ++p) {
        const Stone colour = c == 0 ? Stone::kBlack : Stone::kWhite;
        if (codes_[c][d][p] != compute_code(p, colour, static_cast<int>(d))) return false;
      }
    }
    if (!(fives_[c] == fresh.fives_[c] && fours_[c] == fresh.fours_[c] && swords_[c] == fresh.swords_[c] &&
          twos_[c] == fresh.twos_[c])) {
      return false;
    }
  }
  return suspects_ == fresh.suspects_ && hash_ == fresh.hash_;
}

}  // namespace sgplan::models::gomoku
