#include "tools/sgplan/lambda_common.hpp"

#include <unistd.h>

#include "core/errors.hpp"
#include "models/gomoku/coordinates.hpp"

namespace sgplan::cli {

namespace lambda = search::lambda;

void add_engine_option(CLI::App& command, std::string& engine, std::span<const MethodInfo> engines) {
  std::vector<std::string> names;
  for (const MethodInfo& row : engines) names.emplace_back(row.name);
  const std::string help =
      "tree searcher: " + join_names(names_of(engines)) + " (sgplan kinds says what each does)";
  command.add_option("--engine", engine, help)->capture_default_str()->check(CLI::IsMember(names));
}

void LambdaFlags::add_to(CLI::App& command) {
  command
      .add_option("--order", order,
                  "highest lambda order (1: fours, VCF; 2: threes, VCT); default from the file")
      ->check(CLI::Range(0, lambda::kMaxOrder));
  command
      .add_option("--depth", depth,
                  "most attacker moves, the five included (a case file's limit + 1); default from the file")
      ->check(CLI::Range(1, lambda::kMaxDepth));
  command
      .add_option(
          "--threat-depth", threat_depth,
          "most attacker moves a threat may need after a null move (0: no cap); default from the file")
      ->check(CLI::Range(0, lambda::kMaxDepth));
  add_engine_option(command, engine, lambda::kLambdaEngines);
  command.add_option("--max-nodes", max_nodes, "stop after this many nodes (sub-searches included)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  command.add_option("--max-seconds", max_seconds, "stop after this many seconds (0: no limit)")
      ->check(CLI::NonNegativeNumber);
  command.add_option("--table-mb", table_mib, "transposition table size in MiB")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 20));
  command
      .add_option(
          "--x00", x00,
          "the X-0-0 heuristic: off, attacker (the defender's threats restrict the attacker's moves), "
          "defender (defences must stop every attacker threat) or both")
      ->capture_default_str()
      ->check(CLI::IsMember({"off", "attacker", "defender", "both"}));
  command
      .add_option("--deepening", deepening,
                  "iterative deepening over the depth: auto (under alphabeta only), on, or off (each order "
                  "straight at the full depth; proofs may be longer than the shortest)")
      ->capture_default_str()
      ->check(CLI::IsMember({"auto", "on", "off"}));
  command.add_flag("--no-deepening", no_deepening, "the same as --deepening off");
  command.add_flag("--dual,!--no-dual", dual,
                   "dual lambda search (the default): the defender's own fives, VCFs and VCTs restrict the "
                   "attacker's moves; --no-dual: plain lambda search");
  command.add_option("--direct", direct, "levels of the direct-threat checker in threat tests (0: off)")
      ->capture_default_str()
      ->check(CLI::Range(0, 4));
}

lambda::LambdaOptions LambdaFlags::options_for(const models::gomoku::GomokuPosition& position) const {
  lambda::LambdaOptions o;
  o.max_order = order >= 0 ? order : position.order;
  o.max_depth = depth > 0 ? depth : (position.depth > 0 ? position.depth : kDefaultDepth);
  o.threat_depth = threat_depth >= 0 ? threat_depth : position.threat_depth;
  if (!lambda::engine_from_string(engine, o.engine)) throw InputError("unknown --engine '" + engine + "'");
  o.max_nodes = max_nodes;
  o.max_seconds = max_seconds;
  o.table_mib = table_mib;
  o.x00 = x00 == "both"       ? lambda::X00::kBoth
          : x00 == "attacker" ? lambda::X00::kAttacker
          : x00 == "defender" ? lambda::X00::kDefender
                              : lambda::X00::kOff;
  o.direct_levels = direct;
  o.dual = dual;
  if (no_deepening && deepening == "on") throw InputError("--no-deepening contradicts --deepening on");
  o.iterative_deepening = no_deepening          ? false
                          : deepening == "auto" ? o.engine == lambda::Engine::kAlphaBeta
                                                : deepening == "on";
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && page > 0) {
    const auto machine_mib = static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) >> 20;
    if (table_mib > machine_mib / 2) {
      throw ResourceError("transposition table: " + std::to_string(table_mib) +
                          " MiB exceeds half the machine's memory (" + std::to_string(machine_mib / 2) +
                          " MiB); lower --table-mb");
    }
  }
  return o;
}

std::vector<std::string> line_names(const std::vector<sgplan::Move>& moves, int size) {
  std::vector<std::string> out;
  for (sgplan::Move m : moves) out.push_back(models::gomoku::point_name(m, size));
  return out;
}

std::string line_text(const std::vector<sgplan::Move>& moves, int size) {
  std::string out;
  for (const std::string& name : line_names(moves, size)) {
    if (!out.empty()) out += ' ';
    out += name;
  }
  return out;
}

}  // namespace sgplan::cli
