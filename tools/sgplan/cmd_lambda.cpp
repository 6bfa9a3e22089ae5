// sgplan lambda: Thomsen's lambda search on a Go-Moku position (YAML) or a Renju case file: proven
// (first move, principal variation, order, depth) or not proven up to an order and depth, with
// nodes and time. --compare-alphabeta also runs plain alpha-beta to the same depth.
#include <cstdio>
#include <iostream>
#include <memory>

#include "core/errors.hpp"
#include "models/gomoku/coordinates.hpp"
#include "models/gomoku/gomoku_kinds.hpp"
#include "models/gomoku/gomoku_solver.hpp"
#include "tools/sgplan/cli_common.hpp"
#include "tools/sgplan/lambda_common.hpp"

namespace sgplan::cli {

namespace {

namespace gomoku = models::gomoku;
namespace lambda = search::lambda;

struct LambdaCommand {
  std::string file;
  std::string play;  // moves played first: attacker, defender, ... (an even number)
  LambdaFlags flags;
  bool compare = false;
  bool json = false;
  bool quiet = false;
  bool verbose = false;
};

std::string side_text(gomoku::Stone s) {
  return s == gomoku::Stone::kBlack ? "black (o)" : "white (x)";
}

Json stats_json(const lambda::SearchStats& s) {
  Json j;
  j["attacker_nodes"] = s.attacker_nodes;
  j["defender_nodes"] = s.defender_nodes;
  j["threat_searches"] = s.threat_searches;
  j["threats_found"] = s.threats_found;
  j["defence_candidates"] = s.defence_candidates;
  j["pruned_defences"] = s.pruned_defences;
  j["table_hits"] = s.table_hits;
  j["defender_first"] = s.defender_first;
  j["direct_checks"] = s.direct_checks;
  j["direct_proofs"] = s.direct_proofs;
  j["direct_cuts"] = s.direct_cuts;
  j["x00_nodes"] = s.x00_nodes;
  j["x00_threats"] = s.x00_threats;
  j["x00_attacker_nodes"] = s.x00_attacker_nodes;
  j["x00_removed"] = s.x00_removed;
  j["defender_threat_nodes"] = s.defender_threat_nodes;
  if (s.dual_nodes > 0 || s.counter_threat_nodes > 0) {  // dual lambda search ran
    j["dual_nodes"] = s.dual_nodes;
    j["dual_removed"] = s.dual_removed;
    j["dual_added"] = s.dual_added;
    j["counter_threat_nodes"] = s.counter_threat_nodes;
  }
  return j;
}

// Plays "H8,G7,..." (attacker first, an even number of moves) into the position, checking every
// move; the file's depth shrinks by the attacker moves played.
void play_moves(gomoku::GomokuPosition& position, const std::string& moves) {
  std::vector<gomoku::Point> line;
  std::size_t pos = 0;
  while (pos <= moves.size()) {
    const std::size_t comma = moves.find(',', pos);
    const std::string tok = moves.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    const auto p = gomoku::parse_point(tok, position.size);
    if (!p) throw InputError("--play: expected points such as H8,G7, found '" + tok + "'");
    line.push_back(*p);
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  if (line.size() % 2 != 0)
    throw InputError("--play: give an even number of moves (attacker, defender, ...)");
  const gomoku::LineCheck check = gomoku::check_playable_line(position.board(), position.attacker, line);
  if (!check.problem.empty()) throw InputError("--play: " + check.problem);
  gomoku::Stone side = position.attacker;
  for (gomoku::Point p : line) {
    position.stones[p] = side;
    side = gomoku::opponent(side);
  }
  if (position.depth > 0) position.depth = std::max(1, position.depth - static_cast<int>(line.size() / 2));
}

void run_lambda(const LambdaCommand& cmd) {
  gomoku::GomokuPosition position = gomoku::load_gomoku_position(cmd.file);
  if (!cmd.play.empty()) play_moves(position, cmd.play);
  lambda::LambdaOptions options = cmd.flags.options_for(position);
  const gomoku::Board board = position.board();
  ProgressLine progress(!cmd.quiet);
  const bool verbose = cmd.verbose;
  options.progress = [&progress, verbose](int order, int depth, std::uint64_t nodes) {
    const std::string text = "searched order " + std::to_string(order) + " to depth " +
                             std::to_string(depth) + ": " + format_count(nodes) + " nodes";
    if (verbose) {
      std::cerr << text << "\n";
    } else {
      progress.show(text);
    }
  };
  const lambda::LambdaResult r = gomoku::solve_lambda(board, position.attacker, options);
  options.progress = nullptr;
  gomoku::LineCheck check;
  if (r.proven) {
    std::vector<gomoku::Point> line(r.pv.begin(), r.pv.end());
    check = gomoku::replay_line(board, position.attacker, line);
    if (!check.wins) throw std::logic_error("the principal variation does not replay: " + check.problem);
  }
  lambda::PlainResult plain;
  const int plain_depth = r.proven ? r.depth : options.max_depth;
  if (cmd.compare) plain = gomoku::solve_plain(board, position.attacker, plain_depth, options.max_nodes);
  const int size = position.size;
  std::string search = "lambda orders 0.." + std::to_string(options.max_order) + ", up to " +
                       std::to_string(options.max_depth) + " attacker moves (the five included), " +
                       lambda::engine_name(options.engine);
  if (options.threat_depth > 0)
    search += ", threats within " + std::to_string(options.threat_depth) + " moves";
  if (options.x00 != lambda::X00::kOff) search += ", X-0-0 (" + lambda::x00_name(options.x00) + ")";
  if (options.dual) search += ", dual";
  search += options.iterative_deepening ? ", deepening" : ", no deepening";
  std::string result;
  if (r.proven) {
    result = "proven: " + gomoku::point_name(r.move, size) + " wins (order " + std::to_string(r.order) +
             ", within " + std::to_string(r.depth) + " attacker moves)";
  } else if (r.budget_exhausted) {
    result = "not proven: node limit of " + format_count(options.max_nodes) + " reached at order " +
             std::to_string(r.order) + " after depth " + std::to_string(r.depth) +
             " (raise it with --max-nodes)";
  } else {
    result = "not proven up to order " + std::to_string(r.order) + " and depth " + std::to_string(r.depth) +
             " (a win may still exist at a higher order or depth)";
  }
  std::vector<sgplan::Move> expect(position.expect.begin(), position.expect.end());
  Report report;
  report
      .line("position", gomoku::rule_name(position.rule) + " " + std::to_string(size) + "x" +
                            std::to_string(size) + ", " + side_text(position.attacker) +
                            " to move and attack, " + std::to_string(board.stones()) + " stones (" +
                            cmd.file + ")")
      .line("search", search)
      .json("proven", r.proven)
      .json("move", r.proven ? Json(gomoku::point_name(r.move, size)) : Json(nullptr))
      .json("order", r.order)
      .line("result", result)
      .json("pv", line_names(r.pv, size));
  if (r.proven) report.line("pv", line_text(r.pv, size));
  if (position.case_file) {
    report.line("expected", std::string(position.expect_disproven ? "disproven" : "proven") +
                                (expect.empty() ? "" : ": " + line_text(expect, size)));
  }
  report
      .add("nodes", r.stats.nodes, "nodes",
           format_count(r.stats.nodes) + " (" + format_count(r.stats.attacker_nodes) + " attacker, " +
               format_count(r.stats.defender_nodes) + " defender, " + format_count(r.stats.threat_searches) +
               " threat tests" +
               (r.stats.defender_threat_nodes > 0
                    ? ", " + format_count(r.stats.defender_threat_nodes) + " in the defender's VCF checks"
                    : std::string()) +
               (r.stats.counter_threat_nodes > 0
                    ? ", " + format_count(r.stats.counter_threat_nodes) + " in the counter-threat searches"
                    : std::string()) +
               "), " + format_count(r.table_entries) + " table entries")
      .add("seconds", r.seconds, "time", format_number(r.seconds, 3) + " s")
      .json("depth", r.depth)
      .json("budget_exhausted", r.budget_exhausted)
      .json("file", cmd.file)
      .json("rule", gomoku::rule_name(position.rule))
      .json("size", size)
      .json("attacker", position.attacker == gomoku::Stone::kBlack ? "o" : "x")
      .json("engine", lambda::engine_name(options.engine))
      .json("max_order", options.max_order)
      .json("max_depth", options.max_depth)
      .json("threat_depth", options.threat_depth)
      .json("x00", lambda::x00_name(options.x00))
      .json("iterative_deepening", options.iterative_deepening)
      .json("direct_levels", options.direct_levels)
      .json("dual", options.dual)
      .json("max_nodes", options.max_nodes)
      .json("table_entries", r.table_entries)
      .json("stats", stats_json(r.stats));
  if (position.case_file) {
    report.json("expect", position.expect_disproven ? "disproven" : "proven")
        .json("expect_line", line_names(expect, size));
  }
  if (cmd.compare) {
    Json a;
    a["proven"] = plain.proven;
    a["move"] = plain.proven ? Json(gomoku::point_name(plain.move, size)) : Json(nullptr);
    a["depth"] = plain.depth;
    a["nodes"] = plain.stats.nodes;
    a["seconds"] = plain.seconds;
    a["budget_exhausted"] = plain.budget_exhausted;
    const std::string outcome =
        plain.proven ? "proven: " + gomoku::point_name(plain.move, size) + " wins within " +
                           std::to_string(plain.depth) + " attacker moves"
        : plain.budget_exhausted ? "node limit reached"
                                 : "no win within " + std::to_string(plain.depth) + " attacker moves";
    report.add("alphabeta", a, "alpha-beta",
               outcome + ", " + format_count(plain.stats.nodes) + " nodes, " +
                   format_number(plain.seconds, 3) + " s (plain, full width, depth " +
                   std::to_string(plain_depth) + ")");
  }
  report.print(std::cout, cmd.json);
}

}  // namespace

void register_lambda(CLI::App& app, int& exit_code) {
  auto cmd = std::make_shared<LambdaCommand>();
  CLI::App* sub = app.add_subcommand(
      "lambda", "lambda search (Thomsen) on a Go-Moku position or a Renju case file: does the attacker win?");
  sub->add_option("FILE", cmd->file, "a gomoku YAML position or a Renju case file")->required();
  cmd->flags.add_to(*sub);
  sub->add_option("--play", cmd->play, "moves to play first, attacker first: H8,G7,... (an even number)");
  sub->add_flag("--compare-alphabeta", cmd->compare, "also run plain alpha-beta to the same depth");
  sub->add_flag("--json", cmd->json, "print one JSON object on stdout");
  sub->add_flag("--quiet", cmd->quiet, "no progress on stderr");
  sub->add_flag("--verbose", cmd->verbose, "one line on stderr per order and depth searched");
  sub->callback([cmd, &exit_code]() {
    run_lambda(*cmd);
    exit_code = kExitOk;
  });
  refuse_negative_counts(*sub);
}

}  // namespace sgplan::cli
