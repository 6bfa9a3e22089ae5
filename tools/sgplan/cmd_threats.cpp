// sgplan threats: whether the side to move in a Phutball position wins by direct threats of
// order at most n (Cazenave's gagnant_k: winning_0 a winning jump now, winning_k a move after
// which every reply still allows winning_(k-1)), with the null-move cut (a move is checked at
// level k only if, were the opponent to pass, the position would be winning at level k - 1)
// unless --no-cut. --compare also runs the search without the cut (exactly "a win within k + 1
// moves") and exhaustive alpha-beta to the same depth.
#include <chrono>
#include <iostream>
#include <memory>

#include "core/errors.hpp"
#include "models/phutball/phutball_game.hpp"
#include "models/phutball/phutball_kind.hpp"
#include "search/lambda/plain_alphabeta.hpp"
#include "tools/sgplan/cli_common.hpp"
#include "tools/sgplan/phutball_threats.hpp"

namespace sgplan::cli {

namespace {

namespace lambda = search::lambda;
namespace phutball = models::phutball;

struct ThreatsCommand {
  std::string file;
  int order = -1;  // -1: the file's
  bool no_cut = false;
  bool compare = false;
  std::uint64_t max_nodes = 100'000'000;
  bool json = false;
  bool quiet = false;
};

std::string outcome_text(const DirectThreatRun& r, int order, std::uint64_t max_nodes) {
  if (r.proven)
    return "proven: " + r.move_name + " wins at order " + std::to_string(r.level) + " (within " +
           std::to_string(r.level + 1) + (r.level == 0 ? " move)" : " attacker moves)");
  if (r.exhausted)
    return "not proven: node limit of " + format_count(max_nodes) + " reached (raise it with --max-nodes)";
  return "not proven up to order " + std::to_string(order) + " (no win by direct threats within " +
         std::to_string(order + 1) + " attacker moves)";
}

int run_threats(const ThreatsCommand& cmd) {
  const auto start = std::chrono::steady_clock::now();
  phutball::PhutballPosition position = phutball::load_phutball_position(cmd.file);
  const int order = cmd.order >= 0 ? cmd.order : position.order;
  phutball::PhutballGame game(position.board, position.attacker_south);
  const phutball::Board& b = game.board();
  int men = 0;
  for (int p = 0; p < b.points(); ++p) men += b.man(static_cast<phutball::Point>(p));
  const DirectThreatRun r = phutball_direct_threats(game, order, !cmd.no_cut, cmd.max_nodes);
  Report report;
  report
      .add("file", cmd.file, "position",
           "phutball " + std::to_string(b.width()) + "x" + std::to_string(b.height()) +
               ", the attacker to move toward the " + (position.attacker_south ? "south" : "north") +
               " goal line, " + std::to_string(men) + (men == 1 ? " man (" : " men (") + cmd.file + ")")
      .add("order", order, "search",
           "direct threats of orders 0.." + std::to_string(order) + " (Cazenave's gagnant_k), " +
               (cmd.no_cut ? "without the null-move cut" : "with the null-move cut"))
      .json("cut", !cmd.no_cut)
      .json("proven", r.proven)
      .json("level", r.proven ? Json(r.level) : Json(nullptr))
      .json("move", r.proven ? Json(r.move_name) : Json(nullptr))
      .json("node_limit_reached", r.exhausted)
      .line("result", outcome_text(r, order, cmd.max_nodes))
      .add("nodes", r.nodes, "nodes",
           format_count(r.nodes) + " (" +
               format_count(
                   static_cast<std::uint64_t>(r.seconds > 0 ? static_cast<double>(r.nodes) / r.seconds : 0)) +
               " per second)");
  if (cmd.compare) {
    const DirectThreatRun other = phutball_direct_threats(game, order, cmd.no_cut, cmd.max_nodes);
    const lambda::PlainResult plain = lambda::plain_alphabeta(game, order + 1, cmd.max_nodes);
    report.json("other_proven", other.proven)
        .json("other_nodes", other.nodes)
        .line(cmd.no_cut ? "with cut" : "without cut",
              outcome_text(other, order, cmd.max_nodes) + "; " + format_count(other.nodes) + " nodes")
        .json("alphabeta_proven", plain.proven)
        .json("alphabeta_nodes", plain.stats.nodes)
        .line("alpha-beta",
              (plain.budget_exhausted ? std::string("node limit reached")
               : plain.proven         ? "a win within " + std::to_string(plain.depth) + " attacker moves"
                                      : "no win within " + std::to_string(order + 1) + " attacker moves") +
                  "; " + format_count(plain.stats.nodes) + " nodes");
    if (!cmd.no_cut && other.proven != plain.proven && !other.exhausted && !plain.budget_exhausted)
      throw std::logic_error("direct threats without the cut disagree with alpha-beta on " + cmd.file);
    if (r.proven && !plain.proven && !plain.budget_exhausted)
      throw std::logic_error("direct threats proved a win alpha-beta refutes on " + cmd.file);
  }
  report.json("seconds", seconds_since(start)).line("time", format_number(seconds_since(start), 3) + " s");
  report.print(std::cout, cmd.json);
  return r.exhausted ? kExitResource : kExitOk;
}

}  // namespace

void register_threats(CLI::App& app, int& exit_code) {
  auto cmd = std::make_shared<ThreatsCommand>();
  CLI::App* sub = app.add_subcommand(
      "threats", "Phutball: does the side to move win by direct threats of order n (Cazenave's gagnant_k)?");
  sub->add_option("FILE", cmd->file, "a phutball position (YAML, model: phutball)")->required();
  sub->add_option("--order", cmd->order, "the highest order tried (default: the file's, else 2)")
      ->check(CLI::Range(0, 6));
  sub->add_flag("--no-cut", cmd->no_cut, "check every move, not only those that threaten after a null move");
  sub->add_flag("--compare", cmd->compare,
                "also run the search the other way (with or without the cut) and exhaustive alpha-beta");
  sub->add_option("--max-nodes", cmd->max_nodes, "stop each search after this many nodes")
      ->capture_default_str();
  sub->add_flag("--json", cmd->json, "print JSON");
  sub->add_flag("--quiet", cmd->quiet, "no progress on stderr");
  sub->callback([cmd, &exit_code]() { exit_code = run_threats(*cmd); });
  refuse_negative_counts(*sub);
}

}  // namespace sgplan::cli
