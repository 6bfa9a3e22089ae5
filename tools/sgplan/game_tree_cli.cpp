#include "tools/sgplan/game_tree_cli.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>

#include "core/errors.hpp"
#include "models/extensive_form/efg_format.hpp"
#include "models/extensive_form/plans.hpp"
#include "models/extensive_form/sequences.hpp"
#include "models/registry.hpp"

namespace sgplan::cli {

void TreeOptions::add_to(CLI::App& command) {
  command.add_option("--max-nodes", max_nodes, "game trees: refuse trees with more nodes")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  command.add_option("--max-depth", max_depth, "game trees: refuse deeper trees")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  command.add_option("--max-plans", max_plans, "game trees: refuse to list or count more pure plans")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
}

bool is_game_tree(const models::ModelFile& file) {
  return file.kind().family == models::ModelFamily::GameTree;
}

Json count_json(const sgplan::BigInt& n) {
  if (efg::fits_json_number(n)) return Json(static_cast<std::int64_t>(n));
  return Json(n.str());
}

namespace {

std::string group_digits(const std::string& digits) {
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i == 0 ? "" : sep) + items[i];
  return out;
}

}  // namespace

void run_tree_info(const ModelOptions& model, const TreeOptions& options, const models::ModelFile& file) {
  const auto start = std::chrono::steady_clock::now();
  const std::string kind = file.kind().name;
  const efg::GameTree tree = models::ModelRegistry::builtin().load_game_tree(file, options.limits());
  const auto seqs = efg::compute_sequences(tree);
  std::vector<sgplan::BigInt> plans;
  std::vector<std::optional<sgplan::BigInt>> reduced;
  std::vector<std::size_t> behavioural_parameters;  // sum over sets of (actions - 1)
  for (efg::PlayerId p = 0; p < tree.num_players(); ++p) {
    plans.push_back(efg::count_plans(tree, p));
    reduced.push_back(efg::count_reduced_plans(tree, seqs[p], {}, options.max_plans));
    std::size_t free = 0;
    for (efg::InfosetId h : tree.player(p).infosets) free += tree.infoset_data(h).actions.size() - 1;
    behavioural_parameters.push_back(free);
  }
  const double seconds = seconds_since(start);
  const auto& players = tree.players();
  Json names = Json::array();
  std::vector<std::string> keys;
  for (const auto& p : players) {
    names.push_back(p.key);
    keys.push_back(p.key);
  }
  Report report;
  report.add("model", kind, "model", kind + " (" + model.file + ")")
      .json("file", model.file)
      .json("title", tree.title());
  if (!tree.title().empty()) report.line("title", tree.title());
  report
      .add("players", names, "players",
           std::to_string(players.size()) + (keys.empty() ? "" : ": " + join(keys, ", ")))
      .add("nodes", tree.num_nodes(), "nodes",
           format_count(tree.num_nodes()) + " (" + format_count(tree.num_decision_nodes()) + " decision, " +
               format_count(tree.num_chance_nodes()) + " chance, " + format_count(tree.num_terminals()) +
               " terminal)")
      .json("decision_nodes", tree.num_decision_nodes())
      .json("chance_nodes", tree.num_chance_nodes())
      .add("terminal_histories", tree.num_terminals(), "terminal histories",
           format_count(tree.num_terminals()) + ", depth " + std::to_string(tree.max_depth()) + ", " +
               std::to_string(tree.outcomes().size()) + " outcomes")
      .json("depth", tree.max_depth())
      .json("outcomes", tree.outcomes().size())
      .line("perfect information", tree.perfect_information() ? "yes" : "no");
  Json sets = Json::object();
  Json plan_counts = Json::object(), reduced_counts = Json::object(), recall = Json::object();
  Json violations = Json::object(), parameters = Json::object();
  for (efg::PlayerId p = 0; p < players.size(); ++p) {
    const auto& infosets = players[p].infosets;
    Json list = Json::array();
    for (efg::InfosetId h : infosets) {
      const efg::Infoset& set = tree.infoset_data(h);
      list.push_back(Json{{"label", set.label}, {"actions", set.action_keys}, {"nodes", set.nodes.size()}});
    }
    sets[players[p].key] = list;
    plan_counts[players[p].key] = count_json(plans[p]);
    reduced_counts[players[p].key] = reduced[p] ? count_json(*reduced[p]) : Json(nullptr);
    parameters[players[p].key] =
        Json{{"mixed", count_json(plans[p] - 1)},
             {"reduced_mixed", reduced[p] ? count_json(*reduced[p] - 1) : Json(nullptr)},
             {"behavioural", behavioural_parameters[p]}};
    recall[players[p].key] = seqs[p].perfect_recall();
    if (!seqs[p].perfect_recall()) violations[players[p].key] = seqs[p].violation()->message;
    // The text: the first 40 information sets with their actions, then the player's counts.
    std::string text =
        "player " + players[p].key + "\n  information sets " + std::to_string(infosets.size()) + "\n";
    const std::size_t shown = std::min<std::size_t>(infosets.size(), 40);
    std::size_t width = 0;
    for (std::size_t i = 0; i < shown; ++i)
      width = std::max(width, tree.infoset_data(infosets[i]).label.size());
    for (std::size_t i = 0; i < shown; ++i) {
      const efg::Infoset& set = tree.infoset_data(infosets[i]);
      text += "    " + set.label + std::string(width - set.label.size() + 2, ' ') + "{" +
              join(set.action_keys, ", ") + "}";
      if (set.nodes.size() > 1) text += "  (" + std::to_string(set.nodes.size()) + " nodes)";
      text += "\n";
    }
    if (shown < infosets.size())
      text += "    ... (" + std::to_string(infosets.size() - shown) + " more; --json lists all)\n";
    text += "  plans            " + group_digits(plans[p].str()) + "\n" + "  reduced plans    " +
            (reduced[p] ? group_digits(reduced[p]->str())
                        : "more than " + format_count(options.max_plans) + " (raise --max-plans to count)") +
            "\n" + "  free parameters  mixed " + group_digits(sgplan::BigInt(plans[p] - 1).str()) +
            ", reduced mixed " +
            (reduced[p] ? group_digits(sgplan::BigInt(*reduced[p] - 1).str()) : std::string("?")) +
            ", behavioural " + format_count(behavioural_parameters[p]) + "\n" + "  perfect recall   " +
            (seqs[p].perfect_recall() ? "yes" : "no: " + seqs[p].violation()->message) + "\n";
    report.block(text);
  }
  report.json("infosets", sets)
      .json("plans", plan_counts)
      .json("reduced_plans", reduced_counts)
      .json("perfect_recall", recall)
      .json("free_parameters", parameters);
  if (!violations.empty()) report.json("recall_violations", violations);
  report.json("perfect_information", tree.perfect_information())
      .add("load_seconds", seconds, "time", format_number(seconds, 3) + " s")
      .print(std::cout, model.json);
}

