// A tiny k-in-a-row game for the lambda-search tests: a w x h board, the attacker wins with k (or
// more) in a row, the defender wins by getting k first. It models the ThreatGame concept and
// nothing more (no hints), so the searchers handle it exactly by the definitions: every legal move
// a candidate, every zone the whole board. Independent of the Go-Moku code on purpose.
#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/move_set.hpp"

namespace sgplan::testing {

using sgplan::kPass;
using sgplan::Move;
using sgplan::MoveList;

class MnkGame {
 public:
  MnkGame(int width, int height, int k)
      : w_(width), h_(height), k_(k), cells_(static_cast<std::size_t>(width * height), 0) {
    std::mt19937_64 rng(77);
    for (auto& side : keys_) {
      for (auto& key : side) key = rng();
    }
  }

  // Stones: 1 the attacker's, 2 the defender's.
  void set(int x, int y, int who) {
    cells_[static_cast<std::size_t>(y * w_ + x)] = static_cast<std::uint8_t>(who);
    rehash();
  }

  std::size_t move_limit() const { return cells_.size(); }
  bool attacker_to_move() const { return to_move_ == 1; }
  std::uint64_t hash() const { return hash_ ^ (to_move_ == 2 ? 0x9e3779b97f4a7c15ULL : 0); }
  void legal_moves(MoveList& out) const {
    out.clear();
    for (std::size_t i = 0; i < cells_.size(); ++i) {
      if (cells_[i] == 0) out.push_back(static_cast<Move>(i));
    }
  }
  bool is_legal(Move m) const { return m < cells_.size() && cells_[m] == 0; }
  void winning_moves(MoveList& out) const {
    out.clear();
    for (std::size_t i = 0; i < cells_.size(); ++i) {
      if (cells_[i] == 0 && makes_row(static_cast<int>(i), to_move_)) out.push_back(static_cast<Move>(i));
    }
  }
  bool defender_won() const { return winner_ == 2; }
  bool attacker_won() const { return winner_ == 1; }
  void play(Move m) {
    history_.push_back({m, winner_});
    if (winner_ == 0 && makes_row(m, to_move_)) winner_ = to_move_;
    cells_[m] = static_cast<std::uint8_t>(to_move_);
    hash_ ^= keys_[to_move_ - 1][m];
    to_move_ = 3 - to_move_;
  }
  void pass() {
    history_.push_back({kPass, winner_});
    to_move_ = 3 - to_move_;
  }
  void undo() {
    const auto [m, winner] = history_.back();
    history_.pop_back();
    to_move_ = 3 - to_move_;
    winner_ = winner;
    if (m != kPass) {
      hash_ ^= keys_[to_move_ - 1][m];
      cells_[m] = 0;
    }
  }
  std::string move_name(Move m) const {
    return std::string(1, static_cast<char>('a' + m % w_)) + std::to_string(m / w_ + 1);
  }
  int stones() const {
    int n = 0;
    for (auto c : cells_) n += c != 0;
    return n;
  }

 private:
  bool makes_row(int p, int who) const {
    const int x = p % w_, y = p / w_;
    const int dx[4] = {1, 0, 1, 1}, dy[4] = {0, 1, 1, -1};
    for (int d = 0; d < 4; ++d) {
      int run = 1;
      for (int s : {1, -1}) {
        int cx = x + s * dx[d], cy = y + s * dy[d];
        while (cx >= 0 && cx < w_ && cy >= 0 && cy < h_ &&
               cells_[static_cast<std::size_t>(cy * w_ + cx)] == who) {
          ++run;
          cx += s * dx[d];
          cy += s * dy[d];
        }
      }
      if (run >= k_) return true;
    }
    return false;
  }
  void rehash() {
    hash_ = 0;
    for (std::size_t i = 0; i < cells_.size(); ++i) {
      if (cells_[i] != 0) hash_ ^= keys_[cells_[i] - 1][i];
    }
  }

  int w_, h_, k_;
  std::vector<std::uint8_t> cells_;
  int to_move_ = 1;
  int winner_ = 0;
  std::uint64_t hash_ = 0;
  std::array<std::array<std::uint64_t, 64>, 2> keys_{};
  std::vector<std::pair<Move, int>> history_;
};

// Random open positions: an even number of stones played alternately from the empty board, the
// attacker (the first player) to move, nobody having won.
inline std::vector<MnkGame> random_mnk_positions(int w, int h, int k, int stones, int count,
                                                 std::uint64_t seed) {
  std::vector<MnkGame> out;
  std::mt19937_64 rng(seed);
  while (static_cast<int>(out.size()) < count) {
    MnkGame g(w, h, k);
    bool ok = true;
    for (int i = 0; i < stones && ok; ++i) {
      MoveList legal;
      g.legal_moves(legal);
      g.play(legal[rng() % legal.size()]);
      ok = !g.attacker_won() && !g.defender_won();
    }
    if (ok) out.push_back(g);
  }
  return out;
}

}  // namespace sgplan::testing
