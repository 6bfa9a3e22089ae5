// The flags of the Go reading search (sgplan gtp): order, depths, node and time budget of a
// question, the liberties that make a string safe, the tree searcher, ko results on or off.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "models/go/reading.hpp"

namespace sgplan::cli {

struct ReadingFlags {
  models::go::ReadingOptions defaults;
  int order = defaults.max_order;
  int depth = defaults.max_depth;
  int net_depth = defaults.net_depth;
  int safe_liberties = defaults.safe_liberties;
  std::uint64_t max_nodes = defaults.max_nodes;
  double max_seconds = defaults.max_seconds;
  std::size_t table_mib = defaults.table_mib;
  std::string engine = "alphabeta";
  bool no_ko = false;
  bool dual = false;

  void add_to(CLI::App& command);
  // Checks the table size against the machine (ResourceError).
  models::go::ReadingOptions options() const;
};

}  // namespace sgplan::cli
