#include "models/robot_monster/grid_map.hpp"

#include <algorithm>

namespace sgplan::models::robot_monster {

const char* direction_name(Direction d) {
  switch (d) {
    case Direction::Stay:
      return "stay";
    case Direction::North:
      return "N";
    case Direction::South:
      return "S";
    case Direction::East:
      return "E";
    case Direction::West:
      return "W";
  }
  return "?";
}

GridMap::GridMap(const std::vector<std::string>& rows) {
  if (rows.empty()) throw MapError(0, 0, "the map has no rows");
  height_ = static_cast<int>(rows.size());
  width_ = static_cast<int>(rows[0].size());
  if (width_ == 0) throw MapError(0, 0, "row 0 of the map is empty");
  room_index_.assign(static_cast<std::size_t>(height_) * width_, kNoRoom);
  for (int r = 0; r < height_; ++r) {
    if (static_cast<int>(rows[r].size()) != width_) {
      throw MapError(r, static_cast<int>(std::min(rows[r].size(), static_cast<std::size_t>(width_))),
                     "row " + std::to_string(r) + " of the map has " + std::to_string(rows[r].size()) +
                         " cells, but row 0 has " + std::to_string(width_) +
                         " (rows must have equal length)");
    }
    for (int c = 0; c < width_; ++c) {
      const char ch = rows[r][c];
      if (ch == '.') {
        room_index_[static_cast<std::size_t>(r) * width_ + c] = static_cast<std::uint32_t>(room_row_.size());
        room_row_.push_back(r);
        room_column_.push_back(c);
      } else if (ch != '#') {
        throw MapError(r, c,
                       "unexpected character '" + std::string(1, ch) + "' at row " + std::to_string(r) +
                           ", column " + std::to_string(c) + " of the map (expected '.' or '#')");
      }
    }
  }
  if (room_row_.empty()) throw MapError(0, 0, "the map has no free room");
  neighbours_.resize(room_row_.size());
  for (std::uint32_t i = 0; i < rooms(); ++i) {
    const int r = room_row_[i], c = room_column_[i];
    neighbours_[i] = {room_at(r - 1, c), room_at(r + 1, c), room_at(r, c + 1), room_at(r, c - 1)};
  }
}

bool GridMap::is_free(int row, int column) const {
  return room_at(row, column) != kNoRoom;
}

std::uint32_t GridMap::room_at(int row, int column) const {
  if (row < 0 || row >= height_ || column < 0 || column >= width_) return kNoRoom;
  return room_index_[static_cast<std::size_t>(row) * width_ + column];
}

}  // namespace sgplan::models::robot_monster