void run_tree_export(const ModelOptions& model, const TreeOptions& options, const models::ModelFile& file,
                     const std::string& format, const std::string& out) {
  if (format != "efg") {
    throw InputError("unknown --format '" + format + "' for a game tree (expected efg)");
  }
  const efg::GameTree tree = models::ModelRegistry::builtin().load_game_tree(file, options.limits());
  const std::string text = efg::to_efg_string(tree);
  std::string path;
  if (out == "-") {
    if (model.json)
      throw InputError("--out - writes the .efg file on stdout, which --json also needs; drop one");
    std::cout << text;
    return;
  }
  path = out.size() >= 4 && out.compare(out.size() - 4, 4, ".efg") == 0 ? out : out + ".efg";
  std::ofstream written(path, std::ios::binary);
  if (!written) throw InputError(SourceLocation{path, 0, 0}, "cannot write the file");
  written << text;
  written.close();
  if (!written) throw InputError(SourceLocation{path, 0, 0}, "cannot write the file");
  Report report;
  report.json("model", file.kind().name)
      .json("file", model.file)
      .json("format", format)
      .json("nodes", tree.num_nodes())
      .json("terminal_histories", tree.num_terminals())
      .json("written", Json::array({path}))
      .block("wrote " + path + "\n")
      .print(std::cout, model.json);
}

}  // namespace sgplan::cli
