#include "tools/sgplan/reading_flags.hpp"

#include <unistd.h>

#include "core/errors.hpp"
#include "search/lambda/lambda_options.hpp"
#include "tools/sgplan/lambda_common.hpp"

namespace sgplan::cli {

void ReadingFlags::add_to(CLI::App& command) {
  command.add_option("--order", order, "highest lambda order (1: ladders, 2: nets, ...)")
      ->capture_default_str()
      ->check(CLI::Range(0, search::lambda::kMaxOrder));
  command
      .add_option("--depth", depth,
                  "most attacker moves in a ladder (orders 0, 1), the capture included; 0: the board's "
                  "empty points (a ladder is read to its end)")
      ->capture_default_str()
      ->check(CLI::Range(0, search::lambda::kMaxDepth));
  command
      .add_option("--net-depth", net_depth,
                  "most attacker moves at order 2; order n > 2 gets 3 (n - 2) fewer, at least n + 1")
      ->capture_default_str()
      ->check(CLI::Range(1, search::lambda::kMaxDepth));
  command
      .add_option("--safe-liberties", safe_liberties,
                  "the defender wins when the string has this many liberties")
      ->capture_default_str()
      ->check(CLI::Range(2, 10));
  command.add_option("--max-nodes", max_nodes, "node budget of one question (all its searches)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  command.add_option("--max-seconds", max_seconds, "time limit of one question (0: none)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  command.add_option("--table-mb", table_mib, "transposition table per ko rule, in MiB")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 16));
  // Go's capture search runs one searcher for every order: no hybrid (models/go/capture_search.hpp).
  std::vector<MethodInfo> engines;
  for (const MethodInfo& row : search::lambda::kLambdaEngines) {
    if (row.id != static_cast<int>(search::lambda::Engine::kHybrid)) engines.push_back(row);
  }
  add_engine_option(command, engine, engines);
  command.add_flag(
      "--dual", dual,
      "dual lambda search: the defender's own threats (captures of attacker strings touching the "
      "target) restrict the attacker's moves");
  command.add_flag("--no-ko", no_ko, "answer 0 or 1 only: no searches under the ko rules of codes 2 and 3");
}

models::go::ReadingOptions ReadingFlags::options() const {
  models::go::ReadingOptions o;
  o.max_order = order;
  o.max_depth = depth;
  o.net_depth = net_depth;
  o.safe_liberties = safe_liberties;
  o.max_nodes = max_nodes;
  o.max_seconds = max_seconds;
  o.table_mib = table_mib;
  if (!search::lambda::engine_from_string(engine, o.engine) || o.engine == search::lambda::Engine::kHybrid)
    throw InputError("unknown --engine '" + engine + "'");
  o.ko_results = !no_ko;
  o.dual = dual;
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && page > 0) {
    const auto machine_mib = static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) >> 20;
    if (table_mib > machine_mib / 4) {
      throw ResourceError("transposition table: " + std::to_string(table_mib) +
                          " MiB exceeds a quarter of the machine's memory (" +
                          std::to_string(machine_mib / 4) + " MiB); lower --table-mb");
    }
  }
  return o;
}

}  // namespace sgplan::cli
