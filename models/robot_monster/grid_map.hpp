// A map of rooms on a grid: '.' a free room, '#' a wall, rows of equal length, row 0 on top.
// Free rooms are numbered row by row (room indices are what the models store); each room knows its
// neighbours to the north, south, east and west that are free rooms.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace sgplan::models::robot_monster {

enum class Direction : std::uint8_t { Stay = 0, North = 1, South = 2, East = 3, West = 4 };
inline constexpr std::array<Direction, 4> kCompass = {Direction::North, Direction::South, Direction::East,
                                                      Direction::West};
inline constexpr std::uint32_t kNoRoom = 0xffffffffu;

const char* direction_name(Direction d);  // "stay", "N", "S", "E", "W"

// A malformed map: the 0-based row and column of the first problem.
struct MapError : std::invalid_argument {
  MapError(int row_, int column_, const std::string& message)
      : std::invalid_argument(message), row(row_), column(column_) {}
  int row;
  int column;
};

class GridMap {
 public:
  GridMap() = default;
  // rows: the map's lines; throws MapError at the first bad character or ragged row (the loader
  // turns its row and column into a file position).
  explicit GridMap(const std::vector<std::string>& rows);

  int height() const { return height_; }
  int width() const { return width_; }
  std::uint32_t rooms() const { return static_cast<std::uint32_t>(room_row_.size()); }
  bool is_free(int row, int column) const;
  // kNoRoom for walls and positions off the map.
  std::uint32_t room_at(int row, int column) const;
  int row_of(std::uint32_t room) const { return room_row_[room]; }
  int column_of(std::uint32_t room) const { return room_column_[room]; }
  // The free neighbour in direction d, or kNoRoom (blocked). Stay returns the room itself.
  std::uint32_t neighbour(std::uint32_t room, Direction d) const {
    return d == Direction::Stay ? room : neighbours_[room][static_cast<int>(d) - 1];
  }

 private:
  int height_ = 0;
  int width_ = 0;
  std::vector<std::uint32_t> room_index_;  // per cell, kNoRoom for walls
  std::vector<int> room_row_, room_column_;
  std::vector<std::array<std::uint32_t, 4>> neighbours_;
};

}  // namespace sgplan::models::robot_monster
