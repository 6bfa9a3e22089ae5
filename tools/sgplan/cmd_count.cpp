// sgplan count: the size of a formula game in exact big integers (models/formula_count.hpp): the
// depth, the complete plays (histories), the partial assignments (states) and the game tree's
// nodes; with flips the state bound and the reachable states and edges. The closed forms print
// for any n (n = 25 included); where the state bound fits under --max-states the reachable
// states and edges are also enumerated, and a disagreement with the closed form is a bug (exit 1).
#include <iostream>
#include <memory>

#include "core/errors.hpp"
#include "mdp/reachable_count.hpp"
#include "models/formula/formula_kind.hpp"
#include "tools/sgplan/cli_common.hpp"

namespace sgplan::cli {

namespace {

struct CountCommand {
  std::string file;
  bool json = false;
  std::uint64_t max_states = 20'000'000;
};

std::string text(const sgplan::BigInt& n) {
  return n.str();
}

void run_count(const CountCommand& cmd) {
  const auto start = std::chrono::steady_clock::now();
  const models::ModelRegistry& registry = models::ModelRegistry::builtin();
  const models::ModelFile file = registry.open(cmd.file);
  auto loaded = registry.load_graph(file, {});
  if (!file.kind().capabilities.count) {
    std::vector<std::string_view> counted;
    for (const models::ModelKind& k : registry.kinds()) {
      if (k.capabilities.count) counted.push_back(k.name);
    }
    throw InputError(SourceLocation{cmd.file, 0, 0}, "sgplan count applies to " +
                                                         models::formats::join_alternatives(counted) +
                                                         " models, not to '" + loaded->kind() + "'");
  }
  // The kinds that count are the formula game's (the only closed form sgplan has).
  const auto* model = dynamic_cast<const models::formula::FormulaGameModel*>(loaded.get());
  if (model == nullptr)
    throw std::logic_error("model kind '" + loaded->kind() + "' says it counts but has no counts");
  const models::formula::FormulaGameCounts c = models::formula::formula_game_counts(model->game());
  const bool enumerate = model->game().packed_bound() <= cmd.max_states;
  mdp::ReachableCount enumerated;
  if (enumerate) {
    enumerated = mdp::count_reachable(model->game(), cmd.max_states, "--max-states");
    if (sgplan::BigInt(enumerated.states) != c.reachable_states ||
        sgplan::BigInt(enumerated.choices) != c.reachable_edges) {
      throw std::logic_error("the enumeration (" + std::to_string(enumerated.states) + " states, " +
                             std::to_string(enumerated.choices) + " edges) disagrees with the closed form (" +
                             text(c.reachable_states) + ", " + text(c.reachable_edges) + ")");
    }
  }
  const std::string infinite = "infinite";
  const std::string depth = c.finite ? text(c.depth) : infinite;
  const std::string histories = c.finite ? text(c.histories) : infinite;
  const std::string tree_nodes = c.finite ? text(c.tree_nodes) : infinite;
  const double seconds = seconds_since(start);
  Report report(18);
  report
      .add("model", model->kind(), "model",
           "formula-game (" + cmd.file + "), " + std::to_string(c.variables) + " variables" +
               (c.flips ? ", with flips" : ""))
      .json("file", cmd.file)
      .json("variables", c.variables)
      .json("flips", c.flips)
      .add("depth", depth, "depth", depth + (c.finite ? " plies" : " (plays are unbounded)"))
      .add("histories", histories, "histories", histories + (c.finite ? " complete plays" : ""))
      .add("states", text(c.states), "states", text(c.states) + " partial assignments")
      .add("tree_nodes", tree_nodes, "tree nodes", tree_nodes);
  if (c.flips)
    report.add("states_bound", text(c.states_bound), "states bound",
               text(c.states_bound) + " (ownership and player to move)");
  report.add("reachable_states", text(c.reachable_states), "reachable states", text(c.reachable_states))
      .add("reachable_edges", text(c.reachable_edges), "reachable edges", text(c.reachable_edges))
      .add("enumerated", enumerate, "enumeration",
           enumerate ? "agrees (" + format_count(enumerated.states) + " states, " +
                           format_count(enumerated.choices) + " edges)"
                     : std::string("skipped: the state bound exceeds --max-states"))
      .add("seconds", seconds, "time", format_number(seconds, 3) + " s")
      .print(std::cout, cmd.json);
}

}  // namespace

void register_count(CLI::App& app, int& exit_code) {
  auto cmd = std::make_shared<CountCommand>();
  CLI::App* sub = app.add_subcommand("count", "count a formula game's plays, states and tree nodes exactly");
  sub->add_option("FILE", cmd->file, "formula-game model file (YAML)")->required();
  sub->add_flag("--json", cmd->json, "print one JSON object on stdout");
  sub->add_option("--max-states", cmd->max_states,
                  "enumerate the reachable states when the state bound is below this")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  sub->callback([cmd, &exit_code]() {
    run_count(*cmd);
    exit_code = kExitOk;
  });
  refuse_negative_counts(*sub);
}

}  // namespace sgplan::cli
