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
  if (model.json) {
    Json j;
    j["model"] = kind;
    j["file"] = model.file;
    j["title"] = tree.title();
    Json names = Json::array();
    for (const auto& p : players) names.push_back(p.key);
    j["players"] = names;
    j["nodes"] = tree.num_nodes();
    j["decision_nodes"] = tree.num_decision_nodes();
    j["chance_nodes"] = tree.num_chance_nodes();
    j["terminal_histories"] = tree.num_terminals();
    j["depth"] = tree.max_depth();
    j["outcomes"] = tree.outcomes().size();
    Json sets = Json::object();
    Json plan_counts = Json::object(), reduced_counts = Json::object(), recall = Json::object();
    Json violations = Json::object(), parameters = Json::object();
    for (efg::PlayerId p = 0; p < players.size(); ++p) {
      Json list = Json::array();
      for (efg::InfosetId h : players[p].infosets) {
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
    }
    j["infosets"] = sets;
    j["plans"] = plan_counts;
    j["reduced_plans"] = reduced_counts;
    j["perfect_recall"] = recall;
    j["free_parameters"] = parameters;
    if (!violations.empty()) j["recall_violations"] = violations;
    j["perfect_information"] = tree.perfect_information();
    j["load_seconds"] = seconds;
    print_json(j);
    return;
  }
  std::cout << "model        " << kind << " (" << model.file << ")\n";
  if (!tree.title().empty()) std::cout << "title        " << tree.title() << "\n";
  std::vector<std::string> keys;
  for (const auto& p : players) keys.push_back(p.key);
  std::cout << "players      " << players.size() << (keys.empty() ? "" : ": " + join(keys, ", ")) << "\n"
            << "nodes        " << format_count(tree.num_nodes()) << " ("
            << format_count(tree.num_decision_nodes()) << " decision, "
            << format_count(tree.num_chance_nodes()) << " chance, " << format_count(tree.num_terminals())
            << " terminal)\n"
            << "terminal histories " << format_count(tree.num_terminals()) << ", depth " << tree.max_depth()
            << ", " << tree.outcomes().size() << " outcomes\n"
            << "perfect information " << (tree.perfect_information() ? "yes" : "no") << "\n";
  for (efg::PlayerId p = 0; p < players.size(); ++p) {
    const auto& sets = players[p].infosets;
    std::cout << "player " << players[p].key << "\n"
              << "  information sets " << sets.size() << "\n";
    const std::size_t shown = std::min<std::size_t>(sets.size(), 40);
    std::size_t width = 0;
    for (std::size_t i = 0; i < shown; ++i) width = std::max(width, tree.infoset_data(sets[i]).label.size());
    for (std::size_t i = 0; i < shown; ++i) {
      const efg::Infoset& set = tree.infoset_data(sets[i]);
      std::cout << "    " << set.label << std::string(width - set.label.size() + 2, ' ') << "{"
                << join(set.action_keys, ", ") << "}";
      if (set.nodes.size() > 1) std::cout << "  (" << set.nodes.size() << " nodes)";
      std::cout << "\n";
    }
    if (shown < sets.size()) std::cout << "    ... (" << sets.size() - shown << " more; --json lists all)\n";
    std::cout << "  plans            " << group_digits(plans[p].str()) << "\n"
              << "  reduced plans    "
              << (reduced[p]
                      ? group_digits(reduced[p]->str())
                      : "more than " + format_count(options.max_plans) + " (raise --max-plans to count)")
              << "\n"
              << "  free parameters  mixed " << group_digits(sgplan::BigInt(plans[p] - 1).str())
              << ", reduced mixed "
              << (reduced[p] ? group_digits(sgplan::BigInt(*reduced[p] - 1).str()) : std::string("?"))
              << ", behavioural " << format_count(behavioural_parameters[p]) << "\n"
              << "  perfect recall   "
              << (seqs[p].perfect_recall() ? "yes" : "no: " + seqs[p].violation()->message) << "\n";
  }
  std::cout << "time         " << format_number(seconds, 3) << " s\n";
}

void run_tree_export(const ModelOptions& model, const TreeOptions& options, const models::ModelFile& file,
                     const std::string& format, const std::string& out) {
  if (format != "efg") {
    throw InputError("unknown --format '" + format + "' for a game tree (expected efg)");
  }
  const efg::GameTree tree = models::ModelRegistry::builtin().load_game_tree(file, options.limits());
  const std::string text = models::to_efg_string(tree);
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
  if (model.json) {
    Json j;
    j["model"] = file.kind().name;
    j["file"] = model.file;
    j["format"] = format;
    j["nodes"] = tree.num_nodes();
    j["terminal_histories"] = tree.num_terminals();
    j["written"] = Json::array({path});
    print_json(j);
    return;
  }
  std::cout << "wrote " << path << "\n";
}

}  // namespace sgplan::cli
