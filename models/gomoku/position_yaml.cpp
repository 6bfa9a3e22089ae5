#include "models/gomoku/position_yaml.hpp"

#include <sstream>

namespace sgplan::models::gomoku {

namespace {

// The rows of a literal block with their positions in the source: row i of the block is on the
// i-th line after the node's mark (the '|' indicator); blank rows are skipped.
std::vector<BoardRow> block_rows(const formats::YamlDocument& doc, const YAML::Node& node,
                                 const std::string& text) {
  std::vector<BoardRow> rows;
  std::istringstream in(text);
  int line = doc.where(node).line;
  for (std::string row; std::getline(in, row);) {
    ++line;
    if (row.find_first_not_of(" \t") == std::string::npos) continue;
    const auto at = doc.source_line(line).find(row);
    rows.push_back(BoardRow{row, line, at == std::string::npos ? 1 : static_cast<int>(at) + 1});
  }
  return rows;
}

}  // namespace

GomokuPosition load_gomoku_yaml(const formats::YamlDocument& doc) {
  const YAML::Node& root = doc.root();
  doc.check_keys(root, {"model", "size", "rule", "attacker", "board", "order", "depth", "threat_depth"},
                 "a gomoku position");
  GomokuPosition position;
  position.file = doc.file();
  int size = 15;
  if (root["size"]) size = static_cast<int>(doc.integer(root["size"], "board size", kMinSize, kMaxSize));
  if (root["rule"]) {
    const std::string rule = doc.one_of(root["rule"], {"freestyle", "standard", "renju"}, "rule");
    position.rule = rule == "renju" ? Rule::kRenju : rule == "standard" ? Rule::kStandard : Rule::kFreestyle;
  }
  const YAML::Node attacker = doc.required(root, "attacker", "a gomoku position");
  position.attacker = doc.one_of(attacker, {"x", "o"}, "attacker") == "o" ? Stone::kBlack : Stone::kWhite;
  if (root["order"]) position.order = static_cast<int>(doc.integer(root["order"], "order", 0, 7));
  if (root["depth"]) position.depth = static_cast<int>(doc.integer(root["depth"], "depth", 1, 127));
  if (root["threat_depth"]) {
    position.threat_depth = static_cast<int>(doc.integer(root["threat_depth"], "threat_depth", 1, 127));
  }
  const YAML::Node board = doc.required(root, "board", "a gomoku position");
  const std::string text = doc.scalar(board, "the board (a literal block of rows)");
  const int block_line = doc.where(board).line;
  parse_board_rows(block_rows(doc, board, text), size, doc.file(), block_line, position);
  check_position_open(position, doc.where(board));
  return position;
}

}  // namespace sgplan::models::gomoku
